package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// customRecord is _C.custom_record(name, args, out, backward, dirty):
// torch.autograd.Function.apply's recording of its forward's outputs as
// one node whose backward calls the Python backward (nnpy/autograd.py).
func customRecord(s *eval.Session, a *eval.Args) eval.Value {
	name := string(a.Pos[0].(eval.Str))
	args := eval.IterateAll(a.Pos[1])
	out, bw := a.Pos[2], a.Pos[3]
	dirty := map[*tensor.Tensor]bool{}
	for _, d := range eval.IterateAll(a.Pos[4]) {
		if t, ok := d.(*tensor.Tensor); ok {
			dirty[t] = true
		}
	}
	inputs := make([]*tensor.Tensor, len(args))
	isInput := map[*tensor.Tensor]bool{}
	for i, v := range args {
		if t, ok := v.(*tensor.Tensor); ok {
			inputs[i] = t
			isInput[t] = true
		}
	}
	tuple, isTuple := out.(eval.Tuple)
	vals := []eval.Value{out}
	if isTuple {
		vals = append([]eval.Value{}, tuple...)
	}
	var outs []*tensor.Tensor
	for i, v := range vals {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			continue
		}
		if isInput[t] && !dirty[t] {
			t = t.Alias() // an input returned as is: a view of it
			vals[i] = t
		}
		outs = append(outs, t)
	}
	if len(outs) == 0 {
		return out
	}
	autograd.RecordCustom(name, inputs, outs, func(gs []*tensor.Tensor) []*tensor.Tensor {
		pos := make([]eval.Value, len(gs))
		for i, g := range gs {
			pos[i] = g
		}
		r := s.Call(bw, &eval.Args{Pos: pos})
		res := []eval.Value{r}
		if t, ok := r.(eval.Tuple); ok {
			res = t
		}
		if len(res) > len(args) {
			extra := true
			for _, v := range res[len(args):] {
				if _, none := v.(eval.NoneType); !none {
					extra = false
				}
			}
			if extra {
				res = res[:len(args)]
			}
		}
		if len(res) != len(args) {
			eval.Throw("RuntimeError", errFnGradCount, name, len(args), len(res))
		}
		grads := make([]*tensor.Tensor, len(args))
		for i, v := range res {
			t, isT := v.(*tensor.Tensor)
			if _, none := v.(eval.NoneType); !none && inputs[i] == nil {
				eval.Throw("RuntimeError", errFnGradNotVar, name, i)
			}
			if isT && inputs[i] != nil {
				grads[i] = t
			}
		}
		return grads
	})
	if isTuple {
		return eval.Tuple(vals)
	}
	return vals[0]
}
