package tensor

// castSlice converts n contiguous elements of src (from soff) into dst (from
// doff), with static_cast semantics: floats truncate toward zero into
// integers, integers wrap, anything non-zero is true, and Half/BFloat16 go
// through float32.
func castSlice(dst *Storage, doff int, src *Storage, soff, n int) {
	switch s := src.data.(type) {
	case []bool:
		tmp := make([]uint8, n)
		for i, v := range s[soff : soff+n] {
			if v {
				tmp[i] = 1
			}
		}
		castFrom(dst.data, doff, tmp)
	case []uint8:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []int8:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []int16:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []int32:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []int64:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []Half:
		tmp := make([]float32, n)
		for i, v := range s[soff : soff+n] {
			tmp[i] = v.Float32()
		}
		castFrom(dst.data, doff, tmp)
	case []BF16:
		tmp := make([]float32, n)
		for i, v := range s[soff : soff+n] {
			tmp[i] = v.Float32()
		}
		castFrom(dst.data, doff, tmp)
	case []float32:
		castFrom(dst.data, doff, s[soff:soff+n])
	case []float64:
		castFrom(dst.data, doff, s[soff:soff+n])
	}
}

func castFrom[S Num](dst any, doff int, src []S) {
	switch d := dst.(type) {
	case []bool:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = v != 0
		}
	case []uint8:
		convertNum(d[doff:doff+len(src)], src)
	case []int8:
		convertNum(d[doff:doff+len(src)], src)
	case []int16:
		convertNum(d[doff:doff+len(src)], src)
	case []int32:
		convertNum(d[doff:doff+len(src)], src)
	case []int64:
		convertNum(d[doff:doff+len(src)], src)
	case []Half:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = HalfFromFloat32(float32(v))
		}
	case []BF16:
		d = d[doff : doff+len(src)]
		for i, v := range src {
			d[i] = BF16FromFloat32(float32(v))
		}
	case []float32:
		convertNum(d[doff:doff+len(src)], src)
	case []float64:
		convertNum(d[doff:doff+len(src)], src)
	}
}

// convertNum is dst[i] = D(src[i]). Out-of-range float to integer
// conversions follow the platform, as they do in PyTorch.
func convertNum[D, S Num](dst []D, src []S) {
	for i, v := range src {
		dst[i] = D(v)
	}
}
