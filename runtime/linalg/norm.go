package linalg

import (
	"math"
	"time"

	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"github.com/tensh/tensh/runtime/tensor"
)

// NuclearNorm is torch.norm(t, p='nuc', dim=dims, keepdim): the sum of the
// singular values of each matrix that the two dims span (dims nil: t must
// be a matrix), as ATen's nuclear_norm computes it with linalg.svdvals.
// The singular values come from LAPACK's dgesvd (gonum's port) in float64
// and the sums are rounded to t's dtype.
func NuclearNorm(t *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	nd := t.Dim()
	if dims == nil {
		if nd != 2 {
			plural := "s"
			if nd == 1 {
				plural = ""
			}
			raise(errNucMatrix, nd, plural)
		}
		dims = []int{0, 1}
	}
	if len(dims) != 2 {
		raise(errNucDims)
	}
	d0, d1 := tensor.WrapDim(dims[0], nd), tensor.WrapDim(dims[1], nd)
	if d0 == d1 {
		raise(errNucDimsInvalid)
	}
	if !t.DType().IsFloat() {
		raise(errSvdDType, t.DType().ScalarName())
	}
	// The batch dims in order, then the matrix's.
	var perm, oshape []int
	for i, n := range t.Shape() {
		switch {
		case i != d0 && i != d1:
			perm = append(perm, i)
			oshape = append(oshape, n)
		case keepdim:
			oshape = append(oshape, 1)
		}
	}
	perm = append(perm, d0, d1)
	rows, cols := t.Size(d0), t.Size(d1)
	p := t.Permute(perm).Contiguous().To(tensor.Float64)
	data := p.Storage().Data().([]float64)[p.Offset():]
	sums := make([]float64, tensor.Numel(oshape))
	if rows > 0 && cols > 0 {
		sv := newSVDValues(rows, cols)
		for b := range sums {
			sums[b] = sv.sum(data[b*rows*cols : (b+1)*rows*cols])
		}
	}
	return tensor.FromSlice(sums, oshape...).To(t.DType())
}

// svdValues computes the singular values of rows×cols matrices with
// dgesvd, reusing its buffers.
type svdValues struct {
	rows, cols int
	a, s, work []float64
}

func newSVDValues(rows, cols int) *svdValues {
	tensor.CheckAllocBytes(int64(rows) * int64(cols) * 8)
	v := &svdValues{rows: rows, cols: cols, a: make([]float64, rows*cols), s: make([]float64, min(rows, cols))}
	var q [1]float64
	gonum.Implementation{}.Dgesvd(lapack.SVDNone, lapack.SVDNone, rows, cols, v.a, cols, v.s, nil, 1, nil, 1, q[:], -1)
	v.work = make([]float64, int(q[0]))
	return v
}

// sum is the sum of the singular values of the row-major matrix m. Like
// LAPACK, which rejects NaN input (PyTorch's error), and lets infinities
// through (a NaN result). The decomposition runs on its own goroutine
// while this one polls for Ctrl-C: dgesvd cannot be stopped midway, so an
// interrupted one finishes in the background, on buffers no one else sees.
func (v *svdValues) sum(m []float64) float64 {
	for _, x := range m {
		if x != x {
			tensor.Raise(tensor.LinAlgError, errSvdNonFinite)
		}
		if math.IsInf(x, 0) {
			return math.NaN()
		}
	}
	tensor.CheckInterrupt()
	a, s, work := v.a, v.s, v.work
	copy(a, m)
	done := make(chan any, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- r
			}
		}()
		done <- gonum.Implementation{}.Dgesvd(lapack.SVDNone, lapack.SVDNone, v.rows, v.cols, a, v.cols, s, nil, 1, nil, 1, work, len(work))
	}()
	r := waitPolling(done)
	if ok, isBool := r.(bool); !isBool {
		panic(r)
	} else if !ok {
		tensor.Raise(tensor.LinAlgError, errSvdConverge)
	}
	total := 0.0
	for _, x := range s {
		total += x
	}
	return total
}

// waitPolling returns the value sent on done, polling for Ctrl-C every few
// milliseconds while it waits.
func waitPolling(done <-chan any) any {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case r := <-done:
			return r
		case <-tick.C:
			tensor.CheckInterrupt()
		}
	}
}
