package numpy

import (
	"math/big"
	"math/bits"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// np.random.default_rng: the Generator API on PCG64 (XSL-RR 128/64),
// seeded through SeedSequence, as numpy/random/_pcg64.pyx and
// bit_generator.pyx do. Generator.random, integers (Lemire's bounded
// integers), uniform, choice, shuffle and permutation
// are bit for bit; the other Generator methods are not modelled.

const (
	ssInitA    = 0x43b0d7e5
	ssMultA    = 0x931e8875
	ssInitB    = 0x8b51f9dd
	ssMultB    = 0x58f38ded
	ssMixMultL = 0xca01f9dd
	ssMixMultR = 0x4973f715
	ssXShift   = 16
	ssPoolSize = 4
)

// seedSequencePool is SeedSequence(entropy).pool for entropy's 32-bit
// words (least significant first).
func seedSequencePool(entropy []uint32) [ssPoolSize]uint32 {
	var pool [ssPoolSize]uint32
	hashConst := uint32(ssInitA)
	hashmix := func(v uint32) uint32 {
		v ^= hashConst
		hashConst *= ssMultA
		v *= hashConst
		v ^= v >> ssXShift
		return v
	}
	mix := func(x, y uint32) uint32 {
		r := ssMixMultL*x - ssMixMultR*y
		r ^= r >> ssXShift
		return r
	}
	for i := range pool {
		var e uint32
		if i < len(entropy) {
			e = entropy[i]
		}
		pool[i] = hashmix(e)
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	for src := ssPoolSize; src < len(entropy); src++ {
		for dst := range pool {
			pool[dst] = mix(pool[dst], hashmix(entropy[src]))
		}
	}
	return pool
}

// generateState64 is SeedSequence.generate_state(n, np.uint64).
func generateState64(pool [ssPoolSize]uint32, n int) []uint64 {
	hashConst := uint32(ssInitB)
	words := make([]uint32, 2*n)
	for i := range words {
		v := pool[i%ssPoolSize]
		v ^= hashConst
		hashConst *= ssMultB
		v *= hashConst
		v ^= v >> ssXShift
		words[i] = v
	}
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(words[2*i]) | uint64(words[2*i+1])<<32
	}
	return out
}

// pcg64 is the 128-bit PCG state (hi, lo halves).
type pcg64 struct {
	stateHi, stateLo, incHi, incLo uint64
	hasUint32                      bool
	uinteger                       uint32
}

const pcgMultHi, pcgMultLo = 0x2360ED051FC65DA4, 0x4385DF649FCCF645

func (p *pcg64) step() {
	// state = state * mult + inc (mod 2^128)
	hi, lo := bits.Mul64(p.stateLo, pcgMultLo)
	hi += p.stateHi*pcgMultLo + p.stateLo*pcgMultHi
	lo, c := bits.Add64(lo, p.incLo, 0)
	hi, _ = bits.Add64(hi, p.incHi, c)
	p.stateHi, p.stateLo = hi, lo
}

func newPCG64(seedHi, seedLo, seqHi, seqLo uint64) *pcg64 {
	p := &pcg64{}
	p.incHi = seqHi<<1 | seqLo>>63
	p.incLo = seqLo<<1 | 1
	p.step()
	lo, c := bits.Add64(p.stateLo, seedLo, 0)
	p.stateHi, _ = bits.Add64(p.stateHi, seedHi, c)
	p.stateLo = lo
	p.step()
	return p
}

func (p *pcg64) next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.stateHi^p.stateLo, -int(p.stateHi>>58))
}

func (p *pcg64) next32() uint32 {
	if p.hasUint32 {
		p.hasUint32 = false
		return p.uinteger
	}
	n := p.next64()
	p.hasUint32 = true
	p.uinteger = uint32(n >> 32)
	return uint32(n)
}

func (p *pcg64) double() float64 { return float64(p.next64()>>11) * (1.0 / 9007199254740992.0) }

// bounded is random_bounded_uint64 without masking (Lemire's method): a
// value in [0, rng].
func (p *pcg64) bounded(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0
	case rng <= 0xffffffff:
		if rng == 0xffffffff {
			return uint64(p.next32())
		}
		excl := uint32(rng) + 1
		m := uint64(p.next32()) * uint64(excl)
		leftover := uint32(m)
		if leftover < excl {
			threshold := (^uint32(0) - uint32(rng)) % excl
			for leftover < threshold {
				m = uint64(p.next32()) * uint64(excl)
				leftover = uint32(m)
			}
		}
		return m >> 32
	case rng == ^uint64(0):
		return p.next64()
	}
	excl := rng + 1
	hi, lo := bits.Mul64(p.next64(), excl)
	if lo < excl {
		threshold := (^uint64(0) - rng) % excl
		for lo < threshold {
			hi, lo = bits.Mul64(p.next64(), excl)
		}
	}
	return hi
}

// npSeedWords are an int seed's 32-bit words, least significant first.
func npSeedWords(v eval.Value) []uint32 {
	i, ok := v.(eval.Int)
	if !ok {
		eval.Throw("TypeError", errNPSeedType, eval.TypeName(v))
	}
	b := i.Big()
	if b.Sign() < 0 {
		eval.Throw("ValueError", errNPSeedNegative)
	}
	var words []uint32
	mask := big.NewInt(0xffffffff)
	for b.Sign() > 0 {
		words = append(words, uint32(new(big.Int).And(b, mask).Uint64()))
		b.Rsh(b, 32)
	}
	if len(words) == 0 {
		words = []uint32{0}
	}
	return words
}

func init() {
	npRandomExtra = append(npRandomExtra, func(def func(name, sig, doc string, fn func(a *eval.Args) eval.Value)) {
		def("default_rng", "default_rng(seed)", "A Generator on PCG64 seeded by SeedSequence(seed) (its random, integers, uniform, choice, shuffle and permutation methods).", func(a *eval.Args) eval.Value {
			var seed eval.Value
			a.Unpack("seed", &seed)
			st := generateState64(seedSequencePool(npSeedWords(seed)), 4)
			return newNPGenerator(newPCG64(st[0], st[1], st[2], st[3]))
		})
	})
}

// newNPGenerator is a numpy.random.Generator object.
func newNPGenerator(p *pcg64) *eval.Object {
	o := &eval.Object{TypeName: "numpy.random._generator.Generator", Attrs: map[string]eval.Value{}}
	o.ReprFn = func() string { return "Generator(PCG64)" }
	o.Attrs["random"] = &eval.Builtin{Name: "random", Module: "numpy.random", Sig: "random(size=None)", Doc: "Uniform samples in [0, 1).",
		Fn: func(a *eval.Args) eval.Value {
			var size eval.Value = eval.None
			a.Unpack("size?", &size)
			shape, sized := npSizeArg(size)
			return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(p.double()) })
		}}
	o.Attrs["integers"] = &eval.Builtin{Name: "integers", Module: "numpy.random", Sig: "integers(low, high=None, size=None, endpoint=False)", Doc: "Random integers in [low, high) ([0, low) without high; high included with endpoint=True).",
		Fn: func(a *eval.Args) eval.Value {
			var lowV, highV, size eval.Value = nil, eval.None, eval.None
			endpoint := false
			a.Unpack("low", &lowV, "high?", &highV, "size?", &size, "$endpoint?", &endpoint)
			low, high := int64(0), npIndexInt(lowV)
			if _, ok := highV.(eval.NoneType); !ok {
				low, high = high, npIndexInt(highV)
			}
			if !endpoint {
				high--
			}
			if low > high {
				eval.Throw("ValueError", errNPRandHigh)
			}
			rng := uint64(high - low)
			shape, sized := npSizeArg(size)
			return npSample(shape, sized, tensor.Int64, func() tensor.Scalar { return tensor.IntS(low + int64(p.bounded(rng))) })
		}}
	o.Attrs["uniform"] = &eval.Builtin{Name: "uniform", Module: "numpy.random", Sig: "uniform(low=0.0, high=1.0, size=None)", Doc: "Uniform samples in [low, high).",
		Fn: func(a *eval.Args) eval.Value {
			lo, hi := 0.0, 1.0
			var size eval.Value = eval.None
			a.Unpack("low?", &lo, "high?", &hi, "size?", &size)
			shape, sized := npSizeArg(size)
			return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(lo + (hi-lo)*p.double()) })
		}}
	o.Attrs["shuffle"] = &eval.Builtin{Name: "shuffle", Module: "numpy.random", Sig: "shuffle(x)", Doc: "Shuffles x in place along its first axis.",
		Fn: func(a *eval.Args) eval.Value {
			var x eval.Value
			a.Unpack("x", &x)
			arr, ok := x.(*NDArray)
			if !ok || arr.scalar || arr.ndim() == 0 {
				eval.Throw("TypeError", errNPShuffleType)
			}
			p.shuffleRows(arr)
			return eval.None
		}}
	o.Attrs["permutation"] = &eval.Builtin{Name: "permutation", Module: "numpy.random", Sig: "permutation(x)", Doc: "A shuffled copy of x (of arange(x) for an int).",
		Fn: func(a *eval.Args) eval.Value {
			var x eval.Value
			a.Unpack("x", &x)
			var arr *NDArray
			if i, ok := x.(eval.Int); ok {
				arr = npArange(eval.MakeInt(0), i, eval.MakeInt(1), nil)
			} else {
				src := npArg(x)
				if src.ndim() == 0 {
					eval.Throw("IndexError", errNPPermutation0d)
				}
				arr = src.copyAs(src.dtype())
			}
			if arr.size() > 0 {
				p.shuffleRows(arr)
			}
			return arr
		}}
	o.Attrs["choice"] = &eval.Builtin{Name: "choice", Module: "numpy.random", Sig: "choice(a, size=None, replace=True, p=None)", Doc: "Random samples from a (or arange(a)), with or without replacement, uniform or with probabilities p.",
		Fn: func(a *eval.Args) eval.Value {
			var x, size, pv eval.Value = nil, eval.None, eval.None
			replace := true
			a.Unpack("a", &x, "size?", &size, "replace?", &replace, "p?", &pv)
			if !replace {
				return genChoiceNoReplace(p, x, size, pv)
			}
			if arr, ok := x.(*NDArray); ok && arr.ndim() > 1 {
				// rows of a (axis 0), drawn as from arange(len(a))
				n := arr.shape()[0]
				idx := npChoice(eval.MakeInt(int64(n)), size, pv, func(n int) int { return int(p.bounded(uint64(n - 1))) }, p.double)
				shape, sized := npSizeArg(size)
				var pick []int
				if ia, isArr := idx.(*NDArray); isArr {
					for _, v := range ia.values() {
						pick = append(pick, int(v.Int()))
					}
				} else {
					pick = []int{int(npNumber(idx).Int())}
				}
				return npPick(arr, pick, shape, sized)
			}
			return npChoice(x, size, pv, func(n int) int { return int(p.bounded(uint64(n - 1))) }, p.double)
		}}
	return o
}

// interval is random_interval: a value in [0, max] by masked rejection.
func (p *pcg64) interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := max
	for s := uint(1); s < 64; s <<= 1 {
		mask |= mask >> s
	}
	if max <= 0xffffffff {
		for {
			if v := uint64(p.next32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := p.next64() & mask; v <= max {
			return v
		}
	}
}

// shuffleRows is the Generator's shuffle: Fisher-Yates from the end.
func (p *pcg64) shuffleRows(a *NDArray) {
	st := a.t.Storage()
	for i := a.shape()[0] - 1; i >= 1; i-- {
		j := int(p.interval(uint64(i)))
		if i == j {
			continue
		}
		ri, rj := a.at(i), a.at(j)
		vi, vj := ri.values(), rj.values()
		k := 0
		ri.t.ForEach(func(off int) { st.Set(off, vj[k]); k++ })
		k = 0
		rj.t.ForEach(func(off int) { st.Set(off, vi[k]); k++ })
	}
}
