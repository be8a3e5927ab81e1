package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The legacy constructors torch.Tensor(...), torch.FloatTensor(...), ...
// (tensor_new.cpp's legacy_tensor_ctor) and torch.range (deprecated,
// end included).

var (
	legacyCtorSigs = newArgParser(
		"new(*, Device? device=None)",
		"new(Storage storage)",
		"new(*, int64_t cdata)|hidden",
		"new(Tensor other)",
		"new(Tensor other, *, Device? device=None)|hidden",
		"new(SymIntArrayRef size, *, Device? device=None)",
		"new(PyObject* data, *, Device? device=None)")
	rangeParser = newArgParser("range(Scalar start, Scalar end, Scalar step=1, " + rangeCommon("Tensor out=None, "))
)

// legacyClasses are torch.FloatTensor and its siblings, by dtype.
var legacyClasses = map[tensor.DType]*eval.Class{}

// legacyCtor makes the constructor of a legacy tensor type: d's, or the
// default float dtype's for torch.Tensor (d < 0).
func legacyCtor(d tensor.DType, isDefault bool) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		dt := d
		if isDefault {
			dt = tensor.DefaultFloat()
		}
		a.Name = "new"
		r := legacyCtorSigs.parse(a)
		if dev := r.device("device"); dev != nil {
			checkDevice(*dev)
		}
		switch r.idx {
		case 0:
			return tensor.Empty([]int{0}, dt)
		case 3, 4:
			t := r.tensor("other")
			if t.DType() != dt && !isDefault {
				eval.Throw("TypeError", errLegacyOptions, typeMetaNames[dt], typeMetaNames[t.DType()])
			}
			return t
		case 5:
			if len(a.Pos) == 1 {
				switch v := a.Pos[0].(type) {
				case eval.Tuple, *eval.List:
					// new(sequence) binds here but is data, unless a torch.Size
					return legacyFromSequence(v, dt)
				}
			}
			return tensor.Empty(r.ints("size"), dt)
		case 6:
			return legacyFromSequence(r.val("data"), dt)
		case 2:
			_ = r.int("cdata", 0)
			eval.Throw("RuntimeError", errLegacyCdata)
		}
		eval.Throw("TypeError", errLegacyStorage)
		return nil
	}
}

func legacyFromSequence(v eval.Value, d tensor.DType) *tensor.Tensor {
	if _, isStr := v.(eval.Str); !isStr && !eval.IsSequence(v) {
		eval.Throw("TypeError", errNewNotSequence, eval.TypeName(v))
	}
	return newFromData(v, &d, nil, false)
}

func init() {
	eval.TensorClass.Call = legacyCtor(tensor.Float32, true)
	for _, d := range []tensor.DType{tensor.Float32, tensor.Float64, tensor.Float16, tensor.BFloat16,
		tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64, tensor.Bool} {
		name := tensor.LegacyTypeName(d, tensor.CPU)
		c := &eval.Class{Name: name, Call: legacyCtor(d, false)}
		legacyClasses[d] = c
		torchClasses[name[len("torch."):]] = c
	}
	eval.RegisterTorch(&eval.Builtin{Name: "range", Kind: eval.TorchFunc, Sig: "range(start=0, end, step=1, *, dtype=None, device=None, requires_grad=False) -> Tensor",
		Doc: "Deprecated (with PyTorch's warning): the values from start to end, end included, by step, in the default float dtype unless given. Prefer arange.",
		Fn: func(a *eval.Args) eval.Value {
			b := rangeParser.parse(a)
			a.Session().Warn("UserWarning", warnRangeDeprecated)
			o := factoryOpts{b}
			d, _ := o.dtype(tensor.DefaultFloat())
			dev := o.device()
			step := tensor.IntS(1)
			if b.has("step") {
				step = b.scalar("step")
			}
			return o.finish(tensor.Range(b.scalar("start"), b.scalar("end"), step, d), dev)
		}})
}

// legacyClassDType is the dtype of torch.FloatTensor and its siblings.
func legacyClassDType(c *eval.Class) (tensor.DType, bool) {
	for d, lc := range legacyClasses {
		if lc == c {
			return d, true
		}
	}
	return 0, false
}
