package numpy

import (
	"github.com/tensh/tensh/eval"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// numpy.random's legacy RandomState: MT19937 seeded by init_genrand, with
// NumPy's legacy samplers (numpy/random/src/legacy/legacy-distributions.c,
// numpy/random/src/distributions/distributions.c): random_sample's 53-bit
// doubles, randn's polar Gaussian (one cached value), randint's masked
// rejection sampling.

type npMT struct {
	mt       [624]uint32
	pos      int
	hasGauss bool
	gauss    float64
}

func (r *npMT) seed(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.pos = 624
	r.hasGauss = false
	r.gauss = 0
}

func (r *npMT) next32() uint32 {
	if r.pos >= 624 {
		const upper, lower = 0x80000000, 0x7fffffff
		for i := 0; i < 624; i++ {
			y := (r.mt[i] & upper) | (r.mt[(i+1)%624] & lower)
			v := r.mt[(i+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[i] = v
		}
		r.pos = 0
	}
	y := r.mt[r.pos]
	r.pos++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (r *npMT) next64() uint64 { return uint64(r.next32())<<32 | uint64(r.next32()) }

// double is random_standard_uniform: 53 random bits.
func (r *npMT) double() float64 {
	a, b := r.next32()>>5, r.next32()>>6
	return (float64(a)*67108864.0 + float64(b)) / 9007199254740992.0
}

// gaussLegacy is legacy_gauss: the polar method, caching its second value.
func (r *npMT) gaussLegacy() float64 {
	if r.hasGauss {
		r.hasGauss = false
		g := r.gauss
		r.gauss = 0
		return g
	}
	var x1, x2, r2 float64
	for {
		x1 = 2*r.double() - 1
		x2 = 2*r.double() - 1
		r2 = x1*x1 + x2*x2
		if r2 < 1 && r2 != 0 {
			break
		}
	}
	f := math.Sqrt(-2 * tensor.Log(r2) / r2)
	r.gauss = f * x1
	r.hasGauss = true
	return f * x2
}

// bounded is random_bounded_uint64 with masked rejection: off + a value
// in [0, rng].
func (r *npMT) bounded(rng uint64) uint64 {
	if rng == 0 {
		return 0
	}
	mask := rng
	for s := uint(1); s < 64; s <<= 1 {
		mask |= mask >> s
	}
	if rng <= 0xffffffff {
		if rng == 0xffffffff {
			return uint64(r.next32())
		}
		for {
			v := uint64(r.next32()) & mask
			if v <= rng {
				return v
			}
		}
	}
	if rng == math.MaxUint64 {
		return r.next64()
	}
	for {
		v := r.next64() & mask
		if v <= rng {
			return v
		}
	}
}

// npSizeArg reads a size= argument (None: one value).
func npSizeArg(v eval.Value) ([]int, bool) {
	if _, ok := v.(eval.NoneType); ok || v == nil {
		return nil, false
	}
	return npShapeArg(v), true
}

// npSample fills an array (or makes a scalar) from a sampler.
func npSample(shape []int, sized bool, d tensor.DType, f func() tensor.Scalar) eval.Value {
	if !sized {
		return scalarValue(f(), d)
	}
	t := npEmpty(shape, d)
	n := t.Numel()
	for i := 0; i < n; i++ {
		t.Storage().Set(i, f())
	}
	return newND(t)
}

func newNPRandomModule(s *eval.Session) *eval.Module {
	r := &npMT{}
	r.seed(5489)
	m := &eval.Module{Name: "numpy.random", Origin: "from '/usr/lib/python3/dist-packages/numpy/random/__init__.py'", Members: map[string]eval.Value{}}
	def := func(name, sig, doc string, fn func(a *eval.Args) eval.Value) {
		m.Members[name] = &eval.Builtin{Name: name, Sig: sig, Doc: doc, Fn: fn, Module: "numpy.random"}
	}
	def("seed", "seed(seed)", "Reseeds the legacy MT19937 generator.", func(a *eval.Args) eval.Value {
		var v eval.Value
		a.Unpack("seed", &v)
		i := npIndexInt(v)
		if i < 0 || i > math.MaxUint32 {
			eval.Throw("ValueError", errNPSeedRange)
		}
		r.seed(uint32(i))
		return eval.None
	})
	dims := func(a *eval.Args) ([]int, bool) {
		var ds []eval.Value
		a.Unpack("*d", &ds)
		if len(ds) == 0 {
			return nil, false
		}
		return npShapeArg(eval.Tuple(ds)), true
	}
	def("rand", "rand(d0, d1, ...)", "Uniform samples in [0, 1) of the given shape.", func(a *eval.Args) eval.Value {
		shape, sized := dims(a)
		return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(r.double()) })
	})
	def("randn", "randn(d0, d1, ...)", "Standard normal samples of the given shape.", func(a *eval.Args) eval.Value {
		shape, sized := dims(a)
		return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(r.gaussLegacy()) })
	})
	for _, name := range []string{"random", "random_sample"} {
		def(name, name+"(size=None)", "Uniform samples in [0, 1).", func(a *eval.Args) eval.Value {
			var size eval.Value = eval.None
			a.Unpack("size?", &size)
			shape, sized := npSizeArg(size)
			return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(r.double()) })
		})
	}
	def("uniform", "uniform(low=0.0, high=1.0, size=None)", "Uniform samples in [low, high).", func(a *eval.Args) eval.Value {
		lo, hi := 0.0, 1.0
		var size eval.Value = eval.None
		a.Unpack("low?", &lo, "high?", &hi, "size?", &size)
		shape, sized := npSizeArg(size)
		return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(lo + (hi-lo)*r.double()) })
	})
	def("normal", "normal(loc=0.0, scale=1.0, size=None)", "Normal samples.", func(a *eval.Args) eval.Value {
		loc, scale := 0.0, 1.0
		var size eval.Value = eval.None
		a.Unpack("loc?", &loc, "scale?", &scale, "size?", &size)
		shape, sized := npSizeArg(size)
		return npSample(shape, sized, tensor.Float64, func() tensor.Scalar { return tensor.FloatS(loc + scale*r.gaussLegacy()) })
	})
	def("randint", "randint(low, high=None, size=None, dtype=int)", "Random integers in [low, high) (in [0, low) without high).", func(a *eval.Args) eval.Value {
		var lowV, highV, size, dt eval.Value = nil, eval.None, eval.None, eval.None
		a.Unpack("low", &lowV, "high?", &highV, "size?", &size, "dtype?", &dt)
		low, high := int64(0), npIndexInt(lowV)
		if _, ok := highV.(eval.NoneType); !ok {
			low, high = high, npIndexInt(highV)
		}
		d := tensor.Int64
		if p := npDTypeArg(dt); p != nil {
			d = *p
		}
		if low >= high {
			eval.Throw("ValueError", errNPRandHigh)
		}
		rng := uint64(high - 1 - low)
		shape, sized := npSizeArg(size)
		return npSample(shape, sized, d, func() tensor.Scalar { return tensor.IntS(low + int64(r.bounded(rng))) })
	})
	addShuffles(r, def)
	for _, add := range npRandomExtra {
		add(def)
	}
	return m
}

// npRandomExtra add functions to numpy.random (random_pcg.go).
var npRandomExtra []func(def func(name, sig, doc string, fn func(a *eval.Args) eval.Value))
