package torch

import (
	"encoding/binary"

	"github.com/tensh/tensh/eval"
)

// PyTorch's invalid_arguments.cpp keeps the keyword arguments in a
// std::unordered_map<std::string, PyObject*> and lists them in its order:
// libstdc++'s, which kwargsOrder reproduces (std::hash<std::string> is
// _Hash_bytes with seed 0xc70f6907; the prime rehash policy; each node
// goes to the front of its bucket, or of the list when its bucket is
// empty).

// hashBytes is libstdc++'s 64-bit _Hash_bytes.
func hashBytes(s string, seed uint64) uint64 {
	const mul = uint64(0xc6a4a793)<<32 + 0x5bd1e995
	shiftMix := func(v uint64) uint64 { return v ^ v>>47 }
	b := []byte(s)
	aligned := len(b) &^ 7
	hash := seed ^ uint64(len(b))*mul
	for p := 0; p < aligned; p += 8 {
		data := shiftMix(binary.LittleEndian.Uint64(b[p:])*mul) * mul
		hash ^= data
		hash *= mul
	}
	if len(b)&7 != 0 {
		var data uint64
		for n := len(b) - 1; n >= aligned; n-- {
			data = data<<8 + uint64(b[n])
		}
		hash ^= data
		hash *= mul
	}
	return shiftMix(shiftMix(hash) * mul)
}

// fastBuckets is _Prime_rehash_policy's table of small bucket counts.
var fastBuckets = []int{2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13}

// nextBuckets is _Prime_rehash_policy::_M_next_bkt for the sizes a call's
// keywords need (the primes after 13 for more).
func nextBuckets(n int) int {
	if n < len(fastBuckets) {
		return fastBuckets[n]
	}
	for p := n; ; p++ {
		prime := true
		for d := 2; d*d <= p; d++ {
			if p%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			return p
		}
	}
}

// kwargsOrder is the keyword arguments in the order the unordered_map
// that PyDict_Next filled lists them.
func kwargsOrder(a *eval.Args) []eval.KwArg {
	hashes := make([]uint64, len(a.Kw))
	for i, kw := range a.Kw {
		hashes[i] = hashBytes(kw.Name, 0xc70f6907)
	}
	var list []int // node indices, in list order
	nb, nextResize := 1, 0
	insert := func(i int) {
		bkt := int(hashes[i] % uint64(nb))
		// the front of its bucket's run, or of the list
		for k, j := range list {
			if int(hashes[j]%uint64(nb)) == bkt {
				list = append(list[:k], append([]int{i}, list[k:]...)...)
				return
			}
		}
		list = append([]int{i}, list...)
	}
	for i := range a.Kw {
		if n := len(list) + 1; n > nextResize {
			minBkts := n
			if nextResize == 0 {
				minBkts = max(n, 11) // an empty table's first growth
			}
			if minBkts >= nb {
				nb = nextBuckets(max(minBkts+1, nb*2))
				nextResize = nb
				old := list
				list = nil
				rehash(old, hashes, nb, &list)
			} else {
				nextResize = nb
			}
		}
		insert(i)
	}
	out := make([]eval.KwArg, len(list))
	for k, i := range list {
		out[k] = a.Kw[i]
	}
	return out
}

// rehash is _M_rehash_aux: the nodes in list order go to the front of the
// list when their bucket is new, else after their bucket's first node's
// predecessor (the front of its run).
func rehash(old []int, hashes []uint64, nb int, list *[]int) {
	for _, i := range old {
		bkt := int(hashes[i] % uint64(nb))
		placed := false
		for k, j := range *list {
			if int(hashes[j]%uint64(nb)) == bkt {
				*list = append((*list)[:k], append([]int{i}, (*list)[k:]...)...)
				placed = true
				break
			}
		}
		if !placed {
			*list = append([]int{i}, *list...)
		}
	}
}
