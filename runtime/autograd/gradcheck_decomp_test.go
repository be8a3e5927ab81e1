package autograd

import (
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The finite-difference cases of linalg_decomp.go and surface2.go (run
// by the checks in gradcheck_test.go). Decompositions are checked
// through quantities that do not depend on sign conventions (squares of
// singular and eigen vectors), on well-conditioned inputs.

// symmetric is x + xᵀ + 4·I, recorded.
func symmetric(x *tensor.Tensor) *tensor.Tensor {
	return add(add(x, mT(x)), mulS(tensor.Eye(int64(x.Size(-1)), int64(x.Size(-1)), tensor.Float64), 4))
}

func svdOf(x *tensor.Tensor, full bool) (u, s, vh *tensor.Tensor) {
	u, s, vh = linalg.SVD("linalg.svd", x, full, true)
	RecordSvd(x, u, s, vh, full && x.Size(-1) != x.Size(-2))
	return
}

func decompCases() []gradCase {
	mats := func(shape ...int) [][]int { return [][]int{shape} }
	return []gradCase{
		{name: "svdvals", shapes: mats(2, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			_, s, _ := svdOf(xs[0], false)
			return s
		}},
		{name: "svd U squared", shapes: mats(3, 2), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			u, s, _ := svdOf(xs[0], false)
			return add(mul(u, u), s)
		}},
		{name: "svd Vh squared", shapes: mats(2, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			_, _, vh := svdOf(xs[0], false)
			return mul(vh, vh)
		}},
		{name: "svd full", shapes: mats(3, 2), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			u, s, vh := svdOf(xs[0], true)
			return add(add(sumDims(mul(narrowDim(u, -1, 2), narrowDim(u, -1, 2)), []int{0}, false), s), sumDims(mul(vh, vh), []int{0}, false))
		}},
		{name: "eigvalsh", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := symmetric(xs[0])
			w, v := linalg.Eigh("linalg.eigh", a, false, true)
			RecordEigh(a, w, v)
			return w
		}},
		{name: "eigh vectors squared", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := symmetric(xs[0])
			w, v := linalg.Eigh("linalg.eigh", a, false, true)
			RecordEigh(a, w, v)
			return add(mul(v, v), w)
		}},
		{name: "cholesky", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := symmetric(xs[0])
			out := linalg.Cholesky(a, false)
			return rec(out, RecordCholesky(a, out, false))
		}},
		{name: "cholesky upper", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := symmetric(xs[0])
			out := linalg.Cholesky(a, true)
			return rec(out, RecordCholesky(a, out, true))
		}},
		{name: "qr tall", shapes: mats(3, 2), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			q, r := linalg.QR(xs[0], "reduced")
			RecordQrOutputs(xs[0], q, r, "reduced")
			return add(sumDims(q, []int{0}, false), sumDims(r, []int{0}, false))
		}},
		{name: "qr wide", shapes: mats(2, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			q, r := linalg.QR(xs[0], "reduced")
			RecordQrOutputs(xs[0], q, r, "reduced")
			return add(r, sumDims(q, []int{0, 1}, true))
		}},
		{name: "pinv wide", shapes: mats(2, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			u, s, vh := linalg.SVD("linalg.pinv", xs[0], false, true)
			sinv := tensor.Binary(tensor.OpDiv, sop(1), top(s), noOpts).Unsqueeze(-2)
			vs := tensor.Binary(tensor.OpMul, top(vh.Transpose(-2, -1)), top(sinv), noOpts)
			out := linalg.Matmul(vs, u.Transpose(-2, -1))
			return rec(out, RecordPinv(xs[0], out))
		}},
		{name: "solve_triangular", shapes: [][]int{{3, 3}, {2, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			return solveTriangular(tril(shifted(xs[0]), 0), xs[1], false, false)
		}},
		{name: "solve left=False", shapes: [][]int{{3, 3}, {2, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			return solveRightRec(shifted(xs[0]), xs[1])
		}},
		{name: "cdist p=3", shapes: [][]int{{2, 3}, {4, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Cdist(xs[0], xs[1], 3, 0)
			return rec(out, RecordCdist(xs[0], xs[1], 3, out))
		}},
		{name: "cdist p=1.5", shapes: [][]int{{2, 3}, {4, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Cdist(xs[0], xs[1], 1.5, 0)
			return rec(out, RecordCdist(xs[0], xs[1], 1.5, out))
		}},
		{name: "euclidean_dist", shapes: [][]int{{2, 3}, {4, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Cdist(xs[0], xs[1], 2, 1)
			return rec(out, RecordEuclideanDist(xs[0], xs[1], out))
		}},
		{name: "masked_scatter", shapes: [][]int{{2, 3}, {5}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			mask := tensor.FromSlice([]bool{true, false, true, true, false, false}, 2, 3)
			out := xs[0].ContiguousClone()
			o, src := tensor.Slice[float64](out.Storage()), xs[1].Contiguous()
			k := 0
			for i, m := range []bool{true, false, true, true, false, false} {
				if m {
					o[i] = src.Storage().Get(src.Offset() + k).Float()
					k++
				}
			}
			return rec(out, RecordMaskedScatter(xs[0], mask, xs[1], out))
		}},
		{name: "block_diag", shapes: [][]int{{2, 3}, {2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.BlockDiag(xs)
			return rec(out, RecordBlockDiag(xs, out))
		}},
	}
}
