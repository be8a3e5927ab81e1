package eval

import (
	"crypto/rand"
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"math/big"
)

// The random module: CPython 3.11's Mersenne Twister (_randommodule.c)
// word for word, seeded as random.py seeds it, and random.py's methods
// (mod_random_dist.go) on top of random() and getrandbits(), so that a
// seeded program draws the same numbers as CPython.

const mtN = 624

// mersenne is the generator's state: _randommodule.c's RandomObject,
// plus random.py's gauss_next (nil when None).
type mersenne struct {
	mt        [mtN]uint32
	index     int
	gaussNext Value
	system    bool // random.SystemRandom: the OS's entropy, no state
}

// RandomObj is a random.Random (or random.SystemRandom) instance.
type RandomObj struct{ mersenne }

func (r *RandomObj) pyTypeName() string {
	if r.system {
		return "random.SystemRandom"
	}
	return "random.Random"
}

func (r *RandomObj) pyRepr(*reprState) string {
	return fmt.Sprintf("<%s object at %#x>", r.pyTypeName(), objectID(r))
}

func (m *mersenne) initGenrand(s uint32) {
	m.mt[0] = s
	for i := 1; i < mtN; i++ {
		m.mt[i] = 1812433253*(m.mt[i-1]^(m.mt[i-1]>>30)) + uint32(i)
	}
	m.index = mtN
}

func (m *mersenne) initByArray(key []uint32) {
	m.initGenrand(19650218)
	i, j := 1, 0
	k := max(mtN, len(key))
	for ; k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			m.mt[0] = m.mt[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		m.mt[i] = (m.mt[i] ^ ((m.mt[i-1] ^ (m.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			m.mt[0] = m.mt[mtN-1]
			i = 1
		}
	}
	m.mt[0] = 0x80000000
}

func (m *mersenne) genrand() uint32 {
	if m.system {
		var b [4]byte
		_, _ = rand.Read(b[:])
		return binary.LittleEndian.Uint32(b[:])
	}
	const upper, lower, matrixA = 0x80000000, 0x7fffffff, 0x9908b0df
	if m.index >= mtN {
		var kk int
		mag := func(y uint32) uint32 { return (y & 1) * matrixA }
		for kk = 0; kk < mtN-397; kk++ {
			y := (m.mt[kk] & upper) | (m.mt[kk+1] & lower)
			m.mt[kk] = m.mt[kk+397] ^ (y >> 1) ^ mag(y)
		}
		for ; kk < mtN-1; kk++ {
			y := (m.mt[kk] & upper) | (m.mt[kk+1] & lower)
			m.mt[kk] = m.mt[kk+(397-mtN)] ^ (y >> 1) ^ mag(y)
		}
		y := (m.mt[mtN-1] & upper) | (m.mt[0] & lower)
		m.mt[mtN-1] = m.mt[396] ^ (y >> 1) ^ mag(y)
		m.index = 0
	}
	y := m.mt[m.index]
	m.index++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// random is random.random(): 53 bits from two words.
func (m *mersenne) random() float64 {
	if m.system {
		var b [8]byte
		_, _ = rand.Read(b[:])
		return float64(binary.LittleEndian.Uint64(b[:])>>11) / (1 << 53)
	}
	a, b := m.genrand()>>5, m.genrand()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// getrandbits is random.getrandbits(k): the words least significant
// first, the last one cut to the bits left.
func (m *mersenne) getrandbits(k int) Int {
	if k < 0 {
		throw("ValueError", errRandBitsNegative)
	}
	if k == 0 {
		return MakeInt(0)
	}
	if k <= 32 {
		return MakeInt(int64(m.genrand() >> (32 - k)))
	}
	words := (k-1)/32 + 1
	if k <= 63 {
		lo := uint64(m.genrand())
		hi := uint64(m.genrand() >> (64 - k))
		return MakeInt(int64(lo | hi<<32))
	}
	buf := make([]byte, words*4)
	for i := 0; i < words; i, k = i+1, k-32 {
		r := m.genrand()
		if k < 32 {
			r >>= 32 - k
		}
		binary.BigEndian.PutUint32(buf[len(buf)-4*(i+1):], r)
	}
	return MakeBigInt(new(big.Int).SetBytes(buf))
}

// randbelow is random.py's _randbelow_with_getrandbits: a k-bit draw,
// redrawn until it is below n (n > 0).
func (m *mersenne) randbelow(n *big.Int) Int {
	k := n.BitLen()
	for {
		r := m.getrandbits(k)
		if r.Big().Cmp(n) < 0 {
			return r
		}
	}
}

func (m *mersenne) randbelowInt(n int) int {
	r, _ := m.randbelow(big.NewInt(int64(n))).Int64()
	return int(r)
}

// seedInt is random_seed for an int: init_by_array of |n|'s 32-bit words,
// least significant first.
func (m *mersenne) seedInt(n *big.Int) {
	n = new(big.Int).Abs(n)
	bs := n.Bytes() // big-endian
	keyLen := max((len(bs)+3)/4, 1)
	key := make([]uint32, keyLen)
	for i := 0; i < len(bs); i++ {
		b := bs[len(bs)-1-i]
		key[i/4] |= uint32(b) << (8 * (i % 4))
	}
	m.initByArray(key)
}

// seed is Random.seed(a, version): int (and bool) as it is, float by its
// hash, str and bytes (version 2) as the int of a + sha512(a), None from
// the OS.
func (m *mersenne) seed(a Value, version int64) {
	m.gaussNext = nil
	if m.system {
		return
	}
	switch x := a.(type) {
	case NoneType:
		var key [mtN]uint32
		var b [4 * mtN]byte
		_, _ = rand.Read(b[:])
		for i := range key {
			key[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		m.initByArray(key[:])
		return
	case Int:
		m.seedInt(x.Big())
		return
	case Bool:
		m.seedInt(big.NewInt(int64(b2f(bool(x)))))
		return
	case Float:
		// hash(a) as a size_t
		m.seedInt(new(big.Int).SetUint64(uint64(pyHash(x))))
		return
	case Str:
		if version == 1 {
			var h uint64
			rs := []rune(string(x))
			if len(rs) > 0 {
				h = uint64(rs[0]) << 7
			}
			for _, c := range rs {
				h = (1000003 * h) ^ uint64(c)
			}
			h ^= uint64(len(rs))
			m.seedInt(new(big.Int).SetUint64(h))
			return
		}
		if version == 2 {
			b := []byte(string(x))
			d := sha512.Sum512(b)
			m.seedInt(new(big.Int).SetBytes(append(b, d[:]...)))
			return
		}
		m.seedInt(new(big.Int).SetUint64(uint64(pyHash(x))))
		return
	}
	throw("TypeError", errRandSeedType)
}

// getstate is (3, (the 624 words, index), gauss_next).
func (m *mersenne) getstate() Value {
	if m.system {
		throw("NotImplementedError", errRandSystemState)
	}
	words := make(Tuple, mtN+1)
	for i, w := range m.mt {
		words[i] = MakeInt(int64(w))
	}
	words[mtN] = MakeInt(int64(m.index))
	g := m.gaussNext
	if g == nil {
		g = None
	}
	return Tuple{MakeInt(3), words, g}
}

func (m *mersenne) setstate(s *Session, state Value) {
	if m.system {
		throw("NotImplementedError", errRandSystemState)
	}
	version, _ := s.getItem(state, MakeInt(0)).(Int)
	v, _ := version.Int64()
	if v != 2 && v != 3 {
		throw("ValueError", errRandStateVersion, Repr(s.getItem(state, MakeInt(0))))
	}
	st := iterate(state)
	if len(st) < 3 {
		throw("ValueError", errNotEnoughUnpack, 3, len(st))
	}
	if len(st) > 3 {
		throw("ValueError", errTooManyUnpack, 3)
	}
	inner, ok := st[1].(Tuple)
	if !ok {
		throw("TypeError", errRandStateTuple)
	}
	if len(inner) != mtN+1 {
		throw("ValueError", errRandStateSize)
	}
	var mt [mtN]uint32
	for i := 0; i < mtN; i++ {
		w := toIndexInt(inner[i])
		if v == 2 {
			w.Mod(w, big.NewInt(1<<32))
		}
		mt[i] = uint32(w.Uint64())
	}
	idx := toIndexInt(inner[mtN])
	if !idx.IsInt64() || idx.Int64() < 0 || idx.Int64() > mtN {
		throw("ValueError", errRandStateInvalid)
	}
	m.mt = mt
	m.index = int(idx.Int64())
	m.gaussNext = st[2]
	if st[2] == None {
		m.gaussNext = nil
	}
}

var randomClass, systemRandomClass *Class

func init() {
	randomClass = &Class{Name: "random.Random", Call: func(a *Args) Value {
		p := pyArgs(a, "Random.__init__", 1, "x=")
		r := &RandomObj{}
		r.seed(orDefault(p[0], None), 2)
		return r
	}}
	systemRandomClass = &Class{Name: "random.SystemRandom", Call: func(a *Args) Value {
		return &RandomObj{mersenne{system: true}}
	}}
	classOf["Random"] = randomClass
	classOf["SystemRandom"] = systemRandomClass
	RegisterModule("random", func(s *Session) *Module {
		inst := &RandomObj{}
		inst.seed(None, 2)
		m := &Module{Name: "random", Origin: "from '/usr/lib/python3.11/random.py'", Members: map[string]Value{
			"Random":        randomClass,
			"SystemRandom":  systemRandomClass,
			"NV_MAGICCONST": Float(nvMagic),
			"TWOPI":         Float(twoPi),
			"LOG4":          Float(log4),
			"SG_MAGICCONST": Float(sgMagic),
			"BPF":           MakeInt(53),
			"RECIP_BPF":     Float(1.0 / (1 << 53)),
		}}
		for name := range randomMethods {
			m.Members[name] = inst.method(name)
		}
		return m
	})
}

// method is r.NAME, a bound method.
func (r *RandomObj) method(name string) *Builtin {
	meth := randomMethods[name]
	return &Builtin{Name: name, Sig: meth.sig, Doc: meth.doc, Module: "random",
		Fn: func(a *Args) Value { return meth.fn(r, a) }}
}

func (r *RandomObj) pyGetAttr(name string) (Value, bool) {
	if _, ok := randomMethods[name]; ok {
		return r.method(name), true
	}
	if name == "gauss_next" {
		if r.gaussNext == nil {
			return None, true
		}
		return r.gaussNext, true
	}
	if name == "VERSION" {
		return MakeInt(3), true
	}
	return nil, false
}

type randomMethod struct {
	sig, doc string
	fn       func(r *RandomObj, a *Args) Value
}

var randomMethods = map[string]randomMethod{}

func randomFn(name, sig, doc string, fn func(r *RandomObj, a *Args) Value) {
	randomMethods[name] = randomMethod{sig: sig, doc: doc, fn: fn}
}
