package tensor

// torch.nn.functional's one_hot, pad and nll_loss.

// OneHot is F.one_hot(t, numClasses): int64, a new last dimension with a
// 1 at each element's class.
func OneHot(t *Tensor, numClasses int) *Tensor {
	if t.DType() != Int64 {
		raise(RuntimeError, errOneHotIndex)
	}
	vals := indexList(t.Reshape([]int{-1}))
	if numClasses == -1 {
		if len(vals) == 0 {
			raise(RuntimeError, errOneHotEmpty)
		}
		numClasses = 0
		for _, v := range vals {
			numClasses = max(numClasses, int(v)+1)
		}
	}
	for _, v := range vals {
		if v < 0 {
			raise(RuntimeError, errOneHotNeg)
		}
		if v >= int64(numClasses) {
			raise(RuntimeError, errOneHotLarge)
		}
	}
	shape := append(append([]int{}, t.shape...), numClasses)
	out := Empty(shape, Int64)
	o := Slice[int64](out.st)
	for i, v := range vals {
		o[i*numClasses+int(v)] = 1
	}
	return out
}

// Pad is F.pad(t, pad, mode, value): pad holds (before, after) pairs for
// the last dimensions, last dimension first. Constant padding crops for
// negative amounts; reflect, replicate and circular map every new position
// to one of the input's.
func Pad(t *Tensor, pad []int, mode string, value float64, hasValue bool) *Tensor {
	if len(pad)%2 != 0 {
		raise(RuntimeError, errPadOdd)
	}
	if len(pad)/2 > t.Dim() {
		raise(RuntimeError, errPadTooLong)
	}
	switch mode {
	case "constant":
	case "reflect", "replicate", "circular":
		if hasValue && value != 0 {
			raise(RuntimeError, errPadValue, mode)
		}
		nd := t.Dim()
		if !(len(pad) == 2 && (nd == 2 || nd == 3) || len(pad) == 4 && (nd == 3 || nd == 4) || len(pad) == 6 && (nd == 4 || nd == 5)) {
			raise(NotImplementedError, errPadNonConstDims)
		}
	default:
		raise(NotImplementedError, errPadMode, mode)
	}
	nd := t.Dim()
	shape := append([]int{}, t.shape...)
	if mode == "circular" {
		// _pad_circular's checks, first spatial dim first
		for k := len(pad)/2 - 1; k >= 0; k-- {
			n := t.shape[nd-1-k]
			if pad[2*k] > n || pad[2*k+1] > n {
				raise(RuntimeError, errPadWrap)
			}
			if n+pad[2*k]+pad[2*k+1] < 0 {
				raise(RuntimeError, errPadCircularEmpty)
			}
		}
	}
	for k := 0; k < len(pad)/2; k++ {
		d := nd - 1 - k
		ns := t.shape[d] + pad[2*k] + pad[2*k+1]
		if ns < 0 {
			raise(RuntimeError, errPadNegative, t.shape[d], pad[2*k], pad[2*k+1], d)
		}
		if mode == "reflect" && (pad[2*k] >= t.shape[d] || pad[2*k+1] >= t.shape[d]) {
			raise(RuntimeError, errPadReflect, pad[2*k], pad[2*k+1], d, ShapeString(t.shape))
		}
		shape[d] = ns
	}
	if mode == "constant" {
		out := Full(shape, FloatS(value), t.DType())
		src, dst := t, out
		for k := 0; k < len(pad)/2; k++ {
			d := nd - 1 - k
			lo, hi := pad[2*k], pad[2*k+1]
			// crop the source where a pad is negative, place it in dst
			s0, s1 := max(-lo, 0), t.shape[d]-max(-hi, 0)
			if s1 <= s0 {
				return out
			}
			src = src.Narrow(d, s0, s1-s0)
			dst = dst.Narrow(d, max(lo, 0), s1-s0)
		}
		CopyInto(dst, src)
		return out
	}
	out := t
	for k := 0; k < len(pad)/2; k++ {
		d := nd - 1 - k
		n := t.shape[d]
		lo := pad[2*k]
		idx := make([]int64, shape[d])
		for i := range idx {
			j := i - lo
			switch mode {
			case "reflect":
				for j < 0 || j >= n {
					if j < 0 {
						j = -j
					}
					if j >= n {
						j = 2*(n-1) - j
					}
				}
			case "replicate":
				j = min(max(j, 0), n-1)
			case "circular":
				j = circularSource(i, n, lo, pad[2*k+1])
			}
			idx[i] = int64(j)
		}
		out = IndexSelect(out, d, FromSlice(idx, len(idx)))
	}
	return out
}

// circularSource is the input position that output position i of a
// circular pad (lo, hi) of a dim of size n holds, as ATen's
// _pad_circular copies: the input (cropped where a pad is negative) in
// the middle, then the left pad from the middle's end and the right pad
// from its start (which, with a negative left pad, is not a wrap).
func circularSource(i, n, lo, hi int) int {
	size := n + lo + hi
	for {
		switch {
		case i < max(lo, 0):
			i = size - lo - max(hi, 0) + i
		case i >= size-max(hi, 0):
			i = max(lo, 0) + i - (size - hi)
		default:
			return i - lo
		}
	}
}

// NLLLoss is F.nll_loss(x, target, weight, ignoreIndex, reduction) for
// log-probabilities x of shape (N, C) or (C,): PyTorch's nll_loss_out_frame,
// cascade sums included.
func NLLLoss(x, target, weight *Tensor, ignore int64, reduction string) *Tensor {
	if x.Dim() < 1 || x.Dim() > 2 {
		raise(NotImplementedError, errNLLDims, x.Dim())
	}
	if x.Dim() == 2 && (target.Dim() != 1 || target.shape[0] != x.shape[0]) {
		if target.Dim() == 1 {
			raise(ValueError, errNLLBatch, x.shape[0], target.shape[0])
		}
		raise(RuntimeError, errNLLTargetDims)
	}
	if x.Dim() == 1 && target.Dim() > 1 {
		raise(RuntimeError, errNLLTargetDims)
	}
	c := x.shape[x.Dim()-1]
	if weight != nil && weight.Numel() != c {
		raise(RuntimeError, errNLLWeight, c, ShapeString(weight.shape))
	}
	// the kernel reads the target as int64 after the shape checks
	if target.DType() != Int64 {
		raise(RuntimeError, errExpectedScalarType2, "Long", target.DType().ScalarName())
	}
	switch x.DType() {
	case Float32:
		return nllLoss[float32](x, target, weight, ignore, reduction)
	case Float64:
		return nllLoss[float64](x, target, weight, ignore, reduction)
	}
	raise(RuntimeError, errNotImplementedDT, "nll_loss_out_frame", x.DType().ScalarName())
	return nil
}

func nllLoss[T float32 | float64](x, target, weight *Tensor, ignore int64, reduction string) *Tensor {
	in := x
	if x.Dim() == 1 {
		in = x.Reshape([]int{1, x.shape[0]})
	}
	batch, classes := in.shape[0], in.shape[1]
	tg := indexList(target.Reshape([]int{-1}))
	var w []T
	if weight != nil {
		wc := weight.To(x.DType()).Contiguous()
		w = Slice[T](wc.st)[wc.offset : wc.offset+classes]
	}
	at := func(b int, cl int64) T {
		return T(in.st.Get(in.offset + b*in.strides[0] + int(cl)*in.strides[1]).Float())
	}
	check := func(t int64) {
		if t < 0 || t >= int64(classes) {
			raise(IndexError, errNLLTarget, t)
		}
	}
	if reduction == "none" {
		out := Empty([]int{batch}, x.DType())
		o := Slice[T](out.st)
		for b := 0; b < batch; b++ {
			t := tg[b]
			if t == ignore {
				continue
			}
			check(t)
			wv := T(1)
			if w != nil {
				wv = w[t]
			}
			o[b] = -at(b, t) * wv
		}
		if x.Dim() == 1 {
			return out.Reshape([]int{})
		}
		return out
	}
	const levels = 8
	levelPower := max(4, ceilLog2(batch)/levels)
	levelMask := (1 << levelPower) - 1
	var wsum, lsum [levels]T
	ignored := 0
	for b := 0; b < batch; b++ {
		t := tg[b]
		if t == ignore {
			ignored++
			continue
		}
		check(t)
		d := at(b, t)
		if w != nil {
			lsum[0] -= d * w[t]
			wsum[0] += w[t]
		} else {
			lsum[0] -= d
		}
		for j := 0; j+1 < levels; j++ {
			if b&(levelMask<<(j*levelPower)) != 0 {
				break
			}
			wsum[j+1] += wsum[j]
			lsum[j+1] += lsum[j]
			wsum[j], lsum[j] = 0, 0
		}
	}
	var total, loss T
	if w == nil {
		total = T(batch - ignored)
	} else {
		for _, v := range wsum {
			total += v
		}
	}
	for _, v := range lsum {
		loss += v
	}
	if reduction == "mean" {
		loss /= total
	}
	return Scalar0(FloatS(float64(loss)), x.DType())
}
