package numpy

import (
	"fmt"
	"math"
	"sync"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The RuntimeWarnings NumPy's reductions raise from its own Python files
// (numpy/core/_methods.py and fromnumeric.py of Debian's NumPy 1.24), with
// the location and source line the warnings module shows for them: the
// overflow (or invalid value) of a float sum or product, and the 0/0 of
// the mean and the variance of empty slices.

const (
	npMethodsPy     = "/usr/lib/python3/dist-packages/numpy/core/_methods.py"
	npFromnumericPy = "/usr/lib/python3/dist-packages/numpy/core/fromnumeric.py"
)

// npLoc is a line of NumPy's Python source that raises a warning.
type npLoc struct {
	file string
	line int
	src  string
}

var (
	npLocSum      = npLoc{npMethodsPy, 49, "return umr_sum(a, axis, dtype, out, keepdims, initial, where)"}
	npLocProd     = npLoc{npMethodsPy, 53, "return umr_prod(a, axis, dtype, out, keepdims, initial, where)"}
	npLocReduce   = npLoc{npFromnumericPy, 86, "return ufunc.reduce(obj, axis, dtype, out, **passkwargs)"}
	npLocMeanSum  = npLoc{npMethodsPy, 181, "ret = umr_sum(arr, axis, dtype, out, keepdims, where=where)"}
	npLocMeanDiv  = npLoc{npMethodsPy, 184, "ret = um.true_divide("}
	npLocMeanF16  = npLoc{npMethodsPy, 190, "ret = arr.dtype.type(ret / rcount)"}
	npLocMeanScal = npLoc{npMethodsPy, 192, "ret = ret.dtype.type(ret / rcount)"}
	npLocVarSum1  = npLoc{npMethodsPy, 215, "arrmean = umr_sum(arr, axis, dtype, keepdims=True, where=where)"}
	npLocVarMean  = npLoc{npMethodsPy, 226, "arrmean = um.true_divide(arrmean, div, out=arrmean,"}
	npLocVarSum2  = npLoc{npMethodsPy, 250, "ret = umr_sum(x, axis, dtype, out, keepdims=keepdims, where=where)"}
	npLocVarDiv   = npLoc{npMethodsPy, 258, "ret = um.true_divide("}
	npLocVarScal  = npLoc{npMethodsPy, 261, "ret = ret.dtype.type(ret / rcount)"}
	// Where the warnings of stacklevel 2 (empty mean, degrees of freedom)
	// point when the caller is NumPy's own code.
	npLocStdVar = npLoc{npMethodsPy, 269, "ret = _var(a, axis=axis, dtype=dtype, out=out, ddof=ddof,"}
	npLocFnMean = npLoc{npFromnumericPy, 3464, "return _methods._mean(a, axis=axis, dtype=dtype,"}
	npLocFnVar  = npLoc{npFromnumericPy, 3747, "return _methods._var(a, axis=axis, dtype=dtype, out=out, ddof=ddof,"}
)

// npFlags are the floating-point exceptions of one NumPy loop, warned in
// NumPy's order: divide by zero, overflow, invalid.
type npFPFlags struct{ divZero, overflow, invalid bool }

func (f npFPFlags) warn(s *eval.Session, loc npLoc, what string) {
	if s == nil {
		return
	}
	for _, w := range []struct {
		on  bool
		msg string
	}{{f.divZero, errNPDivZero}, {f.overflow, errNPOverflow}, {f.invalid, errNPInvalid}} {
		if w.on {
			s.WarnAt(loc.file, loc.line, "RuntimeWarning", fmt.Sprintf(w.msg, what), loc.src)
		}
	}
}

// npReduceFlags are a float reduction's exceptions: a non-finite result
// from finite inputs (inf: overflow; nan: invalid), a nan from infinities.
func npReduceFlags(in []float64, out float64) npFPFlags {
	if !math.IsInf(out, 0) && !math.IsNaN(out) {
		return npFPFlags{}
	}
	nan, inf := false, false
	for _, v := range in {
		nan = nan || math.IsNaN(v)
		inf = inf || math.IsInf(v, 0)
	}
	switch {
	case nan:
		return npFPFlags{}
	case math.IsInf(out, 0):
		return npFPFlags{overflow: !inf}
	}
	return npFPFlags{invalid: true}
}

// npDivFlags are the exceptions of dividing each of vals by n.
func npDivFlags(vals []tensor.Scalar, n float64) npFPFlags {
	var f npFPFlags
	if n != 0 {
		return f
	}
	for _, v := range vals {
		x := v.Float()
		switch {
		case x == 0:
			f.invalid = true
		case !math.IsNaN(x) && !math.IsInf(x, 0):
			f.divZero = true
		}
	}
	return f
}

// npFuncReduce marks the sessions running np.sum, np.prod, np.mean,
// np.var or np.std (the function's name): NumPy reports their warnings
// from fromnumeric.py where the methods' come from _methods.py or <stdin>.
var npFuncReduce sync.Map

func npFuncName(s *eval.Session) string {
	if v, ok := npFuncReduce.Load(s); ok {
		return v.(string)
	}
	return ""
}

// npWarnCaller is a warning of stacklevel 2 in _mean and _var: at the
// prompt for a method called there, else in the NumPy code that called.
func npWarnCaller(s *eval.Session, msg string, std bool) {
	fn := npFuncName(s)
	switch {
	case std:
		s.WarnAt(npLocStdVar.file, npLocStdVar.line, "RuntimeWarning", msg, npLocStdVar.src)
	case fn == "mean":
		s.WarnAt(npLocFnMean.file, npLocFnMean.line, "RuntimeWarning", msg, npLocFnMean.src)
	case fn == "var":
		s.WarnAt(npLocFnVar.file, npLocFnVar.line, "RuntimeWarning", msg, npLocFnVar.src)
	default:
		s.Warn("RuntimeWarning", msg)
	}
}

func npSumLoc(s *eval.Session, prod bool) npLoc {
	if fn := npFuncName(s); fn == "sum" || fn == "prod" {
		return npLocReduce
	}
	if prod {
		return npLocProd
	}
	return npLocSum
}
