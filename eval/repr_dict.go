package eval

import (
	"fmt"
	"reflect"
	"strings"
)

// pyTyped is a value type that names its Python type itself (TypeName
// asks it): dicts, sets, views, iterators, and the types other files add.
type pyTyped interface{ pyTypeName() string }

// pyReprer is a value type that writes its own repr (Repr asks it).
type pyReprer interface{ pyRepr(st *reprState) string }

func (d *Dict) pyTypeName() string {
	if d.sub != nil {
		return d.sub.typeName
	}
	return "dict"
}

func (s *Set) pyTypeName() string {
	if s.Frozen {
		return "frozenset"
	}
	return "set"
}

// enterActive notes that the container x is being shown; false when it
// is already (a dict containing itself shows as {...}).
func (st *reprState) enterActive(x any) bool {
	for _, a := range st.active {
		if a == x {
			return false
		}
	}
	st.active = append(st.active, x)
	return true
}

func (st *reprState) leaveActive() { st.active = st.active[:len(st.active)-1] }

// pyRepr is {k: v, ...}.
func (d *Dict) pyRepr(st *reprState) string {
	if d.sub != nil && !st.plainDict {
		return d.sub.repr(st, d)
	}
	st.plainDict = false
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	if !st.enterActive(d) {
		return "{...}"
	}
	defer st.leaveActive()
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range d.Keys {
		poll()
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(st.repr(k))
		b.WriteString(": ")
		b.WriteString(st.repr(d.Vals[i]))
		if b.Len() > 1<<20 {
			checkStrBytes(b.Len() * 2)
		}
	}
	b.WriteByte('}')
	return b.String()
}

// pyRepr is {a, b}, set(), frozenset({a, b}) or frozenset().
func (s *Set) pyRepr(st *reprState) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	name := s.pyTypeName()
	if s.Len() == 0 {
		return name + "()"
	}
	if !st.enterActive(s) {
		return name + "(...)"
	}
	defer st.leaveActive()
	body := "{" + st.join(s.Order()) + "}"
	if s.Frozen {
		return "frozenset(" + body + ")"
	}
	return body
}

// pyRepr is dict_keys([...]), dict_values([...]), dict_items([...]).
func (v *DictView) pyRepr(st *reprState) string {
	st.rec.enter(errRecursionRepr)
	defer st.rec.leave()
	if !st.enterActive(v) {
		return "..."
	}
	defer st.leaveActive()
	return v.pyTypeName() + "([" + st.join(drain(newDictIter(v.D, v.Kind))) + "])"
}

// pyRepr is <zip object at 0x...>.
func (v *IterValue) pyRepr(*reprState) string {
	return fmt.Sprintf("<%s object at %#x>", v.Type, objectID(v))
}

// objectID is id(v): the address of a reference value (a list, dict,
// tensor, module...), so that aliases share it; for the immutable values
// held by value (ints, strings, tuples), a number derived from the value,
// equal for equal values (CPython shares such objects only sometimes;
// programs cannot rely on either).
func objectID(v Value) uint64 {
	if a := objAddr(v); a != 0 {
		return uint64(a)
	}
	switch x := v.(type) {
	case Tuple:
		if len(x) > 0 {
			return uint64(reflect.ValueOf(&x[0]).Pointer())
		}
	case Size:
		if len(x) > 0 {
			return uint64(reflect.ValueOf(&x[0]).Pointer())
		}
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return uint64(rv.Pointer())
	}
	k, ok := hashKey(v)
	if !ok {
		return 0
	}
	return 0x7f0000000000 | uint64(strHash(reprKey(k)))&0xffffffff0
}

// pyCaller is a value type that can be called (Session.Call asks it).
type pyCaller interface{ pyCall(a *Args) Value }
