package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// Gradients of torch.linalg's decompositions and norms (formulas in
// runtime/autograd/linalg_decomp.go): svd, svdvals and torch.svd; eigh
// and eigvalsh; cholesky; qr; pinv; vector_norm, matrix_norm and norm
// as PyTorch composes them (LinalgVectorNormBackward0; SumBackward1,
// AmaxBackward0 or AminBackward0 over svdvals; AmaxBackward0 or
// AminBackward0 over a 1-norm).

// namedElems are the tensors of a decomposition's named tuple.
func namedElems(c *gradCtx, n int) []*tensor.Tensor {
	r, ok := c.r.(*eval.NamedTuple)
	if !ok {
		c.unsupported()
	}
	ts := tensorList(r.Elems)
	if len(ts) != n {
		c.unsupported()
	}
	return ts
}

// callLa runs torch.linalg.name through autograd.
func (c *gradCtx) callLa(name string, pos []eval.Value, kw ...eval.KwArg) eval.Value {
	f := laFunctions[name]
	return gradCall(c.s, f, (&eval.Args{Name: f.Name, Pos: pos, Kw: kw}).Bind(c.s))
}

func init() {
	gradRules["linalg_svd"] = func(c *gradCtx) {
		a := c.in0()
		c.realOnly(a)
		ts := namedElems(c, 3)
		full := boolOf(c.arg(1, "full_matrices"), true) && a.Size(-1) != a.Size(-2)
		autograd.RecordSvd(a, ts[0], ts[1], ts[2], full)
	}
	gradRules["linalg_svdvals"] = func(c *gradCtx) {
		a, s := c.in0(), c.out()
		c.realOnly(a)
		u, _, vh := linalg.SVD("linalg.svd", a, false, true)
		autograd.RecordSvd(a, u, s, vh, false)
	}
	gradRules["svd"] = func(c *gradCtx) {
		a := c.in0()
		c.realOnly(a)
		ts := namedElems(c, 3)
		if !boolOf(c.arg(2, "compute_uv"), true) {
			// only S is differentiable (U and V are zeros)
			u, _, vh := linalg.SVD("linalg.svd", a, false, true)
			autograd.RecordSvd(a, u, ts[1], vh, false)
			return
		}
		full := !boolOf(c.arg(1, "some"), true) && a.Size(-1) != a.Size(-2)
		vh := ts[2].Transpose(-2, -1)
		autograd.RecordSvd(a, ts[0], ts[1], vh, full)
		v := vh.Transpose(-2, -1)
		autograd.RecordView("TransposeBackward0", vh, v)
		c.r.(*eval.NamedTuple).Elems[2] = v
	}
	gradRules["linalg_eigh"] = func(c *gradCtx) {
		a := c.in0()
		c.realOnly(a)
		ts := namedElems(c, 2)
		autograd.RecordEigh(a, ts[0], ts[1])
	}
	gradRules["linalg_eigvalsh"] = func(c *gradCtx) {
		a, w := c.in0(), c.out()
		c.realOnly(a)
		upper := false
		if s, ok := c.arg(1, "UPLO").(eval.Str); ok {
			upper = s == "U" || s == "u"
		}
		_, v := linalg.Eigh("linalg.eigvalsh", a, upper, true)
		autograd.RecordEigh(a, w, v)
	}
	gradRules["linalg_cholesky"] = func(c *gradCtx) {
		a, out := c.in0(), c.out()
		c.realOnly(a)
		upper := false
		if v, ok := c.a.Kwarg("upper"); ok {
			upper = boolOf(v, false)
		}
		c.finish(autograd.RecordCholesky(a, out, upper))
	}
	gradRules["linalg_qr"] = func(c *gradCtx) {
		a := c.in0()
		c.realOnly(a)
		mode := "reduced"
		if s, ok := c.arg(1, "mode").(eval.Str); ok {
			mode = string(s)
		}
		ts := namedElems(c, 2)
		autograd.RecordQrOutputs(a, ts[0], ts[1], mode)
	}
	gradRules["linalg_pinv"] = func(c *gradCtx) {
		a, out := c.in0(), c.out()
		c.realOnly(a)
		c.finish(autograd.RecordPinv(a, out))
	}
	gradRules["linalg_vector_norm"] = func(c *gradCtx) {
		x, out := c.in0(), c.out()
		if _, hasDT := c.a.Kwarg("dtype"); hasDT || x == nil || out == nil {
			c.unsupported()
		}
		ord := 2.0
		if v := c.arg(1, "ord"); v != nil {
			sc, ok := eval.ToScalar(v)
			if !ok {
				c.unsupported()
			}
			ord = sc.Float()
		}
		dims, _ := dimsOf(c.arg(2, "dim"))
		c.finish(autograd.RecordNorm("LinalgVectorNormBackward0", x, ord, dims, boolOf(c.arg(3, "keepdim"), false), out))
	}
	gradRules["linalg_matrix_norm"] = func(c *gradCtx) {
		x := c.in0()
		dims := []int{-2, -1}
		if d, ok := dimsOf(c.arg(2, "dim")); ok {
			dims = d
		}
		ord := c.arg(1, "ord")
		if ord == nil {
			ord = eval.Str("fro")
		}
		matrixNormRule(c, x, ord, dims, boolOf(c.arg(3, "keepdim"), false))
	}
	gradRules["linalg_norm"] = func(c *gradCtx) {
		x := c.in0()
		ord := c.arg(1, "ord")
		dims, hasDims := dimsOf(c.arg(2, "dim"))
		keep := boolOf(c.arg(3, "keepdim"), false)
		if ord != nil && ord != eval.Value(eval.None) && (len(dims) == 2 || !hasDims && x.Dim() == 2) {
			if !hasDims {
				dims = []int{-2, -1}
			}
			matrixNormRule(c, x, ord, dims, keep)
			return
		}
		p := 2.0
		if ord != nil && ord != eval.Value(eval.None) {
			sc, ok := eval.ToScalar(ord)
			if !ok {
				c.unsupported()
			}
			p = sc.Float()
		}
		c.finish(autograd.RecordNorm("LinalgVectorNormBackward0", x, p, dims, keep, c.out()))
	}
}

// matrixNormRule records linalg.matrix_norm(x, ord, dims, keepdim) as
// PyTorch composes it.
func matrixNormRule(c *gradCtx, x *tensor.Tensor, ord eval.Value, dims []int, keep bool) {
	if _, hasDT := c.a.Kwarg("dtype"); hasDT || x == nil || len(dims) != 2 {
		c.unsupported()
	}
	d0, d1 := tensor.WrapDim(dims[0], x.Dim()), tensor.WrapDim(dims[1], x.Dim())
	if s, ok := ord.(eval.Str); ok && s == "fro" {
		c.finish(autograd.RecordNorm("LinalgVectorNormBackward0", x, 2, []int{d0, d1}, keep, c.out()))
		return
	}
	p := math.Inf(1) // nuc: a sum
	if sc, ok := eval.ToScalar(ord); ok {
		p = sc.Float()
	} else if s, isS := ord.(eval.Str); !isS || s != "nuc" {
		c.unsupported()
	}
	ext := "amax"
	if p < 0 {
		ext = "amin"
	}
	if math.Abs(p) == 1 || math.IsInf(p, 0) && ord != eval.Value(eval.Str("nuc")) {
		if math.IsInf(p, 0) {
			d0, d1 = d1, d0
		}
		if !keep && d0 < d1 {
			d1--
		}
		n := c.callLa("vector_norm", []eval.Value{x, eval.Float(1), eval.Tuple{eval.MakeInt(int64(d0))}, eval.Bool(keep)})
		c.r = c.call(ext, n, eval.Tuple{eval.MakeInt(int64(d1))}, eval.Bool(keep))
		return
	}
	// 2, -2 and nuc: from the singular values of x with dims moved last
	moved := c.call("movedim", x, eval.Tuple{eval.MakeInt(int64(d0)), eval.MakeInt(int64(d1))}, eval.Tuple{eval.MakeInt(-2), eval.MakeInt(-1)})
	s := c.callLa("svdvals", []eval.Value{moved})
	var r eval.Value
	if ord == eval.Value(eval.Str("nuc")) {
		r = c.call("sum", s, eval.MakeInt(-1))
	} else {
		r = c.call(ext, s, eval.Tuple{eval.MakeInt(-1)})
	}
	if keep {
		r = c.call("unsqueeze", c.call("unsqueeze", r, eval.MakeInt(-1)), eval.MakeInt(-1))
		r = c.call("movedim", r, eval.Tuple{eval.MakeInt(-2), eval.MakeInt(-1)}, eval.Tuple{eval.MakeInt(int64(d0)), eval.MakeInt(int64(d1))})
	}
	c.r = r
}
