package eval

// setTable mirrors CPython 3.11's set hash table (Objects/setobject.c):
// same size, same probing, same dummies, same resizing, so that a set
// iterates and prints its items in CPython's order ({3, 1, 2} prints
// {1, 2, 3}). Membership itself is answered by the Set's Go map; the table
// only orders. Items whose CPython hash is randomized per process (str)
// get a fixed hash here: their order is as arbitrary as CPython's.

const (
	setMinSize   = 8
	linearProbes = 9
	perturbShift = 5
)

const (
	slotEmpty byte = iota
	slotActive
	slotDummy
)

type setSlot struct {
	key   Value
	hash  int64
	state byte
}

type setTable struct {
	slots      []setSlot
	fill, used int
	finger     int // where set.pop() looks first
}

func newSetTable() *setTable { return &setTable{slots: make([]setSlot, setMinSize)} }

func (t *setTable) mask() int { return len(t.slots) - 1 }

// add is set_add_entry for a key known not to be in the set.
func (t *setTable) add(key Value, hash int64) {
	mask := uint64(t.mask())
	i := uint64(hash) & mask
	perturb := uint64(hash)
	var free = -1
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := uint64(0); j <= uint64(probes); j++ {
			sl := &t.slots[i+j]
			switch sl.state {
			case slotEmpty:
				if free >= 0 {
					t.slots[free] = setSlot{key, hash, slotActive}
					t.used++
					return
				}
				*sl = setSlot{key, hash, slotActive}
				t.fill++
				t.used++
				if t.fill*5 < int(mask)*3 {
					return
				}
				if t.used > 50000 {
					t.resize(t.used * 2)
				} else {
					t.resize(t.used * 4)
				}
				return
			case slotDummy:
				if free < 0 {
					free = int(i + j)
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// remove turns key's slot into a dummy (set_discard_entry).
func (t *setTable) remove(key Value, hash int64) {
	mask := uint64(t.mask())
	i := uint64(hash) & mask
	perturb := uint64(hash)
	k := mustHash(key)
	for {
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for j := uint64(0); j <= uint64(probes); j++ {
			sl := &t.slots[i+j]
			if sl.state == slotEmpty {
				return
			}
			if sl.state == slotActive && sl.hash == hash {
				if k2, _ := hashKey(sl.key); k2 == k {
					*sl = setSlot{state: slotDummy, hash: -1}
					t.used--
					return
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// insertClean is set_insert_clean: key goes in the first empty slot of
// its probe sequence (the table has no dummies and no key equal to it).
func (t *setTable) insertClean(key Value, hash int64) {
	mask := uint64(t.mask())
	i := uint64(hash) & mask
	perturb := uint64(hash)
	for {
		if t.slots[i].state == slotEmpty {
			t.slots[i] = setSlot{key, hash, slotActive}
			return
		}
		if i+linearProbes <= mask {
			for j := uint64(1); j <= linearProbes; j++ {
				if t.slots[i+j].state == slotEmpty {
					t.slots[i+j] = setSlot{key, hash, slotActive}
					return
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

// resize is set_table_resize.
func (t *setTable) resize(minUsed int) {
	n := setMinSize
	for n <= minUsed {
		n <<= 1
	}
	old := t.slots
	t.slots = make([]setSlot, n)
	t.fill = t.used
	for _, sl := range old {
		if sl.state == slotActive {
			t.insertClean(sl.key, sl.hash)
		}
	}
}

// order returns the active keys in table order.
func (t *setTable) order() []Value {
	out := make([]Value, 0, t.used)
	for _, sl := range t.slots {
		if sl.state == slotActive {
			out = append(out, sl.key)
		}
	}
	return out
}
