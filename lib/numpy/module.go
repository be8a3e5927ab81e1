package numpy

import (
	"github.com/tensh/tensh/eval"
	"math"

	"github.com/tensh/tensh/runtime/tensor"
)

// The numpy module: `import numpy as np` binds it (modules.go).

func init() {
	eval.RegisterModule("numpy", newNumpyModule)
}

// npFuncs are numpy's functions by name, filled by npFunc.
var npFuncs = map[string]*eval.Builtin{}

func npFunc(name, sig, doc string, fn func(a *eval.Args) eval.Value) {
	npFuncs[name] = &eval.Builtin{Name: name, Sig: sig, Doc: doc, Fn: fn, Module: "numpy"}
}

func newNumpyModule(s *eval.Session) *eval.Module {
	npOpts = npDefaultOpts
	m := &eval.Module{Name: "numpy", Origin: "from '/usr/lib/python3/dist-packages/numpy/__init__.py'", Members: map[string]eval.Value{}}
	for name, b := range npFuncs {
		m.Members[name] = b
	}
	for d, c := range npClasses {
		m.Members[npNames[d]] = c
	}
	m.Members["bool_"] = npClasses[tensor.Bool]
	m.Members["int_"] = npClasses[tensor.Int64]
	m.Members["float_"] = npClasses[tensor.Float64]
	m.Members["double"] = npClasses[tensor.Float64]
	m.Members["single"] = npClasses[tensor.Float32]
	m.Members["half"] = npClasses[tensor.Float16]
	m.Members["complex_"] = npClasses[tensor.Complex128]
	m.Members["cdouble"] = npClasses[tensor.Complex128]
	m.Members["csingle"] = npClasses[tensor.Complex64]
	m.Members["ushort"] = npClasses[tensor.Uint16]
	m.Members["uintc"] = npClasses[tensor.Uint32]
	m.Members["uint"] = npClasses[tensor.Uint64]
	m.Members["ndarray"] = npArrayClass
	m.Members["newaxis"] = eval.None
	m.Members["pi"] = eval.Float(math.Pi)
	m.Members["e"] = eval.Float(math.E)
	m.Members["inf"] = eval.Float(math.Inf(1))
	m.Members["nan"] = eval.Float(math.NaN())
	for _, n := range []string{"NaN", "NAN"} {
		m.Members[n] = eval.Float(math.NaN())
	}
	for _, n := range []string{"Inf", "Infinity", "infty", "PINF"} {
		m.Members[n] = eval.Float(math.Inf(1))
	}
	m.Members["NINF"] = eval.Float(math.Inf(-1))
	m.Members["PZERO"] = eval.Float(0)
	m.Members["NZERO"] = eval.Float(math.Copysign(0, -1))
	m.Members["euler_gamma"] = eval.Float(0.5772156649015329)
	m.Members["MAY_SHARE_BOUNDS"] = eval.MakeInt(0)
	m.Members["MAY_SHARE_EXACT"] = eval.MakeInt(-1)
	m.Members["__version__"] = eval.Str("1.24.2")
	m.Members["random"] = newNPRandomModule(s)
	return m
}

var npArrayClass = eval.DefClass("numpy.ndarray", "ndarray", nil)

// npDTypeArg reads an optional dtype argument.
func npDTypeArg(v eval.Value) *tensor.DType {
	if v == nil {
		return nil
	}
	if _, ok := v.(eval.NoneType); ok {
		return nil
	}
	d := npDTypeOf(v)
	return &d
}

func orFloat64(d *tensor.DType) tensor.DType {
	if d == nil {
		return tensor.Float64
	}
	return *d
}

func init() {
	npFunc("array", "array(object, dtype=None)", "A new array from nested sequences, numbers, arrays or tensors (a copy).", func(a *eval.Args) eval.Value {
		var obj, dt eval.Value
		a.Unpack("object", &obj, "dtype?", &dt)
		if sa, ok := npStrFromValue(obj, dt); ok {
			return sa
		}
		d := npDTypeArg(dt)
		if d != nil {
			npWarnPyInts(a.Session(), obj, *d)
		}
		return npFromValue(obj, d)
	})
	npFunc("asarray", "asarray(a, dtype=None)", "a as an array: a itself (or, for a tensor, an array sharing its memory) when the dtype matches, else a converted copy.", func(a *eval.Args) eval.Value {
		var obj, dt eval.Value
		a.Unpack("a", &obj, "dtype?", &dt)
		if sa, ok := obj.(*StrArray); ok && dt == nil {
			return sa
		}
		if sa, ok := npStrFromValue(obj, dt); ok {
			return sa
		}
		d := npDTypeArg(dt)
		var arr *NDArray
		switch x := obj.(type) {
		case *NDArray:
			arr = x
		case *tensor.Tensor:
			arr = tensorToND(x)
		default:
			return npFromValue(obj, d)
		}
		if d != nil && *d != arr.dtype() {
			return arr.copyAs(*d)
		}
		if arr.scalar {
			return &NDArray{t: arr.t}
		}
		return arr
	})
	for _, name := range []string{"zeros", "ones", "empty"} {
		name := name
		fill := map[string]float64{"zeros": 0, "ones": 1, "empty": 0}[name]
		npFunc(name, name+"(shape, dtype=float)", "A new array of the shape, filled with "+map[string]string{"zeros": "zeros", "ones": "ones", "empty": "zeros (NumPy leaves it uninitialised)"}[name]+".", func(a *eval.Args) eval.Value {
			var shape, dt eval.Value
			a.Unpack("shape", &shape, "dtype?", &dt)
			return npFull(npShapeArg(shape), tensor.FloatS(fill), orFloat64(npDTypeArg(dt)))
		})
		npFunc(name+"_like", name+"_like(a, dtype=None)", "A new array shaped like a, filled as "+name+"() fills.", func(a *eval.Args) eval.Value {
			var x, dt eval.Value
			a.Unpack("a", &x, "dtype?", &dt)
			arr := npArg(x)
			d := arr.dtype()
			if p := npDTypeArg(dt); p != nil {
				d = *p
			}
			return npFull(append([]int{}, arr.shape()...), tensor.FloatS(fill), d)
		})
	}
	npFunc("full", "full(shape, fill_value, dtype=None)", "A new array of the shape filled with fill_value (its dtype by default).", func(a *eval.Args) eval.Value {
		var shape, v, dt eval.Value
		a.Unpack("shape", &shape, "fill_value", &v, "dtype?", &dt)
		fv := npArg(v)
		d := fv.dtype()
		if p := npDTypeArg(dt); p != nil {
			d = *p
		}
		dims := npShapeArg(shape)
		if fv.ndim() > 0 {
			// an array fill_value broadcasts to the shape
			if _, ok := npBroadcastShapes(fv.shape(), dims); !ok || len(fv.shape()) > len(dims) {
				eval.Throw("ValueError", errNPFullBroadcast, npShapeText(fv.shape()), npShapeText(dims))
			}
			return fv.expandTo(dims).copyAs(d)
		}
		return npFull(dims, fv.item(), d)
	})
	npFunc("full_like", "full_like(a, fill_value, dtype=None)", "A new array shaped like a filled with fill_value.", func(a *eval.Args) eval.Value {
		var x, v, dt eval.Value
		a.Unpack("a", &x, "fill_value", &v, "dtype?", &dt)
		arr := npArg(x)
		d := arr.dtype()
		if p := npDTypeArg(dt); p != nil {
			d = *p
		}
		return npFull(append([]int{}, arr.shape()...), npArg(v).item(), d)
	})
	npFunc("arange", "arange([start,] stop[, step], dtype=None)", "Evenly spaced values in [start, stop).", func(a *eval.Args) eval.Value {
		var start, stop, step, dt eval.Value = nil, eval.None, eval.MakeInt(1), eval.None
		a.Unpack("start", &start, "stop?", &stop, "step?", &step, "dtype?", &dt)
		if _, ok := stop.(eval.NoneType); ok {
			start, stop = eval.MakeInt(0), start
		}
		return npArange(start, stop, step, npDTypeArg(dt))
	})
	npFunc("linspace", "linspace(start, stop, num=50, endpoint=True, dtype=None)", "num evenly spaced values from start to stop.", func(a *eval.Args) eval.Value {
		var start, stop, dt eval.Value
		num := 50
		endpoint := true
		a.Unpack("start", &start, "stop", &stop, "num?", &num, "endpoint?", &endpoint, "$dtype?", &dt)
		return npLinspace(npNumber(start).Float(), npNumber(stop).Float(), num, endpoint, npDTypeArg(dt))
	})
	npFunc("eye", "eye(N, M=None, k=0, dtype=float)", "A 2-D array with ones on the k-th diagonal.", func(a *eval.Args) eval.Value {
		var n int
		var mv, dt eval.Value = eval.None, eval.None
		k := 0
		a.Unpack("N", &n, "M?", &mv, "k?", &k, "dtype?", &dt)
		m := n
		if _, ok := mv.(eval.NoneType); !ok {
			m = int(npIndexInt(mv))
		}
		if n < 0 || m < 0 {
			eval.Throw("ValueError", errNPNegativeDims)
		}
		out := npFull([]int{n, m}, tensor.FloatS(0), orFloat64(npDTypeArg(dt)))
		for i := 0; i < n; i++ {
			if j := i + k; j >= 0 && j < m {
				out.t.Storage().Set(i*m+j, npCast(tensor.FloatS(1), out.dtype()))
			}
		}
		return out
	})
	npFunc("dtype", "dtype(obj)", "The dtype obj names.", func(a *eval.Args) eval.Value {
		var v eval.Value
		a.Unpack("dtype", &v)
		return NPDType{npDTypeOf(v)}
	})
}

// npLinspace is np.linspace.
func npLinspace(start, stop float64, num int, endpoint bool, dt *tensor.DType) *NDArray {
	if num < 0 {
		eval.Throw("ValueError", errNPLinspaceNum, num)
	}
	div := num
	if endpoint {
		div = num - 1
	}
	delta := stop - start
	vals := make([]float64, num)
	step := math.NaN()
	if div > 0 {
		step = delta / float64(div)
	}
	for i := range vals {
		y := float64(i)
		switch {
		case div > 0 && step == 0:
			y = y / float64(div) * delta
		case div > 0:
			y *= step
		default:
			y *= delta
		}
		vals[i] = y + start
	}
	if endpoint && num > 1 {
		vals[num-1] = stop
	}
	d := orFloat64(dt)
	t := npEmpty([]int{num}, d)
	for i, v := range vals {
		if !d.IsFloat() {
			v = math.Floor(v)
		}
		t.Storage().Set(i, npCast(tensor.FloatS(v), d))
	}
	return newND(t)
}
