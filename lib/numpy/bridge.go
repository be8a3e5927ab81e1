package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The NumPy bridge: torch.from_numpy(a) and t.numpy() share the storage
// (a write through one is seen through the other); torch.tensor(a) and
// np.array(t) copy; NumPy scalars act as Python numbers in tensor
// arithmetic and as 0-d arrays in torch.tensor.

// tensorToND is t.numpy(): an array viewing t's storage.
func tensorToND(t *tensor.Tensor) *NDArray {
	// PyTorch's order (tensor_to_numpy in tensor_numpy.cpp): the device,
	// then grad, then the dtype.
	if t.Device().Type != "cpu" {
		eval.Throw("TypeError", errNPDeviceTensor, t.Device().String())
	}
	if autograd.GradEnabled() && autograd.RequiresGrad(t) {
		eval.Throw("RuntimeError", errNPRequiresGrad)
	}
	if t.DType() == tensor.BFloat16 {
		eval.Throw("TypeError", errNPTorchScalarType, "BFloat16")
	}
	a := newND(tensor.FromStorage(t.Storage(), t.Offset(), append([]int{}, t.Shape()...), append([]int{}, t.Strides()...)))
	a.borrowed = true
	return a
}

// ndToTensor is torch.from_numpy(a): a tensor viewing a's storage.
func ndToTensor(a *NDArray) *tensor.Tensor {
	npTorchDTypeCheck(a)
	for _, s := range a.t.Strides() {
		if s < 0 {
			eval.Throw("ValueError", errNPNegativeStrides)
		}
	}
	// PyTorch wraps the array's data pointer: the tensor's storage starts
	// at the array's first element.
	return tensor.FromStorage(a.t.Storage().Suffix(a.t.Offset()), 0, append([]int{}, a.shape()...), append([]int{}, a.t.Strides()...))
}

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "from_numpy", Kind: eval.TorchFunc,
		Sig: "from_numpy(ndarray) -> Tensor",
		Doc: "A tensor that shares the NumPy array's memory: writes through either are seen by the other.",
		Fn: func(a *eval.Args) eval.Value {
			var v eval.Value
			a.Unpack("ndarray", &v)
			if sa, ok := v.(*StrArray); ok {
				sa.TorchTensor() // PyTorch's TypeError
			}
			nd, ok := v.(*NDArray)
			if !ok || nd.scalar {
				eval.Throw("TypeError", errNPFromNumpyType, eval.TypeName(v))
			}
			t := ndToTensor(nd)
			if nd.readonly {
				a.Session().Warn("UserWarning", errNPNotWritable)
			}
			return t
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "numpy", Kind: eval.TensorMethod,
		Sig: "numpy() -> numpy.ndarray",
		Doc: "The tensor as a NumPy array sharing its memory.",
		Fn: func(a *eval.Args) eval.Value {
			var t *tensor.Tensor
			var force bool
			a.Unpack("self", &t, "$force?", &force)
			if force {
				return tensorToND(t.Contiguous().Clone())
			}
			return tensorToND(t)
		}})
}

// PyNumber is the Python number a NumPy scalar stands for in tensor
// arithmetic and torch.tensor's data.
func (a *NDArray) PyNumber() (eval.Value, bool) {
	if !a.scalar {
		return nil, false
	}
	return scalarValue(a.item(), a.dtype()), true
}

// TorchTensor is the tensor torch.tensor and torch.as_tensor read an
// array (or scalar) as: one sharing its storage (PyTorch's ValueError for
// a negative stride, which tensors cannot have).
func (a *NDArray) TorchTensor() *tensor.Tensor { return ndToTensor(a) }

// IndexWarning is np.bool_.__index__'s DeprecationWarning (PyTorch calls
// __index__ where it stores the scalar into a bool tensor).
func (a *NDArray) IndexWarning() (string, string, bool) {
	return "DeprecationWarning", errNPBoolScalarIndex, a.scalar && a.dtype() == tensor.Bool
}
