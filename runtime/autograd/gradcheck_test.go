package autograd

import (
	"math"
	"math/rand"
	"testing"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// A finite-difference check of every derivative formula, in float64: for
// random inputs x and a random weight w, the gradient of sum(w * f(x))
// that backward computes is compared with its central differences.

type fwd func(xs []*tensor.Tensor) *tensor.Tensor

func rec(out *tensor.Tensor, n *Node) *tensor.Tensor {
	if n != nil {
		SetHistory(out, n, 0)
	}
	return out
}

func un(op tensor.UnaryOp) fwd {
	return func(xs []*tensor.Tensor) *tensor.Tensor {
		out := tensor.Unary(op, xs[0], noOpts)
		return rec(out, RecordUnary(op, xs[0], out))
	}
}

func bin(op tensor.BinaryOp) fwd {
	return func(xs []*tensor.Tensor) *tensor.Tensor {
		out := tensor.Binary(op, top(xs[0]), top(xs[1]), noOpts)
		return rec(out, RecordBinary(op, top(xs[0]), top(xs[1]), one, out, false))
	}
}

func binScalar(op tensor.BinaryOp, s float64, reflected bool) fwd {
	return func(xs []*tensor.Tensor) *tensor.Tensor {
		a, b := top(xs[0]), sop(s)
		if reflected {
			out := tensor.Binary(op, b, a, noOpts)
			if op == tensor.OpSub {
				return rec(out, RecordBinary(op, a, b, one, out, true))
			}
			return rec(out, RecordBinary(op, b, a, one, out, false))
		}
		out := tensor.Binary(op, a, b, noOpts)
		return rec(out, RecordBinary(op, a, b, one, out, false))
	}
}

type gradCase struct {
	name   string
	shapes [][]int
	f      fwd
	// positive inputs (logs, roots), or inputs in (-1, 1)
	positive, unit bool
	// coarse: float32 inside, checked with a larger step and tolerance
	coarse bool
}

func gradCases() []gradCase {
	s23 := [][]int{{2, 3}}
	pair := [][]int{{2, 3}, {3}}
	var cs []gradCase
	for op, name := range unaryNames {
		c := gradCase{name: name, shapes: s23, f: un(op)}
		switch op {
		case tensor.OpSqrt, tensor.OpRsqrt, tensor.OpLog, tensor.OpLog2, tensor.OpLog10, tensor.OpLog1p, tensor.OpReciprocal:
			c.positive = true
		case tensor.OpAsin, tensor.OpAcos:
			c.unit = true
		}
		cs = append(cs, c)
	}
	for _, b := range []struct {
		name string
		op   tensor.BinaryOp
	}{{"add", tensor.OpAdd}, {"sub", tensor.OpSub}, {"mul", tensor.OpMul}, {"div", tensor.OpDiv},
		{"maximum", tensor.OpMaximum}, {"minimum", tensor.OpMinimum}, {"fmax", tensor.OpFmax}, {"fmin", tensor.OpFmin},
		{"atan2", tensor.OpAtan2}, {"hypot", tensor.OpHypot}} {
		cs = append(cs, gradCase{name: b.name, shapes: pair, f: bin(b.op)})
	}
	cs = append(cs,
		gradCase{name: "pow tensor", shapes: pair, f: bin(tensor.OpPow), positive: true},
		gradCase{name: "pow scalar", shapes: s23, f: binScalar(tensor.OpPow, 3, false)},
		gradCase{name: "pow 2.5", shapes: s23, f: binScalar(tensor.OpPow, 2.5, false), positive: true},
		gradCase{name: "scalar pow", shapes: s23, f: binScalar(tensor.OpPow, 2, true)},
		gradCase{name: "rsub", shapes: s23, f: binScalar(tensor.OpSub, 1, true)},
		gradCase{name: "div scalar", shapes: s23, f: binScalar(tensor.OpDiv, 3, false)},
		gradCase{name: "fmod", shapes: pair, f: bin(tensor.OpFmod), positive: true},
		gradCase{name: "remainder", shapes: pair, f: bin(tensor.OpRemainder), positive: true},
		gradCase{name: "sum", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Sum(xs[0], nil, false)
			return rec(out, RecordSum(xs[0], nil, false, false, out))
		}},
		gradCase{name: "sum dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Sum(xs[0], []int{1}, false)
			return rec(out, RecordSum(xs[0], []int{1}, false, true, out))
		}},
		gradCase{name: "mean dim keepdim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Mean(xs[0], []int{0}, true)
			return rec(out, RecordMean(xs[0], []int{0}, true, true, out))
		}},
		gradCase{name: "prod", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Prod(xs[0], nil, false)
			return rec(out, RecordProd(xs[0], 0, false, false, out))
		}},
		gradCase{name: "prod dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Prod(xs[0], []int{1}, false)
			return rec(out, RecordProd(xs[0], 1, false, true, out))
		}},
		gradCase{name: "max", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.MaxAll(xs[0])
			return rec(out, RecordMaxAll("MaxBackward1", xs[0], out))
		}},
		gradCase{name: "max dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			v, i := tensor.MaxDim(xs[0], 1, false)
			return rec(v, RecordSelectReduce("MaxBackward0", xs[0], 1, false, i, v))
		}},
		gradCase{name: "amax", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Amax(xs[0], []int{0}, false)
			return rec(out, RecordAmax("AmaxBackward0", xs[0], []int{0}, false, out))
		}},
		gradCase{name: "norm", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], 2, nil, false)
			return rec(out, RecordNorm("NormBackward1", xs[0], 2, nil, false, out))
		}},
		gradCase{name: "norm 1 dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], 1, []int{1}, false)
			return rec(out, RecordNorm("NormBackward1", xs[0], 1, []int{1}, false, out))
		}},
		gradCase{name: "norm 3", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], 3, nil, false)
			return rec(out, RecordNorm("NormBackward1", xs[0], 3, nil, false, out))
		}},
		gradCase{name: "norm 1.5 dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], 1.5, []int{1}, true)
			return rec(out, RecordNorm("NormBackward1", xs[0], 1.5, []int{1}, true, out))
		}},
		gradCase{name: "norm 0.5", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], 0.5, nil, false)
			return rec(out, RecordNorm("NormBackward1", xs[0], 0.5, nil, false, out))
		}},
		gradCase{name: "norm inf dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Norm(xs[0], math.Inf(1), []int{0}, false)
			return rec(out, RecordNorm("NormBackward1", xs[0], math.Inf(1), []int{0}, false, out))
		}},
		gradCase{name: "std", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Std(xs[0], nil, 1, false)
			return rec(out, RecordVarStd(true, xs[0], nil, 1, false, out))
		}},
		gradCase{name: "var dim", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Var(xs[0], []int{1}, 0, true)
			return rec(out, RecordVarStd(false, xs[0], []int{1}, 0, true, out))
		}},
		gradCase{name: "cumsum", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Cumsum(xs[0], 1)
			return rec(out, RecordCumsum(xs[0], 1, out))
		}},
		gradCase{name: "logsumexp", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Logsumexp(xs[0], []int{1}, false)
			return rec(out, RecordLogsumexp(xs[0], []int{1}, false, out))
		}},
		gradCase{name: "where", shapes: [][]int{{2, 3}, {2, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			cond := cmp(tensor.OpGt, xs[0], sop(0))
			out := tensor.Where(cond, top(xs[0]), top(xs[1]), noOpts)
			return rec(out, RecordWhere(cond, top(xs[0]), top(xs[1]), out))
		}},
		gradCase{name: "clamp", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			lo, hi := tensor.FloatS(-0.5), tensor.FloatS(0.5)
			out := tensor.Clamp(xs[0], &lo, &hi, noOpts)
			return rec(out, RecordClamp("ClampBackward1", xs[0], &lo, &hi))
		}},
		gradCase{name: "masked_fill", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			mask := cmp(tensor.OpGt, xs[0], sop(0))
			out := tensor.MaskedFill(xs[0], mask, sop(2), noOpts)
			return rec(out, RecordMaskedFill(xs[0], mask, out))
		}},
		gradCase{name: "nan_to_num", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.NanToNum(xs[0], 0, nil, nil, noOpts)
			return rec(out, RecordNanToNum(xs[0]))
		}},
		gradCase{name: "expand", shapes: [][]int{{3, 1}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := xs[0].Expand([]int{2, 3, 4})
			RecordExpandView(xs[0], out)
			return out
		}},
		gradCase{name: "select view", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := xs[0].Select(1, 2)
			RecordView("SelectBackward0", xs[0], out)
			return out
		}},
		gradCase{name: "transpose view", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := xs[0].T()
			RecordView("TBackward0", xs[0], out)
			return out
		}},
		gradCase{name: "unbind", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			outs := xs[0].Unbind(1)
			RecordViews("UnbindBackward0", xs[0], outs)
			return outs[1]
		}},
		gradCase{name: "as_strided", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := xs[0].AsStrided([]int{2, 2}, []int{1, 3}, tensor.KeepOffset)
			RecordAsStrided(xs[0], out)
			return out
		}},
		gradCase{name: "index", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			idx := tensor.FromSlice([]int64{0, 1, 1, 0}, 4)
			items := []tensor.IndexItem{{Kind: tensor.IndexTensor, Tensor: idx}}
			out := xs[0].GetItem(items, false, nil)
			return rec(out, RecordIndex(xs[0], items, false, out))
		}},
		gradCase{name: "cat", shapes: [][]int{{2, 3}, {1, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Cat(xs, 0)
			return rec(out, RecordCat(xs, 0, out))
		}},
		gradCase{name: "stack", shapes: [][]int{{2, 3}, {2, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Stack(xs, 1)
			return rec(out, RecordStack(xs, 1, out))
		}},
		gradCase{name: "repeat", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Repeat(xs[0], []int{2, 1, 2})
			return rec(out, RecordRepeat(xs[0], []int{2, 1, 2}))
		}},
		gradCase{name: "flip", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Flip(xs[0], []int{1})
			return rec(out, RecordFlip(xs[0], []int{1}))
		}},
		gradCase{name: "roll", shapes: s23, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Roll(xs[0], []int{1}, []int{1})
			return rec(out, RecordRoll(xs[0], []int{1}, []int{1}))
		}},
		gradCase{name: "tril", shapes: [][]int{{3, 3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := tensor.Tril(xs[0], 0)
			return rec(out, RecordTriangle(true, xs[0], 0))
		}},
		gradCase{name: "to float32 and back", shapes: s23, coarse: true, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := xs[0].To(tensor.Float32)
			out = rec(out, RecordToCopy(xs[0], out))
			back := out.To(tensor.Float64)
			return rec(back, RecordToCopy(out, back))
		}},
		gradCase{name: "dot", shapes: [][]int{{3}, {3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Dot(xs[0], xs[1])
			return rec(out, RecordDot(xs[0], xs[1], out))
		}},
		gradCase{name: "mv", shapes: [][]int{{2, 3}, {3}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Mv(xs[0], xs[1])
			return rec(out, RecordMv(xs[0], xs[1], out))
		}},
		gradCase{name: "mm", shapes: [][]int{{2, 3}, {3, 4}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Mm(xs[0], xs[1])
			return rec(out, RecordMm(xs[0], xs[1], out))
		}},
		gradCase{name: "bmm", shapes: [][]int{{2, 2, 3}, {2, 3, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Bmm(xs[0], xs[1])
			return rec(out, RecordBmm(xs[0], xs[1], out))
		}},
		gradCase{name: "matmul broadcast", shapes: [][]int{{2, 1, 2, 3}, {3, 3, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Matmul(xs[0], xs[1])
			return rec(out, RecordMatmul("UnsafeViewBackward0", xs[0], xs[1], out))
		}},
		gradCase{name: "matmul folded", shapes: [][]int{{2, 2, 3}, {3, 2}}, f: func(xs []*tensor.Tensor) *tensor.Tensor {
			out := linalg.Matmul(xs[0], xs[1])
			return rec(out, RecordFoldedMatmul(xs[0], xs[1], out))
		}},
	)
	return append(append(cs, surfaceCases()...), decompCases()...)
}

func randInput(r *rand.Rand, shape []int, c gradCase) *tensor.Tensor {
	n := tensor.Numel(shape)
	v := make([]float64, n)
	for i := range v {
		x := r.Float64()*2 - 1
		switch {
		case c.positive:
			x = 0.5 + r.Float64()*1.5
		case c.unit:
			x *= 0.8
		}
		// keep away from kinks (abs, relu, clamp's bounds, ties)
		for math.Abs(x) < 0.05 || math.Abs(math.Abs(x)-0.5) < 0.05 {
			x += 0.11
		}
		v[i] = x
	}
	return tensor.FromSlice(v, shape...)
}

func eval64(c gradCase, xs []*tensor.Tensor, w *tensor.Tensor) float64 {
	prev := SetGradEnabled(false)
	defer SetGradEnabled(prev)
	y := c.f(xs)
	s := tensor.Sum(tensor.Binary(tensor.OpMul, top(y.To(tensor.Float64)), top(w), noOpts), nil, false)
	return s.Item().Float()
}

func TestGradientsMatchFiniteDifferences(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, c := range gradCases() {
		xs := make([]*tensor.Tensor, len(c.shapes))
		for i, s := range c.shapes {
			xs[i] = randInput(r, s, c)
			SetRequiresGrad(xs[i], true, false)
		}
		y := c.f(xs)
		w := randInput(r, y.Shape(), gradCase{})
		Backward([]*tensor.Tensor{y}, []*tensor.Tensor{w.To(y.DType())}, false, false)
		h, tol := 1e-6, 1e-4
		if c.coarse {
			h, tol = 1e-2, 1e-3
		}
		for i, x := range xs {
			g := Grad(x)
			if g == nil {
				t.Errorf("%s: input %d has no gradient", c.name, i)
				continue
			}
			for k := 0; k < x.Numel(); k++ {
				plain := make([]*tensor.Tensor, len(xs))
				for j := range xs {
					plain[j] = xs[j].ContiguousClone()
				}
				vals := tensor.Slice[float64](plain[i].Storage())
				x0 := vals[k]
				vals[k] = x0 + h
				fp := eval64(c, plain, w)
				vals[k] = x0 - h
				fm := eval64(c, plain, w)
				num := (fp - fm) / (2 * h)
				got := g.Contiguous().Storage().Get(g.Contiguous().Offset() + k).Float()
				if math.Abs(num-got) > tol*math.Max(1, math.Abs(num)) {
					t.Errorf("%s: d/dx%d[%d] = %g, finite differences %g", c.name, i, k, got, num)
				}
			}
		}
	}
}

// second-order: the gradient of sum(u * grad(sum(w * f(x)))) that a
// create_graph backward computes, against finite differences of the first
// gradient (for the formulas whose gradients are smooth).
func TestSecondOrderMatchesFiniteDifferences(t *testing.T) {
	skip := map[string]bool{"max": true, "amax": true, "maximum": true, "minimum": true,
		"fmax": true, "fmin": true, "clamp": true, "norm 1 dim": true, "to float32 and back": true,
		"fmod": true, "remainder": true, "norm inf dim": true, "where": true, "masked_fill": true, "prod": true, "prod dim": true}
	r := rand.New(rand.NewSource(2))
	checked := 0
	defer func() {
		if checked < 25 {
			t.Errorf("only %d formulas checked to second order", checked)
		}
	}()
	for _, c := range gradCases() {
		if skip[c.name] || unaryNames[tensor.OpAbs] == c.name {
			continue
		}
		xs := make([]*tensor.Tensor, len(c.shapes))
		for i, s := range c.shapes {
			xs[i] = randInput(r, s, c)
		}
		y0 := func() *tensor.Tensor {
			prev := SetGradEnabled(false)
			defer SetGradEnabled(prev)
			return c.f(xs)
		}()
		w := randInput(r, y0.Shape(), gradCase{})
		u := randInput(r, xs[0].Shape(), gradCase{})
		// first gradient wrt xs[0], as a function of xs (leaves made fresh)
		firstGrad := func(vals []*tensor.Tensor, create bool) (*tensor.Tensor, []*tensor.Tensor) {
			leaves := make([]*tensor.Tensor, len(vals))
			for i, v := range vals {
				leaves[i] = v.ContiguousClone()
				SetRequiresGrad(leaves[i], true, false)
			}
			y := c.f(leaves)
			g := GradOf([]*tensor.Tensor{y}, leaves[:1], []*tensor.Tensor{w.To(y.DType())}, create, create, false)[0]
			return g, leaves
		}
		g, leaves := firstGrad(xs, true)
		if !RequiresGrad(g) {
			continue // a gradient that does not depend on x (linear f)
		}
		hv := GradOf([]*tensor.Tensor{g}, leaves[:1], []*tensor.Tensor{u.To(g.DType())}, false, false, true)[0]
		if hv == nil {
			continue
		}
		checked++
		const h = 1e-5
		for k := 0; k < xs[0].Numel(); k++ {
			plus, minus := make([]*tensor.Tensor, len(xs)), make([]*tensor.Tensor, len(xs))
			for j := range xs {
				plus[j], minus[j] = xs[j].ContiguousClone(), xs[j].ContiguousClone()
			}
			tensor.Slice[float64](plus[0].Storage())[k] += h
			tensor.Slice[float64](minus[0].Storage())[k] -= h
			gp, _ := firstGrad(plus, false)
			gm, _ := firstGrad(minus, false)
			dot := func(a *tensor.Tensor) float64 {
				return tensor.Sum(tensor.Binary(tensor.OpMul, top(a), top(u), noOpts), nil, false).Item().Float()
			}
			num := (dot(gp) - dot(gm)) / (2 * h)
			got := hv.Contiguous().Storage().Get(hv.Contiguous().Offset() + k).Float()
			if math.Abs(num-got) > 1e-4*math.Max(1, math.Abs(num)) {
				t.Errorf("%s: second derivative [%d] = %g, finite differences %g", c.name, k, got, num)
			}
		}
	}
}
