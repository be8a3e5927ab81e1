package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The torch bindings are the core's tensor library (see Tensors).
func init() {
	eval.Tensors = eval.TensorHooks{
		Binary: func(s *eval.Session, op lang.Op, x, y eval.Value) eval.Value {
			return onDeviceOf(s, op.String(), func() eval.Value { return tensorBinary(s, op, x, y) }, x, y) // device_gpu.go
		},
		Compare: func(s *eval.Session, op lang.Op, x, y eval.Value) eval.Value {
			complexGuard(op.String(), x, y) // complex_tensor.go
			return onDeviceOf(s, op.String(), func() eval.Value { return tensorCompare(s, op, x, y) }, x, y)
		},
		Unary: func(s *eval.Session, op lang.Op, t *tensor.Tensor) eval.Value {
			complexGuard("unary "+op.String(), t)
			return onDeviceOf(s, op.String(), func() eval.Value { return tensorUnary(s, op, t) }, t)
		},
		Inplace: tensorInplace,
		Equal: func(s *eval.Session, t *tensor.Tensor, x eval.Value) eval.Value {
			return tensorCompare(s, lang.Eq, t, x)
		},
		GetItem: func(s *eval.Session, t *tensor.Tensor, idx eval.Value) eval.Value {
			complexGuard("indexing", t)
			return onDeviceOf(s, "[]", func() eval.Value { return tensorGetItem(s, t, idx) }, t, idx)
		},
		SetItem: func(s *eval.Session, t *tensor.Tensor, idx, v eval.Value) {
			complexGuard("item assignment", t, v)
			tensorSetItem(s, t, idx, v)
		},
		StorageGetItem: storageGetItem,
		StorageSetItem: storageSetItem,
		Select:         tensorSelect,
		Iterated:       gradIter,
		CallBuiltin: func(s *eval.Session, f *eval.Builtin, a *eval.Args) eval.Value {
			if gpuSeen { // device_gpu.go
				return deviceCall(s, f, a, func() eval.Value { return callBuiltinGrad(s, f, a) })
			}
			return callBuiltinGrad(s, f, a)
		},
		CheckCall: complexCallGuard,
		Check:     complexGuard,
		ClassType: func(c *eval.Class) (string, bool) {
			if isLegacyClass(c) {
				return "torch.tensortype", true
			}
			return "", false
		},
		IsInstance:  isLegacyInstance,
		Cause:       deviceCause,
		ScalarType:  func(v eval.Value) tensor.DType { return inferScalarType(v, 0) },
		KwargsOrder: kwargsOrder,
		Namespace:   newTorchModule,
		Reference:   torchReference,
	}
}

// Call is the decorator form of a grad-mode context manager:
// @torch.no_grad() def f(...).
func (c *gradModeCM) Call(s *eval.Session, a *eval.Args) eval.Value { return c.decorate(s, a) }

// callBuiltinGrad runs a builtin, through autograd when it needs it.
func callBuiltinGrad(s *eval.Session, f *eval.Builtin, a *eval.Args) eval.Value {
	if gradHook(f.Name, a) {
		return gradCall(s, f, a)
	}
	return eval.OrNone(f.Fn(a))
}
