package gpu

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// The three-operand operations (lerp, addcmul, addcdiv, clamp with
// tensor bounds), written as the CPU's element functions
// (runtime/tensor/kernel_math.go) evaluate them, in the same order.

var ternaryDescs = map[string]desc{
	"lerp_scalar": {name: "lerp_scalar", floats: "(fabs(v) < (T)0.5) ? x + v * (y - x) : y - (y - x) * ((T)1 - v)"},
	"lerp_tensor": {name: "lerp_tensor", floats: "(fabs(z) < (T)0.5) ? x + z * (y - x) : y - (y - x) * ((T)1 - z)"},
	"addcmul":     {name: "addcmul", ints: "(T)((U)x + (U)v * (U)y * (U)z)", floats: "x + v * y * z"},
	"addcdiv":     {name: "addcdiv", floats: "x + v * y / z"},
	// std::min(std::max(x, lo), hi); a NaN bound gives NaN for floats.
	"clamp_tensor": {name: "clamp_tensor", ints: "(z < ((x < y) ? y : x)) ? z : ((x < y) ? y : x)",
		floats: "(y != y || z != z) ? (T)NAN : ((z < ((x < y) ? y : x)) ? z : ((x < y) ? y : x))"},
}

var ternaryOrder = []string{"lerp_scalar", "lerp_tensor", "addcmul", "addcdiv", "clamp_tensor"}

// ternarySource is the program of the ternary operations for d.
func ternarySource(d tensor.DType) string {
	var specs []kernelSpec
	for _, name := range ternaryOrder {
		if k, ok := spec(ternaryDescs[name], d, 3, ", T v"); ok {
			specs = append(specs, k)
		}
	}
	return programSource(d == tensor.Float64, typedefs(d), specs)
}

// Ternary runs a three-operand operation on dst's device.
func (accel) Ternary(op string, dst, a, b, c *tensor.Tensor, v tensor.Scalar) bool {
	ds, ok := ternaryDescs[op]
	d := dst.DType()
	if !ok || ds.expr(d) == "" || d == tensor.Bool || (!d.IsFloat() && v.Kind >= tensor.FloatScalar) {
		return false
	}
	return launch(dst, d, ternarySource, ds.name, []*tensor.Tensor{dst, a, b, c}, scalarBytes(v, d))
}
