package eval

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Dict is a Python dict: keys in insertion order, looked up by hash key
// (see hashKey). Shared by reference, as Python's dicts are. A small dict
// (most objects' attributes) finds its keys by a scan of hk; index, the
// map from hash key to position, is made once it grows past smallDict.
type Dict struct {
	Keys  []Value
	Vals  []Value
	hk    []Value     // hashKey of each key
	index map[any]int // hashKey(key) -> position in Keys/Vals (nil while small)
	// sub makes the dict a Counter, defaultdict or OrderedDict
	// (mod_collections.go); nil for a dict.
	sub *dictSub
}

// smallDict is the size up to which a dict has no index map.
const smallDict = 8

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{} }

// Len is len(d).
func (d *Dict) Len() int { return len(d.Keys) }

// find is the position of the key whose hash key is h.
func (d *Dict) find(h any) (int, bool) {
	if d.index != nil {
		i, ok := d.index[h]
		return i, ok
	}
	for i, k := range d.hk {
		if k == h {
			return i, true
		}
	}
	return -1, false
}

// getStr is d[name] for a str key.
func (d *Dict) getStr(name string) (Value, bool) {
	if i, ok := d.strIndex(name); ok {
		return d.Vals[i], true
	}
	return nil, false
}

// strIndex is the position of the str key name.
func (d *Dict) strIndex(name string) (int, bool) {
	if d.index != nil {
		i, ok := d.index[Str(name)]
		return i, ok
	}
	for i, k := range d.hk {
		if s, ok := k.(Str); ok && string(s) == name {
			return i, true
		}
	}
	return -1, false
}

// Get returns d[k] and whether k is a key. An unhashable k raises
// TypeError.
func (d *Dict) Get(k Value) (Value, bool) {
	i, ok := d.find(mustHash(k))
	if !ok {
		return nil, false
	}
	return d.Vals[i], true
}

// SetItem is d[k] = v: an existing key keeps its place (and its original
// key object, as in Python), a new one goes last.
func (d *Dict) SetItem(k, v Value) {
	h := mustHash(k)
	if i, ok := d.find(h); ok {
		d.Vals[i] = v
		return
	}
	checkItems(1)
	if d.index != nil {
		d.index[h] = len(d.Keys)
	}
	if d.Keys == nil {
		// The first key: one allocation for the three slices.
		buf := make([]Value, 12)
		d.Keys, d.Vals, d.hk = buf[0:0:4], buf[4:4:8], buf[8:8:12]
	}
	d.Keys = append(d.Keys, k)
	d.Vals = append(d.Vals, v)
	d.hk = append(d.hk, h)
	if d.index == nil && len(d.hk) > smallDict {
		d.index = make(map[any]int, 2*len(d.hk))
		for i, x := range d.hk {
			d.index[x] = i
		}
	}
}

// Delete removes k and reports whether it was there.
func (d *Dict) Delete(k Value) bool {
	h := mustHash(k)
	i, ok := d.find(h)
	if !ok {
		return false
	}
	d.Keys = append(d.Keys[:i], d.Keys[i+1:]...)
	d.Vals = append(d.Vals[:i], d.Vals[i+1:]...)
	d.hk = append(d.hk[:i], d.hk[i+1:]...)
	if d.index != nil {
		delete(d.index, h)
		for j := i; j < len(d.hk); j++ {
			d.index[d.hk[j]] = j
		}
	}
	return true
}

// Set is a Python set (Frozen: a frozenset). Elems holds the elements
// (in insertion order until one is removed); Python's iteration order,
// CPython's hash-table order, is Order() (see set_table.go): iterate and
// print a set through it.
type Set struct {
	Elems  []Value
	index  map[any]int
	Frozen bool
	tab    *setTable // CPython's table, for the iteration order
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{index: map[any]int{}, tab: newSetTable()} }

// Order returns the elements in CPython's iteration order.
func (s *Set) Order() []Value { return s.table().order() }

// table returns the set's CPython table, building it from Elems for a Set
// made without NewSet.
func (s *Set) table() *setTable {
	if s.tab == nil {
		s.tab = newSetTable()
		for _, v := range s.Elems {
			s.tab.add(v, pyHash(v))
		}
	}
	return s.tab
}

// Len is len(s).
func (s *Set) Len() int { return len(s.Elems) }

// Has reports whether v is an element; an unhashable v raises TypeError.
func (s *Set) Has(v Value) bool {
	_, ok := s.index[mustHash(v)]
	return ok
}

// Add adds v if it is not already an element.
func (s *Set) Add(v Value) {
	h := mustHash(v)
	if _, ok := s.index[h]; ok {
		return
	}
	checkItems(1)
	s.table().add(v, pyHash(v))
	s.index[h] = len(s.Elems)
	s.Elems = append(s.Elems, v)
}

// Remove removes v and reports whether it was there. The last element
// takes its place in Elems (constant time: Elems is in no particular
// order once an element was removed; Order() is Python's order).
func (s *Set) Remove(v Value) bool {
	h := mustHash(v)
	i, ok := s.index[h]
	if !ok {
		return false
	}
	delete(s.index, h)
	s.table().remove(s.Elems[i], pyHash(s.Elems[i]))
	last := len(s.Elems) - 1
	if i != last {
		s.Elems[i] = s.Elems[last]
		s.index[mustHash(s.Elems[i])] = i
	}
	s.Elems[last] = nil
	s.Elems = s.Elems[:last]
	return true
}

// numKey is the hash key of an int past int64 (or of an integral float
// past it): its decimal text. Smaller numbers key by an int64 (ints, bools
// and integral floats, so that 1, 1.0 and True are one key) or a float64
// (other floats).
type numKey struct {
	big string
}

// tupleKey is the hash key of a tuple: its elements' keys, joined.
type tupleKey string

// identityKey is the hash key of a value hashed by identity (tensors,
// modules, functions).
type identityKey struct{ p any }

// hashKey returns a comparable Go value that equal hashable Python values
// share, and false for an unhashable value (list, dict, set).
func hashKey(x Value) (any, bool) {
	switch v := x.(type) {
	case *Instance:
		if f, ok := v.Class.lookup("__hash__"); ok && f == None {
			return nil, false
		}
		if _, ok := v.Class.userMethod("__hash__"); ok {
			h, _ := instanceHash(v)
			return instKey{h}, true
		}
		if v.Base != nil {
			return hashKey(v.Base)
		}
		return identityKey{v}, true
	case NoneType, EllipsisType:
		return v, true
	case Bool:
		if v {
			return int64(1), true
		}
		return int64(0), true
	case Int:
		// Ints that fit an int64 (and integral floats of that range) key
		// by their int64 value: Go hashes those fastest.
		if n, ok := v.Int64(); ok {
			return n, true
		}
		return numKey{big: v.Decimal()}, true
	case Float:
		f := float64(v)
		if f != f {
			return identityKey{new(float64)}, true // NaN equals nothing, itself included
		}
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			if f >= -(1<<63) && f < 1<<63 {
				return int64(f), true
			}
			return numKey{big: floatIntDecimal(f)}, true
		}
		return f, true
	case Str:
		return x, true // (the value itself: no allocation)
	case Bytes:
		return v, true
	case Complex:
		if v.Im == 0 {
			return hashKey(Float(v.Re)) // 2+0j == 2
		}
		return v, true
	case Tuple:
		var b strings.Builder
		for _, e := range v {
			k, ok := hashKey(e)
			if !ok {
				return nil, false
			}
			b.WriteString(reprKey(k))
			b.WriteByte(0)
		}
		return tupleKey(b.String()), true
	case *Set:
		if !v.Frozen {
			return nil, false
		}
		return identityKey{v}, true
	case *List, *Dict, *Slice, *DictView:
		return nil, false
	case *tensor.Tensor, *Module, *Builtin, *Class, *Object:
		return identityKey{v}, true
	case DTypeValue, DeviceValue, Range:
		return v, true
	case Size:
		return hashKey(sizeTuple(v))
	case *NamedTuple:
		return hashKey(v.Elems)
	}
	return identityKey{x}, true
}

func sizeTuple(s Size) Tuple {
	t := make(Tuple, len(s))
	for i, n := range s {
		t[i] = MakeInt(int64(n))
	}
	return t
}

func reprKey(k any) string {
	switch k := k.(type) {
	case identityKey:
		return fmt.Sprintf("o%T%p", k.p, k.p)
	case tupleKey:
		return "t(" + string(k) + ")"
	}
	return fmt.Sprintf("%#v", k)
}

// floatIntDecimal is the decimal text of an integral float64.
func floatIntDecimal(f float64) string {
	return new(big.Float).SetFloat64(f).Text('f', 0)
}

// mustHash is hashKey, raising Python's TypeError for an unhashable value.
func mustHash(v Value) any {
	k, ok := hashKey(v)
	if !ok {
		throw("TypeError", errUnhashable, TypeName(v))
	}
	return k
}
