package numpy

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The API other library packages (lib/paddle) build on: arrays as values
// of NumPy's semantics, their elements, and NumPy's elementwise loops.

// Shape is the array's shape.
func (a *NDArray) Shape() []int { return a.shape() }

// DType is the element type.
func (a *NDArray) DType() tensor.DType { return a.dtype() }

// NDim is the number of dimensions.
func (a *NDArray) NDim() int { return a.ndim() }

// Size is the number of elements.
func (a *NDArray) Size() int { return a.size() }

// Values are the elements in C order.
func (a *NDArray) Values() []tensor.Scalar { return a.values() }

// Item is the first element (the only one of a 0-d array).
func (a *NDArray) Item() tensor.Scalar { return a.item() }

// At is a[i] along the first axis (as an array).
func (a *NDArray) At(i int) *NDArray { return a.at(i) }

// CopyAs is a new C-ordered array of the elements in dtype d.
func (a *NDArray) CopyAs(d tensor.DType) *NDArray { return a.copyAs(d) }

// ExpandTo is a broadcast view of a with shape.
func (a *NDArray) ExpandTo(shape []int) *NDArray { return a.expandTo(shape) }

// Arg converts an array-like (array, number, nested sequence, tensor).
func Arg(v eval.Value) *NDArray { return npArg(v) }

// FromValue is np.array(v, dtype=dt).
func FromValue(v eval.Value, dt *tensor.DType) *NDArray { return npFromValue(v, dt) }

// Full is an array of shape filled with v.
func Full(shape []int, v tensor.Scalar, d tensor.DType) *NDArray { return npFull(shape, v, d) }

// Reshape is a.reshape(dims).
func Reshape(a *NDArray, dims []int) *NDArray { return npReshape(a, dims) }

// DTypeOf resolves a NumPy dtype argument ('float32', np.float32, int, ...).
func DTypeOf(v eval.Value) tensor.DType { return npDTypeOf(v) }

// DTypeName is NumPy's name of a dtype.
func DTypeName(d tensor.DType) string { return npNames[d] }

// DTypes are the dtypes NumPy has.
func DTypes() []tensor.DType {
	out := make([]tensor.DType, 0, len(npNames))
	for _, d := range tensor.AllDTypes {
		if _, ok := npNames[d]; ok {
			out = append(out, d)
		}
	}
	return out
}

// Number converts a Python number or NumPy scalar.
func Number(v eval.Value) tensor.Scalar { return npNumber(v) }

// ShapeArg reads a shape argument (an int or a sequence of ints).
func ShapeArg(v eval.Value) []int { return npShapeArg(v) }

// LeadingTrailing keeps the first and last 3 items of every axis longer
// than 6 (what a summarised print shows).
func LeadingTrailing(a *NDArray) *NDArray { return npLeadingTrailing(a, 0) }

// Elementwise runs NumPy's ufunc name on two arrays of the same shape,
// computing in dtype loop and storing dtype out.
func Elementwise(s *eval.Session, name string, x, y *NDArray, loop, out tensor.DType) *NDArray {
	return npUfuncs[name].compute(s, x, y, loop, out)
}

// ElementwiseInt runs an integer function on two arrays of the same shape.
func ElementwiseInt(s *eval.Session, name string, f func(a, b int64) int64, x, y *NDArray, d tensor.DType) *NDArray {
	u := &npUfunc{name: name, i: func(a, b int64, _ *npFlags) int64 { return f(a, b) }}
	return u.compute(s, x, y, d, d)
}
