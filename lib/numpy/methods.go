package numpy

import (
	"fmt"
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
	"strconv"
	"strings"
)

// The attributes and methods of numpy.ndarray (and the NumPy scalars).

// npMethods are the ndarray methods by name.
var npMethods = map[string]*eval.Builtin{}

func npMethod(name, sig, doc string, fn func(a *eval.Args, x *NDArray) eval.Value) {
	npMethods[name] = &eval.Builtin{Name: name, Sig: sig, Doc: doc, Fn: func(a *eval.Args) eval.Value {
		x := a.Self.(*NDArray)
		if !npComplexMethodOK[name] {
			npComplexGuard("ndarray."+name, x)
			npUint64Guard(x)
		}
		a.Self = nil
		r := fn(a, x)
		// A NumPy scalar's method that gives a 0-d array gives a scalar.
		if res, ok := r.(*NDArray); ok && x.scalar && res.ndim() == 0 {
			return &NDArray{t: res.t, scalar: true}
		}
		return r
	}}
}

// Attr is a.name.
func (a *NDArray) Attr(s *eval.Session, name string) (eval.Value, bool) {
	switch name {
	case "shape":
		return shapeTuple(a.shape()), true
	case "ndim":
		return eval.MakeInt(int64(a.ndim())), true
	case "size":
		return eval.MakeInt(int64(a.size())), true
	case "dtype":
		return NPDType{a.dtype()}, true
	case "strides":
		return shapeTuple(a.byteStrides()), true
	case "itemsize":
		return eval.MakeInt(int64(a.dtype().ItemSize())), true
	case "nbytes":
		return eval.MakeInt(int64(a.dtype().ItemSize() * a.size())), true
	case "T":
		if a.scalar {
			return a, true
		}
		return npTranspose(a, nil), true
	case "flags":
		return a.flags(), true
	}
	if m, ok := npMethods[name]; ok {
		return &eval.BoundMethod{Self: a, Fn: m}, true
	}
	return nil, false
}

// flags is a.flags: C_CONTIGUOUS, F_CONTIGUOUS, WRITEABLE.
func (a *NDArray) flags() *eval.Object {
	vals := map[string]eval.Value{
		"C_CONTIGUOUS": eval.Bool(a.cContiguous()),
		"F_CONTIGUOUS": eval.Bool(a.fContiguous()),
		"WRITEABLE":    eval.Bool(!a.readonly && !a.scalar),
		"OWNDATA":      eval.Bool(!a.borrowed),
	}
	o := &eval.Object{TypeName: "numpy.core.multiarray.flagsobj", Attrs: map[string]eval.Value{
		"c_contiguous": vals["C_CONTIGUOUS"], "f_contiguous": vals["F_CONTIGUOUS"], "writeable": vals["WRITEABLE"], "owndata": vals["OWNDATA"],
	}}
	o.GetItem = func(idx eval.Value) eval.Value {
		k, _ := idx.(eval.Str)
		if v, ok := vals[string(k)]; ok {
			return v
		}
		eval.Throw("KeyError", errNPFlagsKey)
		return nil
	}
	o.ReprFn = func() string {
		b := func(k string) string { return eval.Repr(vals[k]) }
		return "  C_CONTIGUOUS : " + b("C_CONTIGUOUS") + "\n  F_CONTIGUOUS : " + b("F_CONTIGUOUS") +
			"\n  OWNDATA : " + b("OWNDATA") + "\n  WRITEABLE : " + b("WRITEABLE") + "\n  ALIGNED : True\n  WRITEBACKIFCOPY : False\n"
	}
	return o
}

// npDimsArgs reads reshape/transpose style arguments: ints or one tuple.
func npDimsArgs(a *eval.Args) []int {
	if len(a.Pos) == 1 {
		if _, isInt := a.Pos[0].(eval.Int); !isInt {
			if _, isNone := a.Pos[0].(eval.NoneType); isNone {
				return nil
			}
			return npIntList(a.Pos[0])
		}
	}
	return npIntList(eval.Tuple(a.Pos))
}

func npIntList(v eval.Value) []int {
	elems := eval.IterateAll(v)
	out := make([]int, len(elems))
	for i, e := range elems {
		out[i] = int(npIndexInt(e))
	}
	return out
}

// npReduceArgs reads axis=, keepdims= (and rejects out= it does not model).
func npReduceArgs(a *eval.Args) (axis eval.Value, keepdims bool) {
	axis = eval.None
	a.Unpack("axis?", &axis, "$keepdims?", &keepdims)
	return axis, keepdims
}

func init() {
	npMethod("reshape", "reshape(*shape, order='C')", "The array with a new shape (a view when contiguous).", func(a *eval.Args, x *NDArray) eval.Value {
		order := "C"
		for _, kw := range a.Kw {
			if kw.Name != "order" {
				eval.Throw("TypeError", errNPReshapeKw, kw.Name)
			}
			o, ok := kw.Value.(eval.Str)
			if !ok || (o != "C" && o != "F" && o != "A") {
				eval.Throw("ValueError", errNPOrder, eval.ToStr(kw.Value))
			}
			order = string(o)
		}
		a.Kw = nil
		if len(a.Pos) == 0 {
			eval.Throw("TypeError", errNPReshapeArgs)
		}
		dims := npDimsArgs(a)
		if order == "F" || (order == "A" && x.fContiguous() && !x.cContiguous()) {
			// Fortran order: the reversed shapes in C order, transposed.
			rev := make([]int, len(dims))
			for i, d := range dims {
				rev[len(dims)-1-i] = d
			}
			return npTranspose(npReshape(npTranspose(x, nil), rev), nil)
		}
		return npReshape(x, dims)
	})
	npMethod("transpose", "transpose(*axes)", "The array with its axes permuted (reversed by default).", func(a *eval.Args, x *NDArray) eval.Value {
		if len(a.Pos) == 0 {
			return npTranspose(x, nil)
		}
		return npTranspose(x, npDimsArgs(a))
	})
	npMethod("swapaxes", "swapaxes(axis1, axis2)", "The array with two axes swapped.", func(a *eval.Args, x *NDArray) eval.Value {
		var i, j int
		a.Unpack("axis1", &i, "axis2", &j)
		axes := npRangeInts(x.ndim())
		i, j = npWrapAxis(i, x.ndim()), npWrapAxis(j, x.ndim())
		axes[i], axes[j] = axes[j], axes[i]
		return npTranspose(x, axes)
	})
	npMethod("astype", "astype(dtype)", "A copy converted to dtype.", func(a *eval.Args, x *NDArray) eval.Value {
		var dt eval.Value
		a.Unpack("dtype", &dt)
		return x.copyAs(npDTypeOf(dt))
	})
	npMethod("copy", "copy()", "A C-ordered copy.", func(a *eval.Args, x *NDArray) eval.Value {
		a.NoArgs()
		c := x.copyAs(x.dtype())
		c.scalar = x.scalar
		return c
	})
	npMethod("ravel", "ravel()", "The elements as a 1-D array (a view when contiguous).", func(a *eval.Args, x *NDArray) eval.Value {
		a.NoArgs()
		return npRavel(x)
	})
	npMethod("flatten", "flatten()", "A 1-D copy of the elements.", func(a *eval.Args, x *NDArray) eval.Value {
		a.NoArgs()
		return npRavel(x.copyAs(x.dtype()))
	})
	npMethod("squeeze", "squeeze(axis=None)", "The array without its size-1 axes.", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.None
		a.Unpack("axis?", &axis)
		return npSqueeze(x, axis)
	})
	npMethod("tolist", "tolist()", "The elements as nested Python lists.", func(a *eval.Args, x *NDArray) eval.Value {
		a.NoArgs()
		return npToList(x)
	})
	npMethod("item", "item(*index)", "An element as a Python number: the only one, the one at a flat index, or at a multi-index.", func(a *eval.Args, x *NDArray) eval.Value {
		var idx []eval.Value
		a.Unpack("*args", &idx)
		if len(idx) == 1 {
			if t, ok := idx[0].(eval.Tuple); ok {
				idx = t
			}
		}
		switch len(idx) {
		case 0:
			if x.size() != 1 {
				eval.Throw("ValueError", errNPItemSize)
			}
			return scalarValue(x.values()[0], x.dtype())
		case 1:
			i, n := npIndexInt(idx[0]), int64(x.size())
			if i < -n || i >= n {
				eval.Throw("IndexError", errNPIndexBounds, i, 0, n)
			}
			if i < 0 {
				i += n
			}
			return scalarValue(x.values()[i], x.dtype())
		}
		if len(idx) != x.ndim() {
			eval.Throw("ValueError", errNPItemIndices)
		}
		return eval.Value(scalarValue(x.index(eval.Tuple(idx)).view.item(), x.dtype()))
	})
	npMethod("fill", "fill(value)", "Sets every element to value.", func(a *eval.Args, x *NDArray) eval.Value {
		var v eval.Value
		a.Unpack("value", &v)
		if x.readonly {
			eval.Throw("ValueError", errNPReadOnly)
		}
		x.t.Fill(npCast(npNumber(v), x.dtype()))
		return eval.None
	})
	npMethod("sum", "sum(axis=None, dtype=None, keepdims=False)", "The sum of the elements (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		var axis, dt eval.Value = eval.None, eval.None
		var keep bool
		a.Unpack("axis?", &axis, "dtype?", &dt, "$keepdims?", &keep)
		var d *tensor.DType
		if _, ok := dt.(eval.NoneType); !ok {
			dd := npDTypeOf(dt)
			d = &dd
		}
		v, flags := npSumF(x, axis, keep, d)
		flags.warn(a.Session(), npSumLoc(a.Session(), false), "reduce")
		return v
	})
	npMethod("prod", "prod(axis=None, keepdims=False)", "The product of the elements (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npProd(a.Session(), x, axis, keep)
	})
	npMethod("mean", "mean(axis=None, keepdims=False)", "The mean of the elements (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npMean(a.Session(), x, axis, keep)
	})
	for _, name := range []string{"std", "var"} {
		name := name
		npMethod(name, name+"(axis=None, ddof=0, keepdims=False)", "The "+map[string]string{"std": "standard deviation", "var": "variance"}[name]+" of the elements (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
			var axis eval.Value = eval.None
			var ddof int
			var keep bool
			a.Unpack("axis?", &axis, "$ddof?", &ddof, "$keepdims?", &keep)
			return npVar(a.Session(), x, axis, keep, ddof, name == "std")
		})
	}
	npMethod("max", "max(axis=None, keepdims=False)", "The largest element (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npExtreme(x, axis, keep, true, "maximum")
	})
	npMethod("min", "min(axis=None, keepdims=False)", "The smallest element (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npExtreme(x, axis, keep, false, "minimum")
	})
	npMethod("argmax", "argmax(axis=None)", "The index of the largest element (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.None
		a.Unpack("axis?", &axis)
		return npArgExtreme(x, axis, true, "argmax")
	})
	npMethod("argmin", "argmin(axis=None)", "The index of the smallest element (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.None
		a.Unpack("axis?", &axis)
		return npArgExtreme(x, axis, false, "argmin")
	})
	npMethod("all", "all(axis=None, keepdims=False)", "Whether every element is true (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npAllAny(x, axis, keep, true)
	})
	npMethod("any", "any(axis=None, keepdims=False)", "Whether any element is true (over axis).", func(a *eval.Args, x *NDArray) eval.Value {
		axis, keep := npReduceArgs(a)
		return npAllAny(x, axis, keep, false)
	})
	npMethod("cumsum", "cumsum(axis=None)", "The running sums (flattened without axis).", func(a *eval.Args, x *NDArray) eval.Value {
		var axis eval.Value = eval.None
		a.Unpack("axis?", &axis)
		return npCumsum(x, axis)
	})
	npMethod("dot", "dot(b)", "The dot product with b (np.dot).", func(a *eval.Args, x *NDArray) eval.Value {
		var b eval.Value
		a.Unpack("b", &b)
		return npDot(a.Session(), x, b)
	})
	npMethod("nonzero", "nonzero()", "The indices of the nonzero elements, one array per axis.", func(a *eval.Args, x *NDArray) eval.Value {
		a.NoArgs()
		var out eval.Tuple
		for _, ix := range npNonzero(x) {
			out = append(out, ix)
		}
		return out
	})
}

func npWrapAxis(ax, n int) int {
	if ax < -n || ax >= n {
		eval.Throw("numpy.AxisError", errNPAxisBounds, ax, n)
	}
	if ax < 0 {
		ax += n
	}
	return ax
}

// npToList is a.tolist().
func npToList(a *NDArray) eval.Value {
	if a.ndim() == 0 {
		return scalarValue(a.item(), a.dtype())
	}
	n := a.shape()[0]
	eval.CheckItems(n)
	out := make([]eval.Value, n)
	for i := range out {
		out[i] = npToList(a.at(i))
	}
	return &eval.List{Elems: out}
}

var _ = tensor.Bool

// WhosInfo is IPython's %whos Data/Info for an ndarray: "2x3: 6 elems,
// type `float64`, 48 bytes" (with the size in kb or Mb past 100000 bytes).
func (a *NDArray) WhosInfo() string {
	parts := make([]string, a.ndim())
	for i, n := range a.shape() {
		parts[i] = strconv.Itoa(n)
	}
	nbytes := a.size() * a.dtype().ItemSize()
	s := fmt.Sprintf("%s: %d elems, type `%s`, %d bytes", strings.Join(parts, "x"), a.size(), npNames[a.dtype()], nbytes)
	switch {
	case nbytes < 100000:
	case nbytes < 1<<20:
		s += " (" + eval.FloatRepr(float64(nbytes)/1024) + " kb)"
	default:
		s += " (" + eval.FloatRepr(float64(nbytes)/(1<<20)) + " Mb)"
	}
	return s
}
