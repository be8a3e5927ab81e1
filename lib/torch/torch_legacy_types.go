package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.FloatTensor and its siblings as types: isinstance(x,
// torch.FloatTensor) tells whether x is a CPU tensor of that dtype (as
// PyTorch's tensortype metaclass answers), type(torch.FloatTensor) is
// torch.tensortype, and the classes have dtype, is_cuda and is_sparse.

func init() {
	for _, d := range []tensor.DType{tensor.Float32, tensor.Float64, tensor.Float16, tensor.BFloat16,
		tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64, tensor.Bool} {
		eval.ClassAttrs[tensor.LegacyTypeName(d, tensor.CPU)] = map[string]eval.Value{
			"dtype": eval.DTypeValue{D: d}, "is_cuda": eval.Bool(false), "is_sparse": eval.Bool(false),
		}
	}
}

// isLegacyInstance is isinstance(v, c) for c one of the legacy tensor
// types (ok false when c is not one).
func isLegacyInstance(v eval.Value, c *eval.Class) (is, ok bool) {
	d, ok := legacyClassDType(c)
	if !ok {
		return false, false
	}
	t, isT := v.(*tensor.Tensor)
	return isT && t.DType() == d && t.Device() == tensor.CPU, true
}

// isLegacyClass tells whether c is one of the legacy tensor types.
func isLegacyClass(c *eval.Class) bool {
	_, ok := legacyClassDType(c)
	return ok
}
