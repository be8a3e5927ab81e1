package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Tensor indexing: the conversion of a Python index (int, slice, None,
// ..., bool, tensor, list, or a tuple of them) into runtime/tensor's index
// items, following torch/csrc/autograd/python_variable_indexing.cpp. The
// indexing itself (views for basic indices, copies for advanced ones, the
// writes of assignment) is runtime/tensor's GetItem and SetItem.

// tensorGetItem is t[idx].
func tensorGetItem(s *eval.Session, t *tensor.Tensor, idx eval.Value) eval.Value {
	items, tuple := indexItems(idx)
	return gradGetItem(t, items, tuple, t.GetItem(items, tuple, warnFunc(s)))
}

// tensorSetItem is t[idx] = v. The right side is converted first (as
// PyTorch does): a tensor as it is, a Python number to a 0-d tensor of t's
// dtype (checked for overflow); anything else is a TypeError.
func tensorSetItem(s *eval.Session, t *tensor.Tensor, idx, v eval.Value) {
	var val *tensor.Tensor
	switch x := v.(type) {
	case *tensor.Tensor:
		val = x
	case eval.Bool, eval.Int, eval.Float:
		sc := scalarForAssign(x)
		tensor.CheckScalar(sc, t.DType())
		val = tensor.Scalar0(sc, t.DType())
	default:
		eval.Throw("TypeError", errCantAssign, eval.TypeName(v), tensor.LegacyTypeName(t.DType(), t.Device()))
	}
	items, tuple := indexItems(idx)
	_, valIsTensor := v.(*tensor.Tensor)
	gradSetItem(t, items, tuple, val, valIsTensor, func() { t.SetItem(items, tuple, val, warnFunc(s)) })
}

// scalarForAssign is valueToTensor's reading of a Python number: bools
// and ints as int64 (with PyTorch's overflow error), floats as double.
func scalarForAssign(v eval.Value) tensor.Scalar {
	switch x := v.(type) {
	case eval.Bool:
		if x {
			return tensor.IntS(1)
		}
		return tensor.IntS(0)
	case eval.Int:
		i, ok := x.Int64()
		if !ok {
			eval.Throw("RuntimeError", eval.ErrOverflowLong)
		}
		return tensor.IntS(i)
	case eval.Float:
		return tensor.FloatS(float64(x))
	}
	panic("scalarForAssign: not a number")
}

// tensorSelect is t[i] for an int i (iteration, unpacking).
func tensorSelect(t *tensor.Tensor, i int) *tensor.Tensor {
	return t.Select(0, i)
}

// indexItems converts a Python index. tuple is false for the single
// indices PyTorch handles on its fast paths (an int, a slice, None,
// Ellipsis, True/False not inside a tuple).
func indexItems(idx eval.Value) (items []tensor.IndexItem, tuple bool) {
	switch x := idx.(type) {
	case eval.NoneType, eval.EllipsisType, eval.Bool:
		return []tensor.IndexItem{indexItem(x)}, false
	case eval.Int, *eval.Slice:
		// converted at once on PyTorch's fast path
		it := indexItem(x)
		if it.Kind == tensor.IndexDeferred {
			panic(it.Err)
		}
		return []tensor.IndexItem{it}, false
	case eval.Tuple:
		return indexTupleItems(x), true
	case eval.Size:
		return indexTupleItems(eval.IterateAll(x)), true
	case *eval.List:
		if treatAsTuple(x.Elems) {
			return indexTupleItems(x.Elems), true
		}
	case eval.Str:
		// A str is a sequence of strs: PyTorch indexes with the tuple of
		// its characters, each of which fails to convert.
		if n := len([]rune(string(x))); n > 0 && n < 32 {
			return indexTupleItems(eval.IterateAll(x)), true
		}
	}
	return []tensor.IndexItem{indexItem(idx)}, true
}

// treatAsTuple is treatSequenceAsTuple's heuristic (from NumPy) for a list
// index: short lists holding a tensor, a sequence, a slice, None or
// Ellipsis are tuples of indices; other lists are one index.
func treatAsTuple(elems []eval.Value) bool {
	if len(elems) >= 32 {
		return false
	}
	for _, e := range elems {
		switch e.(type) {
		case *tensor.Tensor, *eval.List, eval.Tuple, eval.Size, eval.Str, eval.Range, *eval.Slice, eval.NoneType, eval.EllipsisType:
			return true
		}
	}
	return false
}

func indexTupleItems(elems []eval.Value) []tensor.IndexItem {
	items := make([]tensor.IndexItem, len(elems))
	for i, e := range elems {
		items[i] = indexItem(e)
	}
	return items
}

// indexItem converts one element of an index tuple. Conversion errors are
// deferred: PyTorch converts each element when it reaches it, after the
// elements before it have been applied.
func indexItem(v eval.Value) (it tensor.IndexItem) {
	defer func() {
		if r := recover(); r != nil {
			switch r.(type) {
			case *eval.Exception, *tensor.Error:
				it = tensor.IndexItem{Kind: tensor.IndexDeferred, Err: r}
			default:
				panic(r)
			}
		}
	}()
	switch x := v.(type) {
	case eval.Int:
		i, ok := x.Int64()
		if !ok {
			eval.Throw("RuntimeError", eval.ErrOverflowLong)
		}
		return tensor.IndexItem{Kind: tensor.IndexInt, Int: int(i)}
	case eval.Bool:
		return tensor.IndexItem{Kind: tensor.IndexBool, Bool: bool(x)}
	case eval.NoneType:
		return tensor.IndexItem{Kind: tensor.IndexNone}
	case eval.EllipsisType:
		return tensor.IndexItem{Kind: tensor.IndexEllipsis}
	case *eval.Slice:
		start, stop, step := unpackSlice(x)
		return tensor.IndexItem{Kind: tensor.IndexSlice, Start: start, Stop: stop, Step: step}
	case *tensor.Tensor:
		return tensor.IndexItem{Kind: tensor.IndexTensor, Tensor: x}
	case *eval.List, eval.Tuple, eval.Size, eval.Range, eval.Str:
		return tensor.IndexItem{Kind: tensor.IndexTensor, Tensor: indexTensorFromSeq(x), FromSeq: true}
	}
	if n, ok := eval.AsNumber(v).(eval.Int); ok { // NumPy's integer scalars (is_numpy_int)
		return indexItem(n)
	}
	if src, ok := v.(eval.TensorSource); ok && eval.AsNumber(v) == v { // ndarrays (not NumPy scalars) index as tensors
		return indexItem(src.TorchTensor())
	}
	eval.Throw("IndexError", errInvalidIndex, eval.TypeName(v))
	return
}

// unpackSlice is PySlice_Unpack: omitted parts take their defaults, bounds
// are clamped to the int64 range, a zero step is an error.
func unpackSlice(sl *eval.Slice) (start, stop, step int) {
	get := func(v eval.Value) int {
		switch x := eval.AsNumber(v).(type) { // NumPy's scalars: their __index__
		case eval.Int:
			if i, ok := x.Int64(); ok {
				return int(i)
			}
			if x.Sign() < 0 {
				return math.MinInt64
			}
			return math.MaxInt64
		case eval.Bool:
			if x {
				return 1
			}
			return 0
		case *tensor.Tensor:
			i, _ := eval.PyIndex("slice", x)
			return int(i)
		}
		eval.Throw("TypeError", eval.ErrSliceIndices)
		return 0
	}
	step = 1
	if _, none := sl.Step.(eval.NoneType); !none {
		step = get(sl.Step)
		if step == 0 {
			eval.Throw("ValueError", eval.ErrSliceStepZero)
		}
	}
	if _, none := sl.Start.(eval.NoneType); none {
		if step < 0 {
			start = math.MaxInt64
		}
	} else {
		start = get(sl.Start)
	}
	if _, none := sl.Stop.(eval.NoneType); none {
		stop = math.MaxInt64
		if step < 0 {
			stop = math.MinInt64
		}
	} else {
		stop = get(sl.Stop)
	}
	return start, stop, step
}

// indexTensorFromSeq is sequenceToVariable: a Python sequence used as an
// index becomes an int64 tensor (bool when all its elements are bools),
// with the dtype inference and shape checks of torch.tensor.
func indexTensorFromSeq(v eval.Value) *tensor.Tensor {
	d, ok := inferIndexDType(v)
	if !ok {
		d = tensor.DefaultFloat()
	}
	var shape []int
	for cur := v; ; {
		if !isIndexSeq(cur) {
			break
		}
		elems := eval.IterateAll(cur)
		shape = append(shape, len(elems))
		if len(shape) > maxTensorDims {
			eval.Throw("ValueError", errTooManyDims, eval.TypeName(cur))
		}
		if len(elems) == 0 {
			break
		}
		cur = elems[0]
	}
	vals := make([]tensor.Scalar, 0, tensor.Numel(shape))
	var store func(x eval.Value, dim int)
	store = func(x eval.Value, dim int) {
		if dim == len(shape) {
			if t, ok := x.(*tensor.Tensor); ok {
				if t.Numel() != 1 {
					eval.Throw("ValueError", eval.ErrOneElementScalars)
				}
				vals = append(vals, t.Item())
				return
			}
			if isIndexSeq(x) {
				eval.Throw("ValueError", errExpectedSeqLen, 0, dim, len(eval.IterateAll(x)))
			}
			s, ok := eval.ToScalar(x)
			if !ok {
				eval.Throw("TypeError", eval.ErrCannotInterpretInt, eval.TypeName(x))
			}
			if x, isInt := x.(eval.Int); isInt {
				if _, fits := x.Int64(); !fits {
					eval.Throw("RuntimeError", eval.ErrOverflowLong)
				}
			}
			vals = append(vals, s)
			return
		}
		if !isIndexSeq(x) {
			eval.Throw("TypeError", errNotASequence)
		}
		elems := eval.IterateAll(x)
		if len(elems) != shape[dim] {
			eval.Throw("ValueError", errExpectedSeqLen, shape[dim], dim, len(elems))
		}
		for _, e := range elems {
			store(e, dim+1)
		}
	}
	store(v, 0)
	t := tensor.Empty(shape, d)
	for i, off := range t.Offsets() {
		t.Storage().Set(off, vals[i])
	}
	if d == tensor.Bool || d == tensor.Uint8 {
		return t
	}
	return t.To(tensor.Int64)
}

func isIndexSeq(v eval.Value) bool {
	switch v.(type) {
	case *eval.List, eval.Tuple, eval.Size, eval.Range:
		return true
	}
	return false
}

// inferIndexDType is infer_scalar_type over a (nested) sequence; ok is
// false for an empty sequence (the default dtype).
func inferIndexDType(v eval.Value) (tensor.DType, bool) { return inferIndexDTypeAt(v, 0) }

// inferIndexDTypeAt is inferIndexDType at nesting depth depth: as in
// inferScalarType, a list that holds itself is refused, and so is nesting
// past Python's recursion limit (a cycle through several lists).
func inferIndexDTypeAt(v eval.Value, depth int) (tensor.DType, bool) {
	switch x := v.(type) {
	case eval.Bool:
		return tensor.Bool, true
	case eval.Int:
		return tensor.Int64, true
	case eval.Float:
		return tensor.DefaultFloat(), true
	case *tensor.Tensor:
		return x.DType(), true
	case eval.Str:
		eval.Throw("TypeError", errNewInvalidType, "str")
	case *eval.List, eval.Tuple, eval.Size, eval.Range:
		if depth > 1000 {
			eval.Throw("RecursionError", eval.ErrRecursion)
		}
		var d tensor.DType
		found := false
		for _, e := range eval.IterateAll(x) {
			if l, ok := x.(*eval.List); ok {
				if el, ok := e.(*eval.List); ok && el == l {
					eval.Throw("TypeError", "new(): self-referential lists are incompatible")
				}
			}
			ed, ok := inferIndexDTypeAt(e, depth+1)
			if !ok {
				ed = tensor.DefaultFloat()
			}
			if found {
				d = tensor.PromoteTypes(d, ed)
			} else {
				d, found = ed, true
			}
		}
		return d, found
	}
	eval.Throw("RuntimeError", errCouldNotInfer, eval.TypeName(v))
	return 0, false
}
