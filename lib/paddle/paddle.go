package paddle

import (
	"fmt"
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lib/numpy"
	"math"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The paddle module (Paddle 2.4's dygraph API, from its sources; no
// oracle runs here): to_tensor, ones/zeros/full, add/subtract/multiply/
// divide with NumPy's broadcasting, and the fluid elementwise_* ops whose
// axis= aligns y with x starting at dimension axis
// (paddle/phi/kernels/funcs/common_shape.h, GetBroadcastDimsArrays).
// Tensors print as python/paddle/tensor/to_string.py prints them.

// PaddleTensor is a paddle.Tensor on the runtime's storage.
type PaddleTensor struct {
	a            *numpy.NDArray
	stopGradient bool
}

const (
	errPDAxisGE        = "(InvalidArgument) Axis should be great than or equal to 0, but received axis is %d."
	errPDAxisLE        = "(InvalidArgument) Axis should be less than or equal to %d, but received axis is %d."
	errPDPlace         = "tensh: paddle places are not supported (every tensor is on Place(cpu))"
	errPDIntDivZero    = "(InvalidArgument) Integer division by zero encountered in (floor) divide. Please check the input value."
	errPDBroadcastDocs = "Broadcast dimension mismatch. Operands could not be broadcast together with the shape of X = [%s] and the shape of Y = [%s]. Received [%d] in X is not equal to [%d] in Y at i:%d."
	errPDStatic        = "tensh: static graph mode is not supported (tensh runs Paddle's dynamic graph mode, the default since Paddle 2.0)"
	errPDBroadcast     = "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the shape of X = [%s] and the shape of Y = [%s]. Received [%d] in X is not equal to [%d] in Y at i:%d."
)

func init() {
	eval.RegisterModule("paddle", newPaddleModule)
}

// PyTypeName is paddle.Tensor.
func (p *PaddleTensor) PyTypeName() string { return "paddle.Tensor" }

func pdDims(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, ", ")
}

// pdBroadcast is GetBroadcastDimsArrays: y's dims placed from axis in x
// (or x's in y when y has more), then NumPy's rule dim by dim.
// docs (tensh's %compat docs) raises Paddle 2.0's InvalidArgumentError
// for a mismatch, as the seed documents show it, instead of Paddle 2.x's
// ValueError.
func pdBroadcast(xs, ys []int, axis int, docs bool) (xa, ya, out []int) {
	maxDim := max(len(xs), len(ys))
	if axis == -1 {
		axis = len(xs) - len(ys)
		if axis < 0 {
			axis = -axis
		}
	}
	if axis < 0 {
		eval.Throw("ValueError", errPDAxisGE, axis)
	}
	if axis > maxDim {
		eval.Throw("ValueError", errPDAxisLE, maxDim, axis)
	}
	place := func(small []int) []int {
		arr := make([]int, maxDim)
		for i := range arr {
			arr[i] = 1
		}
		for i, n := range small {
			if axis+i >= maxDim {
				eval.Throw("ValueError", errPDAxisLE, maxDim-len(small), axis)
			}
			arr[axis+i] = n
		}
		return arr
	}
	if len(xs) > len(ys) {
		xa, ya = append([]int{}, xs...), place(ys)
	} else {
		xa, ya = place(xs), append([]int{}, ys...)
	}
	out = make([]int, maxDim)
	for i := range out {
		// Paddle's check lets a size 0 meet any size; tensh stores no
		// such result and holds 0 to NumPy's rule (it meets 0 or 1).
		if !(xa[i] == ya[i] || xa[i] == 1 || ya[i] == 1) {
			if docs {
				eval.Throw("InvalidArgumentError", errPDBroadcastDocs, pdDims(xs), pdDims(ys), xa[i], ya[i], i)
			}
			eval.Throw("ValueError", errPDBroadcast, pdDims(xs), pdDims(ys), xa[i], ya[i], i)
		}
		out[i] = xa[i]
		if xa[i] == 1 {
			out[i] = ya[i]
		}
	}
	return xa, ya, out
}

// pdElementwise is x op y with Paddle's axis rule; the result has x's dtype.
func pdElementwise(s *eval.Session, ufunc string, x, y eval.Value, axis int) *PaddleTensor {
	xa, ya := pdArg(x), pdArg(y)
	xd, yd, out := pdBroadcast(xa.Shape(), ya.Shape(), axis, s.Compat == eval.CompatDocs)
	xv := numpy.Reshape(xa, xd).ExpandTo(out)
	yv := numpy.Reshape(ya, yd).ExpandTo(out)
	d := xa.DType()
	if !d.IsFloat() && ufunc == "divide" {
		// phi's DivideFunctor for integers: C++'s truncating division.
		return &PaddleTensor{a: numpy.ElementwiseInt(s, "divide", func(a, b int64) int64 {
			if b == 0 {
				eval.Throw("ValueError", errPDIntDivZero)
			}
			return a / b
		}, xv, yv, d), stopGradient: true}
	}
	return &PaddleTensor{a: numpy.Elementwise(s, ufunc, xv, yv, d, d), stopGradient: true}
}

// pdArg converts an operand: a paddle tensor, or a number.
func pdArg(v eval.Value) *numpy.NDArray {
	switch x := v.(type) {
	case *PaddleTensor:
		return x.a
	case eval.Float:
		return numpy.Full(nil, tensor.FloatS(float64(x)), tensor.Float32)
	}
	return numpy.Arg(v)
}

// pdToTensor is paddle.to_tensor(data, dtype).
func pdToTensor(data eval.Value, dt *tensor.DType) *PaddleTensor {
	var a *numpy.NDArray
	switch x := data.(type) {
	case *PaddleTensor:
		a = x.a.CopyAs(x.a.DType())
	case *numpy.NDArray:
		a = x.CopyAs(x.DType())
	default:
		a = numpy.FromValue(data, nil)
		if a.DType() == tensor.Float64 {
			a = a.CopyAs(tensor.Float32) // Python floats: the default dtype
		}
	}
	if dt != nil {
		a = a.CopyAs(*dt)
	}
	return &PaddleTensor{a: a, stopGradient: true}
}

// pdDType reads a dtype: a string, a paddle dtype, a NumPy dtype or type.
func pdDType(v eval.Value) *tensor.DType {
	if _, ok := v.(eval.NoneType); ok || v == nil {
		return nil
	}
	if o, ok := v.(*eval.Object); ok && o.TypeName == "paddle.dtype" {
		d := numpy.DTypeOf(o.Attrs["name"])
		return &d
	}
	d := numpy.DTypeOf(v)
	return &d
}

// pdBuiltins are the module's functions, made once (every session's
// module shares them, so %explain can know them by identity).
var pdBuiltins = map[string]*eval.Builtin{}

func pdBuiltin(key, name, sig, doc string, fn func(a *eval.Args) eval.Value) *eval.Builtin {
	b, ok := pdBuiltins[key]
	if !ok {
		b = &eval.Builtin{Name: name, Sig: sig, Doc: doc, Fn: fn, Module: key[:strings.LastIndexByte(key, '.')]}
		pdBuiltins[key] = b
	}
	return b
}

// pdExplainOperands are an elementwise call's x, y and axis, for %explain.
func pdExplainOperands(a *eval.Args) ([]eval.Value, int) {
	var x, y eval.Value
	axis := -1
	a.Unpack("x", &x, "y", &y, "axis?", &axis)
	return []eval.Value{x, y}, axis
}

// ExplainShape is the tensor's shape, for %explain.
func (p *PaddleTensor) ExplainShape() ([]int, string) { return p.a.Shape(), "Paddle" }

func newPaddleModule(s *eval.Session) *eval.Module {
	m := &eval.Module{Name: "paddle", Origin: "from '/usr/lib/python3/dist-packages/paddle/__init__.py'", Members: map[string]eval.Value{}}
	def := func(mod *eval.Module, name, sig, doc string, fn func(a *eval.Args) eval.Value) {
		mod.Members[name] = pdBuiltin(mod.Name+"."+name, name, sig, doc, fn)
	}
	for _, d := range numpy.DTypes() {
		name := numpy.DTypeName(d)
		m.Members[name] = &eval.Object{TypeName: "paddle.dtype", Attrs: map[string]eval.Value{"name": eval.Str(name)},
			ReprFn: func() string { return "paddle." + name }}
	}
	def(m, "to_tensor", "to_tensor(data, dtype=None, place=None, stop_gradient=True)", "A paddle.Tensor from a number, nested lists, a NumPy array or a tensor (copied).", func(a *eval.Args) eval.Value {
		var data, dt, place eval.Value
		stop := true
		a.Unpack("data", &data, "dtype?", &dt, "place?", &place, "stop_gradient?", &stop)
		if place != nil {
			if _, ok := place.(eval.NoneType); !ok {
				eval.Throw("TypeError", errPDPlace)
			}
		}
		t := pdToTensor(data, pdDType(dt))
		t.stopGradient = stop
		return t
	})
	for _, name := range []string{"ones", "zeros"} {
		fill := map[string]float64{"ones": 1, "zeros": 0}[name]
		def(m, name, name+"(shape, dtype=None)", "A float32 (or dtype) paddle.Tensor of the shape filled with "+name+".", func(a *eval.Args) eval.Value {
			var shape, dt eval.Value
			a.Unpack("shape", &shape, "dtype?", &dt)
			d := tensor.Float32
			if p := pdDType(dt); p != nil {
				d = *p
			}
			return &PaddleTensor{a: numpy.Full(numpy.ShapeArg(shape), tensor.FloatS(fill), d), stopGradient: true}
		})
	}
	def(m, "full", "full(shape, fill_value, dtype=None)", "A paddle.Tensor of the shape filled with fill_value (float32 unless dtype).", func(a *eval.Args) eval.Value {
		var shape, v, dt eval.Value
		a.Unpack("shape", &shape, "fill_value", &v, "dtype?", &dt)
		d := tensor.Float32
		if p := pdDType(dt); p != nil {
			d = *p
		}
		return &PaddleTensor{a: numpy.Full(numpy.ShapeArg(shape), numpy.Number(v), d), stopGradient: true}
	})
	def(m, "broadcast_shape", "broadcast_shape(x_shape, y_shape)", "The shape x and y broadcast to, as a list (axis -1 of the elementwise rule).", func(a *eval.Args) eval.Value {
		var xs, ys eval.Value
		a.Unpack("x_shape", &xs, "y_shape", &ys)
		_, _, out := pdBroadcast(numpy.ShapeArg(xs), numpy.ShapeArg(ys), -1, a.Session().Compat == eval.CompatDocs)
		l := &eval.List{}
		for _, n := range out {
			l.Elems = append(l.Elems, eval.MakeInt(int64(n)))
		}
		return l
	})
	fluidLayers := &eval.Module{Name: "paddle.fluid.layers", Members: map[string]eval.Value{}}
	for name, uf := range map[string]string{"add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide"} {
		uf := uf
		def(m, name, name+"(x, y)", "Elementwise "+name+" with NumPy's broadcasting.", func(a *eval.Args) eval.Value {
			var x, y eval.Value
			a.Unpack("x", &x, "y", &y)
			return pdElementwise(a.Session(), uf, x, y, -1)
		})
	}
	for name, uf := range map[string]string{"elementwise_add": "add", "elementwise_sub": "subtract", "elementwise_mul": "multiply", "elementwise_div": "divide"} {
		uf := uf
		fn := func(a *eval.Args) eval.Value {
			var x, y eval.Value
			axis := -1
			a.Unpack("x", &x, "y", &y, "axis?", &axis)
			return pdElementwise(a.Session(), uf, x, y, axis)
		}
		doc := "Elementwise " + uf + ": y's dims line up with x's from dimension axis (axis=-1: the trailing ones, NumPy's rule)."
		def(m, name, name+"(x, y, axis=-1)", doc, fn)
		def(fluidLayers, name, name+"(x, y, axis=-1)", doc, fn)
		for _, mod := range []*eval.Module{m, fluidLayers} {
			eval.ExplainOperands[mod.Members[name].(*eval.Builtin)] = pdExplainOperands
		}
	}
	// The dygraph switches: dynamic mode is the only one.
	def(m, "disable_static", "disable_static(place=None)", "Turns on dynamic graph mode, the default and the only mode tensh has.", func(a *eval.Args) eval.Value {
		var place eval.Value
		a.Unpack("place?", &place)
		if place != nil {
			if _, ok := place.(eval.NoneType); !ok {
				eval.Throw("TypeError", errPDPlace)
			}
		}
		return eval.None
	})
	def(m, "enable_static", "enable_static()", "Static graph mode: not supported by tensh (raises).", func(a *eval.Args) eval.Value {
		a.Unpack()
		eval.Throw("RuntimeError", errPDStatic)
		return nil
	})
	def(m, "in_dynamic_mode", "in_dynamic_mode()", "Whether Paddle runs in dynamic graph mode: always True in tensh.", func(a *eval.Args) eval.Value {
		a.Unpack()
		return eval.Bool(true)
	})
	m.Members["fluid"] = &eval.Module{Name: "paddle.fluid", Members: map[string]eval.Value{"layers": fluidLayers}}
	m.Members["__version__"] = eval.Str("2.4.2")
	return m
}

// Attr gives shape (a list), dtype, ndim, size, stop_gradient, numpy().
func (p *PaddleTensor) Attr(s *eval.Session, name string) (eval.Value, bool) {
	switch name {
	case "shape":
		l := &eval.List{}
		for _, n := range p.a.Shape() {
			l.Elems = append(l.Elems, eval.MakeInt(int64(n)))
		}
		return l, true
	case "ndim":
		return eval.MakeInt(int64(p.a.NDim())), true
	case "size":
		return eval.MakeInt(int64(p.a.Size())), true
	case "dtype":
		mod, _ := s.ImportModule("paddle")
		return mod.Members[numpy.DTypeName(p.a.DType())], true
	case "stop_gradient":
		return eval.Bool(p.stopGradient), true
	case "numpy":
		return &eval.Builtin{Name: "numpy", Fn: func(a *eval.Args) eval.Value {
			a.NoArgs()
			return p.a.CopyAs(p.a.DType())
		}}, true
	}
	return nil, false
}

var pdOperatorUfuncs = map[lang.Op]string{lang.Plus: "add", lang.Minus: "subtract", lang.Star: "multiply", lang.Slash: "divide"}

// Binary is x + y and friends (axis -1).
func (p *PaddleTensor) Binary(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	uf, ok := pdOperatorUfuncs[op]
	if !ok {
		return nil, false
	}
	switch other.(type) {
	case *PaddleTensor, eval.Int, eval.Float, eval.Bool:
	default:
		return nil, false
	}
	if reflected {
		return pdElementwise(s, uf, other, p, -1), true
	}
	return pdElementwise(s, uf, p, other, -1), true
}

// Repr is to_string.py's tensor_to_string.
func (p *PaddleTensor) Repr() string {
	prefix := "Tensor"
	indent := len(prefix) + 1
	return fmt.Sprintf("%s(shape=[%s], dtype=%s, place=Place(cpu), stop_gradient=%s,\n%s%s)",
		prefix, pdDims(p.a.Shape()), numpy.DTypeName(p.a.DType()), eval.Repr(eval.Bool(p.stopGradient)), strings.Repeat(" ", indent), pdFormatDense(p.a, indent))
}

const (
	pdPrecision = 8
	pdThreshold = 1000
	pdEdgeItems = 3
	pdLineWidth = 80
)

// pdFormatItem is _format_item.
func pdFormatItem(v tensor.Scalar, d tensor.DType, maxWidth int, signed bool) string {
	var s string
	switch {
	case d.IsFloat():
		x := v.Float()
		if math.Ceil(x) == x {
			s = fmt.Sprintf("%.0f.", x)
		} else {
			s = fmt.Sprintf("%.*f", pdPrecision, x)
		}
		s = strings.NewReplacer("+Inf", "inf", "-Inf", "-inf", "NaN", "nan").Replace(s)
	case d == tensor.Bool:
		s = eval.Repr(eval.Bool(v.Bool()))
	default:
		s = fmt.Sprint(v.Int())
	}
	if maxWidth > len(s) {
		if signed && !(v.Float() < 0) {
			return " " + s + strings.Repeat(" ", maxWidth-1-len(s))
		}
		return s + strings.Repeat(" ", maxWidth-len(s))
	}
	return s
}

// pdFormatDense is _format_dense_tensor.
func pdFormatDense(a *numpy.NDArray, indent int) string {
	summary := a.NDim() > 0 && a.Size() > pdThreshold
	data := a
	if summary {
		data = numpy.LeadingTrailing(a)
	}
	maxWidth, signed := 0, false
	for _, v := range data.Values() {
		if !signed && v.Float() < 0 {
			signed = true
		}
		maxWidth = max(maxWidth, len(pdFormatItem(v, a.DType(), 0, false)))
	}
	return pdFormatTensor(a, summary, indent, maxWidth, signed)
}

// pdFormatTensor is _format_tensor.
func pdFormatTensor(a *numpy.NDArray, summary bool, indent, maxWidth int, signed bool) string {
	d := a.DType()
	switch a.NDim() {
	case 0:
		return pdFormatItem(a.Item(), d, maxWidth, signed)
	case 1:
		perLine := max(1, (pdLineWidth-indent)/(maxWidth+2))
		var items []string
		n := a.Shape()[0]
		for i := 0; i < n; i++ {
			if summary && n > 2*pdEdgeItems && i == pdEdgeItems {
				items = append(items, "...")
				i = n - pdEdgeItems
			}
			items = append(items, pdFormatItem(a.At(i).Item(), d, maxWidth, signed))
		}
		var lines []string
		for i := 0; i < len(items); i += perLine {
			lines = append(lines, strings.Join(items[i:min(i+perLine, len(items))], ", "))
		}
		return "[" + strings.Join(lines, ",\n"+strings.Repeat(" ", indent+1)) + "]"
	}
	var parts []string
	n := a.Shape()[0]
	for i := 0; i < n; i++ {
		if summary && n > 2*pdEdgeItems && i == pdEdgeItems {
			parts = append(parts, "...")
			i = n - pdEdgeItems
		}
		parts = append(parts, pdFormatTensor(a.At(i), summary, indent+1, maxWidth, signed))
	}
	sep := "," + strings.Repeat("\n", a.NDim()-1) + strings.Repeat(" ", indent+1)
	return "[" + strings.Join(parts, sep) + "]"
}
