package gpu

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// The kernel generator: one description per operation (an OpenCL C
// expression over x, y and alpha), expanded into one program per dtype
// holding every operation's kernel in two index widths (int when every
// offset fits, long otherwise). Each kernel walks the CPU's strided-
// broadcast geometry: the sizes and each operand's strides (0 on a
// broadcast dimension) arrive by value in a struct, after coalescing.

// MaxDims is the most dimensions a kernel takes after coalescing.
const MaxDims = 8

// clType is the OpenCL C type of a dtype's elements ("" when the GPU has
// no kernels for it: Half and BFloat16 run on the CPU).
func clType(d tensor.DType) string {
	switch d {
	case tensor.Bool, tensor.Uint8:
		return "uchar"
	case tensor.Int8:
		return "char"
	case tensor.Int16:
		return "short"
	case tensor.Int32:
		return "int"
	case tensor.Int64:
		return "long"
	case tensor.Float32:
		return "float"
	case tensor.Float64:
		return "double"
	}
	return ""
}

// binaryDesc is one binary operation: its kernel name and its expression
// for integer, floating and bool operands ("" where it has no kernel).
type binaryDesc struct {
	name              string
	ints, floats, bin string
	cmp               bool // the result is bool
}

// W(e) wraps integer arithmetic through the unsigned type (two's
// complement wrap-around as on the CPU, never C's undefined overflow).
var binaryDescs = map[tensor.BinaryOp]binaryDesc{
	tensor.OpAdd:        {name: "add", ints: "(T)((U)x + (U)y)", floats: "x + y", bin: "(T)((x | y) != 0)"},
	tensor.OpSub:        {name: "sub", ints: "(T)((U)x - (U)y)", floats: "x - y"},
	tensor.OpMul:        {name: "mul", ints: "(T)((U)x * (U)y)", floats: "x * y", bin: "(T)((x & y) != 0)"},
	tensor.OpDiv:        {name: "div", floats: "x / y"},
	tensor.OpMaximum:    {name: "maximum", ints: "(x < y) ? y : x", floats: "(x != x || y != y) ? (T)NAN : ((x < y) ? y : x)", bin: "(x < y) ? y : x"},
	tensor.OpMinimum:    {name: "minimum", ints: "(y < x) ? y : x", floats: "(x != x || y != y) ? (T)NAN : ((y < x) ? y : x)", bin: "(y < x) ? y : x"},
	tensor.OpBitAnd:     {name: "bitand", ints: "x & y", bin: "x & y"},
	tensor.OpBitOr:      {name: "bitor", ints: "x | y", bin: "x | y"},
	tensor.OpBitXor:     {name: "bitxor", ints: "x ^ y", bin: "x ^ y"},
	tensor.OpEq:         {name: "eq", ints: "x == y", floats: "x == y", bin: "x == y", cmp: true},
	tensor.OpNe:         {name: "ne", ints: "x != y", floats: "x != y", bin: "x != y", cmp: true},
	tensor.OpLt:         {name: "lt", ints: "x < y", floats: "x < y", bin: "x < y", cmp: true},
	tensor.OpLe:         {name: "le", ints: "x <= y", floats: "x <= y", bin: "x <= y", cmp: true},
	tensor.OpGt:         {name: "gt", ints: "x > y", floats: "x > y", bin: "x > y", cmp: true},
	tensor.OpGe:         {name: "ge", ints: "x >= y", floats: "x >= y", bin: "x >= y", cmp: true},
	tensor.OpLogicalAnd: {name: "logand", ints: "(x != 0) && (y != 0)", floats: "(x != 0) && (y != 0)", bin: "(x != 0) && (y != 0)", cmp: true},
	tensor.OpLogicalOr:  {name: "logor", ints: "(x != 0) || (y != 0)", floats: "(x != 0) || (y != 0)", bin: "(x != 0) || (y != 0)", cmp: true},
	tensor.OpLogicalXor: {name: "logxor", ints: "(x != 0) != (y != 0)", floats: "(x != 0) != (y != 0)", bin: "(x != 0) != (y != 0)", cmp: true},
}

// addAlpha is add and sub with alpha (sub's alpha arrives negated).
var addAlpha = binaryDesc{name: "add_alpha", ints: "(T)((U)x + (U)alpha * (U)y)", floats: "x + (T)(alpha * y)"}

// expr is the description's expression for dtype d ("" for none).
func (b binaryDesc) expr(d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		return b.bin
	case d.IsFloat():
		return b.floats
	}
	return b.ints
}

// unsignedOf is the unsigned OpenCL type of an integer type.
func unsignedOf(t string) string {
	if strings.HasPrefix(t, "u") || t == "float" || t == "double" {
		return t
	}
	return "u" + t
}

// geomStruct declares the geometry struct of an index type.
func geomStruct(idx string) string {
	return fmt.Sprintf("typedef struct { %[1]s n; %[1]s nd; %[1]s size[%[2]d]; %[1]s st[3][%[2]d]; } geom_%[1]s;\n", idx, MaxDims)
}

// binaryKernel is one kernel of a binary description.
func binaryKernel(name, expr, t, out, idx string) string {
	return fmt.Sprintf(`__kernel void %[1]s_%[5]s(__global %[4]s* o, __global const T* a, __global const T* b, geom_%[5]s g, T alpha) {
	%[5]s i = get_global_id(0);
	if (i >= g.n) return;
	%[5]s r = i, oo = 0, ao = 0, bo = 0;
	for (int d = (int)g.nd - 1; d >= 0; d--) {
		%[5]s k = r %% g.size[d];
		r /= g.size[d];
		oo += k * g.st[0][d]; ao += k * g.st[1][d]; bo += k * g.st[2][d];
	}
	T x = a[ao], y = b[bo];
	o[oo] = (%[4]s)(%[2]s);
}
`, name, expr, t, out, idx)
}

// binarySource is the program of every binary operation for dtype d.
func binarySource(d tensor.DType) string {
	t := clType(d)
	var b strings.Builder
	b.WriteString("#pragma OPENCL FP_CONTRACT OFF\n")
	if d == tensor.Float64 {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	}
	fmt.Fprintf(&b, "typedef %s T;\ntypedef %s U;\n", t, unsignedOf(t))
	for _, idx := range []string{"int", "long"} {
		b.WriteString(geomStruct(idx))
	}
	descs := []binaryDesc{addAlpha}
	for op := tensor.BinaryOp(0); op < 64; op++ {
		if desc, ok := binaryDescs[op]; ok {
			descs = append(descs, desc)
		}
	}
	for _, desc := range descs {
		e := desc.expr(d)
		if e == "" {
			continue
		}
		out := "T"
		if desc.cmp {
			out = "uchar"
		}
		for _, idx := range []string{"int", "long"} {
			b.WriteString(binaryKernel(desc.name, e, t, out, idx))
		}
	}
	return b.String()
}
