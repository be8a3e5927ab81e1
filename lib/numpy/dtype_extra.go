package numpy

import (
	"strconv"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy's dtypes that PyTorch 1.13 refuses (uint16, uint32, uint64, str)
// and their text.

// npIntText is an integer element as NumPy prints it (uint64 elements
// carry their bits in the Scalar's int64).
func npIntText(v tensor.Scalar, d tensor.DType) string {
	if d == tensor.Uint64 {
		return strconv.FormatUint(tensor.ScalarUint64(v), 10)
	}
	return strconv.FormatInt(v.Int(), 10)
}

// npTorchDTypeCheck raises PyTorch's TypeError (torch/csrc/utils/
// tensor_numpy.cpp, numpy_dtype_to_aten) for the array dtypes torch has no
// tensors of.
func npTorchDTypeCheck(a *NDArray) {
	if !a.dtype().IsTorch() && !a.dtype().IsComplex() {
		eval.Throw("TypeError", errNPTorchConvert, npNames[a.dtype()])
	}
}

// npUint64Guard raises for a uint64 array holding values of 2**63 and
// above where tensh would compute on them: its elements travel as int64
// bits, which arithmetic, comparisons and conversions would misread.
func npUint64Guard(a *NDArray) {
	if a == nil || a.dtype() != tensor.Uint64 {
		return
	}
	big := false
	st := a.t.Storage()
	a.t.ForEach(func(off int) { big = big || st.Get(off).I < 0 })
	if big {
		eval.Throw("TypeError", errNPUint64Big)
	}
}
