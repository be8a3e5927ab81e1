package eval

import (
	"math"
	"sync"

	"github.com/tensh/tensh/lang"
)

// The special methods of Instances: operators, comparisons, repr and
// str, containers, iteration, truth, calls, context managers. A method
// the class does not define falls back to the builtin value of a
// subclass of a builtin type, else to object's behaviour.

// Messages of the special methods.
const (
	// The suffixes of RecursionError where CPython's C code checks the
	// depth: a repr, a comparison.
	errRecursionRepr0 = " while getting the repr of an object"
	errRecursionCmp   = " in comparison"
	errBoolReturned   = "__bool__ should return bool, returned %s"
	errLenNegative    = "__len__() should return >= 0"
	errLenOverflow    = "cannot fit '%s' into an index-sized integer"
	errIndexReturned  = "__index__ returned non-int (type %s)"
	errIterReturned   = "iter() returned non-iterator of type '%s'"
	errHashReturned   = "__hash__ method should return an integer"
	errFormatReturned = "__format__ must return a str, not %s"
)

// userMethod is the special method name as a class defined in Python
// (or a Go library class) defines it: ok false when the first
// definition in the MRO is a builtin type's (or there is none).
func (c *Class) userMethod(name string) (Value, bool) {
	v, ok := c.lookup(name)
	if !ok {
		return nil, false
	}
	if d, isBuiltin := v.(*methodDescr); isBuiltin && d.owner.classInfo == nil {
		return nil, false
	}
	if v == None {
		return v, true
	}
	return v, true
}

// callSpecial calls obj's special method f with args.
func (o *Instance) call(f Value, args ...Value) Value {
	return o.s().callMethodOf(f, o, args...)
}

// s is the session the object's methods run in.
func (o *Instance) s() *Session {
	if o.sess != nil {
		return o.sess
	}
	if o.Class.classInfo != nil && o.Class.s != nil {
		return o.Class.s
	}
	return defaultSession
}

// defaultSession runs the methods of objects of Go-made classes created
// outside any session's class (set by NewSession).
var defaultSession *Session

var defaultSessionOnce sync.Once

// sessionOf is the session that runs the methods of class c.
func sessionOf(c *Class) *Session {
	if c.classInfo != nil && c.s != nil {
		return c.s
	}
	return defaultSession
}

func (o *Instance) PyTypeName() string { return o.Class.pyName() }

func (o *Instance) Repr() string {
	if f, ok := o.Class.userMethod("__repr__"); ok {
		s := o.s()
		s.recSuffix = errRecursionRepr0
		return s.reprResult(o.call(f))
	}
	if o.Base != nil {
		return Repr(o.Base)
	}
	return defaultRepr(o)
}

func (s *Session) reprResult(v Value) string {
	r, ok := v.(Str)
	if !ok {
		throw("TypeError", errReprReturned, TypeName(v))
	}
	return string(r)
}

func (o *Instance) Str() string {
	if f, ok := o.Class.userMethod("__str__"); ok {
		v := o.call(f)
		r, ok := v.(Str)
		if !ok {
			throw("TypeError", errStrReturned, TypeName(v))
		}
		return string(r)
	}
	if o.Base != nil {
		if _, ok := o.Class.userMethod("__repr__"); !ok {
			return ToStr(o.Base)
		}
	}
	return o.Repr()
}

// binaryNames are the special methods of the binary operators.
var binaryNames = map[lang.Op][3]string{
	lang.Plus: {"__add__", "__radd__", "__iadd__"}, lang.Minus: {"__sub__", "__rsub__", "__isub__"},
	lang.Star: {"__mul__", "__rmul__", "__imul__"}, lang.Slash: {"__truediv__", "__rtruediv__", "__itruediv__"},
	lang.SlashSlash: {"__floordiv__", "__rfloordiv__", "__ifloordiv__"}, lang.Percent: {"__mod__", "__rmod__", "__imod__"},
	lang.StarStar: {"__pow__", "__rpow__", "__ipow__"}, lang.At: {"__matmul__", "__rmatmul__", "__imatmul__"},
	lang.Amp: {"__and__", "__rand__", "__iand__"}, lang.Pipe: {"__or__", "__ror__", "__ior__"},
	lang.Caret: {"__xor__", "__rxor__", "__ixor__"}, lang.LtLt: {"__lshift__", "__rlshift__", "__ilshift__"},
	lang.GtGt: {"__rshift__", "__rrshift__", "__irshift__"},
}

func (o *Instance) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	names, ok := binaryNames[op]
	if !ok {
		return nil, false
	}
	name := names[0]
	if reflected {
		name = names[1]
	}
	if f, ok := o.Class.userMethod(name); ok && f != None {
		r := o.call(f, other)
		if r == NotImplemented {
			return nil, false
		}
		return r, true
	}
	if o.Base != nil {
		if ob, ok := other.(*Instance); ok && ob.Base != nil {
			other = ob.Base
		}
		var r Value
		exc := s.catch(func() {
			if reflected {
				r = s.binary(op, other, o.Base)
			} else {
				r = s.binary(op, o.Base, other)
			}
		})
		if exc != nil {
			if exc.isA("TypeError") {
				return nil, false
			}
			panic(exc)
		}
		return r, true
	}
	return nil, false
}

func (o *Instance) Inplace(s *Session, op lang.Op, other Value) (Value, bool) {
	names, ok := binaryNames[op]
	if !ok {
		return nil, false
	}
	if f, ok := o.Class.userMethod(names[2]); ok && f != None {
		r := o.call(f, other)
		if r == NotImplemented {
			return nil, false
		}
		return r, true
	}
	if l, ok := o.Base.(*List); ok {
		return o, s.inplaceBinary(op, l, other) != nil
	}
	return nil, false
}

// compareNames are the rich comparisons and their reflections.
var compareNames = map[lang.Op][2]string{
	lang.Eq: {"__eq__", "__eq__"}, lang.Ne: {"__ne__", "__ne__"},
	lang.Lt: {"__lt__", "__gt__"}, lang.Gt: {"__gt__", "__lt__"},
	lang.Le: {"__le__", "__ge__"}, lang.Ge: {"__ge__", "__le__"},
}

func (o *Instance) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	names, ok := compareNames[op]
	if !ok {
		return nil, false
	}
	name := names[0]
	if reflected {
		name = names[1]
	}
	if f, ok := o.Class.userMethod(name); ok && f != None {
		s.recSuffix = errRecursionCmp
		r := o.call(f, other)
		if r == NotImplemented {
			return nil, false
		}
		return r, true
	}
	if op == lang.Ne {
		if f, ok := o.Class.userMethod("__eq__"); ok && f != None {
			r := o.call(f, other)
			if r == NotImplemented {
				return nil, false
			}
			return Bool(!s.truth(r)), true
		}
	}
	if o.Base != nil {
		if ob, ok := other.(*Instance); ok && ob.Base != nil {
			other = ob.Base
		}
		if reflected {
			return s.compare(op, other, o.Base), true
		}
		return s.compare(op, o.Base, other), true
	}
	return nil, false
}

// richCompareSlot calls x's method name with other (NotImplemented when
// x's class does not define it).
func (s *Session) richCompareSlot(x Value, name string, other Value) Value {
	if o, ok := x.(*Instance); ok {
		if f, ok := o.Class.userMethod(name); ok && f != None {
			return o.call(f, other)
		}
	}
	if name == "__eq__" && identical(x, other) {
		return Bool(true)
	}
	return NotImplemented
}

var unaryNames = map[lang.Op]string{lang.Minus: "__neg__", lang.Plus: "__pos__", lang.Tilde: "__invert__"}

func (o *Instance) Unary(s *Session, op lang.Op) Value {
	if f, ok := o.Class.userMethod(unaryNames[op]); ok && f != None {
		return o.call(f)
	}
	if o.Base != nil {
		return s.unary(op, o.Base)
	}
	throw("TypeError", errBadUnary, op, TypeName(o))
	return nil
}

func (o *Instance) Abs(s *Session) Value {
	if f, ok := o.Class.userMethod("__abs__"); ok && f != None {
		return o.call(f)
	}
	if o.Base != nil {
		return s.Call(pyBuiltins["abs"], &Args{Pos: []Value{o.Base}})
	}
	throw("TypeError", errBadOperandAbs, TypeName(o))
	return nil
}

func (o *Instance) Round(s *Session, ndigits Value) Value {
	if f, ok := o.Class.userMethod("__round__"); ok && f != None {
		if ndigits == None {
			return o.call(f)
		}
		return o.call(f, ndigits)
	}
	if o.Base != nil {
		args := []Value{o.Base}
		if ndigits != None {
			args = append(args, ndigits)
		}
		return s.Call(pyBuiltins["round"], &Args{Pos: args})
	}
	throw("TypeError", errNoRound, TypeName(o))
	return nil
}

func (o *Instance) Contains(s *Session, x Value) bool {
	if f, ok := o.Class.userMethod("__contains__"); ok && f != None {
		return s.truth(o.call(f, x))
	}
	if o.Base != nil {
		return s.contains(o.Base, x)
	}
	it := o.Iter()
	for {
		v, ok := it.Next()
		if !ok {
			return false
		}
		if identical(v, x) || s.equal(v, x) {
			return true
		}
	}
}

func (o *Instance) IsInstance(c *Class) bool { return o.Class.subclassOf(c) }

func (o *Instance) GetItem(s *Session, idx Value) Value {
	if f, ok := o.Class.userMethod("__getitem__"); ok && f != None {
		return o.call(f, idx)
	}
	if o.Base != nil {
		return s.getItem(o.Base, idx)
	}
	throw("TypeError", errNotSubscriptable, TypeName(o))
	return nil
}

func (o *Instance) SetItem(s *Session, idx, v Value) {
	if f, ok := o.Class.userMethod("__setitem__"); ok && f != None {
		o.call(f, idx, v)
		return
	}
	if o.Base != nil {
		s.setItem(o.Base, idx, v)
		return
	}
	throw("TypeError", errNoItemAssign, TypeName(o))
}

// DelItem is del o[idx].
func (o *Instance) DelItem(s *Session, idx Value) {
	if f, ok := o.Class.userMethod("__delitem__"); ok && f != None {
		o.call(f, idx)
		return
	}
	if o.Base != nil {
		delItem(o.Base, idx)
		return
	}
	throw("TypeError", errNoItemDelete, TypeName(o))
}

const (
	errNoItemAssign = "'%s' object does not support item assignment"
	errNoItemDelete = "'%s' object does not support item deletion"
)

func (o *Instance) PyLen() int {
	if f, ok := o.Class.userMethod("__len__"); ok && f != None {
		return lenResult(o.call(f))
	}
	if o.Base != nil {
		return length(o.Base)
	}
	throw("TypeError", errNoLen, TypeName(o))
	return 0
}

// lenResult checks what __len__ returned.
func lenResult(r Value) int {
	n, ok := r.(Int)
	if b, isBool := r.(Bool); isBool {
		n, ok = boolInt(b), true
	}
	if !ok {
		if i, isInst := r.(*Instance); isInst {
			if f, has := i.Class.userMethod("__index__"); has {
				return lenResult(i.call(f))
			}
		}
		throw("TypeError", errIndexType, TypeName(r))
	}
	if n.Sign() < 0 {
		throw("ValueError", errLenNegative)
	}
	v, fits := n.Int64()
	if !fits || v > math.MaxInt64 {
		throw("OverflowError", errLenOverflow, "int")
	}
	return int(v)
}

const errIndexType = "'%s' object cannot be interpreted as an integer"

// Iter is iter(o) for a for loop: __iter__, else __getitem__ with 0, 1,
// ... until IndexError.
func (o *Instance) Iter() Iterator {
	s := o.s()
	if f, ok := o.Class.userMethod("__iter__"); ok && f != None {
		it := o.call(f)
		return s.iterOf(it)
	}
	if o.Base != nil {
		return Iterate(o.Base)
	}
	if f, ok := o.Class.userMethod("__getitem__"); ok && f != None {
		i := int64(0)
		done := false
		return IterFunc(func() (Value, bool) {
			if done {
				return nil, false
			}
			var v Value
			depth := len(s.stack)
			exc := s.catch(func() { v = o.call(f, MakeInt(i)) })
			if exc != nil {
				s.unwindTo(depth, exc)
				if exc.isA("IndexError") || exc.isA("StopIteration") {
					done = true
					return nil, false
				}
				panic(exc)
			}
			i++
			return v, true
		})
	}
	throw("TypeError", errNotIterable, TypeName(o))
	return nil
}

func (o *Instance) Truth(s *Session) bool {
	if f, ok := o.Class.userMethod("__bool__"); ok && f != None {
		r := o.call(f)
		b, ok := r.(Bool)
		if !ok {
			throw("TypeError", errBoolReturned, TypeName(r))
		}
		return bool(b)
	}
	if f, ok := o.Class.userMethod("__len__"); ok && f != None {
		return lenResult(o.call(f)) != 0
	}
	if o.Base != nil {
		return s.truth(o.Base)
	}
	return true
}

func (o *Instance) Call(s *Session, a *Args) Value { return s.callInstance(o, o.Class, a) }

func (o *Instance) Enter(s *Session) Value {
	f, ok := o.Class.userMethod("__enter__")
	if !ok {
		throw("TypeError", errNotContextManager, TypeName(o))
	}
	if _, hasExit := o.Class.userMethod("__exit__"); !hasExit {
		throw("TypeError", errNoExitMethod, TypeName(o))
	}
	return o.call(f)
}

func (o *Instance) Exit(s *Session, exc *Exception) bool {
	f, _ := o.Class.userMethod("__exit__")
	if exc == nil {
		o.call(f, None, None, None)
		return false
	}
	return s.truth(o.call(f, exc.objClass(), exc, None))
}

// formatInstance is format(o, spec).
func (s *Session) formatInstance(o *Instance, spec string) string {
	if f, ok := o.Class.userMethod("__format__"); ok && f != None {
		r, ok := o.call(f, Str(spec)).(Str)
		if !ok {
			throw("TypeError", errFormatReturned, TypeName(r))
		}
		return string(r)
	}
	if o.Base != nil {
		return Format(o.Base, spec)
	}
	if spec != "" {
		throw("TypeError", errFormatObject, TypeName(o))
	}
	return ToStr(o)
}

// instanceHash is hash(o): __hash__, None when the class made its
// objects unhashable (ok false).
func (o *Instance) hash() (int64, bool) {
	f, ok := o.Class.lookup("__hash__")
	if ok && f == None {
		return 0, false
	}
	if uf, ok := o.Class.userMethod("__hash__"); ok {
		r := o.call(uf)
		n, isInt := r.(Int)
		if b, isBool := r.(Bool); isBool {
			n, isInt = boolInt(b), true
		}
		if !isInt {
			throw("TypeError", errHashReturned)
		}
		if v, fits := n.Int64(); fits {
			if v == -1 {
				v = -2
			}
			return v, true
		}
		return pyHash(n), true
	}
	if o.Base != nil {
		return pyHash(o.Base), true
	}
	return identityHash(o), true
}

// instanceIndex is operator.index(o): __index__ (checked to return an
// int), else the int a subclass of int carries.
var instanceIndex func(o *Instance) (Value, bool)

func init() {
	instanceIndex = func(o *Instance) (Value, bool) {
		if f, ok := o.Class.userMethod("__index__"); ok && f != None {
			r := o.call(f)
			switch r.(type) {
			case Int, Bool:
				return r, true
			}
			throw("TypeError", errIndexReturned, TypeName(r))
		}
		switch o.Base.(type) {
		case Int, Bool:
			return o.Base, true
		}
		return nil, false
	}
}

// instanceHash is (*Instance).hash (a variable: package initialisation
// would otherwise loop through the builtin classes).
var instanceHash func(o *Instance) (int64, bool)

func init() { instanceHash = (*Instance).hash }

// instKey is a dict key of an object whose class defines __hash__.
type instKey struct{ h int64 }

// objRepr is repr(x) of an exception of a class defined in Python.
func (s *Session) objRepr(x Value, c *Class) string {
	if f, ok := c.userMethod("__repr__"); ok && f != None {
		return s.reprResult(s.callMethodOf(f, x))
	}
	if e, ok := x.(*Exception); ok {
		return excRepr(e)
	}
	return defaultRepr(x)
}

// objStr is str(x) of an exception of a class defined in Python.
func (s *Session) objStr(x Value, c *Class) string {
	if f, ok := c.userMethod("__str__"); ok && f != None {
		v := s.callMethodOf(f, x)
		r, ok := v.(Str)
		if !ok {
			throw("TypeError", errStrReturned, TypeName(v))
		}
		return string(r)
	}
	if e, ok := x.(*Exception); ok {
		return excStrOf(e)
	}
	return s.objRepr(x, c)
}

// Next is next(o): __next__; false at StopIteration.
func (o *Instance) Next() (Value, bool) {
	f, ok := o.Class.userMethod("__next__")
	if !ok || f == None {
		throw("TypeError", errNotIterator, TypeName(o))
	}
	s := o.s()
	var v Value
	depth := len(s.stack)
	exc := s.catch(func() { v = o.call(f) })
	if exc != nil {
		s.unwindTo(depth, exc)
		if exc.isA("StopIteration") {
			return nil, false
		}
		panic(exc)
	}
	return v, true
}
