package eval

import (
	"math"
	"math/big"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The math module: CPython 3.11's math, its functions, constants and
// errors. The float functions follow mathmodule.c's math_1/math_2 rules:
// a NaN from a non-NaN argument is "math domain error" (ValueError), an
// infinity from a finite argument is "math range error" (OverflowError)
// for the functions that can overflow and a domain error for the others.

func init() {
	RegisterModule("math", newMathModule)
}

func newMathModule(s *Session) *Module {
	m := &Module{Name: "math", Origin: "(built-in)", Members: map[string]Value{
		"pi":  Float(math.Pi),
		"e":   Float(math.E),
		"tau": Float(2 * math.Pi),
		"inf": Float(math.Inf(1)),
		"nan": Float(math.NaN()),
	}}
	for _, b := range mathFuncs {
		m.Members[b.Name] = b
	}
	return m
}

var mathFuncs []*Builtin

// mathFn adds a function to the math module.
func mathFn(name, sig, doc string, fn func(a *Args) Value) {
	mathFuncs = append(mathFuncs, &Builtin{Name: name, Sig: "math." + sig, Doc: doc, Fn: fn})
}

// toFloat converts a math function's argument as PyFloat_AsDouble does:
// a float, an int (OverflowError past a float's range), a bool, or an
// object with __float__ (a one-element tensor).
func toFloat(v Value) float64 {
	switch x := v.(type) {
	case Float:
		return float64(x)
	case Bool:
		return b2f(bool(x))
	case Int:
		if i, ok := x.Int64(); ok {
			return float64(i)
		}
		f := x.Float()
		if math.IsInf(f, 0) {
			throw("OverflowError", errIntTooLargeFloat)
		}
		return f
	case *tensor.Tensor:
		if x.Numel() != 1 {
			throw("ValueError", errOneElementScalars)
		}
		return x.Item().Float()
	}
	throw("TypeError", errMustBeRealNumber, TypeName(v))
	return 0
}

// mathArg1 unpacks the one argument of math.NAME.
func mathArg1(a *Args, name string) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "math."+name)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTakesOneArg, "math."+name, len(a.Pos))
	}
	return a.Pos[0]
}

// mathArgs unpacks exactly n arguments of math.NAME.
func mathArgs(a *Args, name string, n int) []Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "math."+name)
	}
	if len(a.Pos) != n {
		throw("TypeError", errExpectedN, name, n, pluralS(n), len(a.Pos))
	}
	return a.Pos
}

// checkMath applies math_1's error rules to r = f(x).
func checkMath(x, r float64, canOverflow bool) Value {
	if math.IsNaN(r) && !math.IsNaN(x) {
		throw("ValueError", errMathDomain)
	}
	if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
		if canOverflow {
			throw("OverflowError", errMathRange)
		}
		throw("ValueError", errMathDomain)
	}
	return Float(r)
}

// unary registers math.NAME(x) = f(x).
func unary(name, doc string, f func(float64) float64, canOverflow bool) {
	mathFn(name, name+"(x)", doc, func(a *Args) Value {
		x := toFloat(mathArg1(a, name))
		return checkMath(x, f(x), canOverflow)
	})
}

// logOf is log(x) (or log2, log10: f) for an int or float argument, as
// loghelper computes it: a big int is taken apart, log(m * 2**e) =
// f(m) + f(2)*e, so that log(2**2000) works.
func logOf(v Value, f func(float64) float64) float64 {
	if n, ok := v.(Int); ok {
		if n.Sign() <= 0 {
			throw("ValueError", errMathDomain)
		}
		if _, small := n.Int64(); !small {
			bf := new(big.Float).SetPrec(53).SetInt(n.Big())
			mant := new(big.Float)
			e := bf.MantExp(mant)
			m, _ := mant.Float64()
			return f(m) + f(2)*float64(e)
		}
	}
	x := toFloat(v)
	if math.IsNaN(x) {
		return x
	}
	if x <= 0 {
		throw("ValueError", errMathDomain)
	}
	return f(x)
}

func init() {
	unary("sqrt", "Returns the square root of x.", math.Sqrt, false)
	unary("exp", "Returns e raised to the power of x.", crExp, true)
	unary("expm1", "Returns exp(x)-1, accurate for small x.", math.Expm1, true)
	unary("log1p", "Returns log(1+x), accurate for small x.", func(x float64) float64 {
		if x <= -1 {
			return math.NaN()
		}
		return math.Log1p(x)
	}, false)
	unary("sin", "Returns the sine of x (radians).", crSin, false)
	unary("cos", "Returns the cosine of x (radians).", crCos, false)
	unary("tan", "Returns the tangent of x (radians).", crTan, false)
	unary("asin", "Returns the arc sine of x, in radians.", crAsin, false)
	unary("acos", "Returns the arc cosine of x, in radians.", crAcos, false)
	unary("atan", "Returns the arc tangent of x, in radians.", crAtan, false)
	unary("sinh", "Returns the hyperbolic sine of x.", glibcSinh, true)
	unary("cosh", "Returns the hyperbolic cosine of x.", glibcCosh, true)
	unary("tanh", "Returns the hyperbolic tangent of x.", glibcTanh, false)
	unary("asinh", "Returns the inverse hyperbolic sine of x.", glibcAsinh, false)
	unary("acosh", "Returns the inverse hyperbolic cosine of x.", glibcAcosh, false)
	unary("atanh", "Returns the inverse hyperbolic tangent of x.", glibcAtanh, false)
	unary("fabs", "Returns the absolute value of x, as a float.", math.Abs, false)
	unary("erf", "Returns the error function at x.", math.Erf, false)
	unary("erfc", "Returns the complementary error function at x.", math.Erfc, false)
	unary("gamma", "Returns the Gamma function at x.", func(x float64) float64 {
		if x <= 0 && x == math.Trunc(x) {
			return math.NaN()
		}
		return math.Gamma(x)
	}, true)
	unary("lgamma", "Returns the natural logarithm of the absolute value of the Gamma function at x.", func(x float64) float64 {
		if x <= 0 && x == math.Trunc(x) {
			return math.Inf(1)
		}
		r, _ := math.Lgamma(x)
		return r
	}, true)
	unary("degrees", "Converts angle x from radians to degrees.", func(x float64) float64 { return x * (180 / math.Pi) }, true)
	unary("radians", "Converts angle x from degrees to radians.", func(x float64) float64 { return x * (math.Pi / 180) }, true)
	mathFn("log2", "log2(x)", "Returns the base-2 logarithm of x.", func(a *Args) Value {
		return Float(logOf(mathArg1(a, "log2"), pyLog2))
	})
	mathFn("log10", "log10(x)", "Returns the base-10 logarithm of x.", func(a *Args) Value {
		return Float(logOf(mathArg1(a, "log10"), pyLog10))
	})
	mathFn("log", "log(x[, base])", "Returns the logarithm of x to the given base (e by default).", func(a *Args) Value {
		if len(a.Kw) > 0 {
			throw("TypeError", errTakesNoKw, "log")
		}
		if len(a.Pos) < 1 || len(a.Pos) > 2 {
			throw("TypeError", errMathLogArgs)
		}
		num := logOf(a.Pos[0], pyLog)
		if len(a.Pos) == 1 {
			return Float(num)
		}
		den := logOf(a.Pos[1], pyLog)
		if den == 0 {
			throw("ZeroDivisionError", errFloatDivZero)
		}
		return Float(num / den)
	})
	mathFn("pow", "pow(x, y)", "Returns x raised to the power y, as floats.", func(a *Args) Value {
		args := mathArgs(a, "pow", 2)
		x, y := toFloat(args[0]), toFloat(args[1])
		r := tensor.Pow(x, y) // C's pow, as CPython calls it (and x ** y)
		if math.IsNaN(r) && !math.IsNaN(x) && !math.IsNaN(y) {
			throw("ValueError", errMathDomain)
		}
		if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) && !math.IsNaN(x) && !math.IsNaN(y) {
			if x == 0 {
				throw("ValueError", errMathDomain)
			}
			throw("OverflowError", errMathRange)
		}
		return Float(r)
	})
	mathFn("atan2", "atan2(y, x)", "Returns the arc tangent of y/x, in radians, in the quadrant of (x, y).", func(a *Args) Value {
		args := mathArgs(a, "atan2", 2)
		return Float(crAtan2(toFloat(args[0]), toFloat(args[1])))
	})
	mathFn("copysign", "copysign(x, y)", "Returns x with the sign of y.", func(a *Args) Value {
		args := mathArgs(a, "copysign", 2)
		return Float(math.Copysign(toFloat(args[0]), toFloat(args[1])))
	})
	mathFn("fmod", "fmod(x, y)", "Returns the remainder of x/y with the sign of x (C's fmod).", func(a *Args) Value {
		args := mathArgs(a, "fmod", 2)
		x, y := toFloat(args[0]), toFloat(args[1])
		if math.IsInf(y, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
			return Float(x)
		}
		r := math.Mod(x, y)
		return checkMath(x, r, false)
	})
	mathFn("remainder", "remainder(x, y)", "Returns the IEEE 754 remainder of x with respect to y.", func(a *Args) Value {
		args := mathArgs(a, "remainder", 2)
		x, y := toFloat(args[0]), toFloat(args[1])
		return checkMath(x, math.Remainder(x, y), false)
	})
	mathFn("ldexp", "ldexp(x, i)", "Returns x * 2**i.", func(a *Args) Value {
		args := mathArgs(a, "ldexp", 2)
		x := toFloat(args[0])
		i, ok := args[1].(Int)
		if b, isBool := args[1].(Bool); isBool {
			i, ok = boolInt(b), true
		}
		if !ok {
			throw("TypeError", errExpectedInt)
		}
		e, small := i.Int64()
		if !small || e > 1<<20 {
			e = 1 << 20
			if i.Sign() < 0 {
				e = -e
			}
		}
		r := math.Ldexp(x, int(e))
		return checkMath(x, r, true)
	})
	mathFn("frexp", "frexp(x)", "Returns (m, e) with x == m * 2**e and 0.5 <= abs(m) < 1.", func(a *Args) Value {
		x := toFloat(mathArg1(a, "frexp"))
		if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
			return Tuple{Float(x), MakeInt(0)}
		}
		m, e := math.Frexp(x)
		return Tuple{Float(m), MakeInt(int64(e))}
	})
	mathFn("modf", "modf(x)", "Returns the fractional and integer parts of x, both floats with the sign of x.", func(a *Args) Value {
		x := toFloat(mathArg1(a, "modf"))
		if math.IsInf(x, 0) {
			return Tuple{Float(math.Copysign(0, x)), Float(x)}
		}
		i, f := math.Modf(x)
		return Tuple{Float(f), Float(i)}
	})
	for _, name := range []string{"isfinite", "isinf", "isnan"} {
		name := name
		mathFn(name, name+"(x)", "Tells whether x is "+map[string]string{"isfinite": "neither an infinity nor a NaN", "isinf": "an infinity", "isnan": "a NaN"}[name]+".", func(a *Args) Value {
			x := toFloat(mathArg1(a, name))
			switch name {
			case "isfinite":
				return Bool(!math.IsInf(x, 0) && !math.IsNaN(x))
			case "isinf":
				return Bool(math.IsInf(x, 0))
			}
			return Bool(math.IsNaN(x))
		})
	}
	for _, name := range []string{"floor", "ceil", "trunc"} {
		name := name
		mathFn(name, name+"(x)", "Returns x rounded "+map[string]string{"floor": "down", "ceil": "up", "trunc": "toward zero"}[name]+", as an int.", func(a *Args) Value {
			v := mathArg1(a, name)
			switch x := v.(type) {
			case Int:
				return x
			case Bool:
				return boolInt(x)
			case Float:
			default:
				if name == "trunc" {
					throw("TypeError", errNoTrunc, TypeName(v))
				}
			}
			f := toFloat(v)
			switch name {
			case "floor":
				f = math.Floor(f)
			case "ceil":
				f = math.Ceil(f)
			default:
				f = math.Trunc(f)
			}
			return floatToInt(f)
		})
	}
	mathFn("isclose", "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)", "Tells whether a and b are close: abs(a-b) <= max(rel_tol * max(abs(a), abs(b)), abs_tol).", func(a *Args) Value {
		var x, y Value
		rel, abs := 1e-9, 0.0
		if len(a.Pos) > 2 {
			throw("TypeError", errTakesExactly2Pos, "isclose", len(a.Pos))
		}
		for i, p := range []string{"a", "b"} {
			if _, kw := a.Kwarg(p); len(a.Pos) <= i && !kw {
				throw("TypeError", errMissingRequired, "isclose", p, i+1)
			}
		}
		a.Unpack("a", &x, "b", &y, "$rel_tol?", &rel, "$abs_tol?", &abs)
		fa, fb := toFloat(x), toFloat(y)
		if rel < 0 || abs < 0 {
			throw("ValueError", errTolerances)
		}
		if fa == fb {
			return Bool(true)
		}
		if math.IsInf(fa, 0) || math.IsInf(fb, 0) {
			return Bool(false)
		}
		d := math.Abs(fb - fa)
		return Bool(d <= math.Abs(rel*fb) || d <= math.Abs(rel*fa) || d <= abs)
	})
	mathFn("prod", "prod(iterable, *, start=1)", "Returns start times the product of the items of iterable.", func(a *Args) Value {
		var it Value
		var acc Value = MakeInt(1)
		if n := len(a.Pos) + len(a.Kw); n > 2 {
			throw("TypeError", errTakesAtMost, "prod", 2, "s", n)
		}
		if len(a.Pos) != 1 {
			throw("TypeError", errTakesExactly1Pos, "prod", len(a.Pos))
		}
		for _, kw := range a.Kw {
			if kw.Name != "start" {
				throw("TypeError", errInvalidKwFor, kw.Name, "prod")
			}
		}
		a.Unpack("iterable", &it, "$start?", &acc)
		src := Iterate(it)
		for {
			v, ok := src.Next()
			if !ok {
				return acc
			}
			poll()
			acc = a.s.binary(lang.Star, acc, v)
		}
	})
}

// floatToInt is int(f) for an integral float: OverflowError for an
// infinity, ValueError for a NaN.
func floatToInt(f float64) Value {
	if math.IsNaN(f) {
		throw("ValueError", errCantConvertFloatNaN)
	}
	if math.IsInf(f, 0) {
		throw("OverflowError", errCantConvertFloatInf)
	}
	if math.Abs(f) < 1<<62 {
		return MakeInt(int64(f))
	}
	return MakeBigInt(bigFromFloat(f))
}
