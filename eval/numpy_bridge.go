package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The NumPy bridge: torch.from_numpy(a) and t.numpy() share the storage
// (a write through one is seen through the other); torch.tensor(a) and
// np.array(t) copy; NumPy scalars act as Python numbers in tensor
// arithmetic and as 0-d arrays in torch.tensor.

// tensorToND is t.numpy(): an array viewing t's storage.
func tensorToND(t *tensor.Tensor) *NDArray {
	if t.DType() == tensor.BFloat16 {
		throw("TypeError", errNPTorchScalarType, "BFloat16")
	}
	if t.Device().Type != "cpu" {
		throw("TypeError", "can't convert %s device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.", t.Device().String())
	}
	return newND(tensor.FromStorage(t.Storage(), t.Offset(), append([]int{}, t.Shape()...), append([]int{}, t.Strides()...)))
}

// ndToTensor is torch.from_numpy(a): a tensor viewing a's storage.
func ndToTensor(a *NDArray) *tensor.Tensor {
	for _, s := range a.t.Strides() {
		if s < 0 {
			throw("ValueError", errNPNegativeStrides)
		}
	}
	return tensor.FromStorage(a.t.Storage(), a.t.Offset(), append([]int{}, a.shape()...), append([]int{}, a.t.Strides()...))
}

// npTorchOperand is what tensor arithmetic makes of an NDArray: a NumPy
// scalar is a Python number, an array a tensor sharing its storage.
func npTorchOperand(a *NDArray) tensor.Operand {
	if a.scalar {
		v := a.item()
		switch {
		case a.dtype() == tensor.Bool:
			return tensor.ScalarOperand(tensor.BoolS(v.Bool()))
		case a.dtype().IsFloat():
			return tensor.ScalarOperand(tensor.FloatS(v.Float()))
		}
		return tensor.ScalarOperand(tensor.IntS(v.Int()))
	}
	return tensor.TensorOperand(ndToTensor(a))
}

func init() {
	register(&Builtin{Name: "from_numpy", Kind: TorchFunc,
		Sig: "from_numpy(ndarray) -> Tensor",
		Doc: "A tensor that shares the NumPy array's memory: writes through either are seen by the other.",
		Fn: func(a *Args) Value {
			var v Value
			a.Unpack("ndarray", &v)
			nd, ok := v.(*NDArray)
			if !ok || nd.scalar {
				throw("TypeError", errNPFromNumpyType, TypeName(v))
			}
			return ndToTensor(nd)
		}})
	register(&Builtin{Name: "numpy", Kind: TensorMethod,
		Sig: "numpy() -> numpy.ndarray",
		Doc: "The tensor as a NumPy array sharing its memory.",
		Fn: func(a *Args) Value {
			var t *tensor.Tensor
			var force bool
			a.Unpack("self", &t, "$force?", &force)
			if force {
				return tensorToND(t.Contiguous().Clone())
			}
			return tensorToND(t)
		}})
}

// npPyNumber converts a NumPy scalar (or 0-d array) to the Python number
// PyTorch reads from it; other values pass through.
func npPyNumber(v Value) Value {
	a, ok := v.(*NDArray)
	if !ok || a.ndim() != 0 {
		return v
	}
	return scalarValue(a.item(), a.dtype())
}

// npTensorData is what torch.tensor/as_tensor make of an ndarray: a
// tensor sharing its storage (torch.tensor then copies it).
func npTensorData(v Value) Value {
	a, ok := v.(*NDArray)
	if !ok {
		return v
	}
	if a.cContiguous() || !npHasNegativeStride(a) {
		return ndToTensor(a)
	}
	return ndToTensor(a.copyAs(a.dtype()))
}

func npHasNegativeStride(a *NDArray) bool {
	for _, s := range a.t.Strides() {
		if s < 0 {
			return true
		}
	}
	return false
}
