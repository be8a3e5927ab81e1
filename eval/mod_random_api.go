package eval

import (
	"math"

	"github.com/tensh/tensh/lang"
)

// The methods of random.Random, as random.py names and documents them;
// the module's functions are those of a hidden instance.

func randFloat(v Value) float64 { return toFloat(v) }

func init() {
	randomFn("seed", "seed(a=None, version=2)", "Initializes the generator from a: an int (all its bits), a str or bytes (version 2: with its SHA-512), a float (its hash) or None (the OS's randomness).",
		func(r *RandomObj, a *Args) Value {
			p := pyArgs(a, "Random.seed", 1, "a=, version=")
			v := int64(2)
			if p[1] != nil {
				n, _ := toIndexInt(p[1]).Int64(), 0
				v = n
			}
			r.seed(orDefault(p[0], None), v)
			return None
		})
	randomFn("random", "random()", "Returns the next float in [0.0, 1.0).", func(r *RandomObj, a *Args) Value {
		noArgsMethod(a, "Random.random")
		return Float(r.random())
	})
	randomFn("getrandbits", "getrandbits(k)", "Returns an int of k random bits.", func(r *RandomObj, a *Args) Value {
		argCount(a, "getrandbits", 1, 1)
		k := toIndexInt(a.Pos[0])
		if k.Sign() < 0 {
			throw("ValueError", errRandBitsNegative)
		}
		if !k.IsInt64() || k.Int64() > 1<<26 {
			throw("OverflowError", errIntTooLargeFloat)
		}
		return r.getrandbits(int(k.Int64()))
	})
	randomFn("randbytes", "randbytes(n)", "Returns n random bytes: getrandbits(n * 8) as n little-endian bytes.", func(r *RandomObj, a *Args) Value {
		argCount(a, "randbytes", 1, 1)
		n := toIndexInt(a.Pos[0])
		if n.Sign() < 0 {
			throw("ValueError", errRandBitsNegative)
		}
		if !n.IsInt64() || n.Int64() > 1<<23 {
			throw("OverflowError", errIntTooLargeFloat)
		}
		k := int(n.Int64())
		return Bytes(littleEndian(r.getrandbits(8*k).Big(), k))
	})
	randomFn("getstate", "getstate()", "Returns the generator's state, for setstate().", func(r *RandomObj, a *Args) Value {
		pyArgs(a, "Random.getstate", 1, "")
		return r.getstate()
	})
	randomFn("setstate", "setstate(state)", "Restores a state that getstate() returned.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.setstate", 1, "state")
		r.setstate(a.s, p[0])
		return None
	})
	randomFn("randrange", "randrange(start, stop=None, step=1)", "Returns a random int of range(start, stop, step).", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.randrange", 1, "start, stop=, step=")
		return r.randrange(a.s, p[0], p[1], p[2])
	})
	randomFn("randint", "randint(a, b)", "Returns a random int N, a <= N <= b.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.randint", 1, "a, b")
		return r.randrange(a.s, p[0], a.s.binary(lang.Plus, p[1], MakeInt(1)), nil)
	})
	randomFn("choice", "choice(seq)", "Returns a random element of the non-empty sequence seq.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.choice", 1, "seq")
		n := length(p[0])
		if n == 0 {
			throw("IndexError", errRandEmptySeq)
		}
		return a.s.getItem(p[0], MakeInt(int64(r.randbelowInt(n))))
	})
	randomFn("shuffle", "shuffle(x)", "Shuffles the list x in place.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.shuffle", 1, "x")
		r.shuffle(a.s, p[0])
		return None
	})
	randomFn("sample", "sample(population, k, *, counts=None)", "Returns k unique elements drawn from the sequence population (counts repeats its elements).", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.sample", 1, "population, k, *, counts=")
		return r.sample(a.s, p[0], p[1], p[2])
	})
	randomFn("choices", "choices(population, weights=None, *, cum_weights=None, k=1)", "Returns a list of k elements drawn with replacement, weighted by weights or cum_weights.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.choices", 1, "population, weights=, *, cum_weights=, k=")
		return r.choices(a.s, p[0], p[1], p[2], p[3])
	})
	randomFn("uniform", "uniform(a, b)", "Returns a random number between a and b: a + (b-a) * random().", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.uniform", 1, "a, b")
		s := a.s
		return s.binary(lang.Plus, p[0], s.binary(lang.Star, s.binary(lang.Minus, p[1], p[0]), Float(r.random())))
	})
	randomFn("triangular", "triangular(low=0.0, high=1.0, mode=None)", "Returns a random number of the triangular distribution on [low, high] with the given mode.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.triangular", 1, "low=, high=, mode=")
		s := a.s
		low, high := orDefault(p[0], Float(0)), orDefault(p[1], floatOne)
		u := r.random()
		var c Value = Float(0.5)
		if p[2] != nil && p[2] != None {
			d := s.binary(lang.Minus, high, low)
			if !s.truth(d) {
				return low
			}
			c = s.binary(lang.Slash, s.binary(lang.Minus, p[2], low), d)
		}
		if s.lessThan(c, Float(u)) {
			u = 1.0 - u
			c = s.binary(lang.Minus, floatOne, c)
			low, high = high, low
		}
		return s.binary(lang.Plus, low, s.binary(lang.Star, s.binary(lang.Minus, high, low), Float(msqrt(toFloat(s.binary(lang.Star, Float(u), c))))))
	})
	randomFn("normalvariate", "normalvariate(mu=0.0, sigma=1.0)", "Returns a normally distributed number (Kinderman and Monahan's method).", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.normalvariate", 1, "mu=, sigma=")
		s := a.s
		z := r.normal()
		return s.binary(lang.Plus, orDefault(p[0], Float(0)), s.binary(lang.Star, Float(z), orDefault(p[1], floatOne)))
	})
	randomFn("gauss", "gauss(mu=0.0, sigma=1.0)", "Returns a normally distributed number (Box-Muller; draws two at a time and keeps one for the next call).", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.gauss", 1, "mu=, sigma=")
		s := a.s
		z := r.gaussNext
		r.gaussNext = nil
		if z == nil {
			x2pi := r.random() * twoPi
			g2rad := msqrt(-2.0 * mlog(1.0-r.random()))
			z = Float(crCos(x2pi) * g2rad)
			r.gaussNext = Float(crSin(x2pi) * g2rad)
		}
		return s.binary(lang.Plus, orDefault(p[0], Float(0)), s.binary(lang.Star, z, orDefault(p[1], floatOne)))
	})
	randomFn("lognormvariate", "lognormvariate(mu, sigma)", "Returns exp of a normally distributed number.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.lognormvariate", 1, "mu, sigma")
		s := a.s
		v := toFloat(s.binary(lang.Plus, p[0], s.binary(lang.Star, Float(r.normal()), p[1])))
		return checkMath(v, crExp(v), true)
	})
	randomFn("expovariate", "expovariate(lambd)", "Returns an exponentially distributed number of rate lambd.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.expovariate", 1, "lambd")
		return a.s.binary(lang.Slash, Float(-mlog(1.0-r.random())), p[0])
	})
	randomFn("vonmisesvariate", "vonmisesvariate(mu, kappa)", "Returns an angle of the von Mises distribution.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.vonmisesvariate", 1, "mu, kappa")
		s := a.s
		kappa := randFloat(p[1])
		if kappa <= 1e-6 {
			return Float(twoPi * r.random())
		}
		sv := 0.5 / kappa
		rr := sv + msqrt(1.0+sv*sv)
		var z float64
		for {
			u1 := r.random()
			z = crCos(math.Pi * u1)
			d := z / (rr + z)
			u2 := r.random()
			if u2 < 1.0-d*d || u2 <= (1.0-d)*crExp(d) {
				break
			}
		}
		q := 1.0 / rr
		f := (q + z) / (1.0 + q*z)
		op := lang.Minus
		if r.random() > 0.5 {
			op = lang.Plus
		}
		if f < -1 || f > 1 {
			throw("ValueError", errMathDomain)
		}
		return s.binary(lang.Percent, s.binary(op, p[0], Float(crAcos(f))), Float(twoPi))
	})
	randomFn("gammavariate", "gammavariate(alpha, beta)", "Returns a number of the gamma distribution (alpha, beta > 0).", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.gammavariate", 1, "alpha, beta")
		return Float(r.gamma(randFloat(p[0]), randFloat(p[1])))
	})
	randomFn("betavariate", "betavariate(alpha, beta)", "Returns a number of the beta distribution, in [0, 1].", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.betavariate", 1, "alpha, beta")
		y := r.gamma(randFloat(p[0]), 1.0)
		if y != 0 {
			return Float(y / (y + r.gamma(randFloat(p[1]), 1.0)))
		}
		return Float(0)
	})
	randomFn("paretovariate", "paretovariate(alpha)", "Returns a number of the Pareto distribution.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.paretovariate", 1, "alpha")
		u := 1.0 - r.random()
		return Float(floatPow(u, -1.0/randFloat(p[0])))
	})
	randomFn("weibullvariate", "weibullvariate(alpha, beta)", "Returns a number of the Weibull distribution.", func(r *RandomObj, a *Args) Value {
		p := pyArgs(a, "Random.weibullvariate", 1, "alpha, beta")
		u := 1.0 - r.random()
		return a.s.binary(lang.Star, p[0], Float(floatPow(-mlog(u), 1.0/randFloat(p[1]))))
	})
}

// noArgsMethod raises CPython's "NAME() takes no arguments (N given)" of
// a C method without parameters.
func noArgsMethod(a *Args, qual string) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qual)
	}
	if len(a.Pos) > 0 {
		throw("TypeError", errRandNoArgs, qual, len(a.Pos))
	}
}
