package gpu

import (
	"encoding/binary"

	"github.com/tensh/tensh/runtime/tensor"
)

// max/min/argmax/argmin over a dimension: one work item scans one line
// for its first extremum (its first NaN, as the CPU's argLines), and the
// values are gathered by the indices (Gather).

// argextSource is the program of argmax and argmin for dtype d.
func argextSource(d tensor.DType) string {
	helpers := ""
	var specs []kernelSpec
	for _, k := range []struct{ name, cmp string }{{"argmax", ">"}, {"argmin", "<"}} {
		helpers += `long tensh_` + k.name + `(__global const T* p, long base, long n, long stride) {
	long best = 0;
	T bv = p[base];
	if (bv == bv) {
		for (long i = 1; i < n; i++) {
			T x = p[base + i * stride];
			if (x != x) return i;
			if (x ` + k.cmp + ` bv) { best = i; bv = x; }
		}
	}
	return best;
}
`
		specs = append(specs, kernelSpec{name: k.name, out: "long", raw: []string{"T"}, params: ", IDX n, IDX stride", expr: "tensh_" + k.name + "(x_p, off[1], n, stride)"})
	}
	return programSource(d == tensor.Float64, typedefs(d)+helpers, specs)
}

// ArgExtremum writes the index of each line's first extremum into idx.
func (accel) ArgExtremum(idx, x *tensor.Tensor, n, stride int, isMax bool) bool {
	dev := deviceOf(idx.Device())
	d := x.DType()
	if dev == nil || clType(d) == "" || (d == tensor.Float64 && !dev.FP64) || idx.DType() != tensor.Int64 {
		return false
	}
	if idx.Numel() == 0 {
		return true
	}
	g, ok := newGeometry(idx, x)
	if !ok {
		return false
	}
	g.spans[1] += (n - 1) * stride
	wide := !g.fits32()
	var extra []byte
	for _, v := range []int{n, stride} {
		if wide {
			extra = binary.LittleEndian.AppendUint64(extra, uint64(v))
		} else {
			extra = binary.LittleEndian.AppendUint32(extra, uint32(v))
		}
	}
	sz := len(extra) / 2
	name := "argmin"
	if isMax {
		name = "argmax"
	}
	if wide {
		name += "_long"
	} else {
		name += "_int"
	}
	runWide(dev, build(dev, d, wide, argextSource), name, g, wide, []*tensor.Tensor{idx, x}, extra[:sz], extra[sz:])
	return true
}
