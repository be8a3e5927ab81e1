package tensor

import (
	crand "crypto/rand"
	"encoding/binary"
	"math"
	"sync"
)

// This file is PyTorch's CPU random number generator (at::CPUGeneratorImpl):
// a 32-bit Mersenne Twister seeded as PyTorch seeds it, the 64-bit draws
// made of two 32-bit ones, and the cached second sample of the Box–Muller
// transform. The distributions that fill tensors are in random_dist.go.

const (
	mtN         = 624
	mtM         = 397
	mtMatrixA   = 0x9908b0df
	mtUpperMask = 0x80000000
	mtLowerMask = 0x7fffffff
)

// DefaultRNGSeed is the seed of a generator made without one
// (torch.Generator(): c10's default_rng_seed_val). The default generator of
// a process is seeded from the operating system instead, as PyTorch's is.
const DefaultRNGSeed uint64 = 67280421310721

// Generator is PyTorch's CPU generator: mt19937 (at::mt19937) plus the
// cached normal samples. Its methods are safe for concurrent use; the
// distributions hold its lock while they draw.
type Generator struct {
	mu sync.Mutex

	seed  uint64 // as given to ManualSeed; the engine uses its low 32 bits
	left  int    // draws left before the state is regenerated, plus one
	next  int    // index of the next state word to temper
	state [mtN]uint32

	nextDouble      float64 // next_double_normal_sample_
	nextDoubleValid bool
	nextFloat       float32 // next_float_normal_sample_
	nextFloatValid  bool
}

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed uint64) *Generator {
	g := &Generator{}
	g.setSeed(seed)
	return g
}

// DefaultGenerator is torch.default_generator, the process's generator that
// every random function draws from unless given another. Like PyTorch's it
// starts from a non-deterministic seed; torch.manual_seed makes it replay.
var DefaultGenerator = NewGenerator(NondeterministicSeed())

// NondeterministicSeed is c10::detail::getNonDeterministicRandom() for the
// CPU: 64 bits from the operating system.
func NondeterministicSeed() uint64 {
	var b [8]byte
	if _, err := crand.Read(b[:]); err != nil {
		// crypto/rand does not fail on Linux; keep a usable seed anyway.
		return DefaultRNGSeed
	}
	return binary.LittleEndian.Uint64(b[:])
}

// setSeed is CPUGeneratorImpl::set_current_seed: it drops the cached normal
// samples and re-initializes the engine (mt19937's init_genrand with the
// low 32 bits of seed).
func (g *Generator) setSeed(seed uint64) {
	g.nextDoubleValid, g.nextFloatValid = false, false
	g.nextDouble, g.nextFloat = 0, 0
	g.seed = seed
	g.state[0] = uint32(seed)
	for j := 1; j < mtN; j++ {
		p := g.state[j-1]
		g.state[j] = 1812433253*(p^(p>>30)) + uint32(j)
	}
	g.left = 1
	g.next = 0
}

// ManualSeed reseeds the generator (Generator.manual_seed).
func (g *Generator) ManualSeed(seed uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.setSeed(seed)
}

// Seed reseeds the generator from the operating system and returns the new
// seed (Generator.seed()).
func (g *Generator) Seed() uint64 {
	s := NondeterministicSeed()
	g.ManualSeed(s)
	return s
}

// InitialSeed is the seed last given (Generator.initial_seed()).
func (g *Generator) InitialSeed() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.seed
}

// Lock and Unlock hold the generator for a sequence of draws, as PyTorch's
// kernels hold its mutex while they fill a tensor. The draw methods below
// do not lock: callers drawing from a shared generator lock it first.
func (g *Generator) Lock()   { g.mu.Lock() }
func (g *Generator) Unlock() { g.mu.Unlock() }

// regenerate computes the next 624 state words (mt19937's next_state).
func (g *Generator) regenerate() {
	s := &g.state
	twist := func(u, v uint32) uint32 {
		y := (u&mtUpperMask | v&mtLowerMask) >> 1
		if v&1 != 0 {
			y ^= mtMatrixA
		}
		return y
	}
	i := 0
	for ; i < mtN-mtM; i++ {
		s[i] = s[i+mtM] ^ twist(s[i], s[i+1])
	}
	for ; i < mtN-1; i++ {
		s[i] = s[i+mtM-mtN] ^ twist(s[i], s[i+1])
	}
	s[mtN-1] = s[mtM-1] ^ twist(s[mtN-1], s[0])
	g.left = mtN
	g.next = 0
}

// Random is the generator's 32-bit draw (CPUGeneratorImpl::random).
func (g *Generator) Random() uint32 {
	g.left--
	if g.left == 0 {
		g.regenerate()
	}
	y := g.state[g.next]
	g.next++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// randomBatch fills out with the next len(out) 32-bit draws: the values
// len(out) calls of Random return, tempered a run of state words at a time.
func (g *Generator) randomBatch(out []uint32) {
	for len(out) > 0 {
		k := min(len(out), g.left-1) // draws before the next regeneration
		if k <= 0 {
			out[0] = g.Random()
			out = out[1:]
			continue
		}
		src := g.state[g.next : g.next+k]
		dst := out[:k]
		for i, y := range src {
			y ^= y >> 11
			y ^= (y << 7) & 0x9d2c5680
			y ^= (y << 15) & 0xefc60000
			y ^= y >> 18
			dst[i] = y
		}
		g.next += k
		g.left -= k
		out = out[k:]
	}
}

// Random64 is the 64-bit draw: two 32-bit draws, the first one high
// (CPUGeneratorImpl::random64).
func (g *Generator) Random64() uint64 {
	hi := g.Random()
	lo := g.Random()
	return uint64(hi)<<32 | uint64(lo)
}

// Normal-sample cache (Box–Muller makes two samples; the second is kept).

func (g *Generator) takeNextDouble() (float64, bool) {
	if !g.nextDoubleValid {
		return 0, false
	}
	g.nextDoubleValid = false
	return g.nextDouble, true
}

func (g *Generator) setNextDouble(v float64) { g.nextDouble, g.nextDoubleValid = v, true }

// Generator state as torch.get_rng_state() returns it: the bytes of
// at::CPUGeneratorImplState (the legacy THGeneratorState followed by the
// float normal cache), little-endian.
const (
	rngLegacyStateSize = 5048
	rngStateSize       = 5056
)

// State returns the generator's state bytes (Generator.get_state()).
func (g *Generator) State() []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	b := make([]byte, rngStateSize)
	le := binary.LittleEndian
	le.PutUint64(b[0:], g.seed)
	le.PutUint32(b[8:], uint32(int32(g.left)))
	le.PutUint32(b[12:], 1) // seeded
	le.PutUint64(b[16:], uint64(g.next))
	for i, w := range g.state {
		le.PutUint64(b[24+8*i:], uint64(w))
	}
	off := 24 + 8*mtN // normal_x, normal_y, normal_rho, normal_is_valid
	if g.nextDoubleValid {
		le.PutUint64(b[off+8:], math.Float64bits(g.nextDouble))
		le.PutUint32(b[off+24:], 1)
	}
	if g.nextFloatValid {
		le.PutUint32(b[rngLegacyStateSize:], math.Float32bits(g.nextFloat))
		b[rngLegacyStateSize+4] = 1
	}
	return b
}

// SetState restores a state made by State (Generator.set_state()); b may
// also be the 5048 bytes of the legacy state, which has no float cache.
func (g *Generator) SetState(b []byte) {
	if len(b) != rngLegacyStateSize && len(b) != rngStateSize {
		raise(RuntimeError, errRNGStateSize, rngLegacyStateSize, rngStateSize, len(b))
	}
	le := binary.LittleEndian
	left := int(int32(le.Uint32(b[8:])))
	next := le.Uint64(b[16:])
	if left < 1 || left > mtN || next > mtN {
		raise(RuntimeError, errRNGStateBad)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seed = le.Uint64(b[0:])
	g.left = left
	g.next = int(next)
	for i := range g.state {
		g.state[i] = uint32(le.Uint64(b[24+8*i:]))
	}
	off := 24 + 8*mtN
	g.nextDoubleValid = le.Uint32(b[off+24:]) != 0
	g.nextDouble = 0
	if g.nextDoubleValid {
		g.nextDouble = math.Float64frombits(le.Uint64(b[off+8:]))
	}
	g.nextFloatValid = false
	g.nextFloat = 0
	if len(b) == rngStateSize && b[rngLegacyStateSize+4] != 0 {
		g.nextFloatValid = true
		g.nextFloat = math.Float32frombits(le.Uint32(b[rngLegacyStateSize:]))
	}
}
