package tensor

import (
	"math"
	"slices"
)

// The iteration order of the std::unordered_set that PyTorch 1.13's
// unique (unique_cpu_template) builds from a tensor's elements, as
// libstdc++ lays it out: torch.unique(sorted=False) returns the distinct
// values in that order. The set is made by the range constructor (bucket
// count: the next prime of _Prime_rehash_policy for numel elements, so
// no rehash), the hash is std::hash (the value for integers and bool,
// the bits for half and bfloat16, _Hash_bytes for float and double, 0 for
// ±0.0), and a new element goes to the front of the list when its bucket
// is empty, else before its bucket's first element.

// fastBkt is _Prime_rehash_policy::_M_next_bkt's table for n < 14.
var fastBkt = [...]uint64{2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13}

// primeList is the start of libstdc++'s __prime_list (hashtable-aux.cc).
var primeList = []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67,
	71, 73, 79, 83, 89, 97, 103, 109, 113, 127, 137, 139, 149, 157, 167, 179, 193, 199, 211, 227,
	241, 257, 277, 293, 313, 337, 359, 383, 409, 439, 467, 503, 541, 577, 619, 661, 709, 761, 823,
	887, 953, 1031, 1109, 1193, 1289, 1381, 1493, 1613, 1741, 1879, 2029, 2179, 2357, 2549, 2753,
	2971, 3209, 3469, 3739, 4027, 4349, 4703, 5087, 5503, 5953, 6427, 6949, 7517, 8123, 8783,
	9497, 10273, 11113, 12011, 12983, 14033, 15173, 16411, 17749, 19183, 20753, 22447, 24281,
	26267, 28411, 30727, 33223, 35933, 38873, 42043, 45481, 49201, 53201, 57557, 62233, 67307,
	72817, 78779, 85229, 92203, 99733, 107897, 116731, 126271, 136607, 147793, 159871, 172933,
	187091, 202409, 218971, 236897, 256279, 277261, 299951, 324503, 351061, 379787, 410857,
	444487, 480881, 520241, 562841, 608903, 658753, 712697, 771049, 834181, 902483, 976369}

// nextBkt is _Prime_rehash_policy::_M_next_bkt(n): the bucket count of a
// set built from n elements.
func nextBkt(n uint64) uint64 {
	if n < uint64(len(fastBkt)) {
		if n == 0 {
			return 1
		}
		return fastBkt[n]
	}
	if i, _ := slices.BinarySearch(primeList[6:], n); 6+i < len(primeList) {
		return primeList[6+i]
	}
	return 0 // beyond the list: the caller does not reproduce the order
}

// hashBytes is libstdc++'s _Hash_bytes (64-bit) of an n-byte little-endian
// value v with seed 0xc70f6907.
func hashBytes(v uint64, n int) uint64 {
	const mul = uint64(0xc6a4a793)<<32 + 0x5bd1e995
	shiftMix := func(x uint64) uint64 { return x ^ (x >> 47) }
	h := uint64(0xc70f6907) ^ (uint64(n) * mul)
	if n == 8 {
		h ^= shiftMix(v*mul) * mul
		h *= mul
	} else {
		h ^= v & (1<<(8*uint(n)) - 1)
		h *= mul
	}
	h = shiftMix(h) * mul
	return shiftMix(h)
}

// stdHash is std::hash of element x of dtype d (given as its bits or value).
func stdHash[T Num](x T) uint64 {
	switch v := any(x).(type) {
	case float32:
		if v == 0 {
			return 0
		}
		return hashBytes(uint64(math.Float32bits(v)), 4)
	case float64:
		if v == 0 {
			return 0
		}
		return hashBytes(math.Float64bits(v), 8)
	case int8:
		return uint64(int64(v))
	case int16:
		return uint64(int64(v))
	case int32:
		return uint64(int64(v))
	case int64:
		return uint64(v)
	case uint8:
		return uint64(v)
	}
	return 0
}

// setOrder returns the distinct elements of v (all NaNs distinct; -0 and
// 0 one element when their hashes meet, the first met) in the
// unordered_set's iteration order; hash gives each element's hash. ok is
// false when the set would outgrow the prime list known here.
func setOrder[T Num](v []T, hash func(T) uint64) (order []T, ok bool) {
	type node struct {
		val  T
		h    uint64
		next int // -1 at the end
	}
	var nodes []node
	head := -1
	nb := uint64(1)
	nextResize := uint64(0)
	// before[b] is the node whose next is bucket b's first node, -2 for
	// the list's head (_M_before_begin); absent for an empty bucket.
	before := map[uint64]int{}
	insert := func(k int) {
		b := nodes[k].h % nb
		if bf, has := before[b]; has {
			if bf == -2 {
				nodes[k].next = head
				head = k
			} else {
				nodes[k].next = nodes[bf].next
				nodes[bf].next = k
			}
			return
		}
		nodes[k].next = head
		if head >= 0 {
			before[nodes[head].h%nb] = k
		}
		head = k
		before[b] = -2
	}
	for i, x := range v {
		pollAt(i)
		h := hash(x)
		b := h % nb
		if bf, has := before[b]; has && x == x {
			p := head
			if bf >= 0 {
				p = nodes[bf].next
			}
			dup := false
			for ; p >= 0 && nodes[p].h%nb == b; p = nodes[p].next {
				if nodes[p].val == x {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
		}
		n := uint64(len(nodes))
		if n+1 > nextResize {
			minB := n + 1
			if nextResize == 0 {
				minB = max(n+1, 11)
			}
			if minB >= nb {
				nb = nextBkt(max(minB+1, nb*2))
				if nb == 0 {
					return nil, false
				}
				nextResize = nb
				// _M_rehash_aux: re-insert the list in order
				var old []int
				for p := head; p >= 0; p = nodes[p].next {
					old = append(old, p)
				}
				head = -1
				before = map[uint64]int{}
				for _, k := range old {
					insert(k)
				}
			} else {
				nextResize = nb
			}
		}
		nodes = append(nodes, node{val: x, h: h})
		insert(len(nodes) - 1)
	}
	order = make([]T, 0, len(nodes))
	for p := head; p >= 0; p = nodes[p].next {
		order = append(order, nodes[p].val)
	}
	return order, true
}
