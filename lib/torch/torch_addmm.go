package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// addmm, addmv, addr, addbmm, baddbmm and their in-place forms:
// beta·input + alpha·(product), input broadcast to the product's shape and
// ignored (NaN included) when beta is 0.

type addProduct struct {
	name, a, b string
	product    func(x, y *tensor.Tensor) *tensor.Tensor
	doc        string
}

var addProducts = []addProduct{
	{"addmm", "mat1", "mat2", linalg.Mm, "beta·input + alpha·(mat1 @ mat2), mat1 n×m and mat2 m×p."},
	{"addmv", "mat", "vec", linalg.Mv, "beta·input + alpha·(mat @ vec), mat n×m and vec of m."},
	{"addr", "vec1", "vec2", linalg.Outer, "beta·input + alpha·outer(vec1, vec2)."},
	{"baddbmm", "batch1", "batch2", linalg.Bmm, "beta·input + alpha·bmm(batch1, batch2), batch by batch."},
	{"addbmm", "batch1", "batch2", func(x, y *tensor.Tensor) *tensor.Tensor {
		return tensor.Sum(linalg.Bmm(x, y), []int{0}, false)
	}, "beta·input + alpha·Σ_b batch1[b] @ batch2[b]."},
}

func init() {
	for i := range addProducts {
		ap := &addProducts[i]
		sigs := newArgParser(ap.name + "(Tensor input, Tensor " + ap.a + ", Tensor " + ap.b + ", *, Scalar beta=1, Scalar alpha=1, Tensor out=None)")
		isigs := newArgParser(ap.name + "_(Tensor input, Tensor " + ap.a + ", Tensor " + ap.b + ", *, Scalar beta=1, Scalar alpha=1)")
		eval.RegisterTorch(
			&eval.Builtin{Name: ap.name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: ap.name + "(input, " + ap.a + ", " + ap.b + ", *, beta=1, alpha=1, out=None) -> Tensor", Doc: ap.doc,
				Fn: func(a *eval.Args) eval.Value {
					r := sigs.parse(a)
					res := ap.run(r, false)
					return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
				}},
			&eval.Builtin{Name: ap.name + "_", Kind: eval.TensorMethod, Sig: ap.name + "_(" + ap.a + ", " + ap.b + ", *, beta=1, alpha=1) -> Tensor", Doc: "In-place " + ap.name + "(): self must have the product's shape.",
				Fn: func(a *eval.Args) eval.Value { return ap.run(isigs.parse(a), true) }},
		)
		if ap.name == "addmm" {
			gradRules["addmm"] = addmmRule
		} else {
			gradUnsupported[ap.name] = true
		}
	}
}

func (ap *addProduct) run(r *boundArgs, inplace bool) *tensor.Tensor {
	in := r.tensor("input")
	p := ap.product(r.tensor(ap.a), r.tensor(ap.b))
	beta, alpha := tensor.IntS(1), tensor.IntS(1)
	if r.has("beta") {
		beta = r.scalar("beta")
	}
	if r.has("alpha") {
		alpha = r.scalar("alpha")
	}
	if inplace && !eqInts(in.Shape(), p.Shape()) {
		eval.Throw("RuntimeError", errBadInplace, tensor.ShapeString(in.Shape()), tensor.ShapeString(p.Shape()))
	}
	if alpha.Float() != 1 {
		p = tensor.Binary(tensor.OpMul, tensor.TensorOperand(p), tensor.ScalarOperand(alpha), tensor.Opts{})
	}
	res := p
	if beta.Float() != 0 {
		x := in.Expand(p.Shape())
		if beta.Float() != 1 {
			x = tensor.Binary(tensor.OpMul, tensor.TensorOperand(x), tensor.ScalarOperand(beta), tensor.Opts{})
		}
		res = tensor.Binary(tensor.OpAdd, tensor.TensorOperand(x), tensor.TensorOperand(p), tensor.Opts{})
	} else {
		res = res.To(tensor.ResultTypeOf(tensor.TensorOperand(in), tensor.TensorOperand(p)))
	}
	if inplace {
		tensor.CopyInto(in, res)
		return in
	}
	return res
}

// addmmRule records AddmmBackward0 for beta = alpha = 1 (F.linear's
// case); other scales raise rather than record a wrong graph.
func addmmRule(c *gradCtx) {
	for i, name := range []string{"beta", "alpha"} {
		_ = i
		if v, ok := c.a.Kwarg(name); ok {
			if sc, isS := eval.ToScalar(v); !isS || sc.Float() != 1 {
				c.unsupported()
			}
		}
	}
	in, _ := c.arg(0, "input").(*tensor.Tensor)
	m1, _ := c.arg(1, "mat1").(*tensor.Tensor)
	m2, _ := c.arg(2, "mat2").(*tensor.Tensor)
	if in == nil || m1 == nil || m2 == nil || c.out() == nil || c.inplace {
		c.unsupported()
	}
	c.finish(autograd.RecordAddmm(in, m1, m2, c.out()))
}
