package gpu

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// The kernel generator: every operation is a description (an OpenCL C
// expression over its operands x, y, z and its parameters), expanded into
// kernels of one shape: work item i walks the CPU's strided-broadcast
// geometry (sizes and each operand's strides, 0 on a broadcast dimension,
// passed by value in a struct after coalescing) to its operands' offsets.
// Each program holds one dtype's operations of one family, every kernel in
// two index widths (int when every offset fits, long otherwise).

// MaxDims is the most dimensions a kernel takes after coalescing.
const MaxDims = 8

// maxOperands is the most operands of a pointwise kernel (result
// included): where(cond, x, y).
const maxOperands = 4

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

// unsignedOf is the unsigned OpenCL type of an integer type (integer
// arithmetic goes through it: two's complement wrap-around as on the CPU,
// never C's undefined signed overflow).
func unsignedOf(t string) string {
	if strings.HasPrefix(t, "u") || t == "float" || t == "double" {
		return t
	}
	return "u" + t
}

// header starts a program: no contraction into fused multiply-adds, fp64
// when a dtype needs it, the geometry structs.
func header(fp64 bool) string {
	var b strings.Builder
	b.WriteString("#pragma OPENCL FP_CONTRACT OFF\n")
	if fp64 {
		b.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	}
	for _, idx := range []string{"int", "long"} {
		fmt.Fprintf(&b, "typedef struct { %[1]s n; %[1]s nd; %[1]s size[%[2]d]; %[1]s st[%[3]d][%[2]d]; %[1]s base[%[3]d]; } geom_%[1]s;\n", idx, MaxDims, maxOperands)
	}
	return b.String()
}

// kernelSpec is one pointwise kernel: the result's type, the operands'
// types (named x, y, z in expr), extra by-value parameters, the
// expression.
type kernelSpec struct {
	name   string
	out    string
	ins    []string
	raw    []string // operands after ins whose elements expr reads itself (y_p[...]), at off[j]
	params string   // e.g. ", T alpha"; IDX stands for the index type
	expr   string
	body   string // when set, the statement run at the offsets instead of o[off[0]] = expr
}

var operandNames = []string{"x", "y", "z"}

// source is the kernel in one index width.
func (k kernelSpec) source(idx string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "__kernel void %s_%s(__global %s* o", k.name, idx, k.out)
	for i, t := range append(append([]string{}, k.ins...), k.raw...) {
		fmt.Fprintf(&b, ", __global const %s* %s_p", t, operandNames[i])
	}
	fmt.Fprintf(&b, ", geom_%s g%s) {\n", idx, strings.ReplaceAll(k.params, "IDX", idx))
	fmt.Fprintf(&b, "\t%[1]s i = get_global_id(0);\n\tif (i >= g.n) return;\n\t%[1]s r = i, off[%[2]d];\n\tfor (int j = 0; j < %[2]d; j++) off[j] = g.base[j];\n", idx, maxOperands)
	fmt.Fprintf(&b, "\tfor (int d = (int)g.nd - 1; d >= 0; d--) {\n\t\t%s k = r %% g.size[d];\n\t\tr /= g.size[d];\n", idx)
	fmt.Fprintf(&b, "\t\tfor (int j = 0; j < %d; j++) off[j] += k * g.st[j][d];\n\t}\n", len(k.ins)+len(k.raw)+1)
	for i, t := range k.ins {
		fmt.Fprintf(&b, "\t%s %s = %s_p[off[%d]];\n", t, operandNames[i], operandNames[i], i+1)
	}
	if k.body != "" {
		fmt.Fprintf(&b, "\t%s\n}\n", strings.ReplaceAll(k.body, "IDX", idx))
		return b.String()
	}
	fmt.Fprintf(&b, "\to[off[0]] = (%s)(%s);\n}\n", k.out, strings.ReplaceAll(k.expr, "IDX", idx))
	return b.String()
}

// program is the source of kernels, each in both index widths.
func programSource(fp64 bool, typedefs string, specs []kernelSpec) string {
	var b strings.Builder
	b.WriteString(header(fp64))
	b.WriteString(typedefs)
	for _, k := range specs {
		for _, idx := range []string{"int", "long"} {
			b.WriteString(guard(idx, k.source(idx)))
		}
	}
	return b.String()
}

// guard keeps a kernel of one index width only in the build of that
// width (build defines TENSH_WIDE for the 64-bit one): each build
// compiles half the kernels.
func guard(idx, src string) string {
	if idx == "long" {
		return "#ifdef TENSH_WIDE\n" + src + "#endif\n"
	}
	return "#ifndef TENSH_WIDE\n" + src + "#endif\n"
}

// typedefs names a dtype's type T and its unsigned twin U.
func typedefs(d tensor.DType) string {
	t := clType(d)
	return fmt.Sprintf("typedef %s T;\ntypedef %s U;\n#define SIGNED ((T)-1 < (T)0)\n", t, unsignedOf(t))
}
