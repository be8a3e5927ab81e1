//go:build ignore

// kernel_gen.go writes kernel_rows_gen.go: the inner loops of the
// pointwise kernels, one generic function per operation, each with its
// loops specialised for the contiguous and the broadcast-scalar (stride 0)
// layouts. The operations are expressions in x, y (and z) over the element
// type T; each function is generic over its constraint (Num, intNum or
// floatNum), so Go compiles one copy per element type without per-element
// calls. Run `go generate ./runtime/tensor`.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"strings"
)

// spec is one row function.
type spec struct {
	Name  string // function name, without the "Row" suffix
	Cons  string // type constraint: Num, intNum or floatNum
	Out   string // element type of the output: "T" or "bool"
	Expr  string // the element's value, in x (, y, z) and the extra parameters
	Extra string // extra parameters, e.g. "alpha T"
}

// Binary operations: o = f(a, b).
var binary = []spec{
	{Name: "add", Cons: "Num", Out: "T", Expr: "x + y"},
	{Name: "addAlpha", Cons: "Num", Out: "T", Expr: "x + alpha*y", Extra: "alpha T"},
	{Name: "sub", Cons: "Num", Out: "T", Expr: "x - y"},
	{Name: "mul", Cons: "Num", Out: "T", Expr: "x * y"},
	{Name: "div", Cons: "floatNum", Out: "T", Expr: "x / y"},
	{Name: "divTruncInt", Cons: "intNum", Out: "T", Expr: "x / y"},
	{Name: "divTruncFloat", Cons: "floatNum", Out: "T", Expr: "T(math.Trunc(float64(x / y)))"},
	{Name: "divFloorInt", Cons: "intNum", Out: "T", Expr: "divFloorInt(x, y)"},
	{Name: "divFloorFloat", Cons: "floatNum", Out: "T", Expr: "divFloorFloat(x, y)"},
	{Name: "remainderInt", Cons: "intNum", Out: "T", Expr: "remainderInt(x, y)"},
	{Name: "remainderFloat", Cons: "floatNum", Out: "T", Expr: "remainderFloat(x, y)"},
	{Name: "fmodInt", Cons: "intNum", Out: "T", Expr: "x % y"},
	{Name: "fmodFloat", Cons: "floatNum", Out: "T", Expr: "T(math.Mod(float64(x), float64(y)))"},
	{Name: "powInt", Cons: "intNum", Out: "T", Expr: "powInt(x, y)"},
	{Name: "powFloat", Cons: "floatNum", Out: "T", Expr: "T(math.Pow(float64(x), float64(y)))"},
	{Name: "maxInt", Cons: "intNum", Out: "T", Expr: "max(x, y)"},
	{Name: "minInt", Cons: "intNum", Out: "T", Expr: "min(x, y)"},
	{Name: "maximumFloat", Cons: "floatNum", Out: "T", Expr: "maximumFloat(x, y)"},
	{Name: "minimumFloat", Cons: "floatNum", Out: "T", Expr: "minimumFloat(x, y)"},
	{Name: "fmaxFloat", Cons: "floatNum", Out: "T", Expr: "fmaxFloat(x, y)"},
	{Name: "fminFloat", Cons: "floatNum", Out: "T", Expr: "fminFloat(x, y)"},
	{Name: "atan2", Cons: "floatNum", Out: "T", Expr: "T(math.Atan2(float64(x), float64(y)))"},
	{Name: "hypot", Cons: "floatNum", Out: "T", Expr: "T(math.Hypot(float64(x), float64(y)))"},
	{Name: "and", Cons: "intNum", Out: "T", Expr: "x & y"},
	{Name: "or", Cons: "intNum", Out: "T", Expr: "x | y"},
	{Name: "xor", Cons: "intNum", Out: "T", Expr: "x ^ y"},
	{Name: "lshift", Cons: "intNum", Out: "T", Expr: "lshiftInt(x, y)"},
	{Name: "rshift", Cons: "intNum", Out: "T", Expr: "rshiftInt(x, y)"},
	{Name: "eq", Cons: "Num", Out: "bool", Expr: "x == y"},
	{Name: "ne", Cons: "Num", Out: "bool", Expr: "x != y"},
	{Name: "lt", Cons: "Num", Out: "bool", Expr: "x < y"},
	{Name: "le", Cons: "Num", Out: "bool", Expr: "x <= y"},
	{Name: "gt", Cons: "Num", Out: "bool", Expr: "x > y"},
	{Name: "ge", Cons: "Num", Out: "bool", Expr: "x >= y"},
	{Name: "logicalAnd", Cons: "Num", Out: "bool", Expr: "x != 0 && y != 0"},
	{Name: "logicalOr", Cons: "Num", Out: "bool", Expr: "x != 0 || y != 0"},
	{Name: "logicalXor", Cons: "Num", Out: "bool", Expr: "(x != 0) != (y != 0)"},
}

// Unary operations: o = f(a).
var unary = []spec{
	{Name: "copy", Cons: "Num", Out: "T", Expr: "x"},
	{Name: "neg", Cons: "Num", Out: "T", Expr: "-x"},
	{Name: "absInt", Cons: "intNum", Out: "T", Expr: "absElem(x)"},
	{Name: "absFloat", Cons: "floatNum", Out: "T", Expr: "T(math.Abs(float64(x)))"},
	{Name: "signInt", Cons: "intNum", Out: "T", Expr: "signElem(x)"},
	{Name: "signFloat", Cons: "floatNum", Out: "T", Expr: "signElem(x)"},
	{Name: "square", Cons: "Num", Out: "T", Expr: "x * x"},
	{Name: "reluInt", Cons: "intNum", Out: "T", Expr: "max(x, 0)"},
	{Name: "reluFloat", Cons: "floatNum", Out: "T", Expr: "stdMax(x, 0)"},
	{Name: "bitNot", Cons: "intNum", Out: "T", Expr: "^x"},
	{Name: "sqrt", Cons: "floatNum", Out: "T", Expr: "T(math.Sqrt(float64(x)))"},
	{Name: "rsqrt", Cons: "floatNum", Out: "T", Expr: "1 / T(math.Sqrt(float64(x)))"},
	{Name: "exp", Cons: "floatNum", Out: "T", Expr: "expElem(x)"},
	{Name: "expm1", Cons: "floatNum", Out: "T", Expr: "T(math.Expm1(float64(x)))"},
	{Name: "log", Cons: "floatNum", Out: "T", Expr: "logElem(x)"},
	{Name: "log1p", Cons: "floatNum", Out: "T", Expr: "T(math.Log1p(float64(x)))"},
	{Name: "log2", Cons: "floatNum", Out: "T", Expr: "T(math.Log2(float64(x)))"},
	{Name: "log10", Cons: "floatNum", Out: "T", Expr: "T(math.Log10(float64(x)))"},
	{Name: "sin", Cons: "floatNum", Out: "T", Expr: "T(math.Sin(float64(x)))"},
	{Name: "cos", Cons: "floatNum", Out: "T", Expr: "T(math.Cos(float64(x)))"},
	{Name: "tan", Cons: "floatNum", Out: "T", Expr: "T(math.Tan(float64(x)))"},
	{Name: "asin", Cons: "floatNum", Out: "T", Expr: "T(math.Asin(float64(x)))"},
	{Name: "acos", Cons: "floatNum", Out: "T", Expr: "T(math.Acos(float64(x)))"},
	{Name: "atan", Cons: "floatNum", Out: "T", Expr: "T(math.Atan(float64(x)))"},
	{Name: "sinh", Cons: "floatNum", Out: "T", Expr: "T(math.Sinh(float64(x)))"},
	{Name: "cosh", Cons: "floatNum", Out: "T", Expr: "T(math.Cosh(float64(x)))"},
	{Name: "tanh", Cons: "floatNum", Out: "T", Expr: "tanhElem(x)"},
	{Name: "sigmoid", Cons: "floatNum", Out: "T", Expr: "sigmoidFloat(x)"},
	{Name: "floor", Cons: "floatNum", Out: "T", Expr: "T(math.Floor(float64(x)))"},
	{Name: "ceil", Cons: "floatNum", Out: "T", Expr: "T(math.Ceil(float64(x)))"},
	{Name: "round", Cons: "floatNum", Out: "T", Expr: "T(math.RoundToEven(float64(x)))"},
	{Name: "roundDecimals", Cons: "floatNum", Out: "T", Expr: "roundDecimals(x, p, neg)", Extra: "p T, neg bool"},
	{Name: "trunc", Cons: "floatNum", Out: "T", Expr: "T(math.Trunc(float64(x)))"},
	{Name: "frac", Cons: "floatNum", Out: "T", Expr: "x - T(math.Trunc(float64(x)))"},
	{Name: "reciprocal", Cons: "floatNum", Out: "T", Expr: "1 / x"},
	{Name: "cube", Cons: "floatNum", Out: "T", Expr: "x * x * x"},
	{Name: "invSquare", Cons: "floatNum", Out: "T", Expr: "1 / (x * x)"},
	{Name: "powScalar", Cons: "floatNum", Out: "T", Expr: "T(math.Pow(float64(x), e))", Extra: "e float64"},
	{Name: "powIntScalar", Cons: "intNum", Out: "T", Expr: "powInt(x, p1)", Extra: "p1 T"},
	{Name: "nanToNum", Cons: "floatNum", Out: "T", Expr: "nanToNum(x, p1, p2, p3)", Extra: "p1, p2, p3 T"},
	{Name: "clamp", Cons: "Num", Out: "T", Expr: "stdMin(stdMax(x, p1), p2)", Extra: "p1, p2 T"},
	{Name: "clampMin", Cons: "Num", Out: "T", Expr: "stdMax(x, p1)", Extra: "p1 T"},
	{Name: "clampMax", Cons: "Num", Out: "T", Expr: "stdMin(x, p1)", Extra: "p1 T"},
	{Name: "isnan", Cons: "floatNum", Out: "bool", Expr: "x != x"},
	{Name: "isinf", Cons: "floatNum", Out: "bool", Expr: "math.IsInf(float64(x), 0)"},
	{Name: "isfinite", Cons: "floatNum", Out: "bool", Expr: "!math.IsInf(float64(x), 0) && x == x"},
	{Name: "logicalNot", Cons: "Num", Out: "bool", Expr: "x == 0"},
	{Name: "nonzero", Cons: "Num", Out: "bool", Expr: "x != 0"},
}

// Ternary operations: o = f(a, b, c).
var ternary = []spec{
	{Name: "lerpScalar", Cons: "floatNum", Out: "T", Expr: "lerpElem(x, y, w)", Extra: "w T"},
	{Name: "lerpTensor", Cons: "floatNum", Out: "T", Expr: "lerpElem(x, y, z)"},
	{Name: "addcmul", Cons: "Num", Out: "T", Expr: "x + v*y*z", Extra: "v T"},
	{Name: "addcdiv", Cons: "floatNum", Out: "T", Expr: "x + v*y/z", Extra: "v T"},
	{Name: "clampTensorInt", Cons: "intNum", Out: "T", Expr: "stdMin(stdMax(x, y), z)"},
	{Name: "clampTensorFloat", Cons: "floatNum", Out: "T", Expr: "clampTensorFloat(x, y, z)"},
}

func main() {
	var b bytes.Buffer
	b.WriteString("// Code generated by kernel_gen.go; DO NOT EDIT.\n\npackage tensor\n\nimport \"math\"\n\nvar _ = math.Abs\n\n")
	for _, s := range binary {
		genBinary(&b, s)
	}
	for _, s := range unary {
		genUnary(&b, s)
	}
	for _, s := range ternary {
		genTernary(&b, s)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		os.Stdout.Write(b.Bytes())
		panic(err)
	}
	if err := os.WriteFile("kernel_rows_gen.go", src, 0o644); err != nil {
		panic(err)
	}
}

func extraParams(s spec) string {
	if s.Extra == "" {
		return ""
	}
	return ", " + s.Extra
}

func genBinary(b *bytes.Buffer, s spec) {
	out := outType(s)
	fmt.Fprintf(b, "// %sRow is o[i] = %s over a row of n elements, for every layout\n", s.Name, s.Expr)
	fmt.Fprintf(b, "// (strides os, as, bs; 0 for a broadcast operand).\n")
	fmt.Fprintf(b, "func %sRow[T %s](n int, o []%s, os int, a []T, as int, b []T, bs int%s) {\n", s.Name, s.Cons, out, extraParams(s))
	fmt.Fprintf(b, "\tswitch {\n")
	fmt.Fprintf(b, "\tcase os == 1 && as == 1 && bs == 1:\n\t\to, a, b = o[:n], a[:n], b[:n]\n\t\tfor i := range o {\n\t\t\tx, y := a[i], b[i]\n\t\t\to[i] = %s\n\t\t}\n", s.Expr)
	fmt.Fprintf(b, "\tcase os == 1 && as == 1 && bs == 0:\n\t\to, a = o[:n], a[:n]\n\t\ty := b[0]\n\t\tfor i := range o {\n\t\t\tx := a[i]\n\t\t\to[i] = %s\n\t\t}\n", s.Expr)
	fmt.Fprintf(b, "\tcase os == 1 && as == 0 && bs == 1:\n\t\to, b = o[:n], b[:n]\n\t\tx := a[0]\n\t\tfor i := range o {\n\t\t\ty := b[i]\n\t\t\to[i] = %s\n\t\t}\n", s.Expr)
	fmt.Fprintf(b, "\tdefault:\n\t\tfor i := 0; i < n; i++ {\n\t\t\tx, y := a[i*as], b[i*bs]\n\t\t\to[i*os] = %s\n\t\t}\n", s.Expr)
	fmt.Fprintf(b, "\t}\n}\n\n")
}

func genUnary(b *bytes.Buffer, s spec) {
	out := outType(s)
	fmt.Fprintf(b, "// %sRow is o[i] = %s over a row of n elements (strides os, as).\n", s.Name, s.Expr)
	fmt.Fprintf(b, "func %sRow[T %s](n int, o []%s, os int, a []T, as int%s) {\n", s.Name, s.Cons, out, extraParams(s))
	fmt.Fprintf(b, "\tif os == 1 && as == 1 {\n\t\to, a = o[:n], a[:n]\n\t\tfor i := range o {\n\t\t\tx := a[i]\n\t\t\to[i] = %s\n\t\t}\n\t\treturn\n\t}\n", s.Expr)
	fmt.Fprintf(b, "\tfor i := 0; i < n; i++ {\n\t\tx := a[i*as]\n\t\to[i*os] = %s\n\t}\n}\n\n", s.Expr)
}

func genTernary(b *bytes.Buffer, s spec) {
	out := outType(s)
	uses := func(v string) bool { return strings.Contains(s.Expr, v) }
	zdecl := "z := c[i*cs]"
	if !uses("z") {
		zdecl = "_ = c"
	}
	fmt.Fprintf(b, "// %sRow is o[i] = %s over a row of n elements (strides os, as, bs, cs).\n", s.Name, s.Expr)
	fmt.Fprintf(b, "func %sRow[T %s](n int, o []%s, os int, a []T, as int, b []T, bs int, c []T, cs int%s) {\n", s.Name, s.Cons, out, extraParams(s))
	if uses("z") {
		fmt.Fprintf(b, "\tif os == 1 && as == 1 && bs == 1 && cs == 1 {\n\t\to, a, b, c = o[:n], a[:n], b[:n], c[:n]\n\t\tfor i := range o {\n\t\t\tx, y, z := a[i], b[i], c[i]\n\t\t\to[i] = %s\n\t\t}\n\t\treturn\n\t}\n", s.Expr)
	} else {
		fmt.Fprintf(b, "\tif os == 1 && as == 1 && bs == 1 {\n\t\to, a, b = o[:n], a[:n], b[:n]\n\t\tfor i := range o {\n\t\t\tx, y := a[i], b[i]\n\t\t\to[i] = %s\n\t\t}\n\t\treturn\n\t}\n", s.Expr)
	}
	fmt.Fprintf(b, "\tfor i := 0; i < n; i++ {\n\t\tx, y := a[i*as], b[i*bs]\n\t\t%s\n\t\to[i*os] = %s\n\t}\n}\n\n", zdecl, s.Expr)
}

func outType(s spec) string {
	if s.Out == "bool" {
		return "bool"
	}
	return "T"
}
