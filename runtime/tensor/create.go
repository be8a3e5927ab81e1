package tensor

import "math"

// Creation functions: arange, linspace, logspace, eye and full, computing
// every element exactly as PyTorch 1.13's CPU kernels do on x86-64 with
// AVX2 (RangeFactories.cpp and cpu/RangeFactoriesKernel.cpp): the kernels
// fill the output with pairs of AVX2 vectors while two fit and with the
// scalar lambda for the rest, GCC contracts their float multiply-adds into
// FMAs, and float16/bfloat16 arithmetic rounds after every operation.

// avx2Width is the number of elements of dtype d in one AVX2 (32-byte)
// vector, as at::vec::Vectorized<T>::size().
func avx2Width(d DType) int { return 32 / d.ItemSize() }

// vecLoop mirrors ATen's vectorized_loop for a nullary op over n elements:
// vec(i) fills elements i..i+w-1 while two whole vectors fit, scalar(i)
// fills each remaining element.
func vecLoop(n, w int, vec func(i int), scalar func(i int)) {
	vecEnd := n / (2 * w) * (2 * w)
	i := 0
	for ; i < vecEnd; i += w {
		pollAt(i)
		vec(i)
	}
	for ; i < n; i++ {
		scalar(i)
	}
}

// c10::Half and c10::BFloat16 arithmetic: each operation is computed in
// float32 and rounded back to the 16-bit type.
func halfAdd(a, b Half) Half { return HalfFromFloat32(a.Float32() + b.Float32()) }
func halfSub(a, b Half) Half { return HalfFromFloat32(a.Float32() - b.Float32()) }
func halfMul(a, b Half) Half { return HalfFromFloat32(float32(a.Float32() * b.Float32())) }
func halfDiv(a, b Half) Half { return HalfFromFloat32(a.Float32() / b.Float32()) }
func bf16Add(a, b BF16) BF16 { return BF16FromFloat32(a.Float32() + b.Float32()) }
func bf16Sub(a, b BF16) BF16 { return BF16FromFloat32(a.Float32() - b.Float32()) }
func bf16Mul(a, b BF16) BF16 { return BF16FromFloat32(float32(a.Float32() * b.Float32())) }
func bf16Div(a, b BF16) BF16 { return BF16FromFloat32(a.Float32() / b.Float32()) }

// storeInt writes the int64 v into element i of an integral storage slice,
// truncating (wrapping) to the element type.
func storeInt(data any, i int, v int64) {
	switch d := data.(type) {
	case []uint8:
		d[i] = uint8(v)
	case []int8:
		d[i] = int8(v)
	case []int16:
		d[i] = int16(v)
	case []int32:
		d[i] = int32(v)
	case []int64:
		d[i] = v
	}
}

// doubleToInt is the implicit C++ conversion of a double to an integral
// element type (cvttsd2si: 64-bit for int64, 32-bit and then truncated for
// the narrower types), returned as an int64.
func doubleToInt(d DType, v float64) int64 {
	if d == Int64 {
		return FloatToInt64(v)
	}
	x := FloatToInt32(v)
	switch d {
	case Uint8:
		return int64(uint8(x))
	case Int8:
		return int64(int8(x))
	case Int16:
		return int64(int16(x))
	}
	return int64(x)
}

// ArangeLength is the rule of arange's length, with its checks (in the
// accumulation type of d, as PyTorch computes it).
func ArangeLength(start, end, step Scalar, d DType) int {
	if d == Bool {
		raise(RuntimeError, errNotImplementedDT, "arange_cpu", d.ScalarName())
	}
	switch {
	case d.IsIntegral(false):
		// accscalar_t is int64_t.
		xs, xe, xst := ScalarToLong(start), ScalarToLong(end), ScalarToLong(step)
		var sizeD float64
		if d == Int64 {
			sizeD = math.Ceil(float64(xe-xs) / float64(xst))
		} else {
			sizeD = math.Ceil((end.Float() - start.Float()) / step.Float())
		}
		if xst == 0 {
			raise(RuntimeError, errStepZero)
		}
		if !((xst > 0 && xe >= xs) || (xst < 0 && xe <= xs)) {
			raise(RuntimeError, errStepSign)
		}
		return arangeSize(sizeD)
	case d == Float16 || d == BFloat16:
		// accscalar_t is float.
		xs, xe, xst := ScalarToFloat32(start), ScalarToFloat32(end), ScalarToFloat32(step)
		sizeD := math.Ceil((end.Float() - start.Float()) / step.Float())
		checkRange(float64(xs), float64(xe), float64(xst))
		return arangeSize(sizeD)
	}
	// float32 and float64: accscalar_t is double.
	xs, xe, xst := start.Float(), end.Float(), step.Float()
	sizeD := math.Ceil((xe - xs) / xst)
	checkRange(xs, xe, xst)
	return arangeSize(sizeD)
}

// Arange is torch.arange(start, end, step, dtype=d): the values
// start + i*step for i in [0, ceil((end-start)/step)).
func Arange(start, end, step Scalar, d DType) *Tensor {
	n := ArangeLength(start, end, step, d)
	switch {
	case d.IsIntegral(false):
		// accscalar_t is int64_t.
		xs, xst := ScalarToLong(start), ScalarToLong(step)
		out := Empty([]int{n}, d)
		switch data := out.st.host().(type) {
		case []uint8:
			arangeInt(data, xs, xst)
		case []int8:
			arangeInt(data, xs, xst)
		case []int16:
			arangeInt(data, xs, xst)
		case []int32:
			arangeInt(data, xs, xst)
		case []int64:
			arangeInt(data, xs, xst)
		}
		return out
	case d == Float16 || d == BFloat16:
		// accscalar_t is float.
		xs, xst := ScalarToFloat32(start), ScalarToFloat32(step)
		out := Empty([]int{n}, d)
		if d == Float16 {
			data := out.st.host().([]Half)
			vecLoop(n, 16, func(i int) {
				base := HalfFromFloat32(fmaf(xst, float32(i), xs)).Float32()
				for k := range 16 {
					data[i+k] = HalfFromFloat32(base + float32(float32(k)*xst))
				}
			}, func(i int) { data[i] = HalfFromFloat32(fmaf(xst, float32(i), xs)) })
		} else {
			data := out.st.host().([]BF16)
			vecLoop(n, 16, func(i int) {
				base := BF16FromFloat32(fmaf(xst, float32(i), xs)).Float32()
				for k := range 16 {
					data[i+k] = BF16FromFloat32(base + float32(float32(k)*xst))
				}
			}, func(i int) { data[i] = BF16FromFloat32(fmaf(xst, float32(i), xs)) })
		}
		return out
	}
	// float32 and float64: accscalar_t is double.
	xs, xst := start.Float(), step.Float()
	out := Empty([]int{n}, d)
	if d == Float32 {
		data := out.st.host().([]float32)
		vecLoop(n, 8, func(i int) {
			base := float64(float32(math.FMA(xst, float64(i), xs)))
			for k := range 8 {
				data[i+k] = float32(math.FMA(float64(k), xst, base))
			}
		}, func(i int) { data[i] = float32(math.FMA(xst, float64(i), xs)) })
	} else {
		data := out.st.host().([]float64)
		vecLoop(n, 4, func(i int) {
			base := math.FMA(xst, float64(i), xs)
			for k := range 4 {
				data[i+k] = math.FMA(float64(k), xst, base)
			}
		}, func(i int) { data[i] = math.FMA(xst, float64(i), xs) })
	}
	return out
}

// arangeInt writes start + i*step (computed in int64, then truncated to
// the element type) into every element of data.
//
// Reference: for i := range data { storeInt(data, i, start+step*int64(i)) }
func arangeInt[T intNum](data []T, start, step int64) {
	const grain = 256 << 10
	if len(data) <= grain {
		arangeIntSerial(data, start, step)
		return
	}
	parallelFor(len(data), grain, func(lo, hi int) {
		arangeIntSerial(data[lo:hi], start+step*int64(lo), step)
	})
}

func arangeIntSerial[T intNum](s []T, v, step int64) {
	for i := range s {
		s[i] = T(v)
		v += step
	}
}

// checkRange makes arange's checks on floating bounds and step.
func checkRange(xs, xe, xst float64) {
	if !(xst > 0 || xst < 0) {
		raise(RuntimeError, errStepZero)
	}
	if math.IsInf(xs, 0) || math.IsNaN(xs) || math.IsInf(xe, 0) || math.IsNaN(xe) {
		raise(RuntimeError, errUnsupportedRange, CppFloatString(xs), CppFloatString(xe))
	}
	if !((xst > 0 && xe >= xs) || (xst < 0 && xe <= xs)) {
		raise(RuntimeError, errStepSign)
	}
}

// arangeSize validates arange's computed length.
func arangeSize(sizeD float64) int {
	if !(sizeD >= 0 && sizeD <= float64(math.MaxInt64)) {
		raise(RuntimeError, errRangeSize)
	}
	return int(FloatToInt64(sizeD))
}

// Linspace is torch.linspace(start, end, steps, dtype=d). The first half of
// the values is start + i*step and the second half end - (steps-1-i)*step,
// with step = (end-start)/(steps-1) computed in the dtype (in double for
// integral dtypes).
func Linspace(start, end Scalar, steps int64, d DType) *Tensor {
	if steps < 0 {
		raise(RuntimeError, errStepsNegative)
	}
	out := Empty([]int{int(steps)}, d)
	if steps == 0 {
		return out
	}
	if steps == 1 {
		out.st.Set(0, CheckedScalar(start, d))
		return out
	}
	if d == Bool {
		raise(RuntimeError, errNotImplementedDT, "linspace_cpu", d.ScalarName())
	}
	n := int(steps)
	half := n / 2
	switch data := out.st.host().(type) {
	case []float64:
		s, e := CheckedScalar(start, d).F, CheckedScalar(end, d).F
		step := (e - s) / float64(steps-1)
		base := func(i int) float64 {
			if i < half {
				return math.FMA(step, float64(i), s)
			}
			return math.FMA(-step, float64(n-i-1), e)
		}
		vecLoop(n, 4, func(i int) {
			b := base(i)
			for k := range 4 {
				data[i+k] = b + float64(float64(k)*step)
			}
		}, func(i int) { data[i] = base(i) })
	case []float32:
		s, e := float32(CheckedScalar(start, d).F), float32(CheckedScalar(end, d).F)
		step := (e - s) / float32(steps-1)
		base := func(i int) float32 {
			if i < half {
				return fmaf(step, float32(i), s)
			}
			return fmaf(-step, float32(n-i-1), e)
		}
		vecLoop(n, 8, func(i int) {
			b := base(i)
			for k := range 8 {
				data[i+k] = b + float32(float32(k)*step)
			}
		}, func(i int) { data[i] = base(i) })
	case []Half:
		s := HalfFromFloat32(float32(CheckedScalar(start, d).F))
		e := HalfFromFloat32(float32(CheckedScalar(end, d).F))
		step := halfDiv(halfSub(e, s), HalfFromFloat32(float32(steps-1)))
		base := func(i int) Half {
			if i < half {
				return halfAdd(s, halfMul(step, HalfFromFloat32(float32(i))))
			}
			return halfSub(e, halfMul(step, HalfFromFloat32(float32(n-i-1))))
		}
		vecLoop(n, 16, func(i int) {
			b := base(i)
			for k := range 16 {
				data[i+k] = halfAdd(b, halfMul(HalfFromFloat32(float32(k)), step))
			}
		}, func(i int) { data[i] = base(i) })
	case []BF16:
		s := BF16FromFloat32(float32(CheckedScalar(start, d).F))
		e := BF16FromFloat32(float32(CheckedScalar(end, d).F))
		step := bf16Div(bf16Sub(e, s), BF16FromFloat32(float32(steps-1)))
		base := func(i int) BF16 {
			if i < half {
				return bf16Add(s, bf16Mul(step, BF16FromFloat32(float32(i))))
			}
			return bf16Sub(e, bf16Mul(step, BF16FromFloat32(float32(n-i-1))))
		}
		vecLoop(n, 16, func(i int) {
			b := base(i)
			for k := range 16 {
				data[i+k] = bf16Add(b, bf16Mul(BF16FromFloat32(float32(k)), step))
			}
		}, func(i int) { data[i] = base(i) })
	default: // integral: step is a double
		s, e := float64(CheckedScalar(start, d).I), float64(CheckedScalar(end, d).I)
		step := (e - s) / float64(steps-1)
		base := func(i int) float64 {
			if i < half {
				return math.FMA(step, float64(i), s)
			}
			return math.FMA(-step, float64(n-i-1), e)
		}
		w := avx2Width(d)
		vecLoop(n, w, func(i int) {
			b := float64(doubleToInt(d, base(i)))
			for k := range w {
				storeInt(data, i+k, doubleToInt(d, math.FMA(float64(k), step, b)))
			}
		}, func(i int) { storeInt(data, i, doubleToInt(d, base(i))) })
	}
	return out
}

// Logspace is torch.logspace(start, end, steps, base, dtype=d): base raised
// to the values of a linspace computed in double.
func Logspace(start, end Scalar, steps int64, base float64, d DType) *Tensor {
	if steps < 0 {
		raise(RuntimeError, errStepsNegative)
	}
	out := Empty([]int{int(steps)}, d)
	if steps == 0 {
		return out
	}
	if steps == 1 {
		out.st.Set(0, CheckedScalar(FloatS(Pow(base, start.Float())), d))
		return out
	}
	if d == Bool || d == Float16 {
		raise(RuntimeError, errNotImplementedDT, "logspace_cpu", d.ScalarName())
	}
	n := int(steps)
	half := n / 2
	var s, e, step float64
	switch d {
	case Float64:
		s, e = CheckedScalar(start, d).F, CheckedScalar(end, d).F
		step = (e - s) / float64(steps-1)
	case Float32:
		s32, e32 := float32(CheckedScalar(start, d).F), float32(CheckedScalar(end, d).F)
		s, e = float64(s32), float64(e32)
		step = float64(e32-s32) / float64(steps-1)
	case BFloat16:
		sb := BF16FromFloat32(float32(CheckedScalar(start, d).F))
		eb := BF16FromFloat32(float32(CheckedScalar(end, d).F))
		s, e = float64(sb.Float32()), float64(eb.Float32())
		step = float64(bf16Sub(eb, sb).Float32()) / float64(steps-1)
	default: // integral
		si, ei := CheckedScalar(start, d).I, CheckedScalar(end, d).I
		s, e = float64(si), float64(ei)
		diff := ei - si
		if d != Int64 {
			diff = int64(int32(ei) - int32(si))
		}
		step = float64(diff) / float64(steps-1)
	}
	pow := powBase(base)
	// Each element is computed on its own, so the work is split freely.
	parallelFor(n, 1<<12, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if (i-lo)&(1<<12-1) == 0 && Interrupted() {
				return // parallelFor raises KeyboardInterrupt
			}
			var v float64
			if i < half {
				v = pow(s + float64(step*float64(i)))
			} else {
				v = pow(e - float64(step*float64(n-i-1)))
			}
			switch data := out.st.host().(type) {
			case []float64:
				data[i] = v
			case []float32:
				data[i] = float32(v)
			case []BF16:
				data[i] = BF16FromFloat64(v)
			default:
				storeInt(data, i, doubleToInt(d, v))
			}
		}
	})
	return out
}

// Eye is torch.eye(n, m, dtype=d).
func Eye(n, m int64, d DType) *Tensor {
	if n < 0 {
		raise(RuntimeError, errEyeN, n)
	}
	if m < 0 {
		raise(RuntimeError, errEyeM, m)
	}
	out := Empty([]int{int(n), int(m)}, d)
	if d == BFloat16 {
		// eye_out_cpu's dispatch has no bfloat16, even for no elements.
		raise(RuntimeError, errNotImplementedDT, "eye", d.ScalarName())
	}
	one := castScalar(IntS(1), d)
	for i := 0; i < int(min(n, m)); i++ {
		out.st.Set(i*int(m)+i, one)
	}
	return out
}

// FullChecked is torch.full(shape, v, dtype=d): v is converted with
// Scalar::to's overflow check.
func FullChecked(shape []int, v Scalar, d DType) *Tensor {
	CheckedNumel(shape, d)
	return Full(shape, CheckedScalar(v, d), d)
}
