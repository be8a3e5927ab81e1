package numpy

import (
	"github.com/tensh/tensh/eval"
	"math/big"
	"strconv"
	"strings"
	"unsafe"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// NDArray is a numpy.ndarray: a strided view of a runtime storage, the
// same storage a tensor views (torch.from_numpy and Tensor.numpy share
// it). Its strides count elements and may be negative (a[::-1]); NumPy's
// byte strides are these times the item size. A NumPy scalar
// (numpy.int64(3), what indexing to an element returns) is a 0-d NDArray
// with scalar set.
type NDArray struct {
	t        *tensor.Tensor
	readonly bool
	scalar   bool
	borrowed bool // its memory belongs to another array or a tensor (OWNDATA false)
}

// NPDType is a numpy.dtype object: dtype('float32').
type NPDType struct{ D tensor.DType }

// npNames are NumPy's names of the runtime dtypes (NumPy has no bfloat16).
var npNames = map[tensor.DType]string{
	tensor.Bool: "bool", tensor.Uint8: "uint8", tensor.Int8: "int8", tensor.Int16: "int16",
	tensor.Int32: "int32", tensor.Int64: "int64", tensor.Float16: "float16",
	tensor.Float32: "float32", tensor.Float64: "float64",
	tensor.Uint16: "uint16", tensor.Uint32: "uint32", tensor.Uint64: "uint64",
	tensor.Complex64: "complex64", tensor.Complex128: "complex128",
}

// npChars are the dtype's str ('<f4') and char ('f').
var npChars = map[tensor.DType][2]string{
	tensor.Bool: {"|b1", "?"}, tensor.Uint8: {"|u1", "B"}, tensor.Int8: {"|i1", "b"}, tensor.Int16: {"<i2", "h"},
	tensor.Int32: {"<i4", "i"}, tensor.Int64: {"<i8", "l"}, tensor.Float16: {"<f2", "e"},
	tensor.Float32: {"<f4", "f"}, tensor.Float64: {"<f8", "d"},
	tensor.Uint16: {"<u2", "H"}, tensor.Uint32: {"<u4", "I"}, tensor.Uint64: {"<u8", "L"},
	tensor.Complex64: {"<c8", "F"}, tensor.Complex128: {"<c16", "D"},
}

// npScalarName is the NumPy scalar type of a dtype: numpy.float32, numpy.bool_.
func npScalarName(d tensor.DType) string {
	if d == tensor.Bool {
		return "numpy.bool_"
	}
	return "numpy." + npNames[d]
}

func newND(t *tensor.Tensor) *NDArray { return &NDArray{t: t} }

// npScalar makes a NumPy scalar of dtype d.
func npScalar(v tensor.Scalar, d tensor.DType) *NDArray {
	t := npEmpty(nil, d)
	t.Storage().Set(0, v)
	return &NDArray{t: t, scalar: true}
}

// PyTypeName is numpy.ndarray, or the scalar's type.
func (a *NDArray) PyTypeName() string {
	if a.scalar {
		return npScalarName(a.t.DType())
	}
	return "numpy.ndarray"
}

func (a *NDArray) dtype() tensor.DType { return a.t.DType() }
func (a *NDArray) shape() []int        { return a.t.Shape() }
func (a *NDArray) ndim() int           { return a.t.Dim() }
func (a *NDArray) size() int           { return a.t.Numel() }

// values are the elements in C order.
func (a *NDArray) values() []tensor.Scalar {
	st := a.t.Storage()
	tensor.CheckAllocBytes(int64(a.size()) * npScalarBytes)
	out := make([]tensor.Scalar, 0, a.size())
	a.t.ForEach(func(off int) { out = append(out, st.Get(off)) })
	return out
}

// npScalarBytes is the size of one tensor.Scalar (the element lists the
// loops work on count against the memory cap).
const npScalarBytes = int64(unsafe.Sizeof(tensor.Scalar{}))

// item is the single element of a one-element array.
func (a *NDArray) item() tensor.Scalar { return a.t.Storage().Get(a.t.Offset()) }

// byteStrides are NumPy's strides.
func (a *NDArray) byteStrides() []int {
	out := make([]int, a.ndim())
	for i, s := range a.t.Strides() {
		out[i] = s * a.dtype().ItemSize()
	}
	return out
}

// view makes an array viewing a's storage with another layout.
func (a *NDArray) view(offset int, shape, strides []int) *NDArray {
	return &NDArray{t: tensor.FromStorage(a.t.Storage(), offset, shape, strides), readonly: a.readonly, borrowed: true}
}

// contiguousCopy is a fresh C-ordered copy of a's elements in dtype d.
func (a *NDArray) copyAs(d tensor.DType) *NDArray {
	out := npEmpty(append([]int{}, a.shape()...), d)
	st, dst := a.t.Storage(), out.Storage()
	i := 0
	a.t.ForEach(func(off int) {
		dst.Set(i, npCast(st.Get(off), d))
		i++
	})
	return newND(out)
}

// npCast converts one element as NumPy's casts do (C conversions).
func npCast(v tensor.Scalar, d tensor.DType) tensor.Scalar {
	switch {
	case d == tensor.Bool:
		return tensor.BoolS(v.Bool())
	case d.IsComplex():
		return tensor.ComplexS(v.Float(), v.Im)
	case d.IsFloat():
		return tensor.FloatS(v.Float())
	case v.Kind == tensor.FloatScalar:
		return v
	}
	return tensor.IntS(v.Int())
}

// npShapeText is NumPy's shape in messages: (2,3) or (4,) or ().
func npShapeText(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = strconv.Itoa(n)
	}
	if len(shape) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ",") + ")"
}

// shapeTuple is the shape as a Python tuple.
func shapeTuple(shape []int) eval.Tuple {
	out := make(eval.Tuple, len(shape))
	for i, n := range shape {
		out[i] = eval.MakeInt(int64(n))
	}
	return out
}

// scalarValue converts an element to the Python value tolist() gives.
func scalarValue(v tensor.Scalar, d tensor.DType) eval.Value {
	switch {
	case d == tensor.Bool:
		return eval.Bool(v.Bool())
	case d.IsFloat():
		return eval.Float(v.Float())
	case d.IsComplex():
		return eval.Complex{Re: v.F, Im: v.Im}
	case d == tensor.Uint64:
		return eval.MakeBigInt(new(big.Int).SetUint64(tensor.ScalarUint64(v)))
	}
	return eval.MakeInt(v.Int())
}

// ---- dtypes ----

// npDTypeOf resolves a dtype argument: a dtype, a NumPy scalar type, int,
// float, bool, a name ('float32', 'f4', 'int'), or None (float64).
func npDTypeOf(v eval.Value) tensor.DType {
	switch x := v.(type) {
	case eval.NoneType:
		return tensor.Float64
	case NPDType:
		return x.D
	case *eval.Class:
		if d, ok := npClassDTypes[x]; ok {
			return d
		}
		if x.Name == "complex" {
			return tensor.Complex128
		}
		switch x {
		case eval.IntClass:
			return tensor.Int64
		case eval.FloatClass:
			return tensor.Float64
		case eval.BoolClass:
			return tensor.Bool
		}
		if strings.HasPrefix(x.Name, "numpy.") {
			eval.Throw("TypeError", errNPUnsupportedDType, x.Name[6:])
		}
		eval.Throw("TypeError", errNPDataType, eval.Repr(v))
	case eval.Str:
		if d, ok := npDTypeNames[string(x)]; ok {
			return d
		}
		switch string(x) {
		case "str", "U", "object", "O", "float128", "longdouble":
			eval.Throw("TypeError", errNPUnsupportedDType, string(x))
		}
		eval.Throw("TypeError", errNPDataTypeName, string(x))
	}
	eval.Throw("TypeError", errNPDataType, eval.Repr(v))
	return 0
}

var npDTypeNames = map[string]tensor.DType{
	"bool": tensor.Bool, "bool_": tensor.Bool, "?": tensor.Bool, "b1": tensor.Bool,
	"uint8": tensor.Uint8, "u1": tensor.Uint8, "B": tensor.Uint8, "ubyte": tensor.Uint8,
	"complex64": tensor.Complex64, "c8": tensor.Complex64, "F": tensor.Complex64, "csingle": tensor.Complex64,
	"complex128": tensor.Complex128, "c16": tensor.Complex128, "D": tensor.Complex128, "complex": tensor.Complex128, "cdouble": tensor.Complex128, "complex_": tensor.Complex128, "cfloat": tensor.Complex128,
	"uint16": tensor.Uint16, "u2": tensor.Uint16, "H": tensor.Uint16, "ushort": tensor.Uint16,
	"uint32": tensor.Uint32, "u4": tensor.Uint32, "I": tensor.Uint32, "uintc": tensor.Uint32,
	"uint64": tensor.Uint64, "u8": tensor.Uint64, "L": tensor.Uint64, "uint": tensor.Uint64, "Q": tensor.Uint64, "ulonglong": tensor.Uint64,
	"int8": tensor.Int8, "i1": tensor.Int8, "b": tensor.Int8, "byte": tensor.Int8,
	"int16": tensor.Int16, "i2": tensor.Int16, "h": tensor.Int16, "short": tensor.Int16,
	"int32": tensor.Int32, "i4": tensor.Int32, "i": tensor.Int32, "intc": tensor.Int32,
	"int64": tensor.Int64, "i8": tensor.Int64, "l": tensor.Int64, "int": tensor.Int64, "int_": tensor.Int64, "long": tensor.Int64,
	"float16": tensor.Float16, "f2": tensor.Float16, "e": tensor.Float16, "half": tensor.Float16,
	"float32": tensor.Float32, "f4": tensor.Float32, "f": tensor.Float32, "single": tensor.Float32,
	"float64": tensor.Float64, "f8": tensor.Float64, "d": tensor.Float64, "float": tensor.Float64, "double": tensor.Float64, "float_": tensor.Float64,
}

// npClassDTypes maps NumPy's scalar types to their dtypes.
var npClassDTypes = map[*eval.Class]tensor.DType{}

// npClasses are the scalar types by dtype.
var npClasses = map[tensor.DType]*eval.Class{}

func init() {
	for d, name := range npNames {
		d := d
		c := eval.DefClass(npScalarName(d), strings.TrimPrefix(npScalarName(d), "numpy."), func(a *eval.Args) eval.Value {
			var v eval.Value = eval.MakeInt(0)
			a.Unpack("x?", &v)
			arr := npFromValue(v, &d)
			if arr.ndim() == 0 {
				return &NDArray{t: arr.t, scalar: true}
			}
			return arr
		})
		npClassDTypes[c] = d
		npClasses[d] = c
		_ = name
	}
}

// Repr is dtype('float32').
func (d NPDType) Repr() string { return "dtype('" + npNames[d.D] + "')" }

// Str is the dtype's name.
func (d NPDType) Str() string { return npNames[d.D] }

// PyTypeName is numpy.dtype[float32].
func (d NPDType) PyTypeName() string { return "numpy.dtype[" + npNames[d.D] + "]" }

// Attr gives name, itemsize, kind, char, str, type.
func (d NPDType) Attr(s *eval.Session, name string) (eval.Value, bool) {
	switch name {
	case "name":
		return eval.Str(npNames[d.D]), true
	case "itemsize":
		return eval.MakeInt(int64(d.D.ItemSize())), true
	case "str":
		return eval.Str(npChars[d.D][0]), true
	case "char":
		return eval.Str(npChars[d.D][1]), true
	case "kind":
		switch {
		case d.D == tensor.Bool:
			return eval.Str("b"), true
		case d.D.IsIntegral(false) && !d.D.IsSigned():
			return eval.Str("u"), true
		case d.D.IsFloat():
			return eval.Str("f"), true
		case d.D.IsComplex():
			return eval.Str("c"), true
		}
		return eval.Str("i"), true
	case "type":
		return npClasses[d.D], true
	}
	return nil, false
}

// Compare: a dtype equals anything that names the same dtype.
func (d NPDType) Compare(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	if op != lang.Eq && op != lang.Ne {
		return nil, false
	}
	eq := false
	if _, isNone := other.(eval.NoneType); !isNone {
		caught(func() { eq = npDTypeOf(other) == d.D })
	}
	return eval.Bool(eq == (op == lang.Eq)), true
}

// caught runs f and reports whether it raised a Python exception (which it
// swallows); other panics go on.
func caught(f func()) (raised bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*eval.Exception); !ok {
				panic(r)
			}
			raised = true
		}
	}()
	f()
	return false
}
