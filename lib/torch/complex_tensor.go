package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Complex tensors (torch.complex64, torch.complex128) come only from
// NumPy's complex arrays (torch.tensor, torch.from_numpy, torch.as_tensor)
// and tensh's torch has no complex kernels: they print, show their
// layout, make views and copies, and go back to NumPy; every other
// operation on one raises errComplexTensorOp rather than reach a kernel
// written for real numbers.

// complexTensorOK are the functions, methods and builtins that take
// complex tensors.
var complexTensorOK = map[string]bool{
	// layout and conversion
	"numpy": true, "size": true, "dim": true, "ndimension": true, "numel": true, "nelement": true,
	"stride": true, "storage_offset": true, "is_contiguous": true, "is_complex": true,
	"is_floating_point": true, "element_size": true, "tensor": true, "as_tensor": true,
	"from_numpy": true, "clone": true, "contiguous": true, "view": true, "reshape": true,
	"t": true, "transpose": true, "permute": true, "unsqueeze": true, "squeeze": true,
	"expand": true, "narrow": true, "select": true, "is_signed": true, "data_ptr": true,
	// NumPy's, which copy element by element
	"array": true, "asarray": true,
	// Python's builtins that only look at the value
	"repr": true, "str": true, "print": true, "len": true, "type": true, "isinstance": true,
	"id": true, "hash": true, "callable": true, "dir": true, "getattr": true, "hasattr": true,
	"help": true,
}

// complexGuard raises when one of vals is a tensor of a dtype tensh's
// torch cannot compute on (complex) and what is not in complexTensorOK.
func complexGuard(what string, vals ...eval.Value) {
	if complexTensorOK[what] {
		return
	}
	for _, v := range vals {
		if t, ok := v.(*tensor.Tensor); ok && !t.DType().IsTorch() {
			eval.Throw("TypeError", errComplexTensorOp, what, t.DType().String())
		}
		if _, ok := v.(eval.Complex); ok && what == "item assignment" {
			eval.Throw("TypeError", errComplexNumberArg, what)
		}
	}
}

// complexCallGuard is complexGuard for a call's arguments.
func complexCallGuard(fn eval.Value, a *eval.Args) {
	var name string
	self := a.Self
	switch f := fn.(type) {
	case *eval.Builtin:
		name = f.Name
	case *eval.BoundMethod:
		name = f.Fn.Name
		self = f.Self
		complexGuard(name, f.Self)
	case *eval.Class:
		name = f.Name
	default:
		return
	}
	complexGuard(name, a.Self)
	complexGuard(name, a.Pos...)
	for _, kw := range a.Kw {
		complexGuard(name, kw.Value)
	}
	if b, ok := fn.(*eval.Builtin); ok && b.Kind&(eval.TorchFunc|eval.TensorMethod) != 0 || isBoundTorch(fn) {
		// PyTorch takes Python complex numbers as data and as scalars
		// (making complex tensors); tensh's torch has no complex kernels.
		for _, v := range a.Pos {
			complexNumberGuard(name, v, 0)
		}
		for _, kw := range a.Kw {
			complexNumberGuard(name, kw.Value, 0)
		}
	}
	if name == "tensor" || name == "as_tensor" {
		// Tensors inside a list of data are read as numbers.
		for _, v := range a.Pos {
			if l, ok := v.(*eval.List); ok {
				complexGuard("tensor of a list", l.Elems...)
			} else if t, ok := v.(eval.Tuple); ok {
				complexGuard("tensor of a tuple", t...)
			}
		}
	}
	if name == "view" {
		// view(dtype) reinterprets the memory, which complex storage is not.
		if t, ok := self.(*tensor.Tensor); ok && !t.DType().IsTorch() && len(a.Pos) == 1 {
			if _, isD := a.Pos[0].(eval.DTypeValue); isD {
				eval.Throw("TypeError", errComplexTensorOp, "view(dtype)", t.DType().String())
			}
		}
	}
	if complexDTypeOK[name] {
		return
	}
	check := func(v eval.Value) {
		if d, ok := v.(eval.DTypeValue); ok && !d.D.IsTorch() {
			eval.Throw("TypeError", errComplexTensorOp, name, d.D.String())
		}
	}
	for _, v := range a.Pos {
		check(v)
	}
	for _, kw := range a.Kw {
		check(kw.Value)
	}
}

// complexDTypeOK are the functions that make complex tensors from a
// complex dtype argument (dtype=torch.complex64).
var complexDTypeOK = map[string]bool{
	"tensor": true, "as_tensor": true, "zeros": true, "ones": true, "empty": true, "to": true,
	"type": true, "zeros_like": true, "ones_like": true, "empty_like": true, "print": true,
	"repr": true, "str": true, "isinstance": true, "id": true, "hash": true, "set_default_dtype": true,
}

// isBoundTorch reports whether fn is a Tensor method bound to a tensor.
func isBoundTorch(fn eval.Value) bool {
	bm, ok := fn.(*eval.BoundMethod)
	return ok && bm.Fn.Kind&(eval.TorchFunc|eval.TensorMethod) != 0
}

// complexNumberGuard raises for a Python complex number in v (or in the
// lists and tuples of v).
func complexNumberGuard(name string, v eval.Value, depth int) {
	switch x := v.(type) {
	case eval.Complex:
		eval.Throw("TypeError", errComplexNumberArg, name)
	case *eval.List:
		if depth < 32 {
			for _, e := range x.Elems {
				complexNumberGuard(name, e, depth+1)
			}
		}
	case eval.Tuple:
		if depth < 32 {
			for _, e := range x {
				complexNumberGuard(name, e, depth+1)
			}
		}
	}
}
