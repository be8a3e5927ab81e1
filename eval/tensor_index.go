package eval

import "github.com/tensh/tensh/runtime/tensor"

// tensorGetItem is t[idx].
func (s *Session) tensorGetItem(t *tensor.Tensor, idx Value) Value {
	i, ok := pyIndex("tensor", idx)
	if !ok {
		throw("TypeError", errIndicesType, "tensor", TypeName(idx))
	}
	return tensorSelect(t, int(i))
}

// tensorSetItem is t[idx] = v.
func (s *Session) tensorSetItem(t *tensor.Tensor, idx, v Value) {
	throw("TypeError", errNoItemAssignment, "Tensor")
}

// tensorSelect is t[i] for an int i (iteration, unpacking).
func tensorSelect(t *tensor.Tensor, i int) *tensor.Tensor {
	return t.Select(0, i)
}
