package eval

import (
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensors is how the core reaches the tensor library (lib/torch) for what
// it does not do itself: Python's operators, indexing and iteration on
// tensors and storages, the calls autograd records, and the namespace
// module whose members are also bare names in every session (torch). The
// library fills it in from its init; the core never imports it. A session
// without a tensor library linked has no namespace module, and no tensor
// can arise in it.
var Tensors TensorHooks

// TensorHooks are the entry points of the tensor library (see Tensors).
type TensorHooks struct {
	// Binary, Compare and Unary are x op y, x cmp y and op x where x or y
	// is a tensor; Inplace is x op= y on a tensor x.
	Binary  func(s *Session, op lang.Op, x, y Value) Value
	Compare func(s *Session, op lang.Op, x, y Value) Value
	Unary   func(s *Session, op lang.Op, t *tensor.Tensor) Value
	Inplace func(s *Session, op lang.Op, x *tensor.Tensor, y Value) Value
	// Equal is t == x for x in t.
	Equal func(s *Session, t *tensor.Tensor, x Value) Value

	// GetItem and SetItem are t[idx] and t[idx] = v; StorageGetItem and
	// StorageSetItem the same on a tensor's storage().
	GetItem        func(s *Session, t *tensor.Tensor, idx Value) Value
	SetItem        func(s *Session, t *tensor.Tensor, idx, v Value)
	StorageGetItem func(sv *StorageValue, idx Value) Value
	StorageSetItem func(s *Session, sv *StorageValue, idx, v Value)

	// Select is the row t[i] that iterating over t yields; Iterated is
	// told the rows one iteration made (autograd records them).
	Select   func(t *tensor.Tensor, i int) *tensor.Tensor
	Iterated func(t *tensor.Tensor, rows []Value)

	// CallBuiltin runs every call of a builtin (autograd records those
	// that need it); without it the core calls the builtin's Fn.
	CallBuiltin func(s *Session, f *Builtin, a *Args) Value
	// CheckCall sees every call before it runs (and may raise).
	CheckCall func(fn Value, a *Args)

	// Check raises when the library cannot do what on vals (complex
	// tensors have no kernels).
	Check func(what string, vals ...Value)

	// ClassType names the type of a class the library defines
	// ("torch.tensortype"); IsInstance is isinstance(v, c) for them.
	ClassType  func(c *Class) (string, bool)
	IsInstance func(v Value, c *Class) (is, ok bool)

	// ScalarType is the dtype torch.tensor(v) infers.
	ScalarType func(v Value) tensor.DType

	// Cause is the hint for an error the library raised ("" for none).
	Cause func(e *Exception) string

	// KwargsOrder is the order in which an invalid-combination error
	// lists the keyword arguments (PyTorch's unordered_map order).
	KwargsOrder func(a *Args) []KwArg

	// Namespace makes a new session's namespace module (torch): bound
	// to its name, importable, and its members are bare names.
	Namespace func(s *Session) *Module

	// Reference writes the library's part of docs/reference.md after the
	// torch functions (submodules and their sections).
	Reference func(w func(string), item func(prefix string, bl *Builtin, also string))
}
