package tensor

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPointwiseGolden runs every case of testdata/pointwise_golden.txt
// (written by PyTorch 1.13, see gen_pointwise_golden.py) through the
// pointwise operations and compares dtypes, values and errors.

var (
	goldAF = []float64{-3.5, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.5, 7.25}
	goldBF = []float64{2.0, -1.5, 3.0, -2.0, 1.25, 4.0, -3.0, 1.5, 2.0, -5.0}
	goldCF = []float64{0.25, 0.75, -0.5, 2.0, 0.5, 1.5, -1.0, 0.1, 3.0, 0.9}
	goldAI = []int64{-3, -2, -1, 0, 0, 5, 1, 2, 3, 7}
	goldBI = []int64{2, -1, 3, -2, 1, 4, -3, 1, 2, -5}
	goldCI = []int64{1, 2, -1, 3, 1, 2, -2, 1, 3, 4}
	goldUF = []float64{-2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.7, 100.0, math.NaN(), math.Inf(1), math.Inf(-1)}
	goldUI = []int64{-3, -2, -1, 0, 1, 2, 3, 100, -128, 127, 255, 1000}
)

func goldMake(f []float64, i []int64, name string) *Tensor {
	d, ok := DTypeByName(name)
	if !ok {
		panic("bad dtype " + name)
	}
	if d.IsFloat() {
		return FromSlice(append([]float64{}, f...), len(f)).To(d)
	}
	return FromSlice(append([]int64{}, i...), len(i)).To(d)
}

func goldClone(t *Tensor) *Tensor {
	c := Empty(t.shape, t.DType())
	CopyInto(c, t)
	return c
}

func goldScalar(s string) *Scalar {
	switch {
	case s == "None":
		return nil
	case s == "True" || s == "False":
		v := BoolS(s == "True")
		return &v
	case strings.ContainsAny(s, ".e"):
		f, _ := strconv.ParseFloat(s, 64)
		v := FloatS(f)
		return &v
	}
	i, _ := strconv.ParseInt(s, 10, 64)
	v := IntS(i)
	return &v
}

var goldScalars = map[string]Scalar{"int": IntS(2), "negint": IntS(-3), "float": FloatS(2.5), "bool": BoolS(true), "big": IntS(300)}

var goldBinary = map[string]BinaryOp{
	"add": OpAdd, "sub": OpSub, "mul": OpMul, "div": OpDiv, "div_trunc": OpDivTrunc, "div_floor": OpDivFloor,
	"remainder": OpRemainder, "fmod": OpFmod, "pow": OpPow, "maximum": OpMaximum, "minimum": OpMinimum,
	"fmax": OpFmax, "fmin": OpFmin, "atan2": OpAtan2, "hypot": OpHypot, "bitwise_and": OpBitAnd,
	"bitwise_or": OpBitOr, "bitwise_xor": OpBitXor, "lshift": OpLshift, "rshift": OpRshift, "eq": OpEq,
	"ne": OpNe, "lt": OpLt, "le": OpLe, "gt": OpGt, "ge": OpGe, "logical_and": OpLogicalAnd,
	"logical_or": OpLogicalOr, "logical_xor": OpLogicalXor,
}

var goldUnary = map[string]UnaryOp{
	"neg": OpNeg, "abs": OpAbs, "sign": OpSign, "sqrt": OpSqrt, "rsqrt": OpRsqrt, "exp": OpExp,
	"expm1": OpExpm1, "log": OpLog, "log1p": OpLog1p, "log2": OpLog2, "log10": OpLog10, "sin": OpSin,
	"cos": OpCos, "tan": OpTan, "asin": OpAsin, "acos": OpAcos, "atan": OpAtan, "sinh": OpSinh,
	"cosh": OpCosh, "tanh": OpTanh, "sigmoid": OpSigmoid, "relu": OpRelu, "floor": OpFloor, "ceil": OpCeil,
	"round": OpRound, "trunc": OpTrunc, "frac": OpFrac, "reciprocal": OpReciprocal,
	"logical_not": OpLogicalNot, "bitwise_not": OpBitwiseNot, "isnan": OpIsnan, "isinf": OpIsinf,
	"isfinite": OpIsfinite,
}

// goldRun computes one case.
func goldRun(c string, dts []string) *Tensor {
	parts := strings.Split(c, ":")
	binop := func(name string, a, b Operand, opts Opts) *Tensor {
		switch name {
		case "div_trunc":
			return Div(a, b, "trunc", opts)
		case "div_floor":
			return Div(a, b, "floor", opts)
		}
		return Binary(goldBinary[name], a, b, opts)
	}
	A := func(d string) *Tensor { return goldMake(goldAF, goldAI, d) }
	B := func(d string) *Tensor { return goldMake(goldBF, goldBI, d) }
	C := func(d string) *Tensor { return goldMake(goldCF, goldCI, d) }
	U := func(d string) *Tensor { return goldMake(goldUF, goldUI, d) }
	inpl := Opts{Inplace: true}
	switch parts[0] {
	case "bin":
		return binop(parts[1], TensorOperand(A(dts[0])), TensorOperand(B(dts[1])), Opts{})
	case "inplace":
		return binop(parts[1], TensorOperand(A(dts[0])), TensorOperand(B(dts[1])), inpl)
	case "scalar":
		return binop(parts[1], TensorOperand(A(dts[0])), ScalarOperand(goldScalars[parts[2]]), Opts{})
	case "rscalar":
		return binop(parts[1], ScalarOperand(goldScalars[parts[2]]), TensorOperand(A(dts[0])), Opts{})
	case "zerodim":
		a0 := goldMake([]float64{1.5}, []int64{3}, dts[0])
		a0 = a0.view(0, []int{}, []int{})
		s := goldScalars[parts[2]]
		return binop(parts[1], TensorOperand(a0), TensorOperand(Scalar0(s, s.DType())), Opts{})
	case "alpha":
		alpha := *goldScalar(parts[2])
		if parts[1] == "add" {
			return Add(TensorOperand(A(dts[0])), TensorOperand(B(dts[0])), alpha, Opts{})
		}
		return Sub(TensorOperand(A(dts[0])), TensorOperand(B(dts[0])), alpha, Opts{})
	case "unary", "unary_":
		opts := Opts{}
		if parts[0] == "unary_" {
			opts = inpl
		}
		x := U(dts[0])
		switch parts[1] {
		case "square":
			return Square(x, opts)
		case "nan_to_num":
			return NanToNum(x, 0, nil, nil, opts)
		}
		return Unary(goldUnary[parts[1]], x, opts)
	case "round":
		d, _ := strconv.Atoi(parts[1])
		return Round(U(dts[0]), d, Opts{})
	case "nan_to_num":
		p, n := 2.0, -2.0
		return NanToNum(U(dts[0]), 1.5, &p, &n, Opts{})
	case "powscalar", "powscalar_":
		opts := Opts{}
		if parts[0] == "powscalar_" {
			opts = inpl
		}
		return Binary(OpPow, TensorOperand(U(dts[0])), ScalarOperand(*goldScalar(parts[1])), opts)
	case "clamp", "clamp_":
		opts := Opts{}
		if parts[0] == "clamp_" {
			opts = inpl
		}
		return Clamp(U(dts[0]), goldScalar(parts[1]), goldScalar(parts[2]), opts)
	case "where":
		cond := goldMake(goldAF, goldAI, "bool")
		return Where(cond, TensorOperand(A(dts[0])), TensorOperand(B(dts[1])), Opts{})
	case "lerp":
		return Lerp(A(dts[0]), B(dts[1]), ScalarOperand(FloatS(0.3)), Opts{})
	case "lerp_w":
		return Lerp(A(dts[0]), C(dts[0]), TensorOperand(B(dts[1])), Opts{})
	case "addcmul":
		return Addcmul(A(dts[0]), B(dts[1]), C(dts[0]), IntS(2), Opts{})
	case "addcdiv":
		return Addcdiv(A(dts[0]), C(dts[0]), B(dts[1]), FloatS(0.5), Opts{})
	case "clamp_t", "clamp_t_":
		lo, hi := TensorOperand(B(dts[1])), TensorOperand(C(dts[0]))
		opts := Opts{}
		if parts[0] == "clamp_t_" {
			opts = inpl
		}
		return ClampTensor(A(dts[0]), &lo, &hi, opts)
	case "clamp_tmin":
		lo := TensorOperand(B(dts[1]))
		return ClampTensor(A(dts[0]), &lo, nil, Opts{})
	case "copy_":
		return Copy(A(dts[0]), TensorOperand(B(dts[1])), Opts{})
	case "fill_":
		return Fill(A(dts[0]), TensorOperand(B(dts[1]).Select(0, 1)))
	case "masked_fill_":
		cond := goldMake(goldAF, goldAI, "bool")
		return MaskedFill(A(dts[0]), cond, TensorOperand(B(dts[1]).Select(0, 2)), inpl)
	}
	panic("unknown case " + c)
}

// goldResult formats a result or a runtime error as the golden file does,
// keeping the values for a tolerant comparison.
func goldResult(c string, dts []string) (res string, vals []Scalar) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				res = fmt.Sprintf("PANIC:%v", r)
				return
			}
			res = "ERR:" + e.Kind.String() + ":" + e.Msg
		}
	}()
	t := goldRun(c, dts)
	return t.DType().Name(), t.Values()
}

func goldClose(want string, got Scalar, d DType) bool {
	switch want {
	case "True", "False":
		return got.Kind == BoolScalar && got.Bool() == (want == "True")
	}
	w, err := strconv.ParseFloat(want, 64)
	if err != nil {
		return false
	}
	g := got.Float()
	if got.Kind == IntScalar && !strings.ContainsAny(want, ".ena") {
		wi, _ := strconv.ParseInt(want, 10, 64)
		return got.I == wi
	}
	if math.IsNaN(w) || math.IsNaN(g) {
		return math.IsNaN(w) && math.IsNaN(g)
	}
	if math.IsInf(w, 0) || math.IsInf(g, 0) {
		return w == g
	}
	tol := map[DType]float64{Float16: 1e-3, BFloat16: 8e-3, Float32: 3e-7, Float64: 1e-14}[d]
	return math.Abs(w-g) <= tol*math.Max(math.Abs(w), 1e-30) || (w == 0 && math.Abs(g) < 1e-30) || w == g
}

func TestPointwiseGolden(t *testing.T) {
	f, err := os.Open("testdata/pointwise_golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	fails, n := 0, 0
	for sc.Scan() {
		line := sc.Text()
		fields := strings.SplitN(line, "|", 3)
		if len(fields) != 3 {
			continue
		}
		c, dts, want := fields[0], strings.Split(fields[1], ","), fields[2]
		n++
		res, vals := goldResult(c, dts)
		ok := true
		if strings.HasPrefix(want, "ERR:") || strings.HasPrefix(res, "ERR:") || strings.HasPrefix(res, "PANIC") {
			ok = res == want
		} else {
			wd, wv, _ := strings.Cut(want, ":")
			if wd != res {
				ok = false
			} else {
				ws := strings.Split(wv, ",")
				if wv == "" {
					ws = nil
				}
				d, _ := DTypeByName(wd)
				if len(ws) != len(vals) {
					ok = false
				}
				for i := 0; ok && i < len(ws); i++ {
					if !goldClose(ws[i], vals[i], d) {
						ok = false
					}
				}
			}
			if !ok {
				var b strings.Builder
				b.WriteString(res + ":")
				for i, v := range vals {
					if i > 0 {
						b.WriteByte(',')
					}
					switch v.Kind {
					case BoolScalar:
						b.WriteString(map[bool]string{true: "True", false: "False"}[v.Bool()])
					case IntScalar:
						b.WriteString(strconv.FormatInt(v.I, 10))
					default:
						b.WriteString(strconv.FormatFloat(v.F, 'g', -1, 64))
					}
				}
				res = b.String()
			}
		}
		if !ok {
			fails++
			if fails <= 60 {
				t.Errorf("%s|%s\n  want %s\n  got  %s", c, fields[1], want, res)
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d golden cases differ", fails, n)
	}
}
