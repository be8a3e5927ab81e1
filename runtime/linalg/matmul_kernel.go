package linalg

import (
	"runtime"

	"github.com/tensh/tensh/runtime/tensor"
	"gonum.org/v1/gonum/blas/gonum"
)

// Matrix product kernels.
//
// PyTorch 1.13 on Debian multiplies float and double matrices with the
// reference BLAS (sgemm/dgemm/sgemv/sdot of libblas3). Whatever the
// transposition flags, the reference routines compute every element of the
// result as one running sum over the contracted index, in increasing
// order, with a rounding after every product and every addition (no fused
// multiply-add) and no skipping of zero factors (NaN and Inf propagate).
// The kernels here produce exactly those sums; they reorder only the loops
// around them, for the caches.
//
// Reference loop: c[i][j] = 0; for l := range k { c[i][j] += a[i][l] * b[l][j] }.

// matView is a 2-d operand: element (i, j) at off + i*rs + j*cs.
type matView struct {
	off, rs, cs int
}

// gemmFloat computes c = a·b for an m×k a and a k×n b whose rows are
// contiguous (cs == 1), into the m×n rows of c (row stride ldc, from
// cOff). c need not be cleared.
//
// Row i of c is built as c[i,:] += a[i,l]·b[l,:] for l in increasing
// order: gonum's axpy kernels (SSE multiply, then add: no fused
// multiply-add) keep every element's running sum in the reference order.
func gemmFloat[T float32 | float64](m, n, k int, a []T, av matView, b []T, bv matView, c []T, cOff, ldc int) {
	const kBlock = 128
	if n == 1 {
		// Matrix times vector: one running dot product per row.
		parallelRows(m, k, func(i0, i1 int) {
			for i := i0; i < i1 && !tensor.Interrupted(); i++ {
				ar := a[av.off+i*av.rs : av.off+i*av.rs+k]
				var acc T
				for l, x := range ar {
					acc = acc + T(x*b[bv.off+l*bv.rs])
				}
				c[cOff+i*ldc] = acc
			}
		})
		return
	}
	if useBlockedGemm(m, n, k) {
		gemmBlocked(m, n, k, a, av, b, bv, c, cOff, ldc)
		return
	}
	axpy := axpyFunc[T]()
	rowsBlock := func(i0, i1 int) {
		for i := i0; i < i1; i++ {
			clear(c[cOff+i*ldc : cOff+i*ldc+n])
		}
		for l0 := 0; l0 < k && !tensor.Interrupted(); l0 += kBlock {
			l1 := min(l0+kBlock, k)
			for i := i0; i < i1 && !tensor.Interrupted(); i++ {
				ci := c[cOff+i*ldc : cOff+i*ldc+n]
				ar := av.off + i*av.rs
				for l := l0; l < l1; l++ {
					br := b[bv.off+l*bv.rs : bv.off+l*bv.rs+n]
					if x := a[ar+l]; x != 0 {
						axpy(x, br, ci)
						continue
					}
					// BLAS axpy skips a zero factor; the reference GEMM
					// does not (0·Inf and 0·NaN are NaN).
					for j, y := range br {
						ci[j] = ci[j] + T(0*y)
					}
				}
			}
		}
	}
	parallelRows(m, n*k, rowsBlock)
}

// axpyFunc returns y += alpha·x for the element type T.
func axpyFunc[T float32 | float64]() func(alpha T, x, y []T) {
	var z T
	switch any(z).(type) {
	case float32:
		f := func(alpha float32, x, y []float32) { blas.Saxpy(len(x), alpha, x, 1, y, 1) }
		return any(f).(func(T, []T, []T))
	default:
		f := func(alpha float64, x, y []float64) { blas.Daxpy(len(x), alpha, x, 1, y, 1) }
		return any(f).(func(T, []T, []T))
	}
}

// blas is gonum's pure-Go BLAS (assembly kernels on amd64).
var blas gonum.Implementation

// gemmInt computes c = a·b for integer types, wrapping as C++ does.
func gemmInt[T int8 | uint8 | int16 | int32 | int64](m, n, k int, a []T, av matView, b []T, bv matView, c []T, cOff, ldc int) {
	parallelRows(m, n*k, func(i0, i1 int) {
		for i := i0; i < i1 && !tensor.Interrupted(); i++ {
			ci := c[cOff+i*ldc : cOff+i*ldc+n]
			clear(ci)
			ar := av.off + i*av.rs
			for l := 0; l < k; l++ {
				a0 := a[ar+l]
				br := b[bv.off+l*bv.rs : bv.off+l*bv.rs+n]
				for j, x := range br {
					ci[j] += a0 * x
				}
			}
		}
	})
}

// parallelRows splits m rows into chunks for the available CPUs when the
// work (m × perRow multiply-adds) is large enough. Workers stop early on an
// interrupt; parallelRows then raises KeyboardInterrupt on the caller's
// goroutine.
func parallelRows(m, perRow int, fn func(i0, i1 int)) {
	defer tensor.CheckInterrupt()
	workers := runtime.GOMAXPROCS(0)
	if workers <= 1 || m < 8 || m*perRow < 1<<18 {
		fn(0, m)
		return
	}
	chunk := (m + workers - 1) / workers
	chunk = (chunk + 3) &^ 3
	tensor.RunChunks((m+chunk-1)/chunk, func(c int) {
		fn(c*chunk, min((c+1)*chunk, m))
	})
}

// gemmOperand returns t (2-d) as a matrix with contiguous rows, copying it
// when its last dimension is not contiguous.
func gemmOperand(t *tensor.Tensor) (*tensor.Tensor, matView) {
	if t.Strides()[1] == 1 || t.Shape()[1] <= 1 {
		return t, matView{t.Offset(), t.Strides()[0], 1}
	}
	c := t.ContiguousClone()
	return c, matView{0, c.Strides()[0], 1}
}

// gemm2D computes a·b (2-d, same dtype, checked) into the contiguous
// m×n block of out starting at cOff.
func gemm2D(out *tensor.Tensor, cOff int, a, b *tensor.Tensor, bf16Single bool) {
	m, k, n := a.Shape()[0], a.Shape()[1], b.Shape()[1]
	if m == 0 || n == 0 {
		return
	}
	if k == 0 {
		for i := 0; i < m*n; i++ {
			out.Storage().Set(cOff+i, tensor.IntS(0))
		}
		return
	}
	a, av := gemmOperand(a)
	b, bv := gemmOperand(b)
	switch od := out.Storage().Data().(type) {
	case []float32:
		gemmFloat(m, n, k, data[float32](a), av, data[float32](b), bv, od, cOff, n)
	case []float64:
		gemmFloat(m, n, k, data[float64](a), av, data[float64](b), bv, od, cOff, n)
	case []uint8:
		gemmInt(m, n, k, data[uint8](a), av, data[uint8](b), bv, od, cOff, n)
	case []int8:
		gemmInt(m, n, k, data[int8](a), av, data[int8](b), bv, od, cOff, n)
	case []int16:
		gemmInt(m, n, k, data[int16](a), av, data[int16](b), bv, od, cOff, n)
	case []int32:
		gemmInt(m, n, k, data[int32](a), av, data[int32](b), bv, od, cOff, n)
	case []int64:
		gemmInt(m, n, k, data[int64](a), av, data[int64](b), bv, od, cOff, n)
	case []tensor.BF16:
		if !bf16Single {
			gemmBF16PerOp(m, n, k, data[tensor.BF16](a), av, data[tensor.BF16](b), bv, od, cOff, n)
			return
		}
		// oneDNN's bfloat16 GEMM, and PyTorch's own dot-product GEMM
		// (gemm_transa_), accumulate in float and round once.
		af, bf := a.To(tensor.Float32), b.To(tensor.Float32)
		afv := matView{af.Offset(), af.Strides()[0], af.Strides()[1]}
		bfv := matView{bf.Offset(), bf.Strides()[0], bf.Strides()[1]}
		tensor.CheckAlloc(tensor.Float32, m*n)
		tmp := make([]float32, m*n)
		gemmFloat(m, n, k, data[float32](af), afv, data[float32](bf), bfv, tmp, 0, n)
		for i, v := range tmp {
			od[cOff+i] = tensor.BF16FromFloat32(v)
		}
	default:
		panic("linalg: gemm2D of an unsupported dtype")
	}
}

// mkldnnMinSize is PyTorch 1.13's threshold (checksize in Matmul.cpp):
// bfloat16 products with more multiply-adds (m·k·n, and b·m·k·n for bmm)
// go to oneDNN.
const mkldnnMinSize = 16 * 16 * 16

// bf16TransA reports whether addmm_impl_cpu_ hands a bfloat16 product
// a·b to cpublas as gemm(T, N): b column-major and a not, which
// runs gemm_transa_, dot products summed in float. Its other layouts run
// gemm_notrans_ and friends, in bfloat16 arithmetic.
func bf16TransA(a, b *tensor.Tensor) bool {
	m, k := a.Shape()[0], a.Shape()[1]
	as, bs := a.Strides(), b.Strides()
	bCol := bs[0] == 1 && bs[1] >= max(1, k)
	aCol := m > 1 && as[0] == 1 && as[1] >= max(1, m)
	return bCol && !aCol
}

// gemmBF16PerOp is PyTorch's bfloat16 GEMM in bfloat16 arithmetic: every
// element a running sum over the contracted index in increasing order,
// each product and each sum rounded to bfloat16.
//
// Reference loop: c[i][j] = 0; for l := range k { c[i][j] = bf16(c[i][j] + bf16(a[i][l]*b[l][j])) }.
func gemmBF16PerOp(m, n, k int, a []tensor.BF16, av matView, b []tensor.BF16, bv matView, c []tensor.BF16, cOff, ldc int) {
	r := func(x float32) float32 { return tensor.BF16FromFloat32(x).Float32() }
	for i := 0; i < m; i++ {
		tensor.CheckInterrupt()
		for j := 0; j < n; j++ {
			var acc float32
			for l := 0; l < k; l++ {
				x := a[av.off+i*av.rs+l*av.cs].Float32()
				y := b[bv.off+l*bv.rs+j*bv.cs].Float32()
				acc = r(acc + r(x*y))
			}
			c[cOff+i*ldc+j] = tensor.BF16FromFloat32(acc)
		}
	}
}

// data is t's storage as a slice of T (indexed by storage offsets).
func data[T tensor.Elem](t *tensor.Tensor) []T { return tensor.Slice[T](t.Storage()) }
