package eval

import "github.com/tensh/tensh/runtime/tensor"

// tensorRepr is repr(t).
func tensorRepr(t *tensor.Tensor) string { return t.String() }

// storageRepr is repr(t.storage()).
func storageRepr(t *tensor.Tensor) string { return t.StorageString() }
