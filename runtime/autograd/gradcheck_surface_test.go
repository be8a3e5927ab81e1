package autograd

import (
	"testing"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// The finite-difference cases of issue 17's formulas (select.go and
// linalg_inv.go), run by the checks in gradcheck_test.go.

func ints(v ...int64) *tensor.Tensor { return tensor.FromSlice(v, len(v)) }

// shifted is x + 2·I (well away from singular for inputs in (-1, 1)).
func shifted(x *tensor.Tensor) *tensor.Tensor {
	n := x.Shape()[x.Dim()-1]
	return add(x, mulS(tensor.Eye(int64(n), int64(n), tensor.Float64), 2))
}

func pickCase(name string, shape []int, sel func(t *tensor.Tensor) *tensor.Tensor) gradCase {
	return gradCase{name: name, shapes: [][]int{shape}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
		out := sel(xs[0])
		return rec(out, RecordPick(name, xs[0], sel(Positions(xs[0])), out))
	}}
}

func surfaceCases() []gradCase {
	s23 := [][]int{{2, 3}}
	mats := func(shape ...int) [][]int { return [][]int{shape} }
	targets := tensor.FromSlice([]int64{2, 0}, 2)
	nll := func(name string, weight *tensor.Tensor, reduction, ignore int, red string, tg *tensor.Tensor) gradCase {
		return gradCase{name: name, shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.NLLLoss(xs[0], tg, weight, int64(ignore), red)
			return rec(out, RecordNllLoss(xs[0], tg, weight, reduction, ignore, out))
		}}
	}
	return []gradCase{
		{name: "softmax", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Softmax(xs[0], 1, false)
			return rec(out, RecordSoftmax(xs[0], out, 1, false))
		}},
		{name: "log_softmax", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Softmax(xs[0], 0, true)
			return rec(out, RecordSoftmax(xs[0], out, 0, true))
		}},
		{name: "gelu", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Gelu(xs[0])
			return rec(out, RecordGelu(xs[0], false, out))
		}},
		{name: "gelu tanh", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.GeluTanh(xs[0])
			return rec(out, RecordGelu(xs[0], true, out))
		}},
		{name: "mse_loss", shapes: [][]int{{2, 3}, {2, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			d := tensor.Binary(tensor.OpSub, top(xs[0]), top(xs[1]), noOpts)
			out := tensor.Mean(tensor.Binary(tensor.OpMul, top(d), top(d), noOpts), nil, false)
			return rec(out, RecordMseLoss(xs[0], xs[1], ReduceMean, out))
		}},
		{name: "mse_loss none", shapes: [][]int{{2, 3}, {3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			d := tensor.Binary(tensor.OpSub, top(xs[0]), top(xs[1]), noOpts)
			out := tensor.Binary(tensor.OpMul, top(d), top(d), noOpts)
			return rec(out, RecordMseLoss(xs[0], xs[1], ReduceNone, out))
		}},
		nll("nll_loss", nil, ReduceMean, -100, "mean", targets),
		nll("nll_loss weight sum", tensor.FromSlice([]float64{1, 2, 3}, 3), ReduceSum, -100, "sum", targets),
		nll("nll_loss ignore", tensor.FromSlice([]float64{1, 2, 3}, 3), ReduceMean, 0, "mean", targets),
		nll("nll_loss none", nil, ReduceNone, -100, "none", targets),
		{name: "cross_entropy", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			ls := tensor.Softmax(xs[0], 1, true)
			ls = rec(ls, RecordSoftmax(xs[0], ls, 1, true))
			out := tensor.NLLLoss(ls, targets, nil, -100, "mean")
			return rec(out, RecordNllLoss(ls, targets, nil, ReduceMean, -100, out))
		}},
		pickCase("gather", []int{2, 3}, func(t *tensor.Tensor) *tensor.Tensor {
			return tensor.Gather(t, 1, tensor.FromSlice([]int64{0, 0, 2, 1}, 2, 2))
		}),
		pickCase("index_select", []int{2, 3}, func(t *tensor.Tensor) *tensor.Tensor {
			return tensor.IndexSelect(t, 1, ints(2, 2, 0))
		}),
		pickCase("take", []int{2, 3}, func(t *tensor.Tensor) *tensor.Tensor { return tensor.Take(t, ints(5, 0, 5, 3)) }),
		{name: "trace", shapes: mats(3, 4), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Sum(xs[0].Diagonal(0, 0, 1), nil, false)
			return rec(out, RecordTrace(xs[0], out))
		}},
		{name: "det", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := shifted(xs[0])
			out := linalg.Det(a)
			return rec(out, RecordDet(a, out))
		}},
		{name: "det batch", shapes: mats(2, 2, 2), f: func(xs []*tensor.Tensor) *tensor.Tensor {
			a := shifted(xs[0])
			out := linalg.Det(a)
			return rec(out, RecordDet(a, out))
		}},
		{name: "scatter", shapes: [][]int{{2, 3}, {2, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			idx := tensor.FromSlice([]int64{0, 2, 1, 0}, 2, 2) // distinct: with duplicates PyTorch's formula is not the derivative
			pos := tensor.Gather(Positions(xs[0]), 1, idx)
			out := xs[0].ContiguousClone()
			for k, p := range tensor.Slice[int64](pos.Contiguous().Storage()) {
				tensor.Slice[float64](out.Storage())[p] = xs[1].Contiguous().Storage().Get(k).Float()
			}
			return rec(out, RecordScatter("ScatterBackward0", xs[0], xs[1], pos, true, 1, out))
		}},
		{name: "index_add", shapes: [][]int{{2, 3}, {2, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			pos := tensor.IndexSelect(Positions(xs[0]), 1, ints(2, 2))
			out := xs[0].ContiguousClone()
			for k, p := range tensor.Slice[int64](pos.Contiguous().Storage()) {
				tensor.Slice[float64](out.Storage())[p] += 3 * xs[1].Contiguous().Storage().Get(k).Float()
			}
			return rec(out, RecordScatter("IndexAddBackward0", xs[0], xs[1], pos, false, 3, out))
		}},
		{name: "cross", shapes: [][]int{{2, 3}, {1, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			return crossRec(xs[0], xs[1], 1)
		}},
		{name: "nansum", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Nansum(xs[0], []int{1}, false)
			return rec(out, RecordNansum(xs[0], []int{1}, false, out))
		}},
		{name: "cdist", shapes: [][]int{{2, 3}, {4, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Cdist(xs[0], xs[1], 2, 0)
			return rec(out, RecordCdist(xs[0], xs[1], 2, out))
		}},
		{name: "cdist p=1", shapes: [][]int{{2, 3}, {4, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Cdist(xs[0], xs[1], 1, 0)
			return rec(out, RecordCdist(xs[0], xs[1], 1, out))
		}},
		{name: "std_mean", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			v, m := tensor.VarMean(xs[0], []int{1}, 1, true, true)
			RecordVarStdMean(true, xs[0], []int{1}, 1, true, v, m)
			return add(mulS(v, 3), m)
		}},
		{name: "var_mean", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			v, m := tensor.VarMean(xs[0], nil, 0, false, false)
			RecordVarStdMean(false, xs[0], nil, 0, false, v, m)
			return add(v, mulS(m, 2))
		}},
		{name: "inv", shapes: mats(3, 3), f: func(xs []*tensor.Tensor) *tensor.Tensor { return invRec(shifted(xs[0])) }},
		{name: "solve", shapes: [][]int{{3, 3}, {3, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			return solveRec(shifted(xs[0]), xs[1])
		}},
		{name: "solve vector", shapes: [][]int{{3, 3}, {3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			return solveRec(shifted(xs[0]), xs[1])
		}},
	}
}

// TestSurfaceCasesListed keeps the cases above in the finite-difference
// checks.
func TestSurfaceCasesListed(t *testing.T) {
	names := map[string]bool{}
	for _, c := range gradCases() {
		names[c.name] = true
	}
	for _, want := range []string{"softmax", "gelu", "nll_loss", "gather", "trace", "det", "solve vector"} {
		if !names[want] {
			t.Errorf("%s is not among the gradient checks", want)
		}
	}
}
