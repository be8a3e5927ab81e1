package eval

import (
	"hash/fnv"
	"math"
	"math/big"

	"github.com/tensh/tensh/runtime/tensor"
)

// pyHash is CPython 3.11's hash(v) for the values whose hash does not
// depend on the process (numbers, tuples of them, frozensets of them);
// strings and objects hash by a fixed function of their text or identity
// (CPython randomizes those per process, so no transcript can depend on
// them). It is what hash() returns and what orders a set's items as
// CPython's hash table does (set_table.go). Unhashable values raise
// TypeError.
func pyHash(v Value) int64 {
	switch x := v.(type) {
	case *Instance:
		h, ok := instanceHash(x)
		if !ok {
			throw("TypeError", errUnhashable, TypeName(v))
		}
		return h
	case Bool:
		if x {
			return 1
		}
		return 0
	case Int:
		return intHash(x)
	case Float:
		return floatHash(float64(x))
	case Str:
		return strHash(string(x))
	case Bytes:
		return strHash(string(x)) // as CPython: hash(b'ab') == hash('ab')
	case Complex:
		return complexHash(x)
	case Tuple:
		return tupleHash(x)
	case Size:
		return tupleHash(sizeTuple(x))
	case *NamedTuple:
		return tupleHash(x.Elems)
	case *Set:
		if !x.Frozen {
			break
		}
		return frozensetHash(x)
	case *List, *Dict, *Slice:
	case *tensor.Tensor, *Module, *Builtin, *Class, *Object, *IterValue:
		return fixHash(int64(objectID(v) >> 4))
	default:
		k, ok := hashKey(v)
		if ok {
			return strHash(reprKey(k))
		}
	}
	throw("TypeError", errUnhashable, TypeName(v))
	return 0
}

const (
	hashBits    = 61
	hashModulus = (1 << hashBits) - 1
	hashInf     = 314159
)

// fixHash maps -1 (CPython's error value) to -2.
func fixHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}

func intHash(i Int) int64 {
	if n, ok := i.Int64(); ok {
		if n > -hashModulus && n < hashModulus {
			return fixHash(n)
		}
		neg := n < 0
		u := uint64(n)
		if neg {
			u = -u
		}
		h := int64(u % hashModulus)
		if neg {
			h = -h
		}
		return fixHash(h)
	}
	b := i.Big()
	neg := b.Sign() < 0
	b.Abs(b)
	h := new(big.Int).Mod(b, big.NewInt(hashModulus)).Int64()
	if neg {
		h = -h
	}
	return fixHash(h)
}

// floatHash is _Py_HashDouble.
func floatHash(v float64) int64 {
	switch {
	case math.IsInf(v, 1):
		return hashInf
	case math.IsInf(v, -1):
		return -hashInf
	case math.IsNaN(v):
		return 0
	}
	m, e := math.Frexp(v)
	sign := int64(1)
	if m < 0 {
		sign, m = -1, -m
	}
	var x uint64
	for m != 0 {
		x = ((x << 28) & hashModulus) | x>>(hashBits-28)
		m *= 268435456.0
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= hashModulus {
			x -= hashModulus
		}
	}
	if e >= 0 {
		e = e % hashBits
	} else {
		e = hashBits - 1 - ((-1 - e) % hashBits)
	}
	x = ((x << uint(e)) & hashModulus) | x>>(hashBits-uint(e))
	return fixHash(int64(x) * sign)
}

const (
	xxPrime1 uint64 = 11400714785074694791
	xxPrime2 uint64 = 14029467366897019727
	xxPrime5 uint64 = 2870177450012600261
)

func tupleHash(t Tuple) int64 {
	acc := xxPrime5
	for _, e := range t {
		lane := uint64(pyHash(e))
		acc += lane * xxPrime2
		acc = acc<<31 | acc>>33
		acc *= xxPrime1
	}
	acc += uint64(len(t)) ^ (xxPrime5 ^ 3527539)
	if acc == math.MaxUint64 {
		return 1546275796
	}
	return int64(acc)
}

func strHash(s string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return fixHash(int64(h.Sum64() >> 1))
}

func shuffleBits(h uint64) uint64 { return ((h ^ 89869747) ^ (h << 16)) * 3644798167 }

// frozensetHash is CPython's frozenset_hash over the set's table.
func frozensetHash(s *Set) int64 {
	t := s.table()
	var h uint64
	for _, sl := range t.slots { // empty slots hash 0, dummies -1
		h ^= shuffleBits(uint64(sl.hash))
	}
	if (len(t.slots)-t.fill)&1 != 0 {
		h ^= shuffleBits(0)
	}
	if (t.fill-t.used)&1 != 0 {
		h ^= shuffleBits(math.MaxUint64)
	}
	h ^= (uint64(t.used) + 1) * 1927868237
	h ^= (h >> 11) ^ (h >> 25)
	h = h*69069 + 907133923
	if h == math.MaxUint64 {
		h = 590923713
	}
	return int64(h)
}
