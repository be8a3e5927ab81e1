package tensor

import (
	"fmt"
	"math"

	"github.com/tensh/tensh/runtime/broadcast"
)

// The distributions of PyTorch's CPU kernels (aten/src/ATen/native/cpu/
// DistributionTemplates.h with the transformations of ATen/core), drawing
// from a Generator in the order PyTorch draws, so that a seed replays
// PyTorch's numbers bit for bit.
//
// Element order: a kernel writes a tensor's elements in the order
// TensorIterator walks a lone output (memory order, see nullaryLayout); the
// normal kernel's vectorised path (normal_fill, contiguous tensors of 16
// elements or more) works on the buffer directly.

// floatLimits returns std::numeric_limits<T>::lowest() and max() of a
// floating dtype, and its mantissa digits.
func floatLimits(d DType) (lo, hi float64, digits int) {
	hi = FloatMax(d)
	switch d {
	case Float16:
		digits = 11
	case BFloat16:
		digits = 8
	case Float32:
		digits = 24
	default:
		digits = 53
	}
	return -hi, hi, digits
}

// nullaryLayout returns t's sizes and strides permuted into the order in
// which TensorIterator visits the elements of a lone output, innermost
// (fastest) dimension last: TensorIterator::reorder_dimensions' insertion
// sort by increasing stride, ties broken by size.
func nullaryLayout(t *Tensor) (shape, strides []int) {
	n := len(t.shape)
	perm := broadcast.Reorder(t.shape, [][]int{t.strides}, nil) // perm[0] is the fastest dimension
	shape = make([]int, n)
	strides = make([]int, n)
	for k := 0; k < n; k++ {
		shape[k] = t.shape[perm[n-1-k]]
		strides[k] = t.strides[perm[n-1-k]]
	}
	return shape, strides
}

// fillNullary stores next() into every element of t, in TensorIterator
// order.
func fillNullary[T Elem](t *Tensor, data []T, next func() T) {
	n := t.Numel()
	if n == 0 {
		return
	}
	if t.IsContiguous() {
		s := data[t.offset : t.offset+n]
		for lo := 0; lo < n; lo += pollEvery {
			for i := range s[lo:min(lo+pollEvery, n)] {
				s[lo+i] = next()
			}
			CheckInterrupt()
		}
		return
	}
	shape, strides := nullaryLayout(t)
	ForEachOffset(shape, strides, t.offset, func(off int) { data[off] = next() })
}

// ---------------------------------------------------------------- uniform

// uniformFloat32 is uniform_real_distribution<float>: 24 random bits
// scaled into [0, 1), then x*(to-from)+from in float, the multiply-add
// fused as PyTorch's compiler fuses it.
func uniformFloat32(g *Generator, from, span float32) float32 {
	x := float32(g.Random()&(1<<24-1)) * (1.0 / (1 << 24))
	return fmaf(x, span, from)
}

// uniformFloat64 is uniform_real_distribution<double>: 53 bits of a 64-bit
// draw, scaled and shifted with one fused multiply-add.
func uniformFloat64(g *Generator, from, span float64) float64 {
	x := float64(g.Random64()&(1<<53-1)) * (1.0 / (1 << 53))
	return math.FMA(x, span, from)
}

// uniformFillFloat32 is s[i] = uniformFloat32(g, from, span) for every i,
// in order, drawing the random words in batches.
func uniformFillFloat32(s []float32, g *Generator, from, span float32) {
	var buf [512]uint32
	done := 0
	for len(s) > 0 {
		pollAt(done) // batches divide pollEvery
		m := min(len(s), len(buf))
		g.randomBatch(buf[:m])
		out := s[:m]
		if from == 0 && span == 1 { // fmaf(x, 1, 0) is x
			for i, r := range buf[:m] {
				out[i] = float32(r&(1<<24-1)) * (1.0 / (1 << 24))
			}
		} else {
			for i, r := range buf[:m] {
				out[i] = fmaf(float32(r&(1<<24-1))*(1.0/(1<<24)), span, from)
			}
		}
		done += m
		s = s[m:]
	}
}

// uniformFillFloat64 is s[i] = uniformFloat64(g, from, span) for every i,
// in order, drawing the random words in batches.
func uniformFillFloat64(s []float64, g *Generator, from, span float64) {
	var buf [512]uint32
	done := 0
	for len(s) > 0 {
		pollAt(done) // batches divide pollEvery
		m := min(len(s), len(buf)/2)
		g.randomBatch(buf[:2*m])
		out := s[:m]
		for i := range out {
			r := uint64(buf[2*i])<<32 | uint64(buf[2*i+1])
			out[i] = math.FMA(float64(r&(1<<53-1))*(1.0/(1<<53)), span, from)
		}
		done += m
		s = s[m:]
	}
}

// uniformSmall is uniform_real_distribution<Half> and <BFloat16>: digits
// random bits, computed in float (to - from is rounded to the dtype first).
func uniformSmall(g *Generator, digits uint, from, span float32) float32 {
	x := float32(g.Random()&(1<<digits-1)) * (1 / float32(uint32(1)<<digits))
	return fmaf(x, span, from)
}

// Uniform_ fills t with samples of U[from, to) (Tensor.uniform_).
func (t *Tensor) Uniform_(from, to float64, g *Generator) *Tensor {
	d := t.DType()
	if !d.IsFloat() {
		raise(RuntimeError, errNotImplementedDT, "check_uniform_bounds", d.ScalarName())
	}
	lo, hi, _ := floatLimits(d)
	if !(from >= lo && from <= hi) {
		raise(RuntimeError, errRandomOutOfBounds, "from", typeidName(d))
	}
	if !(to >= lo && to <= hi) {
		raise(RuntimeError, errRandomOutOfBounds, "to", typeidName(d))
	}
	if !(from <= to) {
		raise(RuntimeError, errUniformRange, CppFloatString(from), CppFloatString(to))
	}
	if !(to-from <= hi) {
		raise(RuntimeError, errUniformSpan, d.ScalarName(), CppFloatString(to), CppFloatString(from))
	}
	if t.Numel() == 0 {
		return t
	}
	AssertNoInternalOverlap(t)
	g.Lock()
	defer g.Unlock()
	switch data := t.st.host().(type) {
	case []float32:
		f := float32(from)
		span := float32(to) - f
		if t.IsContiguous() {
			uniformFillFloat32(data[t.offset:t.offset+t.Numel()], g, f, span)
			break
		}
		fillNullary(t, data, func() float32 { return uniformFloat32(g, f, span) })
	case []float64:
		span := to - from
		if t.IsContiguous() {
			uniformFillFloat64(data[t.offset:t.offset+t.Numel()], g, from, span)
			break
		}
		fillNullary(t, data, func() float64 { return uniformFloat64(g, from, span) })
	case []Half:
		fh, th := HalfFromFloat32(float32(from)), HalfFromFloat32(float32(to))
		f := fh.Float32()
		span := HalfFromFloat32(th.Float32() - f).Float32()
		fillNullary(t, data, func() Half { return HalfFromFloat32(uniformSmall(g, 11, f, span)) })
	case []BF16:
		fb, tb := BF16FromFloat32(float32(from)), BF16FromFloat32(float32(to))
		f := fb.Float32()
		span := BF16FromFloat32(tb.Float32() - f).Float32()
		fillNullary(t, data, func() BF16 { return BF16FromFloat32(uniformSmall(g, 8, f, span)) })
	}
	return t
}

// Rand is torch.rand: a new tensor of samples of U[0, 1).
func Rand(shape []int, d DType, g *Generator) *Tensor {
	if !d.IsFloat() {
		CheckedNumel(shape, d)
		raise(RuntimeError, errNotImplementedDT, "check_uniform_bounds", d.ScalarName())
	}
	return Empty(shape, d).Uniform_(0, 1, g)
}

// ----------------------------------------------------------------- normal

// normalDouble is at::normal_distribution<double> for one sample: the
// cached second Box–Muller sample when there is one, else a new pair from
// two 53-bit uniforms (the sine half is cached).
func normalDouble(g *Generator, mean, std float64) float64 {
	if v, ok := g.takeNextDouble(); ok {
		return math.FMA(v, std, mean)
	}
	u1 := uniformFloat64(g, 0, 1)
	u2 := uniformFloat64(g, 0, 1)
	r := math.Sqrt(-2.0 * crLog(1.0-u2))
	theta := 2.0 * math.Pi * u1
	g.setNextDouble(r * libmSin(theta))
	ret := r * libmCos(theta)
	return math.FMA(ret, std, mean)
}

// Normal_ fills t with samples of N(mean, std²) (Tensor.normal_).
func (t *Tensor) Normal_(mean, std float64, g *Generator) *Tensor {
	if !(std >= 0) {
		raise(RuntimeError, errNormalStd, CppFloatString(std))
	}
	d := t.DType()
	if !d.IsFloat() {
		raise(RuntimeError, errNotImplementedDT, "normal_kernel_cpu", d.ScalarName())
	}
	n := t.Numel()
	if n == 0 {
		return t
	}
	g.Lock()
	defer g.Unlock()
	if n >= 16 && t.IsContiguous() {
		switch data := t.st.host().(type) {
		case []float32:
			normalFillFloat32(data[t.offset:t.offset+n], float32(mean), float32(std), g)
		case []float64:
			normalFillFloat64(data[t.offset:t.offset+n], mean, std, g)
		case []Half:
			normalFillHalf(data[t.offset:t.offset+n], mean, std, g)
		case []BF16:
			normalFillBF16(data[t.offset:t.offset+n], mean, std, g)
		}
		return t
	}
	AssertNoInternalOverlap(t)
	switch data := t.st.host().(type) {
	case []float32:
		fillNullary(t, data, func() float32 { return float32(normalDouble(g, mean, std)) })
	case []float64:
		fillNullary(t, data, func() float64 { return normalDouble(g, mean, std) })
	case []Half:
		fillNullary(t, data, func() Half { return HalfFromFloat32(float32(normalDouble(g, mean, std))) })
	case []BF16:
		fillNullary(t, data, func() BF16 { return BF16FromFloat32(float32(normalDouble(g, mean, std))) })
	}
	return t
}

// Randn is torch.randn: a new tensor of standard normal samples.
func Randn(shape []int, d DType, g *Generator) *Tensor {
	if !d.IsFloat() {
		CheckedNumel(shape, d)
		raise(RuntimeError, errNotImplementedDT, "normal_kernel_cpu", d.ScalarName())
	}
	return Empty(shape, d).Normal_(0, 1, g)
}

// normalFillFloat64 is normal_fill<double>: the buffer is filled with
// uniforms, then transformed 16 at a time by Box–Muller (the first 8 of a
// block give the radius, the last 8 the angle); when the size is not a
// multiple of 16 the last 16 elements are drawn again and transformed
// again.
func normalFillFloat64(data []float64, mean, std float64, g *Generator) {
	uniformFillFloat64(data, g, 0, 1)
	block := func(b []float64) {
		for j := 0; j < 8; j++ {
			u1 := 1 - b[j]
			u2 := b[j+8]
			radius := math.Sqrt(-2 * crLog(u1))
			theta := 2.0 * math.Pi * u2
			b[j] = math.FMA(radius*libmCos(theta), std, mean)
			b[j+8] = math.FMA(radius*libmSin(theta), std, mean)
		}
	}
	size := len(data)
	for i := 0; i+16 <= size; i += 16 {
		pollAt(i)
		block(data[i : i+16])
	}
	if size%16 != 0 {
		tail := data[size-16:]
		for i := range tail {
			tail[i] = uniformFloat64(g, 0, 1)
		}
		block(tail)
	}
}

// normalFillFloat32 is normal_fill_AVX2, the float path of PyTorch's CPU
// build on AVX2 machines: uniforms in place, then blocks of 16 through the
// single-precision log and sincos of avx_mathfun (see random_avxmath.go),
// with the final n*std+mean fused.
func normalFillFloat32(data []float32, mean, std float32, g *Generator) {
	uniformFillFloat32(data, g, 0, 1)
	size := len(data)
	normalBlocksFloat32(data[:size/16*16], mean, std)
	if size%16 != 0 {
		tail := data[size-16:]
		for i := range tail {
			tail[i] = uniformFloat32(g, 0, 1)
		}
		normalBlocksFloat32(tail, mean, std)
	}
}

// normalBlocksFloat32 runs normal16Float32 on each block of 16 of data (a
// multiple of 16 long), with the AVX2 kernel where there is one, over
// several goroutines for long data (the blocks are independent).
func normalBlocksFloat32(data []float32, mean, std float32) {
	nb := len(data) / 16
	parallelFor(nb, 4096, func(lo, hi int) {
		if useAVX2 {
			normal16f32AVX2(&data[lo*16], hi-lo, mean, std)
			return
		}
		for b := lo; b < hi; b++ {
			normal16Float32(data[b*16:b*16+16], mean, std)
		}
	})
}

// normal16Float32 is normal_fill_16_AVX2 on one block.
func normal16Float32(b []float32, mean, std float32) {
	const twoPi = float32(2 * math.Pi)
	for j := 0; j < 8; j++ {
		u1 := 1 - b[j]
		u2 := b[j+8]
		radius := float32(math.Sqrt(float64(-2 * avxLog(u1))))
		theta := twoPi * u2
		s, c := avxSincos(theta)
		n1 := radius * c
		n2 := radius * s
		b[j] = fmaf(n1, std, mean)
		b[j+8] = fmaf(n2, std, mean)
	}
}

// normalFillHalf is normal_fill<Half>: the uniforms (11 bits) are stored as
// Half, and the transform follows c10's Half arithmetic: Half op Half
// rounds to Half, Half op float is float, the math functions are the float
// ones, and the final multiply-add is fused by the compiler.
func normalFillHalf(data []Half, mean, std float64, g *Generator) {
	m := HalfFromFloat32(float32(mean)).Float32()
	s := HalfFromFloat32(float32(std)).Float32()
	for i := range data {
		pollAt(i)
		data[i] = HalfFromFloat32(uniformSmall(g, 11, 0, 1))
	}
	block := func(b []Half) {
		for j := 0; j < 8; j++ {
			u1 := HalfFromFloat32(1 - b[j].Float32()).Float32()
			u2 := b[j+8].Float32()
			radius := HalfFromFloat32(float32(math.Sqrt(float64(-2 * crLogf(u1))))).Float32()
			theta := HalfFromFloat32(float32(2.0 * math.Pi * float64(u2))).Float32()
			b[j] = HalfFromFloat32(fmaf(radius*crCosf(theta), s, m))
			b[j+8] = HalfFromFloat32(fmaf(radius*crSinf(theta), s, m))
		}
	}
	size := len(data)
	for i := 0; i+16 <= size; i += 16 {
		pollAt(i)
		block(data[i : i+16])
	}
	if size%16 != 0 {
		tail := data[size-16:]
		for i := range tail {
			tail[i] = HalfFromFloat32(uniformSmall(g, 11, 0, 1))
		}
		block(tail)
	}
}

// bf is a float rounded to bfloat16 and widened back.
func bf(v float32) float32 { return BF16FromFloat32(v).Float32() }

// normalFillBF16 is normal_fill<BFloat16>: like the Half one, except that
// c10 gives BFloat16 its own log, sqrt, sin and cos (rounding their float
// results to BFloat16), so every step rounds to BFloat16.
func normalFillBF16(data []BF16, mean, std float64, g *Generator) {
	m := bf(float32(mean))
	s := bf(float32(std))
	for i := range data {
		pollAt(i)
		data[i] = BF16FromFloat32(uniformSmall(g, 8, 0, 1))
	}
	block := func(b []BF16) {
		for j := 0; j < 8; j++ {
			u1 := bf(1 - b[j].Float32())
			u2 := b[j+8].Float32()
			radius := bf(float32(math.Sqrt(float64(bf(-2 * bf(crLogf(u1)))))))
			theta := bf(float32(2.0 * math.Pi * float64(u2)))
			c, sn := bf(crCosf(theta)), bf(crSinf(theta))
			b[j] = BF16FromFloat32(bf(bf(radius*c)*s) + m)
			b[j+8] = BF16FromFloat32(bf(bf(radius*sn)*s) + m)
		}
	}
	size := len(data)
	for i := 0; i+16 <= size; i += 16 {
		pollAt(i)
		block(data[i : i+16])
	}
	if size%16 != 0 {
		tail := data[size-16:]
		for i := range tail {
			tail[i] = BF16FromFloat32(uniformSmall(g, 8, 0, 1))
		}
		block(tail)
	}
}

// ----------------------------------------------------------------- random_

// randomFromToValue is static_cast<T>(v) of an int64 (Half and BFloat16
// through float, as c10 converts).
func randomFromToValue[T Elem](v int64) T {
	var z T
	switch p := any(&z).(type) {
	case *bool:
		*p = v != 0
	case *uint8:
		*p = uint8(v)
	case *int8:
		*p = int8(v)
	case *int16:
		*p = int16(v)
	case *int32:
		*p = int32(v)
	case *int64:
		*p = v
	case *Half:
		*p = HalfFromFloat32(float32(v))
	case *BF16:
		*p = BF16FromFloat32(float32(v))
	case *float32:
		*p = float32(v)
	case *float64:
		*p = float64(v)
	}
	return z
}

// randomFromToFill is random_from_to_kernel: (draw % range) + base, the
// draw 64 bits wide for int64, float, double and bfloat16 when range is
// 2^32 or more, else 32 bits.
func randomFromToFill[T Elem](t *Tensor, data []T, rng uint64, base int64, wide bool, g *Generator) {
	if wide && rng >= 1<<32 {
		fillNullary(t, data, func() T { return randomFromToValue[T](int64(g.Random64()%rng + uint64(base))) })
		return
	}
	fillNullary(t, data, func() T { return randomFromToValue[T](int64(uint64(g.Random())%rng + uint64(base))) })
}

// updateFrom and updateTo move a bound of random_ on a floating dtype to the
// nearest value that stays inside [from, to) once cast to the dtype.
func updateFrom(from int64, d DType) int64 {
	_, _, digits := floatLimits(d)
	fp1 := castInt64Through(from+1, d)
	if fp1 < from {
		a := from + 1
		if a < 0 {
			a = -a
		}
		n := 0
		for a >>= 1; a != 0; a >>= 1 {
			n++
		}
		from = fp1 + 1<<(n-digits+1)
	}
	return from
}

func updateTo(to int64, d DType) int64 {
	_, _, digits := floatLimits(d)
	tm1 := castInt64Through(to-1, d)
	if tm1 >= to {
		a := to - 1
		if a < 0 {
			a = -a
		}
		n := 0
		for a >>= 1; a != 0; a >>= 1 {
			n++
		}
		to = tm1 - 1<<(n-digits+1)
	}
	return to
}

// castInt64Through is static_cast<int64_t>(static_cast<T>(v)) for a
// floating dtype T.
func castInt64Through(v int64, d DType) int64 {
	var f float64
	switch d {
	case Float16:
		f = float64(HalfFromFloat32(float32(v)).Float32())
	case BFloat16:
		f = float64(BF16FromFloat32(float32(v)).Float32())
	case Float32:
		f = float64(float32(v))
	default:
		f = float64(v)
	}
	if f >= 9.223372036854775807e18 || f < -9.223372036854775808e18 {
		return math.MinInt64
	}
	return int64(f)
}

// checkFromToInRange is check_from_to_in_range: from and to-1 must fit the
// dtype; floating dtypes warn beyond the range where every integer is
// exact.
func checkFromToInRange(from, toInc int64, d DType, warn func(string)) {
	name := typeidName(d)
	if d.IsFloat() {
		lo, hi, digits := floatLimits(d)
		if !(float64(from) >= lo && float64(from) <= hi) {
			raise(RuntimeError, errRandomOutOfBounds, "from", name)
		}
		if !(float64(toInc) >= lo && float64(toInc) <= hi) {
			raise(RuntimeError, errRandomOutOfBounds, "to - 1", name)
		}
		lim := int64(1) << digits
		if warn != nil {
			if from < -lim || from > lim {
				warn(rngFormatWarn(warnRandomPrecision, "from", digits, name, 94))
			}
			if toInc < -lim || toInc > lim {
				warn(rngFormatWarn(warnRandomPrecision, "to - 1", digits, name, 95))
			}
		}
		return
	}
	lo, hi := IntRange(d)
	if from < lo || from > hi {
		raise(RuntimeError, errRandomOutOfBounds, "from", name)
	}
	if toInc < lo || toInc > hi {
		raise(RuntimeError, errRandomOutOfBounds, "to - 1", name)
	}
}

func rngFormatWarn(format, name string, digits int, typ string, line int) string {
	return fmt.Sprintf(format, name, digits, digits, typ, line)
}

// RandomFromTo_ is Tensor.random_(from, to): integers drawn uniformly from
// [from, to), or from [from, the dtype's largest exact integer] when to is
// nil. warn receives PyTorch's UserWarnings (may be nil).
func (t *Tensor) RandomFromTo_(from int64, to *int64, g *Generator, warn func(string)) *Tensor {
	d := t.DType()
	var rng uint64
	if to != nil {
		hi := *to
		if from >= hi {
			raise(RuntimeError, errRandomFromTo, from, hi)
		}
		if d.IsFloat() {
			from = updateFrom(from, d)
			hi = updateTo(hi, d)
			if from >= hi {
				raise(RuntimeError, errRandomFromToCast, from, hi)
			}
		}
		checkFromToInRange(from, hi-1, d, warn)
		rng = uint64(hi) - uint64(from)
	} else if from != math.MinInt64 {
		var toInc int64
		if d.IsFloat() {
			_, _, digits := floatLimits(d)
			toInc = int64(1) << digits
			from = updateFrom(from, d)
			if from >= toInc {
				raise(RuntimeError, errRandomFromToInc, from, toInc)
			}
		} else {
			_, toInc = IntRange(d)
		}
		checkFromToInRange(from, toInc, d, warn)
		rng = uint64(toInc) - uint64(from) + 1
	} else {
		// [int64 min, int64 max]: every 64-bit value.
		if d == Bool || d == Float16 {
			raise(RuntimeError, errNotImplementedDT, "random_full_64_bits_range_kernel_cpu", d.ScalarName())
		}
		if d != Int64 && d != Float32 && d != Float64 && d != BFloat16 {
			raise(RuntimeError, errRandomFull64)
		}
		if t.Numel() == 0 {
			return t
		}
		AssertNoInternalOverlap(t)
		g.Lock()
		defer g.Unlock()
		switch data := t.st.host().(type) {
		case []int64:
			fillNullary(t, data, func() int64 { return int64(g.Random64()) })
		case []float32:
			fillNullary(t, data, func() float32 { return float32(int64(g.Random64())) })
		case []float64:
			fillNullary(t, data, func() float64 { return float64(int64(g.Random64())) })
		case []BF16:
			fillNullary(t, data, func() BF16 { return BF16FromFloat32(float32(int64(g.Random64()))) })
		}
		return t
	}
	if t.Numel() == 0 {
		return t
	}
	AssertNoInternalOverlap(t)
	g.Lock()
	defer g.Unlock()
	switch data := t.st.host().(type) {
	case []bool:
		randomFromToFill(t, data, rng, from, false, g)
	case []uint8:
		randomFromToFill(t, data, rng, from, false, g)
	case []int8:
		randomFromToFill(t, data, rng, from, false, g)
	case []int16:
		randomFromToFill(t, data, rng, from, false, g)
	case []int32:
		randomFromToFill(t, data, rng, from, false, g)
	case []int64:
		randomFromToFill(t, data, rng, from, true, g)
	case []Half:
		randomFromToFill(t, data, rng, from, false, g)
	case []BF16:
		randomFromToFill(t, data, rng, from, true, g)
	case []float32:
		randomFromToFill(t, data, rng, from, true, g)
	case []float64:
		randomFromToFill(t, data, rng, from, true, g)
	}
	return t
}

// Random_ is Tensor.random_() without bounds: integers in [0, 2^mantissa]
// for floating dtypes, [0, max] for integral ones, 0 or 1 for bool.
func (t *Tensor) Random_(g *Generator) *Tensor {
	if t.Numel() == 0 {
		return t
	}
	AssertNoInternalOverlap(t)
	g.Lock()
	defer g.Unlock()
	r32 := func() uint64 { return uint64(g.Random()) }
	switch data := t.st.host().(type) {
	case []bool:
		fillNullary(t, data, func() bool { return r32()&1 != 0 })
	case []uint8:
		fillNullary(t, data, func() uint8 { return uint8(r32() % (math.MaxUint8 + 1)) })
	case []int8:
		fillNullary(t, data, func() int8 { return int8(r32() % (math.MaxInt8 + 1)) })
	case []int16:
		fillNullary(t, data, func() int16 { return int16(r32() % (math.MaxInt16 + 1)) })
	case []int32:
		fillNullary(t, data, func() int32 { return int32(r32() % (math.MaxInt32 + 1)) })
	case []int64:
		fillNullary(t, data, func() int64 { return int64(g.Random64() % (1 << 63)) })
	case []Half:
		fillNullary(t, data, func() Half { return HalfFromFloat32(float32(r32() % (1<<11 + 1))) })
	case []BF16:
		fillNullary(t, data, func() BF16 { return BF16FromFloat32(float32(r32() % (1<<8 + 1))) })
	case []float32:
		fillNullary(t, data, func() float32 { return float32(r32() % (1<<24 + 1)) })
	case []float64:
		fillNullary(t, data, func() float64 { return float64(g.Random64() % (1<<53 + 1)) })
	}
	return t
}

// Randint is torch.randint(low, high, size): a new tensor of integers drawn
// uniformly from [low, high).
func Randint(low, high int64, shape []int, d DType, g *Generator, warn func(string)) *Tensor {
	return Empty(shape, d).RandomFromTo_(low, &high, g, warn)
}

// ---------------------------------------------------------------- randperm

// Randperm is torch.randperm(n): a random permutation of 0..n-1, made by
// PyTorch's Fisher–Yates (element i swapped with i + random() % (n-i)).
func Randperm(n int64, d DType, g *Generator) *Tensor {
	if n < 0 {
		raise(RuntimeError, errNegativeDim, n, ShapeString([]int{int(n)}))
	}
	switch d {
	case Bool:
		raise(RuntimeError, errNotImplementedDT, "randperm", d.ScalarName())
	case Uint8, Int8, Int16, Int32:
		if _, hi := IntRange(d); n-1 > hi {
			raise(RuntimeError, errScalarOverflow, rngIntTypeName(d))
		}
	case Float16:
		if n > 1<<11+1 {
			raise(RuntimeError, errRandpermPrecision, "2049", "Half")
		}
	case Float32:
		if n > 1<<24+1 {
			raise(RuntimeError, errRandpermPrecision, "2^24+1", "Float")
		}
	case Float64:
		if n > 1<<53+1 {
			raise(RuntimeError, errRandpermPrecision, "2^53+1", "Double")
		}
	}
	t := Empty([]int{int(n)}, d)
	g.Lock()
	defer g.Unlock()
	switch data := t.st.host().(type) {
	case []uint8:
		randpermFill(data, g)
	case []int8:
		randpermFill(data, g)
	case []int16:
		randpermFill(data, g)
	case []int32:
		randpermFill(data, g)
	case []int64:
		randpermFill(data, g)
	case []Half:
		randpermFill(data, g)
	case []BF16:
		randpermFill(data, g)
	case []float32:
		randpermFill(data, g)
	case []float64:
		randpermFill(data, g)
	}
	return t
}

func randpermFill[T Elem](data []T, g *Generator) {
	for i := range data {
		pollAt(i)
		data[i] = randomFromToValue[T](int64(i))
	}
	n := int64(len(data))
	for i := int64(0); i < n-1; i++ {
		pollAt(int(i))
		z := int64(g.Random()) % (n - i)
		data[i], data[z+i] = data[z+i], data[i]
	}
}

// rngIntTypeName is the C type name of c10's overflow check messages.
func rngIntTypeName(d DType) string {
	switch d {
	case Uint8:
		return "uint8_t"
	case Int8:
		return "int8_t"
	case Int16:
		return "int16_t"
	}
	return "int32_t"
}
