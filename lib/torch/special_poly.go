package torch

import "math"

// flt is the precision a polynomial is evaluated in (PyTorch evaluates
// them in the tensor's dtype).
type flt interface{ ~float32 | ~float64 }

func acos[T flt](x T) T { return T(math.Acos(float64(x))) }
func cos[T flt](x T) T  { return T(math.Cos(float64(x))) }
func sin[T flt](x T) T  { return T(math.Sin(float64(x))) }
func abs[T flt](x T) T  { return T(math.Abs(float64(x))) }

// fma is a*b + c rounded once, as the compiler contracts PyTorch's
// recurrences (a float32 product is exact in float64).
func fma[T flt](a, b, c T) T { return T(math.FMA(float64(a), float64(b), float64(c))) }

// The orthogonal polynomials of torch.special, evaluated as PyTorch 1.13's
// ATen/native/Math.h does: the three-term recurrence, with closed forms
// at x = ±1 and, for large n inside (-1, 1), the trigonometric ones.

func polyN(n float64) (int64, bool) {
	if math.IsNaN(n) || n < 0 {
		return 0, false
	}
	return int64(n), true
}

func chebyshevT[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	if abs(x) == 1 {
		if x > 0 || n%2 == 0 {
			return 1
		}
		return -1
	}
	if n > 6 && abs(x) < 1 {
		return cos(T(n) * acos(x))
	}
	return recur3(x, n, 1, x, func(k int64, p, q T) T { return fma(x+x, q, -p) })
}

func chebyshevU[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	if abs(x) == 1 {
		if x > 0 || n%2 == 0 {
			return T(n + 1)
		}
		return -T(n + 1)
	}
	if n > 8 && abs(x) < 1 {
		t := acos(x)
		if sin(t) != 0 {
			return sin(T(n+1)*t) / sin(t)
		}
		return T(n+1) * cos(T(n+1)*t) / x
	}
	return recur3(x, n, 1, x+x, func(k int64, p, q T) T { return fma(x+x, q, -p) })
}

func chebyshevV[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	odd := func() T {
		if n%2 == 0 {
			return T(2*n + 1)
		}
		return -T(2*n + 1)
	}
	if abs(x) == 1 {
		if x > 0 {
			return 1
		}
		return odd()
	}
	if n > 8 && abs(x) < 1 {
		t := acos(x)
		if sin(t/2) != 1 {
			return cos((T(n)+0.5)*t) / cos(t/2)
		}
		return odd()
	}
	return recur3(x, n, 1, 2*x-1, func(k int64, p, q T) T { return fma(x+x, q, -p) })
}

func chebyshevW[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	ends := func() T {
		if x > 0 {
			return T(2*n + 1)
		}
		if n%2 == 0 {
			return 1
		}
		return -1
	}
	if abs(x) == 1 {
		return ends()
	}
	if n > 8 && abs(x) < 1 {
		t := acos(x)
		if cos(t/2) != 1 {
			return sin((T(n)+0.5)*t) / sin(t/2)
		}
		return ends()
	}
	return recur3(x, n, 1, 2*x+1, func(k int64, p, q T) T { return fma(x+x, q, -p) })
}

func hermiteH[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	return recur3(x, n, 1, x+x, func(k int64, p, q T) T { return fma(x+x, q, -(2*T(k))*p) })
}

func hermiteHe[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	return recur3(x, n, 1, x, func(k int64, p, q T) T { return fma(x, q, -(T(k) * p)) })
}

func laguerreL[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	if x == 0 {
		return 1
	}
	return recur3(x, n, 1, 1-x, func(k int64, p, q T) T {
		kf := T(k)
		return fma((kf+kf)+(1-x), q, -(kf*p)) / (kf + 1)
	})
}

func legendreP[T flt](x T, nf float64) T {
	n, ok := polyN(nf)
	if !ok {
		return 0
	}
	if abs(x) == 1 {
		if x > 0 || n%2 == 0 {
			return 1
		}
		return -1
	}
	return recur3(x, n, 1, x, func(k int64, p, q T) T {
		kf := T(k)
		return fma((kf+kf+1)*x, q, -(kf*p)) / (kf + 1)
	})
}

// recur3 runs a three-term recurrence from P0 = p0, P1 = p1 up to Pn;
// next(k, P(k-1), P(k)) is P(k+1).
func recur3[T flt](x T, n int64, p0, p1 T, next func(k int64, p, q T) T) T {
	if n == 0 {
		return p0
	}
	if n == 1 {
		return p1
	}
	p, q := p0, p1
	for k := int64(1); k < n; k++ {
		p, q = q, next(k, p, q)
	}
	return q
}

// poly evaluates a polynomial family at (x, n) in float32 or float64,
// on 2x - 1 for the shifted families.
func poly(f32 func(x float32, n float64) float32, f64 func(x float64, n float64) float64, shift bool) func(v []float64, single bool) float64 {
	return func(v []float64, single bool) float64 {
		if single {
			x := float32(v[0])
			if shift {
				x = x + x - 1
			}
			return float64(f32(x, v[1]))
		}
		x := v[0]
		if shift {
			x = x + x - 1
		}
		return f64(x, v[1])
	}
}

func sphericalJ0(x float64) float64 {
	if math.IsInf(x, 0) {
		return 0
	}
	if abs(x) < 0.5 {
		x2 := x * x
		return 1 + x2*(-1.0/6+x2*(1.0/120+x2*(-1.0/5040+x2*(1.0/362880+x2*(-1.0/39916800+x2*(1.0/6227020800))))))
	}
	return sin(x) / x
}
