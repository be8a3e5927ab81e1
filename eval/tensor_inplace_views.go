package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The in-place view methods unsqueeze_, squeeze_, t_ and transpose_
// (the tensor itself takes the view's layout), type_as, and the
// torch.NAME_ function forms of in-place methods (torch.sin_(x)).

var (
	unsqueezeInSigs = newArgParser("unsqueeze_(Tensor input, int64_t dim)")
	squeezeInSigs   = newArgParser("squeeze_(Tensor input)", "squeeze_(Tensor input, int64_t dim)", "squeeze_(Tensor input, Dimname dim)")
	transposeInSigs = newArgParser("transpose_(Tensor input, int64_t dim0, int64_t dim1)")
	tInSigs         = newArgParser("t_(Tensor input)")
	typeAsSigs      = newArgParser("type_as(Tensor input, Tensor other)")
)

// inplaceFuncNames are the torch.NAME_ functions of PyTorch 1.13 whose
// method tensh has: torch.sin_(x) is x.sin_().
var inplaceFuncNames = []string{"abs_", "acos_", "arccos_", "arcsin_", "arctan_", "asin_", "atan_",
	"ceil_", "clamp_", "clip_", "cos_", "cosh_", "exp_", "expm1_", "fill_", "fix_", "floor_", "frac_",
	"log10_", "log1p_", "log2_", "log_", "neg_", "negative_", "reciprocal_", "relu_", "round_", "rsqrt_",
	"sigmoid_", "sin_", "sinh_", "sqrt_", "square_", "tan_", "tanh_", "trunc_", "zero_"}

// inplaceFunc is torch.NAME_(input, ...): the method NAME_ of input.
func inplaceFunc(name string) *Builtin {
	return &Builtin{Name: name, Kind: TorchFunc, Sig: name + "(input, ...) -> Tensor",
		Doc: "input." + name + "(...): the in-place method as a function.",
		Fn: func(a *Args) Value {
			m := tensorMethods[name]
			var self Value
			rest := a.Pos
			if len(a.Pos) > 0 {
				self, rest = a.Pos[0], a.Pos[1:]
			} else if v, ok := a.Kwarg("input"); ok {
				self = v
				var kw []KwArg
				for _, k := range a.Kw {
					if k.Name != "input" {
						kw = append(kw, k)
					}
				}
				a = &Args{Name: a.Name, Pos: a.Pos, Kw: kw, s: a.s}
			}
			if _, ok := self.(*tensor.Tensor); !ok {
				if self == nil {
					throw("TypeError", errMissingInput, name)
				}
				throw("TypeError", errArgMustBePos, name, "input", 1, "Tensor", TypeName(self))
			}
			return m.Fn(&Args{Name: a.Name, Self: self, Pos: rest, Kw: a.Kw, s: a.s})
		}}
}

func init() {
	for _, n := range inplaceFuncNames {
		register(inplaceFunc(n))
	}
	register(
		&Builtin{Name: "unsqueeze_", Kind: TensorMethod, Sig: "unsqueeze_(dim) -> Tensor",
			Doc: "unsqueeze in place: the tensor itself gets a dimension of size 1 at dim.",
			Fn: func(a *Args) Value {
				r := unsqueezeInSigs.parse(a)
				t := r.tensor("input")
				t.Assume(t.Unsqueeze(r.int("dim", 0)))
				return t
			}},
		&Builtin{Name: "squeeze_", Kind: TensorMethod, Sig: "squeeze_(dim=None) -> Tensor",
			Doc: "squeeze in place: the tensor itself loses its dimensions of size 1 (or dim only).",
			Fn: func(a *Args) Value {
				r := squeezeInSigs.parse(a)
				t := r.tensor("input")
				switch r.idx {
				case 1:
					t.Assume(t.SqueezeDim(r.int("dim", 0)))
					return t
				case 2:
					r.dimname("dim", t)
				}
				t.Assume(t.Squeeze())
				return t
			}},
		&Builtin{Name: "transpose_", Kind: TensorMethod, Sig: "transpose_(dim0, dim1) -> Tensor",
			Doc: "transpose in place: the tensor itself has dim0 and dim1 swapped.",
			Fn: func(a *Args) Value {
				r := transposeInSigs.parse(a)
				t := r.tensor("input")
				t.Assume(t.Transpose(r.int("dim0", 0), r.int("dim1", 0)))
				return t
			}},
		&Builtin{Name: "t_", Kind: TensorMethod, Sig: "t_() -> Tensor",
			Doc: "t in place: a tensor of at most 2 dimensions is transposed itself.",
			Fn: func(a *Args) Value {
				t := tensorOnly(tInSigs, a)
				if t.Dim() > 2 {
					throw("RuntimeError", errTInplaceDims, t.Dim())
				}
				t.Assume(t.T())
				return t
			}},
		&Builtin{Name: "type_as", Kind: TensorMethod, Sig: "type_as(other) -> Tensor",
			Doc: "The tensor converted to other's dtype (itself when it already has it).",
			Fn: func(a *Args) Value {
				r := typeAsSigs.parse(a)
				return convertTensor(r.tensor("input"), r.tensor("other").DType(), false)
			}},
	)
}
