package eval

// The torch bindings are the core's tensor library (see Tensors).
func init() {
	Tensors = TensorHooks{
		Binary:         (*Session).tensorBinary,
		Compare:        (*Session).tensorCompare,
		Unary:          (*Session).tensorUnary,
		Inplace:        (*Session).tensorInplace,
		GetItem:        (*Session).tensorGetItem,
		SetItem:        (*Session).tensorSetItem,
		StorageGetItem: storageGetItem,
		StorageSetItem: (*Session).storageSetItem,
		Select:         tensorSelect,
		Iterated:       gradIter,
		Record:         gradHook,
		Call:           (*Session).gradCall,
		KwargsOrder:    kwargsOrder,
		Namespace:      newTorchModule,
		Reference:      torchReference,
	}
}

// Call is the decorator form of a grad-mode context manager:
// @torch.no_grad() def f(...).
func (c *gradModeCM) Call(s *Session, a *Args) Value { return c.decorate(s, a) }
