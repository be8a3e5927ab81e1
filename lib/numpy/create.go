package numpy

import (
	"fmt"
	"github.com/tensh/tensh/eval"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// npFromValue is np.array(v, dtype): a new array from nested sequences,
// numbers, arrays or tensors (always a copy).
func npFromValue(v eval.Value, dt *tensor.DType) *NDArray {
	if a, ok := v.(*NDArray); ok {
		d := a.dtype()
		if dt != nil {
			d = *dt
		}
		return a.copyAs(d)
	}
	if t, ok := v.(*tensor.Tensor); ok {
		a := tensorToND(t)
		d := a.dtype()
		if dt != nil {
			d = *dt
		}
		return a.copyAs(d)
	}
	shape := npDiscoverShape(v)
	var leaves []eval.Value
	npLeaves(v, len(shape), &leaves)
	d := tensor.Float64
	if dt != nil {
		d = *dt
	} else if len(leaves) > 0 {
		d = npInferDType(leaves)
	}
	out := npEmpty(shape, d)
	st := out.Storage()
	for i, e := range leaves {
		st.Set(i, npLeafScalar(e, d))
	}
	return newND(out)
}

// npSeq reports whether v is a sequence np.array descends into.
func npSeq(v eval.Value) bool {
	switch x := v.(type) {
	case *eval.List, eval.Tuple, eval.Size, eval.Range, *eval.NamedTuple:
		return true
	case *NDArray:
		return x.ndim() > 0
	case *tensor.Tensor:
		return x.Dim() > 0
	}
	return false
}

// npDiscoverShape is NumPy's shape discovery: the dimensions on which
// every element agrees; a disagreement raises its inhomogeneous-shape
// ValueError.
func npDiscoverShape(v eval.Value) []int {
	var shape []int
	level := []eval.Value{v}
	for {
		if len(level) == 0 {
			return shape
		}
		seq := npSeq(level[0])
		n := -1
		for _, e := range level {
			if npSeq(e) != seq {
				eval.Throw("ValueError", errNPInhomogeneous, len(shape), npShapeText(shape))
			}
			if seq {
				m := npLen(e)
				if n >= 0 && m != n {
					eval.Throw("ValueError", errNPInhomogeneous, len(shape), npShapeText(shape))
				}
				n = m
			}
		}
		if !seq {
			return shape
		}
		if len(shape) >= 32 {
			eval.Throw("ValueError", errNPMaxDims)
		}
		shape = append(shape, n)
		var next []eval.Value
		for _, e := range level {
			next = append(next, npChildren(e)...)
		}
		eval.CheckItems(len(next))
		level = next
	}
}

func npLen(v eval.Value) int {
	switch x := v.(type) {
	case *NDArray:
		return x.shape()[0]
	case *tensor.Tensor:
		return x.Size(0)
	case eval.Range:
		return int(x.Len())
	}
	return eval.Length(v)
}

func npChildren(v eval.Value) []eval.Value {
	switch x := v.(type) {
	case *NDArray:
		return x.PyIter()
	case *tensor.Tensor:
		return tensorToND(x).PyIter()
	}
	return eval.IterateAll(v)
}

// npLeaves collects the elements at depth nd in C order.
func npLeaves(v eval.Value, nd int, out *[]eval.Value) {
	if nd == 0 {
		if t, ok := v.(*tensor.Tensor); ok {
			v = &NDArray{t: tensorToND(t).t, scalar: true}
		}
		*out = append(*out, v)
		return
	}
	for _, e := range npChildren(v) {
		npLeaves(e, nd-1, out)
	}
}

// npInferDType is the dtype np.array gives its elements: bools, ints
// (int64), floats (float64) and NumPy scalars, promoted.
func npInferDType(leaves []eval.Value) tensor.DType {
	d := tensor.Bool
	for i, e := range leaves {
		var ed tensor.DType
		switch x := e.(type) {
		case eval.Bool:
			ed = tensor.Bool
		case eval.Int:
			ed = tensor.Int64
		case eval.Float:
			ed = tensor.Float64
		case eval.Complex:
			ed = tensor.Complex128
		case *NDArray:
			ed = x.dtype()
		case eval.Str:
			eval.Throw("TypeError", errNPUnsupportedDType, "str")
		default:
			eval.Throw("TypeError", errNPUnsupportedDType, "object")
		}
		if i == 0 {
			d = ed
		} else {
			d = npPromote(d, ed)
		}
	}
	return d
}

// npLeafScalar converts one element for storing in dtype d.
func npLeafScalar(e eval.Value, d tensor.DType) tensor.Scalar {
	switch x := e.(type) {
	case eval.Bool:
		return npCast(tensor.BoolS(bool(x)), d)
	case eval.Int:
		i, ok := x.Int64()
		if !ok && d == tensor.Uint64 && x.Sign() > 0 && x.Big().IsUint64() {
			return tensor.IntS(int64(x.Big().Uint64())) // uint64's bits
		}
		if !ok {
			eval.Throw("OverflowError", errNPIntTooLarge)
		}
		return npCast(tensor.IntS(i), d)
	case eval.Float:
		return npCast(tensor.FloatS(float64(x)), d)
	case eval.Complex:
		if d == tensor.Bool {
			return tensor.BoolS(x.Re != 0 || x.Im != 0)
		}
		if !d.IsComplex() {
			eval.Throw("TypeError", errNPComplexToReal, npComplexToWhat(d))
		}
		return tensor.ComplexS(x.Re, x.Im)
	case *NDArray:
		if x.size() != 1 || x.ndim() != 0 {
			eval.Throw("ValueError", errNPSetSequence)
		}
		return npCast(x.item(), d)
	case eval.Str:
		eval.Throw("TypeError", errNPUnsupportedDType, "str")
	}
	eval.Throw("TypeError", errNPUnsupportedDType, "object")
	return tensor.Scalar{}
}

// npShapeArg converts a shape argument: an int or a sequence of ints.
func npShapeArg(v eval.Value) []int {
	var dims []eval.Value
	switch x := v.(type) {
	case *NDArray:
		dims = x.PyIter()
	default:
		if eval.IsSequence(v) {
			dims = eval.IterateAll(v)
		} else {
			dims = []eval.Value{v}
		}
	}
	shape := make([]int, len(dims))
	for i, d := range dims {
		n := npIndexInt(d)
		if n < 0 {
			eval.Throw("ValueError", errNPNegativeDims)
		}
		shape[i] = int(n)
	}
	return shape
}

// npIndexInt is operator.index(v).
func npIndexInt(v eval.Value) int64 {
	switch x := v.(type) {
	case eval.Int:
		i, ok := x.Int64()
		if !ok {
			eval.Throw("OverflowError", errNPIntTooLarge)
		}
		return i
	case eval.Bool:
		if x {
			return 1
		}
		return 0
	case *NDArray:
		if x.ndim() == 0 && x.dtype().IsIntegral(false) {
			return x.item().Int()
		}
	}
	eval.Throw("TypeError", errNPNotInteger, eval.TypeName(v))
	return 0
}

// npFull is an array of shape filled with v.
func npFull(shape []int, v tensor.Scalar, d tensor.DType) *NDArray {
	t := npEmpty(shape, d)
	t.Fill(npCast(v, d))
	return newND(t)
}

// npArange is np.arange(start, stop, step, dtype).
func npArange(start, stop, step eval.Value, dt *tensor.DType) *NDArray {
	vals := []eval.Value{start, stop, step}
	d := tensor.Int64
	isFloat := false
	for _, v := range vals {
		switch x := v.(type) {
		case eval.Float:
			isFloat = true
		case *NDArray:
			if x.dtype().IsFloat() {
				isFloat = true
			}
		}
	}
	if isFloat {
		d = tensor.Float64
	}
	if dt != nil {
		d = *dt
	}
	f := func(v eval.Value) float64 { return npNumber(v).Float() }
	st, sp, stp := f(start), f(stop), f(step)
	if stp == 0 {
		eval.Throw("ZeroDivisionError", errNPZeroDivision)
	}
	length := math.Ceil((sp - st) / stp)
	if math.IsNaN(length) {
		eval.Throw("ValueError", errNPArangeLength)
	}
	if length > math.MaxInt64 {
		eval.Throw("ValueError", errNPArangeZeroStep)
	}
	n := int(length)
	if !isFloat {
		a, b, c := npNumber(start).Int(), npNumber(stop).Int(), npNumber(step).Int()
		n = int((b - a + c - sign64(c)) / c)
	}
	if n < 0 {
		n = 0
	}
	t := npEmpty([]int{n}, d)
	s := t.Storage()
	if !isFloat && !d.IsFloat() {
		a, c := npNumber(start).Int(), npNumber(step).Int()
		for i := 0; i < n; i++ {
			s.Set(i, npCast(tensor.IntS(a+int64(i)*c), d))
		}
		return newND(t)
	}
	if !d.IsFloat() && !d.IsComplex() {
		// NumPy fills the first two values (cast to the dtype) and
		// extends with their difference, in the dtype
		f0 := npCast(tensor.FloatS(st), d).Int()
		delta := npCast(tensor.FloatS(st+stp), d).Int() - f0
		for i := 0; i < n; i++ {
			s.Set(i, npCast(tensor.IntS(f0+int64(i)*delta), d))
		}
		return newND(t)
	}
	// NumPy fills the first two values and extends with their difference.
	delta := (st + stp) - st
	for i := 0; i < n; i++ {
		s.Set(i, npCast(tensor.FloatS(st+float64(i)*delta), d))
	}
	return newND(t)
}

func sign64(x int64) int64 {
	if x < 0 {
		return -1
	}
	return 1
}

// npNumber converts a Python number or NumPy scalar to a Scalar.
func npNumber(v eval.Value) tensor.Scalar {
	switch x := v.(type) {
	case eval.Bool:
		return tensor.BoolS(bool(x))
	case eval.Int:
		i, ok := x.Int64()
		if !ok {
			eval.Throw("OverflowError", errNPIntTooLarge)
		}
		return tensor.IntS(i)
	case eval.Float:
		return tensor.FloatS(float64(x))
	case *NDArray:
		if x.size() == 1 {
			return x.item()
		}
	}
	eval.Throw("TypeError", errNPNotNumber, eval.TypeName(v))
	return tensor.Scalar{}
}

// npIntRange are the values an integer dtype holds.
var npIntRange = map[tensor.DType][2]int64{
	tensor.Uint8: {0, 255}, tensor.Int8: {-128, 127}, tensor.Int16: {-32768, 32767},
	tensor.Int32: {-1 << 31, 1<<31 - 1}, tensor.Uint16: {0, 65535}, tensor.Uint32: {0, 1<<32 - 1},
}

// npWarnPyInts warns, as NumPy 1.24 does, for every Python int in v (a
// number or nested sequences) that dtype d cannot hold: storing it wraps.
func npWarnPyInts(s *eval.Session, v eval.Value, d tensor.DType) {
	r, ok := npIntRange[d]
	if !ok {
		return
	}
	switch x := v.(type) {
	case eval.Int:
		if i, ok := x.Int64(); ok && (i < r[0] || i > r[1]) {
			s.Warn("DeprecationWarning", fmt.Sprintf(errNPOutOfBoundInt, i, npNames[d]))
		}
	case *eval.List, eval.Tuple:
		for _, e := range eval.IterateAll(x) {
			npWarnPyInts(s, e, d)
		}
	}
}
