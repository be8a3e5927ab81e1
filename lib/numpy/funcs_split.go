package numpy

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The quickstart's splitting and stacking functions (split, array_split,
// hsplit, vsplit, dsplit, column_stack, row_stack), unravel_index,
// binary_repr, base_repr, fromfunction, and the NaN/Inf aliases.

const (
	errNPSplitEqual    = "array split does not result in an equal division"
	errNPSplitSections = "number sections must be larger than 0."
	errNPUnravelBound  = "index %d is out of bounds for array with size %d"
	errNPHsplitDims    = "hsplit only works on arrays of 1 or more dimensions"
	errNPVsplitDims    = "vsplit only works on arrays of 2 or more dimensions"
	errNPDsplitDims    = "dsplit only works on arrays of 3 or more dimensions"
	errNPBaseTooLarge  = "Bases greater than 36 not handled in base_repr."
	errNPBaseTooSmall  = "Bases less than 2 not handled in base_repr."
)

// npSplit is array_split (equal false: split, which requires an equal
// division for a number of sections).
func npSplit(a *NDArray, sections eval.Value, axis int, equal bool) eval.Value {
	axis = npAxis(axis, a.ndim())
	n := a.shape()[axis]
	var bounds []int
	if k, ok := sections.(eval.Int); ok {
		parts := int(eval.UnpackLong(k))
		if parts <= 0 {
			eval.Throw("ValueError", errNPSplitSections)
		}
		if equal && n%parts != 0 {
			eval.Throw("ValueError", errNPSplitEqual)
		}
		each, extra := n/parts, n%parts
		pos := 0
		for i := 0; i < parts; i++ {
			bounds = append(bounds, pos)
			pos += each
			if i < extra {
				pos++
			}
		}
		bounds = append(bounds, n)
	} else {
		var cuts []int
		if arr, isND := sections.(*NDArray); isND {
			for _, v := range arr.values() {
				cuts = append(cuts, int(v.Int()))
			}
		} else {
			cuts = npShapeArgNeg(sections)
		}
		bounds = append([]int{0}, cuts...)
		bounds = append(bounds, n)
	}
	l := &eval.List{}
	for i := 0; i+1 < len(bounds); i++ {
		lo, hi := clampIdx(bounds[i], n), clampIdx(bounds[i+1], n)
		if hi < lo {
			hi = lo
		}
		l.Elems = append(l.Elems, newND(a.t.Narrow(axis, lo, hi-lo)))
	}
	return l
}

func clampIdx(i, n int) int {
	if i < 0 {
		i += n
	}
	return max(0, min(i, n))
}

func npAxis(axis, ndim int) int {
	if axis < -ndim || axis >= ndim {
		eval.Throw("numpy.AxisError", errNPAxisBounds, axis, ndim)
	}
	if axis < 0 {
		axis += ndim
	}
	return axis
}

func init() {
	npFunc("array_split", "array_split(ary, indices_or_sections, axis=0)", "ary in indices_or_sections parts (the first ones one longer when they do not divide it), or cut at the given indices.", func(a *eval.Args) eval.Value {
		var x, s eval.Value
		axis := 0
		a.Unpack("ary", &x, "indices_or_sections", &s, "axis?", &axis)
		return npSplit(npArgAny(x), s, axis, false)
	})
	npFunc("split", "split(ary, indices_or_sections, axis=0)", "ary in indices_or_sections equal parts, or cut at the given indices.", func(a *eval.Args) eval.Value {
		var x, s eval.Value
		axis := 0
		a.Unpack("ary", &x, "indices_or_sections", &s, "axis?", &axis)
		return npSplit(npArgAny(x), s, axis, true)
	})
	for _, sp := range []struct {
		name, msg  string
		dims, axis int
	}{{"hsplit", errNPHsplitDims, 1, 1}, {"vsplit", errNPVsplitDims, 2, 0}, {"dsplit", errNPDsplitDims, 3, 2}} {
		sp := sp
		npFunc(sp.name, sp.name+"(ary, indices_or_sections)", "split along axis "+strconv.Itoa(sp.axis)+" (hsplit: along axis 0 for 1-D arrays).", func(a *eval.Args) eval.Value {
			var x, s eval.Value
			a.Unpack("ary", &x, "indices_or_sections", &s)
			arr := npArgAny(x)
			if arr.ndim() < sp.dims {
				eval.Throw("ValueError", "%s", sp.msg)
			}
			axis := sp.axis
			if sp.name == "hsplit" && arr.ndim() == 1 {
				axis = 0
			}
			return npSplit(arr, s, axis, true)
		})
	}
	npFunc("column_stack", "column_stack(tup)", "1-D arrays as columns (2-D ones as they are), joined along the second axis.", func(a *eval.Args) eval.Value {
		var xs eval.Value
		a.Unpack("tup", &xs)
		arrs := npArrays(xs)
		for i, x := range arrs {
			if x.ndim() < 2 {
				arrs[i] = npReshape(npAtLeast(x, 1), []int{x.size(), 1})
			}
		}
		return npConcat(arrs, 1)
	})
	npFunc("row_stack", "row_stack(tup)", "np.vstack: the arrays (1-D ones as rows) joined along the first axis.", func(a *eval.Args) eval.Value {
		return npFuncs["vstack"].Fn(a)
	})
	npFunc("unravel_index", "unravel_index(indices, shape, order='C')", "The coordinates (a tuple of arrays, or of ints for an int) of flat indices into an array of the shape.", func(a *eval.Args) eval.Value {
		var idx, shape eval.Value
		order := "C"
		a.Unpack("indices", &idx, "shape", &shape, "order?", &order)
		dims := npShapeArg(shape)
		size := tensor.Numel(dims)
		arr := npArgAny(idx)
		vals := arr.values()
		coords := make([][]int64, len(dims))
		for _, v := range vals {
			k := v.Int()
			if k < 0 || k >= int64(size) {
				eval.Throw("ValueError", errNPUnravelBound, k, size)
			}
			for d := len(dims) - 1; d >= 0; d-- {
				if order == "F" {
					continue
				}
				coords[d] = append(coords[d], k%int64(dims[d]))
				k /= int64(dims[d])
			}
			if order == "F" {
				for d := 0; d < len(dims); d++ {
					coords[d] = append(coords[d], k%int64(dims[d]))
					k /= int64(dims[d])
				}
			}
		}
		out := make(eval.Tuple, len(dims))
		for d := range dims {
			if arr.ndim() == 0 {
				out[d] = scalarValue(tensor.IntS(coords[d][0]), tensor.Int64)
				continue
			}
			out[d] = newND(tensor.FromSlice(coords[d], arr.shape()...))
		}
		return out
	})
	npFunc("binary_repr", "binary_repr(num, width=None)", "num in binary as a string (two's complement in width digits for a negative num with a width).", func(a *eval.Args) eval.Value {
		var num int64
		var width eval.Value = eval.None
		a.Unpack("num", &num, "width?", &width)
		w, hasW := 0, false
		if iv, ok := width.(eval.Int); ok {
			w, hasW = int(eval.UnpackLong(iv)), true
		}
		if num < 0 && hasW {
			u := uint64(num) & (1<<uint(w) - 1)
			return eval.Str(fmt.Sprintf("%0*b", w, u))
		}
		s := strconv.FormatInt(num, 2)
		if hasW && len(strings.TrimPrefix(s, "-")) < w {
			s = strings.Repeat("0", w-len(s)) + s
		}
		return eval.Str(s)
	})
	npFunc("base_repr", "base_repr(number, base=2, padding=0)", "number in the base (2 to 36), with padding zeros in front.", func(a *eval.Args) eval.Value {
		var num int64
		base, padding := 2, 0
		a.Unpack("number", &num, "base?", &base, "padding?", &padding)
		switch {
		case base > 36:
			eval.Throw("ValueError", errNPBaseTooLarge)
		case base < 2:
			eval.Throw("ValueError", errNPBaseTooSmall)
		}
		s := strings.ToUpper(strconv.FormatInt(int64(math.Abs(float64(num))), base))
		s = strings.Repeat("0", padding) + s
		if num < 0 {
			s = "-" + s
		}
		return eval.Str(s)
	})
	npFunc("fromfunction", "fromfunction(function, shape, *, dtype=float, **kwargs)", "function called once with the index arrays of the shape (np.indices), its result returned.", func(a *eval.Args) eval.Value {
		if len(a.Pos) < 2 {
			eval.Throw("TypeError", errNPFromFunctionArgs)
		}
		fn, shape := a.Pos[0], npShapeArg(a.Pos[1])
		d := tensor.Float64
		var kw []eval.KwArg
		for _, k := range a.Kw {
			if k.Name == "dtype" {
				if p := npDTypeArg(k.Value); p != nil {
					d = *p
				}
				continue
			}
			kw = append(kw, k)
		}
		idx := make([]eval.Value, len(shape))
		for axis := range shape {
			n := tensor.Numel(shape)
			vals := make([]float64, n)
			stride := 1
			for k := axis + 1; k < len(shape); k++ {
				stride *= shape[k]
			}
			for i := range vals {
				vals[i] = float64(i / stride % shape[axis])
			}
			idx[axis] = newND(tensor.FromSlice(vals, shape...).To(d))
		}
		return a.Session().Call(fn, &eval.Args{Pos: idx, Kw: kw})
	})
}
