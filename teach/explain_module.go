package teach

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
)

// %explain of a call of an nn.Module: one step per layer the forward
// runs, with its input and output shapes and how it gets there (a
// Linear's matrix product and bias broadcast, a convolution's or a
// pooling's output-size arithmetic, a loss's target shape). torch.nn's
// Python part (lib/torch/nnpy/summary.py) hooks the layers.

func (ex *explainer) moduleCall(e *lang.CallExpr, fn eval.Value, args *callArgs) (aval, bool) {
	if fn == nil {
		return aval{}, false
	}
	nn, ok := ex.s.ImportModule("torch._nnpy")
	if !ok || impure(e) != "" {
		return aval{}, false
	}
	explain := nn.Members["summary._explain"]
	isMod := false
	ex.s.Guard(func() {
		isMod = ex.s.Truth(ex.s.Call(nn.Members["summary._is_module"], &eval.Args{Pos: []eval.Value{fn}}))
	})
	if !isMod {
		return aval{}, false
	}
	pos := make(eval.Tuple, 0, len(args.pos))
	for _, a := range args.pos {
		pos = append(pos, ex.value(a))
	}
	kw := eval.NewDict()
	for _, k := range args.kwOrder {
		kw.SetItem(eval.Str(k), ex.value(args.kw[k]))
	}
	res := ex.run(ex.text(e), func() eval.Value {
		return ex.s.Call(explain, &eval.Args{Pos: []eval.Value{fn, pos, kw}})
	})
	r := res.(eval.Tuple)
	for _, sv := range eval.IterateAll(r[0]) {
		ls := eval.IterateAll(sv)
		st := &step{expr: ex.text(e), header: string(ls[0].(eval.Str))}
		for _, l := range ls[1:] {
			st.addText(string(l.(eval.Str)))
		}
		ex.record(st)
	}
	return ex.wrap(e, r[1]), true
}
