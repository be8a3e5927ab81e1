package eval

import (
	"math"
	"math/big"
)

// The math module's integer functions (factorial, gcd, lcm, comb, perm,
// isqrt) and its exact sums and norms (fsum, hypot, dist), as
// mathmodule.c computes them.

// toIndexInt is an integer argument of an integer function: an int or a
// bool ('float' object cannot be interpreted as an integer otherwise).
func toIndexInt(v Value) *big.Int {
	switch x := v.(type) {
	case Int:
		return x.Big()
	case Bool:
		return big.NewInt(int64(b2f(bool(x))))
	}
	if i, ok := pyIndex("", v); ok {
		return big.NewInt(i)
	}
	throw("TypeError", errCannotInterpretInt, TypeName(v))
	return nil
}

// maxFactorial bounds factorial's, comb's and perm's k: past it the
// result is past tensh's int limit (or takes minutes to compute).
const maxFactorial = 250000

func init() {
	mathFn("factorial", "factorial(n)", "Returns n!, for an int n >= 0.", func(a *Args) Value {
		n := toIndexInt(mathArg1(a, "factorial"))
		if n.Sign() < 0 {
			throw("ValueError", errFactorialNegative)
		}
		if !n.IsInt64() {
			throw("OverflowError", errFactorialTooBig)
		}
		if n.Int64() > maxFactorial {
			throw("OverflowError", errIntTooLarge, maxIntBits)
		}
		return checkBits(new(big.Int).MulRange(1, n.Int64()))
	})
	mathFn("gcd", "gcd(*integers)", "Returns the greatest common divisor of the integers (0 for none).", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errTakesNoKw, "math.gcd")
		}
		g := new(big.Int)
		for _, v := range a.Pos {
			n := toIndexInt(v)
			g.GCD(nil, nil, g, n.Abs(n))
		}
		return MakeBigInt(g)
	})
	mathFn("lcm", "lcm(*integers)", "Returns the least common multiple of the integers (1 for none).", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errTakesNoKw, "math.lcm")
		}
		l := big.NewInt(1)
		for _, v := range a.Pos {
			n := toIndexInt(v)
			n.Abs(n)
			if n.Sign() == 0 || l.Sign() == 0 {
				l.SetInt64(0)
				continue
			}
			g := new(big.Int).GCD(nil, nil, l, n)
			l.Mul(l, n.Quo(n, g))
			checkBits(l)
		}
		return MakeBigInt(l)
	})
	mathFn("comb", "comb(n, k)", "Returns the number of ways to choose k items from n, without order.", func(a *Args) Value {
		args := mathArgs(a, "comb", 2)
		n, k := combArgs(args)
		if k.Cmp(n) > 0 {
			return MakeInt(0)
		}
		nk := new(big.Int).Sub(n, k)
		if nk.Cmp(k) < 0 {
			k = nk
		}
		if !k.IsInt64() || k.Int64() > maxFactorial {
			throw("OverflowError", errIntTooLarge, maxIntBits)
		}
		checkCombSize(n, k)
		r := fallingProduct(n, k.Int64())
		return checkBits(r.Quo(r, new(big.Int).MulRange(1, k.Int64())))
	})
	mathFn("perm", "perm(n, k=None)", "Returns the number of ways to choose k items from n, in order (n! when k is None).", func(a *Args) Value {
		argCount(a, "math.perm", 1, 2)
		var n, k *big.Int
		if len(a.Pos) == 1 || a.Pos[1] == Value(None) {
			n = toIndexInt(a.Pos[0])
			if n.Sign() < 0 {
				throw("ValueError", errFactorialNegative)
			}
			if !n.IsInt64() {
				throw("OverflowError", errFactorialTooBig)
			}
			k = new(big.Int).Set(n)
		} else {
			n, k = combArgs(a.Pos)
		}
		if k.Cmp(n) > 0 {
			return MakeInt(0)
		}
		if !k.IsInt64() || k.Int64() > maxFactorial {
			throw("OverflowError", errIntTooLarge, maxIntBits)
		}
		checkCombSize(n, k)
		checkCombSize(n, k)
		return checkBits(fallingProduct(n, k.Int64()))
	})
	mathFn("isqrt", "isqrt(n)", "Returns the integer square root of n >= 0: the largest int whose square is at most n.", func(a *Args) Value {
		n := toIndexInt(mathArg1(a, "isqrt"))
		if n.Sign() < 0 {
			throw("ValueError", errIsqrtNegative)
		}
		return MakeBigInt(new(big.Int).Sqrt(n))
	})
	mathFn("fsum", "fsum(iterable)", "Returns the exactly rounded sum of the items of iterable, as a float.", func(a *Args) Value {
		it := Iterate(mathArg1(a, "fsum"))
		var vals []float64
		for {
			v, ok := it.Next()
			if !ok {
				break
			}
			poll()
			vals = append(vals, toFloat(v))
		}
		return Float(fsum(vals))
	})
	mathFn("hypot", "hypot(*coordinates)", "Returns the Euclidean norm, sqrt(sum(x**2 for x in coordinates)).", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errTakesNoKw, "math.hypot")
		}
		vals := make([]float64, len(a.Pos))
		for i, v := range a.Pos {
			vals[i] = toFloat(v)
		}
		return Float(pyVectorNorm(vals))
	})
	mathFn("dist", "dist(p, q)", "Returns the Euclidean distance between points p and q (sequences of coordinates).", func(a *Args) Value {
		args := mathArgs(a, "dist", 2)
		p, q := iterate(args[0]), iterate(args[1])
		if len(p) != len(q) {
			throw("ValueError", errDistDims)
		}
		vals := make([]float64, len(p))
		for i := range p {
			vals[i] = math.Abs(toFloat(p[i]) - toFloat(q[i]))
		}
		return Float(pyVectorNorm(vals))
	})
}

// checkCombSize raises tensh's int limit at once when comb(n, k) (or
// perm) is certain to pass it: it has at least k*log2(n/k) bits.
func checkCombSize(n, k *big.Int) {
	if !k.IsInt64() || k.Int64() == 0 {
		return
	}
	ratio := new(big.Int).Quo(n, k)
	if bits := int64(ratio.BitLen()-1) * k.Int64(); bits > maxIntBits {
		throw("OverflowError", errIntTooLarge, maxIntBits)
	}
}

// combArgs reads comb's and perm's n and k (ints, both >= 0).
func combArgs(args []Value) (n, k *big.Int) {
	n, k = toIndexInt(args[0]), toIndexInt(args[1])
	if n.Sign() < 0 {
		throw("ValueError", errMathNNonNeg)
	}
	if k.Sign() < 0 {
		throw("ValueError", errMathKNonNeg)
	}
	return n, k
}

// fsum is Shewchuk's exact summation as math.fsum runs it (msum).
func fsum(vals []float64) float64 {
	var partials []float64
	specialSum, infSum := 0.0, 0.0
	for _, x := range vals {
		xsave := x
		i := 0
		for _, y := range partials {
			if math.Abs(x) < math.Abs(y) {
				x, y = y, x
			}
			hi := x + y
			lo := y - (hi - x)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			x = hi
		}
		partials = partials[:i]
		if x != 0 {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				if math.IsInf(xsave, 0) || math.IsNaN(xsave) {
					infSum += xsave
				}
				specialSum += xsave
				partials = partials[:0]
			} else {
				partials = append(partials, x)
			}
		}
	}
	if specialSum != 0 {
		if math.IsNaN(infSum) {
			throw("ValueError", errFsumInf)
		}
		if math.IsNaN(specialSum) || math.IsInf(specialSum, 0) {
			return specialSum
		}
		throw("OverflowError", errFsumOverflow)
	}
	hi := 0.0
	n := len(partials)
	if n > 0 {
		n--
		hi = partials[n]
		lo := 0.0
		for n > 0 {
			x := hi
			n--
			y := partials[n]
			hi = x + y
			yr := hi - x
			lo = y - yr
			if lo != 0 {
				break
			}
		}
		if n > 0 && ((lo < 0 && partials[n-1] < 0) || (lo > 0 && partials[n-1] > 0)) {
			y := lo * 2
			x := hi + y
			yr := x - hi
			if y == yr {
				hi = x
			}
		}
	}
	return hi
}

// pyVectorNorm is mathmodule.c's vector_norm: the Euclidean norm of
// non-negative finite values (or inf/nan), correctly rounded in nearly
// every case.
func pyVectorNorm(vec []float64) float64 {
	maxv, foundNaN := 0.0, false
	for i, x := range vec {
		x = math.Abs(x)
		vec[i] = x
		if math.IsNaN(x) {
			foundNaN = true
		} else if x > maxv {
			maxv = x
		}
	}
	return vectorNormScaled(vec, maxv, foundNaN)
}

func vectorNormScaled(vec []float64, maxv float64, foundNaN bool) float64 {
	if math.IsInf(maxv, 0) {
		return maxv
	}
	if foundNaN {
		return math.NaN()
	}
	if maxv == 0 || len(vec) <= 1 {
		return maxv
	}
	_, maxE := math.Frexp(maxv)
	if maxE < -1023 {
		const dblMin = 2.2250738585072014e-308
		for i := range vec {
			vec[i] /= dblMin
		}
		return dblMin * vectorNormScaled(vec, maxv/dblMin, foundNaN)
	}
	scale := math.Ldexp(1, -maxE)
	csum, frac1, frac2 := 1.0, 0.0, 0.0
	for _, x := range vec {
		x *= scale
		hi, lo := x*x, math.FMA(x, x, -(x*x))
		s := csum + hi
		frac1 += lo
		frac2 += (csum - s) + hi
		csum = s
	}
	h := math.Sqrt(csum - 1.0 + (frac1 + frac2))
	phi := -h * h
	plo := math.FMA(-h, h, -phi)
	s := csum + phi
	frac1 += plo
	frac2 += (csum - s) + phi
	csum = s
	x := csum - 1.0 + (frac1 + frac2)
	h += x / (2.0 * h)
	return h / scale
}

// fallingProduct is n * (n-1) * ... * (n-k+1), multiplied as a balanced
// tree (big.Int.MulRange) when n fits an int64.
func fallingProduct(n *big.Int, k int64) *big.Int {
	if k == 0 {
		return big.NewInt(1)
	}
	if n.IsInt64() {
		return new(big.Int).MulRange(n.Int64()-k+1, n.Int64())
	}
	r := big.NewInt(1)
	for i := int64(0); i < k; i++ {
		poll()
		r.Mul(r, new(big.Int).Sub(n, big.NewInt(i)))
		if r.BitLen() > maxIntBits {
			checkBits(r)
		}
	}
	return r
}
