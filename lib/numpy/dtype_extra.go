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
