package gpu

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The unary operations with scalar parameters (clamp and the powers of a
// tensor to a number), one program per dtype; the parameters are passed
// by value as elements of the dtype, as the CPU's kernels convert them.

var paramDescs = map[string]desc{
	// clamp is std::min(std::max(x, lo), hi), NaN propagating from x.
	"clamp":          {name: "clamp", ints: "(hi < ((x < lo) ? lo : x)) ? hi : ((x < lo) ? lo : x)", floats: "(hi < ((x < lo) ? lo : x)) ? hi : ((x < lo) ? lo : x)"},
	"clamp_min":      {name: "clamp_min", ints: "(x < lo) ? lo : x", floats: "(x < lo) ? lo : x"},
	"clamp_max":      {name: "clamp_max", ints: "(hi < x) ? hi : x", floats: "(hi < x) ? hi : x"},
	"square":         {name: "square", ints: "(T)((U)x * (U)x)", floats: "x * x"},
	"cube":           {name: "cube", floats: "x * x * x"},
	"inv_square":     {name: "inv_square", floats: "(T)1 / (x * x)"},
	"pow_scalar":     {name: "pow_scalar", floats: "pow(x, e)"},
	"pow_int_scalar": {name: "pow_int_scalar", ints: "tensh_powi(x, e)"},
	// round(decimals=k): p is 10^|k|; rint rounds half to even.
	"round_decimals":     {name: "round_decimals", floats: "rint(x * p) / p"},
	"round_decimals_neg": {name: "round_decimals_neg", floats: "rint(x / p) * p"},
	"nan_to_num":         {name: "nan_to_num", floats: "(x != x) ? nan_v : (isinf(x) ? ((x > 0) ? pinf : ninf) : x)"},
	"nonzero":            {name: "nonzero", ints: "x != 0", floats: "x != 0", boolOut: true},
	"false":              {name: "false", ints: "0", floats: "0", boolOut: true},
	"true":               {name: "true", ints: "1", floats: "1", boolOut: true},
}

// paramNames are the parameters of each operation, in order.
var paramNames = map[string]string{"clamp": ", T lo, T hi", "clamp_min": ", T lo", "clamp_max": ", T hi", "pow_scalar": ", T e", "pow_int_scalar": ", T e",
	"round_decimals": ", T p", "round_decimals_neg": ", T p", "nan_to_num": ", T nan_v, T pinf, T ninf"}

// paramOrder fixes the program's kernels' order (its cache key).
var paramOrder = []string{"clamp", "clamp_min", "clamp_max", "square", "cube", "inv_square", "pow_scalar", "pow_int_scalar", "round_decimals", "round_decimals_neg", "nan_to_num", "nonzero", "false", "true"}

// paramSource is the program of the operations with parameters for d.
func paramSource(d tensor.DType) string {
	var specs []kernelSpec
	for _, name := range paramOrder {
		if k, ok := spec(paramDescs[name], d, 1, paramNames[name]); ok {
			specs = append(specs, k)
		}
	}
	return programSource(d == tensor.Float64, typedefs(d)+binaryHelpers(d), specs)
}

// UnaryParam runs a unary operation with parameters on dst's device.
func (accel) UnaryParam(op string, dst, a *tensor.Tensor, params ...tensor.Scalar) bool {
	ds, ok := paramDescs[op]
	d := a.DType()
	if !ok || ds.expr(d) == "" || d == tensor.Bool {
		return false
	}
	var extra [][]byte
	for _, p := range params {
		extra = append(extra, scalarBytes(p, d))
	}
	return launch(dst, d, paramSource, ds.name, []*tensor.Tensor{dst, a}, extra...)
}
