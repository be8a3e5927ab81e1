package eval

import (
	"math/bits"

	"github.com/tensh/tensh/lang"
)

// Fast paths of the operators a Python loop runs most: small ints added,
// subtracted, multiplied and compared. They give what the general
// operators give, and step aside (ok false) for everything else,
// overflow included.

// smallInts are the boxed values of the ints -5..1024, so that loops over
// small ranges do not allocate.
var smallInts = func() [1030]Value {
	var t [1030]Value
	for i := range t {
		t[i] = MakeInt(int64(i - 5))
	}
	return t
}()

// intValue boxes a small int.
func intValue(i int64) Value {
	if i >= -5 && i < 1025 {
		return smallInts[i+5]
	}
	return MakeInt(i)
}

func fastIntOp(op lang.Op, x, y Value) (Value, bool) {
	a, ok := x.(Int)
	if !ok || a.big != nil {
		return nil, false
	}
	b, ok := y.(Int)
	if !ok || b.big != nil {
		return nil, false
	}
	switch op {
	case lang.Plus:
		r := a.small + b.small
		if (r > a.small) == (b.small > 0) {
			return intValue(r), true
		}
	case lang.Minus:
		r := a.small - b.small
		if (r < a.small) == (b.small > 0) {
			return intValue(r), true
		}
	case lang.Star:
		hi, lo := bits.Mul64(absU64(a.small), absU64(b.small))
		if hi == 0 && lo < 1<<63 && a.small != -1<<63 && b.small != -1<<63 {
			return intValue(a.small * b.small), true
		}
	}
	return nil, false
}

// fastIntCompare compares two small ints.
func fastIntCompare(op lang.Op, x, y Value) (Value, bool) {
	a, ok := x.(Int)
	if !ok || a.big != nil {
		return nil, false
	}
	b, ok := y.(Int)
	if !ok || b.big != nil {
		return nil, false
	}
	switch op {
	case lang.Lt:
		return Bool(a.small < b.small), true
	case lang.Le:
		return Bool(a.small <= b.small), true
	case lang.Gt:
		return Bool(a.small > b.small), true
	case lang.Ge:
		return Bool(a.small >= b.small), true
	case lang.Eq:
		return Bool(a.small == b.small), true
	case lang.Ne:
		return Bool(a.small != b.small), true
	}
	return nil, false
}

func absU64(i int64) uint64 {
	if i < 0 {
		return uint64(-i)
	}
	return uint64(i)
}
