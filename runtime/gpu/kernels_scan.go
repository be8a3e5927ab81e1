package gpu

import (
	"encoding/binary"

	"github.com/tensh/tensh/runtime/tensor"
)

// cumsum and cumprod: one work item runs along one line with the CPU's
// accumulator (double for floats, long for integers, wrapping), storing
// each running value converted to the dtype, so the results are the
// CPU's bit for bit.

// scanSource is the program of cumsum and cumprod for dtype d.
func scanSource(d tensor.DType) string {
	acc, in := "long", "(long)x"
	add, mul := "(long)((ulong)acc + (ulong)v)", "(long)((ulong)acc * (ulong)v)"
	if d.IsFloat() {
		acc, in, add, mul = "double", "(double)x", "acc + v", "acc * v"
	}
	var specs []kernelSpec
	for _, k := range []struct{ name, init, step string }{{"cumsum", "0", add}, {"cumprod", "1", mul}} {
		body := acc + " acc = " + k.init + ";\n\tfor (IDX i = 0; i < n; i++) {\n\t\tT x = x_p[off[1] + i * xs];\n\t\t" + acc + " v = " + in + ";\n\t\tacc = " + k.step + ";\n\t\to[off[0] + i * os] = (T)acc;\n\t}"
		specs = append(specs, kernelSpec{name: k.name, out: "T", raw: []string{"T"}, params: ", IDX n, IDX os, IDX xs", body: body})
	}
	return programSource(true, typedefs(d), specs)
}

// Scan runs cumsum (or cumprod) of x's lines into out.
func (accel) Scan(prod bool, out, x *tensor.Tensor, n, ostride, xstride int) bool {
	dev := deviceOf(out.Device())
	d := x.DType()
	if dev == nil || clType(d) == "" || d == tensor.Bool || !dev.FP64 || out.DType() != d {
		return false
	}
	if out.Numel() == 0 || n == 0 {
		return true
	}
	g, ok := newGeometry(out, x)
	if !ok {
		return false
	}
	g.spans[0] += (n - 1) * ostride
	g.spans[1] += (n - 1) * xstride
	wide := !g.fits32()
	var extra [3][]byte
	for i, v := range []int{n, ostride, xstride} {
		if wide {
			extra[i] = binary.LittleEndian.AppendUint64(nil, uint64(v))
		} else {
			extra[i] = binary.LittleEndian.AppendUint32(nil, uint32(v))
		}
	}
	name := "cumsum"
	if prod {
		name = "cumprod"
	}
	if wide {
		name += "_long"
	} else {
		name += "_int"
	}
	runWide(dev, build(dev, d, wide, scanSource), name, g, wide, []*tensor.Tensor{out, x}, extra[:]...)
	return true
}
