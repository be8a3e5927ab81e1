package numpy

import (
	"math"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy's other elementwise math ufuncs: the trigonometric and hyperbolic
// ones and their inverses, the other logarithms and exponentials, and
// logaddexp/logaddexp2. float64 loops call the C library's functions as
// NumPy does on machines without AVX-512 (exp2, log2 are glibc's, ported
// in runtime/tensor; the others Go's math package, within an ulp of
// glibc's); float32 and float16 compute in double and round.

func init() {
	deg := math.Pi / 180
	unaries := []*npUnary{
		&npUnary{name: "tan", f: math.Tan, floatOnly: true},
		&npUnary{name: "arcsin", f: math.Asin, floatOnly: true},
		&npUnary{name: "arccos", f: math.Acos, floatOnly: true},
		&npUnary{name: "arctan", f: math.Atan, floatOnly: true},
		&npUnary{name: "sinh", f: math.Sinh, floatOnly: true},
		&npUnary{name: "cosh", f: math.Cosh, floatOnly: true},
		&npUnary{name: "arcsinh", f: math.Asinh, floatOnly: true},
		&npUnary{name: "arccosh", f: math.Acosh, floatOnly: true},
		&npUnary{name: "arctanh", f: math.Atanh, floatOnly: true},
		&npUnary{name: "log2", f: tensor.GlibcLog2, floatOnly: true},
		&npUnary{name: "log10", f: math.Log10, floatOnly: true},
		&npUnary{name: "log1p", f: math.Log1p, floatOnly: true},
		&npUnary{name: "exp2", f: tensor.GlibcExp2, floatOnly: true},
		&npUnary{name: "expm1", f: math.Expm1, floatOnly: true},
		&npUnary{name: "cbrt", f: math.Cbrt, floatOnly: true},
		&npUnary{name: "fabs", f: math.Abs, floatOnly: true},
		&npUnary{name: "rint", f: math.RoundToEven, floatOnly: true},
		&npUnary{name: "trunc", f: math.Trunc, floatOnly: true},
		&npUnary{name: "deg2rad", f: func(x float64) float64 { return x * deg }, floatOnly: true},
		&npUnary{name: "radians", f: func(x float64) float64 { return x * deg }, floatOnly: true},
		&npUnary{name: "rad2deg", f: func(x float64) float64 { return x * (180 / math.Pi) }, floatOnly: true},
		&npUnary{name: "degrees", f: func(x float64) float64 { return x * (180 / math.Pi) }, floatOnly: true},
		&npUnary{name: "signbit", toBool: math.Signbit},
	}
	npUnaries = append(npUnaries, unaries...)
	// funcs.go's init registered the ones before: these register here
	for _, u := range unaries {
		u := u
		npFunc(u.name, u.name+"(x, out=None)", "NumPy's "+u.name+" ufunc, elementwise.", func(a *eval.Args) eval.Value {
			var x, o eval.Value
			a.Unpack("x", &x, "out?", &o)
			return u.call(a.Session(), x, npOutValue(o))
		})
	}
	npUfuncs["logaddexp"] = &npUfunc{name: "logaddexp", floatOnly: true, f: func(x, y float64, _ *npFlags) float64 {
		if x == y {
			return x + math.Ln2
		}
		d := x - y
		if d > 0 {
			return x + math.Log1p(tensor.GlibcExp(-d))
		}
		if d <= 0 {
			return y + math.Log1p(tensor.GlibcExp(d))
		}
		return d // NaN
	}}
	npUfuncs["logaddexp2"] = &npUfunc{name: "logaddexp2", floatOnly: true, f: func(x, y float64, _ *npFlags) float64 {
		if x == y {
			return x + 1
		}
		d := x - y
		if d > 0 {
			return x + math.Log1p(tensor.GlibcExp2(-d))/math.Ln2
		}
		if d <= 0 {
			return y + math.Log1p(tensor.GlibcExp2(d))/math.Ln2
		}
		return d
	}}
	for _, name := range []string{"logaddexp", "logaddexp2"} {
		u := npUfuncs[name]
		npFunc(name, name+"(x1, x2, out=None)", "NumPy's "+name+" ufunc: elementwise, broadcasting x1 and x2.", func(a *eval.Args) eval.Value {
			var x, y, o eval.Value
			a.Unpack("x1", &x, "x2", &y, "out?", &o)
			return u.call(a.Session(), x, y, npOutValue(o))
		})
		eval.ExplainOperands[npFuncs[name]] = npExplainOperands(2)
	}
}

// npDivideByZero are the unary ufuncs whose infinite result of a finite
// argument is a division by zero (log(0)), not an overflow.
func npDivideByZero(name string) bool {
	return strings.HasPrefix(name, "log") || name == "arctanh"
}
