package eval

import "github.com/tensh/tensh/lang"

// Optional interfaces a value type outside the core (an ndarray, a
// Paddle tensor, a NumPy scalar) implements to take part in Python's
// operators and protocols. The core's dispatch (binary, compare, unary,
// getItem, setItem, getAttr, Repr, ToStr, length, iterate, truth,
// TypeName) consults them before its own cases, so it never needs to know
// the concrete type.

// BinaryOperand is x.__op__(other) (reflected: other.__rop__(x) with the
// value on the right). ok false is NotImplemented.
type BinaryOperand interface {
	Binary(s *Session, op lang.Op, other Value, reflected bool) (v Value, ok bool)
}

// InplaceOperand is x.__iop__(other); ok false falls back to Binary.
type InplaceOperand interface {
	Inplace(s *Session, op lang.Op, other Value) (v Value, ok bool)
}

// Comparable is the rich comparison x.__eq__(other) and friends
// (reflected: called on the right operand); ok false is NotImplemented.
type Comparable interface {
	Compare(s *Session, op lang.Op, other Value, reflected bool) (v Value, ok bool)
}

// UnaryOperand is -x, +x, ~x.
type UnaryOperand interface {
	Unary(s *Session, op lang.Op) Value
}

// AbsOperand is abs(x).
type AbsOperand interface {
	Abs(s *Session) Value
}

// Rounder is round(x, ndigits) (ndigits None when not given).
type Rounder interface {
	Round(s *Session, ndigits Value) Value
}

// Container is `x in c`.
type Container interface {
	Contains(s *Session, x Value) bool
}

// Subclass is a value whose type subclasses a builtin one (numpy.float64
// is a float): isinstance consults it.
type Subclass interface {
	IsInstance(c *Class) bool
}

// WhosInfoer is the Data/Info column %whos shows for a value.
type WhosInfoer interface{ WhosInfo() string }

// Indexable is x[idx].
type Indexable interface {
	GetItem(s *Session, idx Value) Value
}

// ItemSetter is x[idx] = v.
type ItemSetter interface {
	SetItem(s *Session, idx, v Value)
}

// Attributer is x.name; ok false raises the usual AttributeError.
type Attributer interface {
	Attr(s *Session, name string) (v Value, ok bool)
}

// Reprer is repr(x).
type Reprer interface{ Repr() string }

// Stringer is str(x) where it differs from repr(x).
type Stringer interface{ Str() string }

// Lener is len(x).
type Lener interface{ PyLen() int }

// ListIterable is iter(x), as the list of its items (Iterable, iter.go,
// is the one-at-a-time form).
type ListIterable interface{ PyIter() []Value }

// Truther is bool(x).
type Truther interface{ Truth(s *Session) bool }

// Typed names the value's type as Python's messages do (tp_name).
type Typed interface{ PyTypeName() string }

// protoBinary tries x.__op__(y), then y.__rop__(x), for the values that
// implement BinaryOperand.
func (s *Session) protoBinary(op lang.Op, x, y Value) (Value, bool) {
	if b, ok := x.(BinaryOperand); ok {
		if v, ok := b.Binary(s, op, y, false); ok {
			return v, true
		}
	}
	if b, ok := y.(BinaryOperand); ok {
		if v, ok := b.Binary(s, op, x, true); ok {
			return v, true
		}
	}
	return nil, false
}

// protoCompare tries x.__op__(y), then y's reflected comparison.
func (s *Session) protoCompare(op lang.Op, x, y Value) (Value, bool) {
	if c, ok := x.(Comparable); ok {
		if v, ok := c.Compare(s, op, y, false); ok {
			return v, true
		}
	}
	if c, ok := y.(Comparable); ok {
		if v, ok := c.Compare(s, op, x, true); ok {
			return v, true
		}
	}
	return nil, false
}

// Caller is a value other than a function that can be called (a context
// manager used as a decorator, such as torch.no_grad()).
type Caller interface {
	Call(s *Session, a *Args) Value
}
