package eval

import (
	"math"
)

// The hyperbolic functions as glibc computes them (fdlibm's algorithms,
// over glibc's correctly rounded exp and log and fdlibm's expm1 and log1p,
// which Go's math package shares), so that they round as CPython's do.

func highWord(x float64) int32 { return int32(math.Float64bits(x) >> 32) }

func glibcSinh(x float64) float64 {
	jx := highWord(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	h := 0.5
	if jx < 0 {
		h = -h
	}
	if ix < 0x40360000 { // |x| < 22
		if ix < 0x3e300000 { // |x| < 2**-28
			return x
		}
		t := math.Expm1(math.Abs(x))
		if ix < 0x3ff00000 {
			return h * (2.0*t - t*t/(t+1))
		}
		return h * (t + t/(t+1))
	}
	if ix < 0x40862e42 {
		return h * crExp(math.Abs(x))
	}
	lx := uint32(math.Float64bits(x))
	if ix < 0x408633ce || (ix == 0x408633ce && lx <= 0x8fb9f87d) {
		w := crExp(0.5 * math.Abs(x))
		t := h * w
		return t * w
	}
	return x * 1.0e307 * 1.0e307
}

func glibcCosh(x float64) float64 {
	ix := highWord(x) & 0x7fffffff
	if ix < 0x40360000 {
		if ix < 0x3fd62e43 {
			if ix < 0x3c800000 {
				return 1
			}
			t := math.Expm1(math.Abs(x))
			w := 1 + t
			return 1 + (t*t)/(w+w)
		}
		t := crExp(math.Abs(x))
		return 0.5*t + 0.5/t
	}
	if ix < 0x40862e42 {
		return 0.5 * crExp(math.Abs(x))
	}
	lx := uint32(math.Float64bits(x))
	if ix < 0x408633ce || (ix == 0x408633ce && lx <= 0x8fb9f87d) {
		w := crExp(0.5 * math.Abs(x))
		t := 0.5 * w
		return t * w
	}
	if ix >= 0x7ff00000 {
		return x * x
	}
	return math.Inf(1)
}

func glibcTanh(x float64) float64 {
	jx := highWord(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 {
		if jx >= 0 {
			return 1/x + 1
		}
		return 1/x - 1
	}
	var z float64
	if ix < 0x40360000 {
		if x == 0 {
			return x
		}
		if ix < 0x3c800000 {
			return x * (1 + x)
		}
		if ix >= 0x3ff00000 {
			t := math.Expm1(2 * math.Abs(x))
			z = 1 - 2/(t+2)
		} else {
			t := math.Expm1(-2 * math.Abs(x))
			z = -t / (t + 2)
		}
	} else {
		z = 1 - 1e-300
	}
	if jx >= 0 {
		return z
	}
	return -z
}

func glibcAsinh(x float64) float64 {
	ix := highWord(x) & 0x7fffffff
	if ix < 0x3e300000 {
		return x
	}
	var w float64
	if ix > 0x41b00000 {
		if ix >= 0x7ff00000 {
			return x + x
		}
		w = pyLog(math.Abs(x)) + math.Ln2
	} else {
		xa := math.Abs(x)
		if ix > 0x40000000 {
			w = pyLog(2.0*xa + 1/(math.Sqrt(xa*xa+1)+xa))
		} else {
			t := xa * xa
			w = math.Log1p(xa + t/(1+math.Sqrt(1+t)))
		}
	}
	return math.Copysign(w, x)
}

func glibcAcosh(x float64) float64 {
	hx := highWord(x)
	switch {
	case hx < 0x3ff00000:
		return math.NaN()
	case hx >= 0x41b00000:
		if hx >= 0x7ff00000 {
			return x + x
		}
		return pyLog(x) + math.Ln2
	case x == 1:
		return 0
	case hx > 0x40000000:
		t := x * x
		return pyLog(2.0*x - 1/(x+math.Sqrt(t-1)))
	}
	t := x - 1
	return math.Log1p(t + math.Sqrt(2.0*t+t*t))
}

func glibcAtanh(x float64) float64 {
	xa := math.Abs(x)
	var t float64
	switch {
	case xa < 0.5:
		if xa < 0x1.0p-28 {
			return x
		}
		t = xa + xa
		t = 0.5 * math.Log1p(t+t*xa/(1.0-xa))
	case xa < 1:
		t = 0.5 * math.Log1p((xa+xa)/(1.0-xa))
	case xa > 1 || math.IsNaN(x):
		return math.NaN()
	default:
		return math.Copysign(math.Inf(1), x)
	}
	return math.Copysign(t, x)
}
