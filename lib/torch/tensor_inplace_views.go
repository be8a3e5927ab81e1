package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// type_as, and the torch.NAME_ function forms of in-place methods
// (torch.sin_(x)). The in-place view methods unsqueeze_, squeeze_, t_ and
// transpose_ are in tensor_views_inplace.go, with their autograd.

var (
	typeAsSigs = newArgParser("type_as(Tensor input, Tensor other)")
)

// inplaceFuncNames are the torch.NAME_ functions of PyTorch 1.13 whose
// method tensh has: torch.sin_(x) is x.sin_().
var inplaceFuncNames = []string{"abs_", "acos_", "arccos_", "arcsin_", "arctan_", "asin_", "atan_",
	"ceil_", "clamp_", "clip_", "cos_", "cosh_", "exp_", "expm1_", "fill_", "fix_", "floor_", "frac_",
	"log10_", "log1p_", "log2_", "log_", "neg_", "negative_", "reciprocal_", "relu_", "round_", "rsqrt_",
	"sigmoid_", "sin_", "sinh_", "sqrt_", "square_", "tan_", "tanh_", "trunc_", "zero_"}

// inplaceFunc is torch.NAME_(input, ...): the method NAME_ of input.
func inplaceFunc(name string) *eval.Builtin {
	return &eval.Builtin{Name: name, Kind: eval.TorchFunc, Sig: name + "(input, ...) -> Tensor",
		Doc: "input." + name + "(...): the in-place method as a function.",
		Fn: func(a *eval.Args) eval.Value {
			m := eval.TensorMethods[name]
			var self eval.Value
			rest := a.Pos
			if len(a.Pos) > 0 {
				self, rest = a.Pos[0], a.Pos[1:]
			} else if v, ok := a.Kwarg("input"); ok {
				self = v
				var kw []eval.KwArg
				for _, k := range a.Kw {
					if k.Name != "input" {
						kw = append(kw, k)
					}
				}
				a = (&eval.Args{Name: a.Name, Pos: a.Pos, Kw: kw}).Bind(a.Session())
			}
			if _, ok := self.(*tensor.Tensor); !ok {
				if self == nil {
					eval.Throw("TypeError", errMissingInput, name)
				}
				eval.Throw("TypeError", eval.ErrArgMustBePos, name, "input", 1, "Tensor", eval.TypeName(self))
			}
			return m.Fn((&eval.Args{Name: a.Name, Self: self, Pos: rest, Kw: a.Kw}).Bind(a.Session()))
		}}
}

func init() {
	for _, n := range inplaceFuncNames {
		eval.RegisterTorch(inplaceFunc(n))
	}
	eval.RegisterTorch(
		&eval.Builtin{Name: "type_as", Kind: eval.TensorMethod, Sig: "type_as(other) -> Tensor",
			Doc: "The tensor converted to other's dtype (itself when it already has it).",
			Fn: func(a *eval.Args) eval.Value {
				r := typeAsSigs.parse(a)
				return convertTensor(r.tensor("input"), r.tensor("other").DType(), false)
			}},
	)
}
