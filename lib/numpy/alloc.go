package numpy

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// npEmpty allocates an array's storage as NumPy does: its ValueError for
// a size past the address space, its _ArrayMemoryError (with the size as
// _size_to_string writes it) past the memory cap.
func npEmpty(shape []int, d tensor.DType) *tensor.Tensor {
	npCheckAlloc(shape, d, 0)
	return tensor.Empty(shape, d)
}

// npCheckAlloc raises npEmpty's errors for an array of the given shape
// and dtype, with extra bytes of scratch memory beside it.
func npCheckAlloc(shape []int, d tensor.DType, extra int) {
	n := uint64(1)
	over := false
	for _, s := range shape {
		hi, lo := bits.Mul64(n, uint64(s))
		if hi != 0 || lo > math.MaxInt64 {
			over = true
		}
		n = lo
	}
	hi, b := bits.Mul64(n, uint64(d.ItemSize()))
	if !over && (hi != 0 || b > math.MaxInt64) {
		over = true
	}
	if over {
		for _, s := range shape {
			if s == 0 {
				over = false
			}
		}
		if over {
			eval.Throw("ValueError", errNPTooBig)
		}
	}
	if need := int64(b) + int64(extra); need < int64(b) || !tensor.HaveMemory(need) {
		eval.Throw("numpy.core._exceptions._ArrayMemoryError", errNPAllocate, npSizeString(b), eval.Repr(shapeTuple(shape)), npNames[d])
	}
}

// npSizeString is numpy's _size_to_string: bytes in binary units, 3
// significant figures.
func npSizeString(b uint64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := max(bits.Len64(b)-1, 1) / 10
	n := float64(b) / float64(uint64(1)<<(10*i))
	if math.RoundToEven(n) == 1024 {
		i++
		n /= 1024
	}
	switch {
	case i == 0:
		return fmt.Sprintf("%.0f %s", n, units[0])
	case math.RoundToEven(n) < 1000:
		return eval.Format(eval.Float(n), "#.3g") + " " + units[i]
	}
	return eval.Format(eval.Float(n), "#.0f") + " " + units[i]
}
