package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestExplainDrift: for random shapes, the result shape and strides that
// %explain predicts for every kind of operation it reports (broadcasting
// operators and functions, where, in-place operators and methods in both
// compat modes, matmul/@ with every path, mm, bmm, mv, dot, expand,
// view, reshape, flatten, cdist), or the error it predicts, is what
// running the operation produces. The explainer asks the runtime's shape
// rules; this test makes sure that the runtime's operations follow the
// same rules, so that a rule changed in one place only fails here.
func TestExplainDrift(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	s := eval.NewSession(eval.Options{})
	counts := map[string]int{}
	fails := 0
	for i := 0; i < 3000 && fails < 10; i++ {
		kind, src := driftCase(r, s)
		counts[kind]++
		want, err := explainPrediction(s, src)
		if err != "" {
			t.Fatalf("%s: %s", src, err)
		}
		got := runForReal(s, src)
		if strings.HasPrefix(got, "error: ") {
			counts[kind+" (error)"]++
		}
		if got != want {
			fails++
			t.Errorf("%s (%s): %%explain predicts %s, running it gives %s", src, kind, want, got)
		}
	}
	t.Logf("cases: %v", counts)
}

// driftCase binds x, y (and c) to tensors of random shapes and returns a
// statement over them.
func driftCase(r *rand.Rand, s *eval.Session) (kind, src string) {
	s.Compat = eval.CompatCurrent
	set := func(name string, t *tensor.Tensor) { s.Globals()[name] = t }
	x := randShape(r, 4)
	switch k := r.Intn(12); k {
	case 10, 11: // operations worked out without a step: views, reductions, pointwise unary
		set("x", stridedTensor(r, x))
		n := max(len(x), 1)
		d, d2 := r.Intn(2*n)-n, r.Intn(2*n)-n
		perm := r.Perm(len(x))
		ops := []string{
			"x.t()", "x.T", "x.mT", fmt.Sprintf("x.transpose(%d, %d)", d, d2), fmt.Sprintf("x.permute(%s)", fmtTuple(perm)),
			fmt.Sprintf("x.unsqueeze(%d)", r.Intn(2*n+2)-n-1), "x.squeeze()", fmt.Sprintf("x.squeeze(%d)", d),
			fmt.Sprintf("x.sum(%d)", d), fmt.Sprintf("x.mean(%d, keepdim=True)", d), "x.sum()", "x.amax(dim=(0, -1))", "x.sum(dim=())", "x.mean((0, 0))", "x.argmax(keepdim=True)",
			fmt.Sprintf("x.argmin(%d, True)", d), "x.any(-1)", "x.std(0, keepdim=True)", "x.max()", "x.prod(-1)",
			"x.exp()", "x.float()", "-x", "+x", "x.clone()", "x.contiguous()", "x.detach()", "x.relu()",
			fmt.Sprintf("x[%d]", d), "x[..., ::2]", "x[None, 1:]", "x[:, None]", "x[..., 0]",
			fmt.Sprintf("torch.arange(%d, %d, %d)", r.Intn(7)-3, r.Intn(9)-2, r.Intn(3)+1), fmt.Sprintf("torch.arange(%.1f, 2.3, 0.%d)", float64(r.Intn(5))/2-1, 1+r.Intn(9)),
			fmt.Sprintf("torch.arange(%d, dtype=torch.int8)", r.Intn(5)-1), fmt.Sprintf("torch.arange(0.1, %.2f, 0.1, dtype=torch.half)", float64(r.Intn(300))/100),
			fmt.Sprintf("torch.arange(1, %.3f, 1/3)", float64(r.Intn(300))/100),
		}
		return "derived", ops[r.Intn(len(ops))]
	case 0, 1: // broadcasting
		y := relatedShape(r, x)
		set("x", tensor.Empty(x, tensor.Float32))
		set("y", tensor.Empty(y, tensor.Float32))
		op := []string{"x + y", "x * y", "y - x", "x < y", "torch.add(x, y)", "x.maximum(y)", "torch.atan2(y, x)"}[r.Intn(7)]
		if r.Intn(4) == 0 {
			set("c", tensor.Empty(relatedShape(r, x), tensor.Bool))
			op = []string{"torch.where(c, x, y)", "x.where(c, y)", "torch.lerp(x, y, c.float())",
				"x.masked_fill(c, 1.0)", "x.masked_fill(c, y)", "torch.masked_fill(y, c, x)", "torch.add(x, y, out=x)",
				"x.masked_fill(c, y.sum())"}[r.Intn(8)]
		}
		return "broadcast", op
	case 2: // in place
		y := relatedShape(r, x)
		set("x", tensor.Empty(x, tensor.Float32))
		set("y", tensor.Empty(y, tensor.Float32))
		if r.Intn(2) == 0 {
			s.Compat = eval.CompatDocs
		}
		op := []string{"x += y", "x *= y", "x.add_(y)", "x.copy_(y)", "x.addcmul_(y, y)", "x.sub_(y, alpha=2)"}[r.Intn(6)]
		if r.Intn(5) == 0 { // a written tensor that repeats its elements, or shares memory with an input
			set("x", stridedTensor(r, x))
			op = []string{"x.add_(1)", "x += y", "x.mul_(y)", "x[1:].add_(x[:-1])", "torch.exp(y, out=x)"}[r.Intn(5)]
		}
		return "inplace", op
	case 3, 4: // matmul
		a, b := matmulShapes(r)
		xt := tensor.Empty(a, tensor.Float32)
		if len(a) >= 2 && r.Intn(3) == 0 {
			// transposed last two dims: should_fold's exception
			sw := slices.Clone(a)
			sw[len(a)-1], sw[len(a)-2] = sw[len(a)-2], sw[len(a)-1]
			xt = tensor.Empty(sw, tensor.Float32).Transpose(-1, -2)
		}
		set("x", xt)
		set("y", tensor.Empty(b, tensor.Float32))
		op := []string{"x @ y", "torch.matmul(x, y)", "x.matmul(y)", "y @ x"}[r.Intn(4)]
		if r.Intn(4) == 0 {
			op = []string{"torch.mm(x, y)", "torch.bmm(x, y)", "torch.mv(x, y)", "torch.dot(x, y)", "x.mm(y)"}[r.Intn(5)]
		}
		return "matmul", op
	case 5: // expand
		set("x", stridedTensor(r, x))
		target := relatedShape(r, x)
		for i := range target {
			if r.Intn(6) == 0 {
				target[i] = -1
			}
		}
		if r.Intn(2) == 0 {
			return "expand", fmt.Sprintf("x.expand(%s)", intsArg(target))
		}
		return "expand", fmt.Sprintf("x.expand(%s)", fmtTuple(target))
	case 6: // broadcast_to, expand_as
		set("x", stridedTensor(r, x))
		set("y", tensor.Empty(relatedShape(r, x), tensor.Float32))
		if r.Intn(2) == 0 {
			return "expand", "x.expand_as(y)"
		}
		return "expand", fmt.Sprintf("torch.broadcast_to(x, %s)", fmtTuple(relatedShape(r, x)))
	case 7, 8: // view and reshape
		set("x", stridedTensor(r, x))
		sizes := viewSizes(r, tensor.Numel(x))
		f := []string{"x.view(%s)", "x.reshape(%s)", "x.view(%s)", "torch.reshape(x, %s)"}[r.Intn(4)]
		arg := fmtTuple(sizes)
		if strings.HasPrefix(f, "x.") && r.Intn(2) == 0 && len(sizes) > 0 {
			arg = intsArg(sizes)
		}
		return "view", fmt.Sprintf(f, arg)
	default: // flatten, cdist, gather, scatter
		set("x", stridedTensor(r, x))
		if r.Intn(3) == 0 {
			// index values (0) must be in range: the explainer does not
			// look at values
			for i := range x {
				x[i] = max(x[i], 1)
			}
			set("x", stridedTensor(r, x))
			ix := relatedShape(r, x)
			if r.Intn(3) != 0 {
				ix = slices.Clone(x)
				for i := range ix {
					ix[i] = r.Intn(ix[i] + 1)
				}
			}
			it := tensor.Full(ix, tensor.IntS(0), tensor.Int64)
			if r.Intn(8) == 0 {
				it = tensor.Full(ix, tensor.IntS(0), tensor.Float32)
			}
			set("i", it)
			set("y", tensor.Empty(relatedShape(r, x), []tensor.DType{tensor.Float32, tensor.Float32, tensor.Float64}[r.Intn(3)]))
			d := r.Intn(2*max(len(x), 1)) - max(len(x), 1)
			f := []string{"x.gather(%d, i)", "torch.gather(x, %d, i)", "x.scatter(%d, i, y)", "x.scatter_add(%d, i, y)", "x.scatter(%d, i, 2.0)", "torch.scatter(x, %d, i, y)"}[r.Intn(6)]
			return "gather", fmt.Sprintf(f, d)
		}
		if r.Intn(3) == 0 {
			y := relatedShape(r, x)
			set("y", tensor.Empty(y, tensor.Float32))
			n := r.Intn(3)
			if r.Intn(2) == 0 {
				return "tensordot", fmt.Sprintf("torch.tensordot(x, y, dims=%d)", n)
			}
			da, db := make([]int, n), make([]int, n)
			for i := range da {
				da[i], db[i] = r.Intn(5)-2, r.Intn(5)-2
			}
			if r.Intn(6) == 0 {
				db = append(db, 0)
			}
			return "tensordot", fmt.Sprintf("torch.tensordot(x, y, dims=(%s, %s))", fmtTuple(da), fmtTuple(db))
		}
		if r.Intn(2) == 0 && len(x) >= 2 {
			y := relatedShape(r, x)
			if len(y) < 2 {
				y = append([]int{2}, y...)
			}
			set("y", tensor.Empty(y, tensor.Float32))
			return "cdist", "torch.cdist(x, y)"
		}
		n := max(len(x), 1)
		a, b := r.Intn(n), r.Intn(n)
		return "flatten", fmt.Sprintf("x.flatten(%d, %d)", min(a, b), max(a, b))
	}
}

// randShape is a shape of up to maxDims dims, sizes 0 to 3 (mostly 1 to 3).
func randShape(r *rand.Rand, maxDims int) []int {
	s := make([]int, r.Intn(maxDims+1))
	for i := range s {
		s[i] = 1 + r.Intn(3)
		if r.Intn(12) == 0 {
			s[i] = 0
		}
	}
	return s
}

// relatedShape is a shape that often, but not always, broadcasts with s:
// some dims dropped from the front or added, some sizes replaced by 1 or
// by another size.
func relatedShape(r *rand.Rand, s []int) []int {
	out := slices.Clone(s)
	if len(out) > 0 && r.Intn(3) == 0 {
		out = out[r.Intn(len(out)+1):]
	}
	for r.Intn(4) == 0 {
		out = append([]int{1 + r.Intn(3)}, out...)
	}
	for i := range out {
		switch r.Intn(8) {
		case 0, 1:
			out[i] = 1
		case 2:
			out[i] = r.Intn(4)
		}
	}
	return out
}

// matmulShapes are operand shapes of 0 to 4 dims whose matrix dims agree
// three times in four.
func matmulShapes(r *rand.Rand) (a, b []int) {
	a, b = randShape(r, 4), randShape(r, 4)
	if len(a) > 0 && len(b) > 0 && r.Intn(4) != 0 {
		k := len(b) - 1
		if len(b) >= 2 {
			k = len(b) - 2
		}
		b[k] = a[len(a)-1]
	}
	if len(a) > 2 && len(b) > 2 && r.Intn(2) == 0 {
		// related batch dims
		bb := relatedShape(r, a[:len(a)-2])
		b = append(bb, b[len(b)-2:]...)
	}
	return a, b
}

// stridedTensor is a tensor of the given shape, contiguous or not:
// transposed, sliced with a step, or expanded.
func stridedTensor(r *rand.Rand, shape []int) *tensor.Tensor {
	n := len(shape)
	switch r.Intn(4) {
	case 1:
		if n >= 2 {
			sw := slices.Clone(shape)
			i, j := r.Intn(n), r.Intn(n)
			sw[i], sw[j] = sw[j], sw[i]
			return tensor.Empty(sw, tensor.Float32).Transpose(i, j)
		}
	case 2:
		if n >= 1 {
			d := r.Intn(n)
			big := slices.Clone(shape)
			big[d] = shape[d] * 2
			return tensor.Empty(big, tensor.Float32).SliceDim(d, 0, big[d], 2)
		}
	case 3:
		if n >= 1 {
			d := r.Intn(n)
			one := slices.Clone(shape)
			one[d] = 1
			return tensor.Empty(one, tensor.Float32).Expand(shape)
		}
	}
	return tensor.Empty(shape, tensor.Float32)
}

// viewSizes are sizes for a view of numel elements: a random split, at
// times with a -1, and at times wrong.
func viewSizes(r *rand.Rand, numel int) []int {
	var sizes []int
	rest := numel
	for rest > 1 && len(sizes) < 4 {
		f := 1 + r.Intn(3)
		if rest%f != 0 {
			f = rest
		}
		sizes = append(sizes, f)
		rest /= f
	}
	if rest != 1 || numel == 0 {
		sizes = append(sizes, rest)
	}
	for r.Intn(3) == 0 {
		sizes = slices.Insert(sizes, r.Intn(len(sizes)+1), 1)
	}
	switch r.Intn(8) {
	case 0, 1:
		if len(sizes) > 0 {
			sizes[r.Intn(len(sizes))] = -1
		}
	case 2:
		if len(sizes) > 0 {
			sizes[r.Intn(len(sizes))] += 1
		}
	case 3:
		sizes = append(sizes, -1, -1)[:len(sizes)+r.Intn(3)]
	case 4:
		if len(sizes) > 0 {
			sizes[r.Intn(len(sizes))] = -2
		}
	}
	return sizes
}

// intsArg is "2, 3" (sizes as separate arguments).
func intsArg(sizes []int) string {
	return strings.Trim(fmtTuple(sizes), "(),")
}

// explainPrediction is what %explain predicts for src: "shape [..] strides
// (..)" or "error: ..." (problem is set when it predicts nothing).
func explainPrediction(s *eval.Session, src string) (prediction, problem string) {
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		return "", err.Error()
	}
	ex := newExplainer(s, src)
	defer s.SetSource(src)()
	var res aval
	var done bool
	if e := s.Guard(func() { _, res, done = ex.explainStmt(stmts[0]) }); e != nil {
		return "", "explain raised " + e.Error()
	}
	for _, st := range ex.steps {
		if st.err != nil {
			return "error: " + st.err.Error(), ""
		}
	}
	if ex.evalErr != nil {
		return "error: " + ex.evalErr.Error(), ""
	}
	if !done || !res.isTensor() {
		return "", "no prediction: " + strings.Join(ex.notes, "; ")
	}
	return driftResult(res.t.shape, res.t.stridesOr()), ""
}

// runForReal runs src and describes its result as explainPrediction does.
func runForReal(s *eval.Session, src string) string {
	target := "x" // x op= y
	if stmts, _ := lang.Parse(src, 1); len(stmts) == 1 {
		if _, isExpr := stmts[0].(*lang.ExprStmt); isExpr {
			src = "_r = " + src
			target = "_r"
		}
	}
	if e := s.Exec(src, 1); e != nil {
		return "error: " + e.Error()
	}
	v, _ := s.Lookup(target)
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return fmt.Sprintf("a %T", v)
	}
	return driftResult(t.Shape(), t.Strides())
}

func driftResult(shape, strides []int) string {
	return fmt.Sprintf("shape %s strides %s", fmtShape(shape), fmtTuple(strides))
}
