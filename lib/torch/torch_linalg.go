package torch

import (
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// Matrix products (matmul and @, mm, bmm, mv, dot, vdot, outer, ger),
// einsum, and the closeness tests allclose, isclose, equal.

var (
	matmulSigs  = newArgParser("matmul(Tensor input, Tensor other, *, Tensor out=None)")
	mmSigs      = newArgParser("mm(Tensor input, Tensor mat2, *, Tensor out=None)")
	bmmSigs     = newArgParser("bmm(Tensor input, Tensor mat2, *, Tensor out=None)")
	mvSigs      = newArgParser("mv(Tensor input, Tensor vec, *, Tensor out=None)")
	dotSigs     = newArgParser("dot(Tensor input, Tensor tensor, *, Tensor out=None)")
	vdotSigs    = newArgParser("vdot(Tensor input, Tensor other, *, Tensor out=None)")
	outerSigs   = newArgParser("outer(Tensor input, Tensor vec2, *, Tensor out=None)")
	gerSigs     = newArgParser("ger(Tensor input, Tensor vec2, *, Tensor out=None)")
	einsumSigs  = newArgParser("einsum(std::string equation, TensorList tensors, *, IntArrayRef? path=None)")
	allcloseSig = newArgParser("allclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)")
	iscloseSig  = newArgParser("isclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)")
	equalSigs   = newArgParser("equal(Tensor input, Tensor other)")
)

// tensorMatmul is x @ y (and x @= y, which rebinds): torch.matmul for two
// tensors; anything else is Python's unsupported-operand error, as
// Tensor.__matmul__ returns NotImplemented for non-tensors.
func tensorMatmul(s *eval.Session, x, y eval.Value) eval.Value {
	a, aok := x.(*tensor.Tensor)
	b, bok := y.(*tensor.Tensor)
	if !aok || !bok {
		eval.Throw("TypeError", eval.ErrUnsupportedBinary, "@", eval.TypeName(x), eval.TypeName(y))
	}
	r := linalg.Matmul(a, b)
	if gradOn(a, b) {
		autograd.SetHistory(r, recordMatmul(a, b, r), 0)
	}
	return r
}

// binaryProduct makes the binding of a two-tensor product.
func binaryProduct(name string, sigs *argParser, second, sig, doc string, fn func(a, b *tensor.Tensor) *tensor.Tensor) *eval.Builtin {
	return &eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: sig, Doc: doc,
		Fn: func(a *eval.Args) eval.Value {
			r := sigs.parse(a)
			res := fn(r.tensor("input"), r.tensor(second))
			if name == "dot" || name == "vdot" {
				return withOut(a, r, res, func(o *tensor.Tensor) {
					if o.DType() != res.DType() {
						eval.Throw("RuntimeError", errDotOutDType, o.DType().ScalarName(), res.DType().ScalarName())
					}
				})
			}
			return sameDTypeOut(a, r, res)
		}}
}

func init() {
	eval.RegisterTorch(
		binaryProduct("matmul", matmulSigs, "other", "matmul(input, other) -> Tensor",
			"Matrix product with NumPy's rules: dot for 1-d operands, 1-d operands promoted to matrices, batch dimensions broadcast.", linalg.Matmul),
		binaryProduct("mm", mmSigs, "mat2", "mm(input, mat2) -> Tensor",
			"Product of two matrices.", linalg.Mm),
		binaryProduct("bmm", bmmSigs, "mat2", "bmm(input, mat2) -> Tensor",
			"Products of two batches of matrices (3-d tensors with the same batch size).", linalg.Bmm),
		binaryProduct("mv", mvSigs, "vec", "mv(input, vec) -> Tensor",
			"Product of a matrix and a vector.", linalg.Mv),
		binaryProduct("dot", dotSigs, "tensor", "dot(input, tensor) -> Tensor",
			"Inner product of two 1-d tensors of the same dtype and size.", linalg.Dot),
		binaryProduct("vdot", vdotSigs, "other", "vdot(input, other) -> Tensor",
			"Inner product of two 1-d tensors (the first conjugated; tensh's tensors are real).", linalg.Dot),
		binaryProduct("outer", outerSigs, "vec2", "outer(input, vec2) -> Tensor",
			"Outer product of two 1-d tensors.", linalg.Outer),
		binaryProduct("ger", gerSigs, "vec2", "ger(input, vec2) -> Tensor",
			"Alias of outer.", linalg.Outer),
		&eval.Builtin{Name: "einsum", Kind: eval.TorchFunc, Sig: "einsum(equation, *operands) -> Tensor",
			Doc: "Einstein summation: 'ij,jk->ik' and the like, with '...' for broadcast dimensions and an implicit output of the labels seen once.",
			Fn:  builtinEinsum},
		&eval.Builtin{Name: "allclose", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool",
			Doc: "Whether |input - other| <= atol + rtol * |other| everywhere (with broadcasting; same dtype required).",
			Fn: func(a *eval.Args) eval.Value {
				r := allcloseSig.parse(a)
				return eval.Bool(tensor.AllClose(r.tensor("input"), r.tensor("other"), r.double("rtol", 1e-5), r.double("atol", 1e-8), r.bool("equal_nan", false)))
			}},
		&eval.Builtin{Name: "isclose", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> Tensor",
			Doc: "Elementwise |input - other| <= atol + rtol * |other| (with broadcasting; same dtype required).",
			Fn: func(a *eval.Args) eval.Value {
				r := iscloseSig.parse(a)
				return tensor.IsClose(r.tensor("input"), r.tensor("other"), r.double("rtol", 1e-5), r.double("atol", 1e-8), r.bool("equal_nan", false))
			}},
		&eval.Builtin{Name: "equal", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "equal(input, other) -> bool",
			Doc: "Whether two tensors have the same size and elements.",
			Fn: func(a *eval.Args) eval.Value {
				r := equalSigs.parse(a)
				return eval.Bool(tensor.Equal(r.tensor("input"), r.tensor("other")))
			}},
	)
}

// builtinEinsum is torch.functional.einsum: the equation form, the
// sublist form (operand, [subscripts], ..., [output]) and operands given
// as one list.
func builtinEinsum(a *eval.Args) eval.Value {
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrNoKwArg, "einsum", a.Kw[0].Name)
	}
	args := a.Pos
	if len(args) < 2 {
		eval.Throw("ValueError", errEinsumArgs)
	}
	var equation eval.Value
	var operands []eval.Value
	if _, isT := args[0].(*tensor.Tensor); isT {
		var parts []string
		for i := 1; i < len(args); i += 2 {
			parts = append(parts, sublistSubscripts(args[i]))
		}
		eq := strings.Join(parts, ",")
		if len(args)%2 == 1 {
			eq += "->" + sublistSubscripts(args[len(args)-1])
			for i := 0; i < len(args)-1; i += 2 {
				operands = append(operands, args[i])
			}
		} else {
			for i := 0; i < len(args); i += 2 {
				operands = append(operands, args[i])
			}
		}
		equation = eval.Str(eq)
	} else {
		equation, operands = args[0], args[1:]
	}
	if len(operands) == 1 {
		switch l := operands[0].(type) {
		case eval.Tuple, *eval.List:
			inner := eval.IterateAll(l)
			return builtinEinsum((&eval.Args{Name: a.Name, Pos: append([]eval.Value{equation}, inner...)}).Bind(a.Session()))
		}
	}
	r := einsumSigs.parse((&eval.Args{Name: "einsum", Pos: []eval.Value{equation, eval.Tuple(operands)}}).Bind(a.Session()))
	return linalg.Einsum(string(r.val("equation").(eval.Str)), r.tensors("tensors"))
}

// sublistSubscripts converts a list of ints (and Ellipsis) to labels:
// 0-25 are A-Z, 26-51 are a-z.
func sublistSubscripts(v eval.Value) string {
	var b strings.Builder
	for _, e := range eval.IterateAll(v) {
		if _, ok := e.(eval.EllipsisType); ok {
			b.WriteString("...")
			continue
		}
		n, ok := e.(eval.Int)
		i, fits := n.Int64()
		if !ok || !fits || i < 0 || i >= 52 {
			eval.Throw("ValueError", errEinsumSublist)
		}
		if i < 26 {
			b.WriteByte(byte('A' + i))
		} else {
			b.WriteByte(byte('a' + i - 26))
		}
	}
	return b.String()
}
