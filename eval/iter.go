package eval

// Iteration: the one protocol that for-loops, comprehensions, unpacking and
// the builtins (sum, zip, sorted, list(), ...) use to walk an iterable.
//
//	it := Iterate(v)        // Python's iter(v): TypeError if v is not iterable
//	for {
//		x, ok := it.Next()  // Python's next(it); ok is false when exhausted
//		if !ok {
//			break
//		}
//		...                 // loops over user code poll() each iteration
//	}
//
// Iterate never materializes its iterable: a range yields its ints one at a
// time, a list is read by index as the loop goes (so a loop that appends
// sees the new items, as in Python), a dict raises Python's RuntimeError
// when it changes size during the loop. An iterator value (what iter(),
// zip(), map(), filter(), enumerate(), reversed(), dict.items() ... return,
// and what a generator expression should return) is an *IterValue: Python
// object that prints as `<zip object at 0x...>` and iterates over itself,
// so it is consumed once, as in Python.
//
// To add an iterable type, add a case to Iterate (or make the type
// implement Iterable). To make a Python iterator from Go code (a generator
// expression, say), wrap any Iterator: NewIterValue("generator", it), or an
// IterFunc closure: NewIterValue("generator", IterFunc(func() (Value, bool) {...})).
//
// iterate(v) (pyops.go) is the slice form for the callers that need every
// item at once; it drains Iterate for the types it does not know.

import (
	"unicode/utf8"

	"github.com/tensh/tensh/runtime/tensor"
)

// Iterator yields the items of an iterable one at a time. Next returns the
// next item and true, or (nil, false) once the iterator is exhausted (and
// on every later call). Next may raise a Python exception (panic
// *Exception), as a Python iterator's __next__ does.
type Iterator interface {
	Next() (Value, bool)
}

// IterFunc adapts a function to the Iterator interface.
type IterFunc func() (Value, bool)

// Next calls f.
func (f IterFunc) Next() (Value, bool) { return f() }

// Iterable is implemented by value types that know how to iterate
// themselves (types defined outside this file: Iterate asks them first).
type Iterable interface {
	Iter() Iterator
}

// IterValue is a Python iterator object: the result of iter(), zip(),
// map(), filter(), enumerate(), reversed(), a dict view's iter(), a
// generator expression. Type is its Python type name ("zip",
// "list_iterator", "generator"); it is consumed by iteration.
type IterValue struct {
	Type string
	It   Iterator
	done bool
}

// NewIterValue wraps an Iterator as the Python iterator object of type
// typeName.
func NewIterValue(typeName string, it Iterator) *IterValue {
	return &IterValue{Type: typeName, It: it}
}

// Next yields the iterator's next item; an exhausted iterator stays
// exhausted, as Python's builtin iterators do.
func (v *IterValue) Next() (Value, bool) {
	if v.done {
		return nil, false
	}
	x, ok := v.It.Next()
	if !ok {
		v.done = true
		v.It = nil
	}
	return x, ok
}

func (v *IterValue) pyTypeName() string { return v.Type }

// Iterate is Python's iter(v): an Iterator over v's items, or TypeError
// "'T' object is not iterable".
func Iterate(v Value) Iterator {
	if c, ok := v.(*Class); ok && c.classInfo != nil {
		if it, ok := classIter(c); ok {
			return it
		}
	}
	switch x := v.(type) {
	case *IterValue:
		return x
	case *List:
		return &listIter{l: x}
	case Tuple:
		return &sliceIter{elems: x}
	case *NamedTuple:
		return &sliceIter{elems: x.Elems}
	case Range:
		return &rangeIter{next: x.Start, step: x.Step, left: x.Len()}
	case Str:
		return &strIter{s: string(x)}
	case Size:
		i := 0
		return IterFunc(func() (Value, bool) {
			if i >= len(x) {
				return nil, false
			}
			i++
			return MakeInt(int64(x[i-1])), true
		})
	case *Dict:
		return newDictIter(x, dictKeys)
	case *Set:
		return newSetIter(x)
	case *DictView:
		return newDictIter(x.D, x.Kind)
	case *tensor.Tensor:
		// Tensor.__iter__ is iter(self.unbind(0)): the rows are made at
		// once, as one multi-output view for autograd (iterate).
		if Tensors.Check != nil {
			Tensors.Check("iteration", x)
		}
		return &sliceIter{elems: iterate(x)}
	case Iterable:
		return x.Iter()
	case ListIterable:
		return &sliceIter{elems: x.PyIter()}
	}
	throw("TypeError", errNotIterable, TypeName(v))
	return nil
}

// isIterable reports whether Iterate accepts v.
func isIterable(v Value) bool {
	switch x := v.(type) {
	case *IterValue, *List, Tuple, *NamedTuple, Range, Str, Size, *Dict, *Set, *DictView, Iterable, ListIterable:
		return true
	case *tensor.Tensor:
		return x.Dim() > 0
	}
	return false
}

// iterName is the Python type name of iter(v) for v's type.
func iterName(v Value) string {
	switch v.(type) {
	case *List:
		return "list_iterator"
	case Tuple, Size, *NamedTuple:
		return "tuple_iterator"
	case Range:
		return "range_iterator"
	case Str:
		return "str_ascii_iterator"
	case *Dict:
		return "dict_keyiterator"
	case *DictView:
		return [...]string{"dict_keyiterator", "dict_valueiterator", "dict_itemiterator"}[v.(*DictView).Kind]
	case *Set:
		return "set_iterator"
	}
	return "iterator"
}

// drain collects the remaining items of an iterator, checking the memory
// cap as the list grows and polling for Ctrl-C.
func drain(it Iterator) []Value {
	var out []Value
	for {
		x, ok := it.Next()
		if !ok {
			return out
		}
		if len(out) == cap(out) && len(out) >= 1024 {
			checkSlots(2 * len(out))
		}
		poll()
		out = append(out, x)
	}
}

// sliceIter iterates a fixed slice (a tuple's items).
type sliceIter struct {
	elems []Value
	i     int
}

func (it *sliceIter) Next() (Value, bool) {
	if it.i >= len(it.elems) {
		return nil, false
	}
	it.i++
	return it.elems[it.i-1], true
}

// listIter reads a list by index, as Python's list_iterator does: items
// appended during the loop are seen, and a list that shrinks ends it.
type listIter struct {
	l *List
	i int
}

func (it *listIter) Next() (Value, bool) {
	if it.l == nil || it.i >= len(it.l.Elems) {
		it.l = nil
		return nil, false
	}
	it.i++
	return it.l.Elems[it.i-1], true
}

// rangeIter yields a range's ints without materializing the range.
type rangeIter struct {
	next, step, left int64
}

func (it *rangeIter) Next() (Value, bool) {
	if it.left <= 0 {
		return nil, false
	}
	v := it.next
	it.left--
	it.next += it.step
	return intValue(v), true
}

// strIter yields a string's characters (runes) as one-character strings.
type strIter struct {
	s string
	i int
}

func (it *strIter) Next() (Value, bool) {
	if it.i >= len(it.s) {
		return nil, false
	}
	r, n := utf8.DecodeRuneInString(it.s[it.i:])
	it.i += n
	return Str(string(r)), true
}
