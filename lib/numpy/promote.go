package numpy

import (
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// NumPy 1.24's type promotion (numpy/core/src/multiarray/convert_datatype.c):
// promote_types, min_scalar_type and the legacy value-based result_type
// that 0-d operands (Python numbers, NumPy scalars) get.

// npType is a dtype for promotion: the runtime's, plus the unsigned
// integers NumPy has and tensh does not store (uint16, uint32, uint64).
type npType struct {
	kind     int // 0 bool, 1 integer, 2 float
	size     int
	unsigned bool
}

func npTypeOf(d tensor.DType) npType {
	switch {
	case d == tensor.Bool:
		return npType{0, 1, false}
	case d.IsFloat():
		return npType{2, d.ItemSize(), false}
	case d.IsComplex():
		return npType{3, d.ItemSize(), false}
	case d.IsIntegral(false) && !d.IsSigned():
		return npType{1, d.ItemSize(), true}
	}
	return npType{1, d.ItemSize(), false}
}

// dtype converts back; the unsigned types tensh lacks raise.
func (t npType) dtype() tensor.DType {
	switch {
	case t.kind == 0:
		return tensor.Bool
	case t.kind == 2:
		return map[int]tensor.DType{2: tensor.Float16, 4: tensor.Float32, 8: tensor.Float64}[t.size]
	case t.kind == 3:
		return map[int]tensor.DType{8: tensor.Complex64, 16: tensor.Complex128}[t.size]
	case t.unsigned:
		return map[int]tensor.DType{1: tensor.Uint8, 2: tensor.Uint16, 4: tensor.Uint32, 8: tensor.Uint64}[t.size]
	}
	return map[int]tensor.DType{1: tensor.Int8, 2: tensor.Int16, 4: tensor.Int32, 8: tensor.Int64}[t.size]
}

// promoteT is np.promote_types.
func promoteT(a, b npType) npType {
	switch {
	case a == b:
		return a
	case a.kind == 0:
		return b
	case b.kind == 0:
		return a
	case a.kind == 3 || b.kind == 3:
		return promoteComplex(a, b)
	case a.kind == 2 && b.kind == 2:
		return npType{2, max(a.size, b.size), false}
	case a.kind == 2 || b.kind == 2:
		f, i := a, b
		if b.kind == 2 {
			f, i = b, a
		}
		for _, sz := range []int{f.size, 4, 8} {
			if sz >= f.size && sz > i.size {
				return npType{2, sz, false}
			}
		}
		return npType{2, 8, false}
	case a.unsigned == b.unsigned:
		return npType{1, max(a.size, b.size), a.unsigned}
	}
	s, u := a, b
	if a.unsigned {
		s, u = b, a
	}
	if s.size > u.size {
		return s
	}
	if u.size == 8 {
		return npType{2, 8, false}
	}
	return npType{1, 2 * u.size, false}
}

// npPromote is promote_types on runtime dtypes.
func npPromote(a, b tensor.DType) tensor.DType {
	return promoteT(npTypeOf(a), npTypeOf(b)).dtype()
}

// npMinScalar is min_scalar_type of a 0-d value, with whether it is a
// "small unsigned" (fits the signed type of its size).
func npMinScalar(a *NDArray) (npType, bool) {
	d := a.dtype()
	v := a.item()
	switch {
	case d == tensor.Bool:
		return npType{0, 1, false}, false
	case d.IsFloat():
		x := v.Float()
		if math.IsNaN(x) || math.IsInf(x, 0) || (x > -65000 && x < 65000) {
			return npType{2, 2, false}, false
		}
		if x > -3.4e38 && x < 3.4e38 || d == tensor.Float16 {
			return npType{2, 4, false}, false
		}
		return npType{2, 8, false}, false
	}
	i := v.Int()
	if i >= 0 {
		for _, sz := range []int{1, 2, 4} {
			if i < int64(1)<<(8*sz) {
				return npType{1, sz, true}, i < int64(1)<<(8*sz-1)
			}
		}
		return npType{1, 8, true}, true
	}
	for _, sz := range []int{1, 2, 4} {
		if i >= -(int64(1) << (8*sz - 1)) {
			return npType{1, sz, false}, false
		}
	}
	return npType{1, 8, false}, false
}

// promoteSmall is promote_types with the small-unsigned rule: a small
// unsigned meeting a signed type counts as the signed type of its size.
func promoteSmall(a, b npType, smallA, smallB bool) npType {
	if smallA && b.kind == 1 && !b.unsigned {
		a.unsigned = false
	}
	if smallB && a.kind == 1 && !a.unsigned {
		b.unsigned = false
	}
	return promoteT(a, b)
}

// npResultType is the legacy result_type of ufunc operands: 0-d operands
// count by value (min_scalar_type) when their kind is not above the
// arrays' kind.
func npResultType(args []*NDArray) tensor.DType {
	maxScalar, maxArray := -1, -1
	allScalars := true
	for _, a := range args {
		k := npTypeOf(a.dtype()).kind
		if a.ndim() == 0 {
			maxScalar = max(maxScalar, k)
		} else {
			maxArray = max(maxArray, k)
			allScalars = false
		}
	}
	useMin := !allScalars && maxArray >= maxScalar
	var ret npType
	retSmall := false
	for i, a := range args {
		t, small := npTypeOf(a.dtype()), false
		if useMin && a.ndim() == 0 {
			t, small = npMinScalar(a)
		}
		if i == 0 {
			ret, retSmall = t, small
			continue
		}
		ret = promoteSmall(t, ret, small, retSmall)
		retSmall = small && retSmall
	}
	return ret.dtype()
}

// npCanCast is np.can_cast(from, to, casting).
func npCanCast(from, to tensor.DType, casting string) bool {
	if casting == "unsafe" || from == to {
		return true
	}
	f, t := npTypeOf(from), npTypeOf(to)
	safe := promoteT(f, t) == t
	if casting == "safe" || safe {
		return safe
	}
	// same_kind: b < u < i < f.
	order := func(x npType) int {
		switch {
		case x.kind == 0:
			return 0
		case x.kind >= 2:
			return x.kind + 1
		case x.unsigned:
			return 1
		}
		return 2
	}
	return order(f) <= order(t)
}
