package torch

import "github.com/tensh/tensh/eval"

// The torch bindings are the core's tensor library (see Tensors).
func init() {
	eval.Tensors = eval.TensorHooks{
		Binary:         tensorBinary,
		Compare:        tensorCompare,
		Unary:          tensorUnary,
		Inplace:        tensorInplace,
		GetItem:        tensorGetItem,
		SetItem:        tensorSetItem,
		StorageGetItem: storageGetItem,
		StorageSetItem: storageSetItem,
		Select:         tensorSelect,
		Iterated:       gradIter,
		CallBuiltin:    callBuiltin,
		KwargsOrder:    kwargsOrder,
		Namespace:      newTorchModule,
		Reference:      torchReference,
	}
}

// Call is the decorator form of a grad-mode context manager:
// @torch.no_grad() def f(...).
func (c *gradModeCM) Call(s *eval.Session, a *eval.Args) eval.Value { return c.decorate(s, a) }

// callBuiltin runs a builtin, through autograd when it needs it.
func callBuiltin(s *eval.Session, f *eval.Builtin, a *eval.Args) eval.Value {
	if gradHook(f.Name, a) {
		return gradCall(s, f, a)
	}
	return eval.OrNone(f.Fn(a))
}
