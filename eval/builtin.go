package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Builtin is a function implemented in Go: a Python builtin, a torch
// function, or a Tensor method. One Builtin may serve as both torch.NAME and
// Tensor.NAME; its Fn then sees the tensor as Args.Self for the method form.
type Builtin struct {
	Name string // as called: "add"
	Sig  string // signature shown by help(): "add(input, other, *, alpha=1) -> Tensor"
	Doc  string // one paragraph for help() and the reference
	Fn   func(a *Args) Value
	// Kind tells where the builtin is reachable (for the reference docs).
	Kind BuiltinKind
	// Module names a library module's function for help() ("numpy");
	// empty for Python builtins and torch.
	Module string
}

// BuiltinKind is a bit set of the namespaces a Builtin lives in.
type BuiltinKind uint8

const (
	PythonBuiltin BuiltinKind = 1 << iota // print, len, ...
	TorchFunc                             // torch.NAME
	TensorMethod                          // x.NAME
)

// BoundMethod is a Builtin with its receiver: x.view, [].append.
type BoundMethod struct {
	Self Value
	Fn   *Builtin
}

// KwArg is a keyword argument of a call.
type KwArg struct {
	Name  string
	Value Value
}

// Args are the arguments of one call. For a method call, Self is the
// receiver and Pos the remaining positional arguments; for a function call
// Self is nil.
type Args struct {
	Name string // function name for messages
	Self Value
	Pos  []Value
	Kw   []KwArg
	s    *Session
}

// Session returns the session making the call.
func (a *Args) Session() *Session { return a.s }

// Kw0 is the first keyword argument's value.
func (a *Args) Kw0() (Value, bool) {
	if len(a.Kw) == 0 {
		return nil, false
	}
	return a.Kw[0].Value, true
}

// All returns the positional arguments with Self first, if any.
func (a *Args) All() []Value {
	if a.Self == nil {
		return a.Pos
	}
	return append([]Value{a.Self}, a.Pos...)
}

// Kwarg returns the keyword argument name, if given.
func (a *Args) Kwarg(name string) (Value, bool) {
	for _, kw := range a.Kw {
		if kw.Name == name {
			return kw.Value, true
		}
	}
	return nil, false
}

// NoArgs raises TypeError unless the call has no arguments besides Self.
func (a *Args) NoArgs() {
	a.Unpack()
}

// Unpack binds the call's arguments to Go variables, Python style. pairs
// alternate a parameter spec and a pointer:
//
//	"name"   a required parameter, positional or keyword
//	"name?"  optional: the pointer keeps its value when the argument is absent or None
//	"*name"  the remaining positional arguments (target *[]Value, or *[]int for sizes)
//	"$name"  keyword-only (may also end in "?")
//
// For a method call the receiver binds to the first parameter.
// Conversions by pointer type: *Value (anything), **tensor.Tensor,
// *tensor.Scalar (bool/int/float), *int, *int64, *float64, *bool, *string,
// *tensor.DType, *[]int (an int, or a tuple/list/Size of ints), *[]Value.
func (a *Args) Unpack(pairs ...any) {
	if len(pairs)%2 != 0 {
		panic("Unpack: odd number of arguments")
	}
	pos := a.All()
	used := make([]bool, len(a.Kw))
	pi := 0
	for i := 0; i < len(pairs); i += 2 {
		spec := pairs[i].(string)
		ptr := pairs[i+1]
		optional := strings.HasSuffix(spec, "?")
		name := strings.TrimSuffix(spec, "?")
		kwOnly := strings.HasPrefix(name, "$")
		name = strings.TrimPrefix(name, "$")
		if strings.HasPrefix(name, "*") {
			rest := pos[min(pi, len(pos)):]
			pi = len(pos)
			switch p := ptr.(type) {
			case *[]Value:
				*p = append([]Value{}, rest...)
			case *[]int:
				if len(rest) == 1 {
					if _, isInt := rest[0].(Int); !isInt {
						*p = a.toInts(name[1:], rest[0])
						continue
					}
				}
				if len(rest) == 0 && optional {
					continue
				}
				*p = a.toInts(name[1:], Tuple(rest))
			default:
				panic("Unpack: bad varargs target")
			}
			continue
		}
		var v Value
		found := false
		if !kwOnly && pi < len(pos) {
			v, found = pos[pi], true
			pi++
		}
		for k, kw := range a.Kw {
			if kw.Name == name {
				if found {
					throw("TypeError", errMultipleValues, a.Name, name)
				}
				v, found = kw.Value, true
				used[k] = true
			}
		}
		if !found {
			if optional {
				continue
			}
			a.invalid()
		}
		if _, isNone := v.(NoneType); isNone && optional {
			if _, raw := ptr.(*Value); !raw {
				continue
			}
		}
		a.convert(name, v, ptr)
	}
	if pi < len(pos) {
		a.invalid()
	}
	for k, u := range used {
		if !u {
			throw("TypeError", errNoKwArg, a.Name, a.Kw[k].Name)
		}
	}
}

// invalid raises PyTorch's argument-parser error for a call that matches no
// signature.
func (a *Args) invalid() {
	throw("TypeError", errInvalidCombination, a.Name, invalidArgsDesc(a))
}

// invalidArgsDesc is the "got (...)" part of the invalid-combination error:
// the positional arguments' types, then the keyword arguments in the
// order of PyTorch's unordered_map (with a trailing ", " when there are
// only keywords).
func invalidArgsDesc(a *Args) string {
	var b strings.Builder
	for i, v := range a.Pos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(TypeName(v))
	}
	if len(a.Kw) > 0 {
		if len(a.Pos) > 0 {
			b.WriteString(", ")
		}
		kws := a.Kw
		if Tensors.KwargsOrder != nil {
			kws = Tensors.KwargsOrder(a)
		}
		for i, kw := range kws {
			b.WriteString(kw.Name + "=" + TypeName(kw.Value))
			if i < len(kws)-1 || len(a.Pos) == 0 {
				b.WriteString(", ")
			}
		}
	}
	return b.String()
}

// unpackLong is THPUtils_unpackLong: an int that fits int64.
func unpackLong(v Int) int64 {
	i, ok := v.Int64()
	if !ok {
		throw("RuntimeError", errOverflowLong)
	}
	return i
}

func (a *Args) convert(name string, v Value, ptr any) {
	switch p := ptr.(type) {
	case *Value:
		*p = v
	case **tensor.Tensor:
		t, ok := v.(*tensor.Tensor)
		if !ok {
			throw("TypeError", errArgMustBePos, a.Name, name, 1, "Tensor", TypeName(v))
		}
		*p = t
	case *tensor.Scalar:
		s, ok := ToScalar(v)
		if !ok {
			throw("TypeError", errArgMustBeKw, a.Name, name, "Number", TypeName(v))
		}
		*p = s
	case *int:
		*p = int(a.toInt(name, v))
	case *int64:
		*p = a.toInt(name, v)
	case *float64:
		switch x := v.(type) {
		case Int:
			*p = x.Float()
		case Bool:
			*p = b2f(bool(x))
		case Float:
			*p = float64(x)
		default:
			throw("TypeError", errArgMustBeKw, a.Name, name, "float", TypeName(v))
		}
	case *bool:
		switch x := v.(type) {
		case Bool:
			*p = bool(x)
		default:
			throw("TypeError", errArgMustBeKw, a.Name, name, "bool", TypeName(v))
		}
	case *string:
		s, ok := v.(Str)
		if !ok {
			throw("TypeError", errArgMustBeKw, a.Name, name, "str", TypeName(v))
		}
		*p = string(s)
	case *tensor.DType:
		d, ok := v.(DTypeValue)
		if !ok {
			throw("TypeError", errArgMustBeKw, a.Name, name, "torch.dtype", TypeName(v))
		}
		*p = d.D
	case *[]int:
		*p = a.toInts(name, v)
	case *[]Value:
		*p = iterate(v)
	default:
		panic(fmt.Sprintf("Unpack: unsupported target %T", ptr))
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// toInt converts an int argument (Python int or bool, or a one-element
// integer tensor).
func (a *Args) toInt(name string, v Value) int64 {
	switch x := v.(type) {
	case Int:
		return unpackLong(x)
	case Bool:
		if x {
			return 1
		}
		return 0
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(true) {
			return x.Item().Int()
		}
	}
	throw("TypeError", errArgMustBeKw, a.Name, name, "int", TypeName(v))
	return 0
}

// toInts converts an int list argument: an int, or a tuple/list/Size of ints.
func (a *Args) toInts(name string, v Value) []int {
	switch x := v.(type) {
	case Size:
		return append([]int{}, x...)
	case Int, Bool:
		return []int{int(a.toInt(name, v))}
	case Tuple, *List:
		elems := iterate(x)
		out := make([]int, len(elems))
		for i, e := range elems {
			switch e.(type) {
			case Int, Bool:
				out[i] = int(a.toInt(name, e))
			case *tensor.Tensor:
				out[i] = int(a.toInt(name, e))
			default:
				throw("TypeError", errIntListElem, a.Name, name, "tuple of ints", TypeName(e), i+1)
			}
		}
		return out
	}
	throw("TypeError", errArgMustBeKw, a.Name, name, "tuple of ints", TypeName(v))
	return nil
}

// ToScalar converts a Python number to a tensor.Scalar.
func ToScalar(v Value) (tensor.Scalar, bool) {
	switch x := v.(type) {
	case Bool:
		return tensor.BoolS(bool(x)), true
	case Int:
		if i, ok := x.Int64(); ok {
			return tensor.IntS(i), true
		}
		return tensor.FloatS(x.Float()), true
	case Float:
		return tensor.FloatS(float64(x)), true
	}
	return tensor.Scalar{}, false
}

// FromScalar converts a tensor.Scalar to a Python number.
func FromScalar(s tensor.Scalar) Value {
	switch s.Kind {
	case tensor.BoolScalar:
		return Bool(s.I != 0)
	case tensor.IntScalar:
		return MakeInt(s.I)
	}
	return Float(s.F)
}

// Method tables keyed by the language's names, filled by the init functions
// of the files that implement them.
var (
	torchFuncs    = map[string]*Builtin{}
	tensorMethods = map[string]*Builtin{}
	pyBuiltins    = map[string]*Builtin{}
)

// register adds builtins to the tables their Kind names.
func register(bs ...*Builtin) {
	for _, b := range bs {
		if b.Kind&PythonBuiltin != 0 {
			pyBuiltins[b.Name] = b
		}
		if b.Kind&TorchFunc != 0 {
			torchFuncs[b.Name] = b
		}
		if b.Kind&TensorMethod != 0 {
			tensorMethods[b.Name] = b
		}
	}
}

// TorchFunctionNames, TensorMethodNames and BuiltinNames list the tables
// (sorted), for completion and the generated reference.
func TorchFunctionNames() []string { return sortedKeys(torchFuncs) }
func TensorMethodNames() []string  { return sortedKeys(tensorMethods) }
func BuiltinNames() []string       { return sortedKeys(pyBuiltins) }

// LookupBuiltin finds a builtin by table and name.
func LookupBuiltin(kind BuiltinKind, name string) *Builtin {
	switch kind {
	case PythonBuiltin:
		return pyBuiltins[name]
	case TorchFunc:
		return torchFuncs[name]
	case TensorMethod:
		return tensorMethods[name]
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
