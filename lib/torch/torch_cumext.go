package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// cummax, cummin and unique_consecutive.

var (
	cummaxSigs = newArgParser("cummax(Tensor input, int64_t dim, *, TensorList[2] out=None)")
	cumminSigs = newArgParser("cummin(Tensor input, int64_t dim, *, TensorList[2] out=None)")
	uniqCSigs  = newArgParser("unique_consecutive(Tensor input, bool return_inverse=False, bool return_counts=False, int64_t? dim=None)")
)

func init() {
	for _, n := range []string{"cummax", "cummin", "unique_consecutive"} {
		gradUnsupported[n] = true
	}
	laReturnTypes["cummax"] = []string{"values", "indices"}
	laReturnTypes["cummin"] = []string{"values", "indices"}
	for _, max := range []bool{true, false} {
		name, sigs := "cummax", cummaxSigs
		if !max {
			name, sigs = "cummin", cumminSigs
		}
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc | eval.TensorMethod, Sig: name + "(input, dim) -> (Tensor values, Tensor indices)",
			Doc: "The running " + name[3:] + "imum along dim and where it was reached (the latest index among equals; a NaN, once met, stays).",
			Fn: func(a *eval.Args) eval.Value {
				r := sigs.parse(a)
				v, i := cumExtreme(r.tensor("input"), r.int("dim", 0), max)
				return laTuple(name, v, i)
			}})
	}
	eval.RegisterTorch(&eval.Builtin{Name: "unique_consecutive", Kind: eval.TorchFunc | eval.TensorMethod,
		Sig: "unique_consecutive(input, return_inverse=False, return_counts=False, dim=None) -> Tensor or tuple",
		Doc: "Collapses each run of equal consecutive elements (or slices along dim) to one; with the run each element belongs to (return_inverse) and the runs' lengths (return_counts).",
		Fn: func(a *eval.Args) eval.Value {
			r := uniqCSigs.parse(a)
			t := r.tensor("input")
			var dim *int
			if r.has("dim") && r.val("dim") != eval.Value(eval.None) {
				d := tensor.WrapDim(r.int("dim", 0), t.Dim())
				dim = &d
			}
			v, inv, cnt := uniqueConsecutive(t, dim)
			inverse, counts := r.bool("return_inverse", false), r.bool("return_counts", false)
			switch {
			case inverse && counts:
				return eval.Tuple{v, inv, cnt}
			case inverse:
				return eval.Tuple{v, inv}
			case counts:
				return eval.Tuple{v, cnt}
			}
			return v
		}})
}

// rowsAlong returns t with dim moved last, as contiguous float64 or int64
// rows (ints compare exactly).
func rowsAlong(t *tensor.Tensor, dim int) (f []float64, i []int64, n int) {
	m := t.Movedim([]int{dim}, []int{t.Dim() - 1}).ContiguousClone()
	n = 1
	if t.Dim() > 0 {
		n = t.Size(dim)
	}
	if t.DType().IsFloat() {
		return tensor.Slice[float64](m.To(tensor.Float64).ContiguousClone().Storage()), nil, n
	}
	return nil, tensor.Slice[int64](m.To(tensor.Int64).ContiguousClone().Storage()), n
}

func cumExtreme(t *tensor.Tensor, dim int, max bool) (values, indices *tensor.Tensor) {
	if t.Dim() == 0 {
		dim = 0
		t = t.Unsqueeze(0)
		defer func() { values, indices = values.SqueezeDim(0), indices.SqueezeDim(0) }()
	}
	dim = tensor.WrapDim(dim, t.Dim())
	f, iv, n := rowsAlong(t, dim)
	total := t.Numel()
	idx := make([]int64, total)
	for row := 0; n > 0 && row < total/n; row++ {
		best := int64(0)
		for k := 0; k < n; k++ {
			p := row*n + k
			if k > 0 {
				b := row*n + int(best)
				if f != nil {
					x, o := f[p], f[b]
					if math.IsNaN(x) || (!math.IsNaN(o) && ((max && x >= o) || (!max && x <= o))) {
						best = int64(k)
					}
				} else if (max && iv[p] >= iv[b]) || (!max && iv[p] <= iv[b]) {
					best = int64(k)
				}
			}
			idx[p] = best
		}
	}
	moved := t.Movedim([]int{dim}, []int{t.Dim() - 1})
	indices = tensor.FromSlice(idx, moved.Shape()...).Movedim([]int{t.Dim() - 1}, []int{dim}).ContiguousClone()
	return tensor.Gather(t, dim, indices), indices
}

func uniqueConsecutive(t *tensor.Tensor, dim *int) (values, inverse, counts *tensor.Tensor) {
	src, d := t.Reshape([]int{-1}), 0
	if dim != nil {
		src, d = t, *dim
	}
	n := 0
	if src.Dim() > 0 {
		n = src.Size(d)
	}
	slices := src.Movedim([]int{d}, []int{0}).ContiguousClone()
	width := 1
	if n > 0 {
		width = slices.Numel() / n
	}
	f, iv, _ := rowsAlong(slices.Reshape([]int{n, width}), 0)
	// rowsAlong moved dim 0 last: element j of slice k is at j*n + k
	same := func(a, b int) bool {
		for j := 0; j < width; j++ {
			if f != nil {
				if f[j*n+a] != f[j*n+b] {
					return false
				}
			} else if iv[j*n+a] != iv[j*n+b] {
				return false
			}
		}
		return true
	}
	var starts, cnt []int64
	inv := make([]int64, n)
	for k := 0; k < n; k++ {
		if k == 0 || !same(k-1, k) {
			starts = append(starts, int64(k))
			cnt = append(cnt, 0)
		}
		cnt[len(cnt)-1]++
		inv[k] = int64(len(starts) - 1)
	}
	values = tensor.IndexSelect(src, d, tensor.FromSlice(starts, len(starts)))
	inverse = tensor.FromSlice(inv, n)
	if dim == nil {
		inverse = inverse.Reshape(append([]int{}, t.Shape()...))
	}
	return values, inverse, tensor.FromSlice(cnt, len(cnt))
}
