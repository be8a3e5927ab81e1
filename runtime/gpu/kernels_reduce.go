package gpu

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Reductions over a set of dimensions (or all): two passes. The first
// gives each (output element, chunk) pair a work item that folds its
// chunk of the reduced elements, in order, into a partial; the second
// folds each output's partials. Described like the pointwise operations:
// an initial value and a combining expression of the accumulator a and
// the element x.

// reduceDesc is one reduction: its initial value (TMIN and TMAX are the
// dtype's extremes) and combining expression, for integer, floating and
// bool elements ("" where it has no kernel).
type reduceDesc struct {
	name                      string
	initInt, initFloat, initB string
	ints, floats, bools       string // a = f(a, x)
}

// reduceDescs are the reductions runtime/tensor asks for by name.
var reduceDescs = map[string]reduceDesc{
	"sum":  {name: "sum", initInt: "0", initFloat: "0", ints: "(T)((U)a + (U)x)", floats: "a + x"},
	"prod": {name: "prod", initInt: "1", initFloat: "1", ints: "(T)((U)a * (U)x)", floats: "a * x"},
	"amax": {name: "amax", initInt: "TMIN", initFloat: "-INFINITY", initB: "0",
		ints: "(x > a) ? x : a", floats: "(a != a || x != x) ? (T)NAN : ((x > a) ? x : a)", bools: "a || x"},
	"amin": {name: "amin", initInt: "TMAX", initFloat: "INFINITY", initB: "1",
		ints: "(x < a) ? x : a", floats: "(a != a || x != x) ? (T)NAN : ((x < a) ? x : a)", bools: "a && x"},
}

// init is the description's initial value for dtype d.
func (r reduceDesc) init(d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		return r.initB
	case d.IsFloat():
		return r.initFloat
	}
	return r.initInt
}

// typeLimits defines TMIN and TMAX for an integer dtype.
func typeLimits(d tensor.DType) string {
	lim := map[tensor.DType][2]string{
		tensor.Uint8: {"0", "UCHAR_MAX"}, tensor.Int8: {"CHAR_MIN", "CHAR_MAX"}, tensor.Int16: {"SHRT_MIN", "SHRT_MAX"},
		tensor.Int32: {"INT_MIN", "INT_MAX"}, tensor.Int64: {"LONG_MIN", "LONG_MAX"},
	}[d]
	if lim[0] == "" {
		return ""
	}
	return "#define TMIN " + lim[0] + "\n#define TMAX " + lim[1] + "\n"
}

func (r reduceDesc) expr(d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		return r.bools
	case d.IsFloat():
		return r.floats
	}
	return r.ints
}

// reduceSource is the two kernels of a reduction for dtype d.
func reduceSource(r reduceDesc, d tensor.DType) string {
	var b strings.Builder
	b.WriteString(header(d == tensor.Float64))
	b.WriteString(typedefs(d))
	b.WriteString(typeLimits(d))
	e := r.expr(d)
	for _, idx := range []string{"int", "long"} {
		var k strings.Builder
		fmt.Fprintf(&k, "typedef struct { %[1]s nout; %[1]s nred; %[1]s chunks; %[1]s od; %[1]s rd; %[1]s osize[%[2]d]; %[1]s ost[%[2]d]; %[1]s rsize[%[2]d]; %[1]s rst[%[2]d]; %[1]s xoff; %[1]s ooff; } rgeom_%[1]s;\n", idx, MaxDims)
		fmt.Fprintf(&k, `__kernel void %[1]s_partial_%[2]s(__global T* part, __global const T* x_p, rgeom_%[2]s g) {
	%[2]s i = get_global_id(0);
	if (i >= g.nout * g.chunks) return;
	%[2]s o = i / g.chunks, c = i %% g.chunks, base = g.xoff, r = o;
	for (int d = (int)g.od - 1; d >= 0; d--) { base += (r %% g.osize[d]) * g.ost[d]; r /= g.osize[d]; }
	%[2]s per = (g.nred + g.chunks - 1) / g.chunks;
	%[2]s lo = c * per, hi = min(lo + per, g.nred);
	T a = (T)(%[3]s);
	for (%[2]s k = lo; k < hi; k++) {
		%[2]s off = base, q = k;
		for (int d = (int)g.rd - 1; d >= 0; d--) { off += (q %% g.rsize[d]) * g.rst[d]; q /= g.rsize[d]; }
		T x = x_p[off];
		a = (T)(%[4]s);
	}
	part[i] = a;
}
__kernel void %[1]s_final_%[2]s(__global T* o_p, __global const T* part, rgeom_%[2]s g) {
	%[2]s o = get_global_id(0);
	if (o >= g.nout) return;
	T a = (T)(%[3]s);
	for (%[2]s c = 0; c < g.chunks; c++) { T x = part[o * g.chunks + c]; a = (T)(%[4]s); }
	o_p[g.ooff + o] = a;
}
`, r.name, idx, r.init(d), e)
		b.WriteString(guard(idx, k.String()))
	}
	return b.String()
}

// redGeometry is a reduction's launch: the kept and the reduced
// dimensions of the input, each with the input's strides, coalesced.
type redGeometry struct {
	osize, ost, rsize, rst []int
	nout, nred, chunks     int
	offset, span, ooff     int
}

// coalesce merges neighbouring dimensions that are one run in memory.
func coalesce(size, st []int) ([]int, []int) {
	var s2, t2 []int
	for i, s := range size {
		if s == 1 {
			continue
		}
		if n := len(s2); n > 0 && t2[n-1] == st[i]*s {
			s2[n-1] *= s
			t2[n-1] = st[i]
			continue
		}
		s2, t2 = append(s2, s), append(t2, st[i])
	}
	return s2, t2
}

func newRedGeometry(in *tensor.Tensor, mask []bool) (*redGeometry, bool) {
	var os, ost, rs, rst []int
	g := &redGeometry{nout: 1, nred: 1, offset: in.Offset(), span: 1}
	for i, s := range in.Shape() {
		st := in.Strides()[i]
		g.span += (s - 1) * st
		if mask[i] {
			rs, rst = append(rs, s), append(rst, st)
			g.nred *= s
		} else {
			os, ost = append(os, s), append(ost, st)
			g.nout *= s
		}
	}
	g.osize, g.ost = coalesce(os, ost)
	g.rsize, g.rst = coalesce(rs, rst)
	if len(g.osize) > MaxDims || len(g.rsize) > MaxDims {
		return nil, false
	}
	// Enough work items to fill a device: about 16K, at least 64
	// elements a chunk.
	g.chunks = max(1, min((16384+g.nout-1)/g.nout, g.nred/64))
	return g, true
}

func (g *redGeometry) fits32() bool {
	return !forceWide && g.offset+g.span < 1<<31 && g.ooff+g.nout < 1<<31 && g.nout*g.chunks < 1<<31 && g.nred < 1<<31
}

func (g *redGeometry) encode(wide bool) []byte {
	var b []byte
	put := func(v int) {
		if wide {
			b = binary.LittleEndian.AppendUint64(b, uint64(v))
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		}
	}
	for _, v := range []int{g.nout, g.nred, g.chunks, len(g.osize), len(g.rsize)} {
		put(v)
	}
	for _, s := range [][]int{g.osize, g.ost, g.rsize, g.rst} {
		for i := 0; i < MaxDims; i++ {
			put(at(s, i))
		}
	}
	put(g.offset)
	put(g.ooff)
	return b
}

// Reduce writes in's reduction (sum, prod, amax, amin) over the
// dimensions in mask into out (contiguous, the kept dimensions in order;
// in and out of one dtype).
func (accel) Reduce(op string, out, in *tensor.Tensor, mask []bool) bool {
	r, ok := reduceDescs[op]
	return ok && reduce(r, out, in, mask)
}

func reduce(r reduceDesc, out, in *tensor.Tensor, mask []bool) bool {
	d := in.DType()
	dev := deviceOf(out.Device())
	if dev == nil || clType(d) == "" || r.expr(d) == "" || (d == tensor.Float64 && !dev.FP64) || out.DType() != d || !out.IsContiguous() {
		return false
	}
	if out.Numel() == 0 {
		return true
	}
	g, ok := newRedGeometry(in, mask)
	if !ok {
		return false
	}
	g.ooff = out.Offset()
	suffix := "_long"
	if g.fits32() {
		suffix = "_int"
	}
	prog := buildVariant(dev, d, suffix == "_long", "reduce:"+r.name, func(d tensor.DType) string { return reduceSource(r, d) })
	isz := d.ItemSize()
	bufs := []*bound{nil, bind(dev, in, false, false)}
	bufs[0] = bind(dev, out, true, covers(out))
	defer func() {
		for _, b := range bufs {
			if b != nil && b.temp {
				b.buf.Free()
			}
		}
	}()
	part := mustAlloc(dev, g.nout*g.chunks*isz)
	defer part.Free()
	geom := g.encode(suffix == "_long")
	check2(dev.Run(prog, r.name+"_partial"+suffix, g.nout*g.chunks, part, bufs[1].buf, geom))
	check2(dev.Run(prog, r.name+"_final"+suffix, g.nout, bufs[0].buf, part, geom))
	finish(bufs)
	return true
}

// mustAlloc allocates device memory or raises.
func mustAlloc(dev *Device, n int) *Buffer {
	b, err := dev.Alloc(n)
	if err != nil {
		raiseDevice(err)
	}
	return b
}

// check2 raises a device error.
func check2(err error) {
	if err != nil {
		raiseDevice(err)
	}
}
