package torch

import (
	"fmt"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// out= for the functions of issue 17: the result is computed, then
// written into the out tensor, which is resized (with PyTorch's warning
// when it had elements) to the result's shape.

// typeMetaNames are caffe2's TypeMeta names, which "Expected out tensor to
// have dtype ..." prints.
var typeMetaNames = map[tensor.DType]string{
	tensor.Bool: "bool", tensor.Uint8: "unsigned char", tensor.Int8: "signed char", tensor.Int16: "short int",
	tensor.Int32: "int", tensor.Int64: "long int", tensor.Float16: "c10::Half", tensor.BFloat16: "c10::BFloat16",
	tensor.Float32: "float", tensor.Float64: "double",
}

// checkOutDType raises "Expected out tensor to have dtype ..." unless out
// has dtype d.
func checkOutDType(out *tensor.Tensor, d tensor.DType) {
	if out.DType() != d {
		eval.Throw("RuntimeError", errOutDTypeExpected, typeMetaNames[d], typeMetaNames[out.DType()])
	}
}

// writeOut copies res into out (resized to res's shape) and returns out.
func writeOut(a *eval.Args, out, res *tensor.Tensor) *tensor.Tensor {
	if !slices.Equal(out.Shape(), res.Shape()) {
		if out.Numel() != 0 {
			a.Session().Warn("UserWarning", fmt.Sprintf(warnOutResized, tensor.ShapeString(out.Shape()), tensor.ShapeString(res.Shape())))
		}
		out.Resize(res.Shape())
	}
	tensor.CopyInto(out, res)
	return out
}

// outPair returns the two tensors of a TensorList[2] out= argument (nil
// when absent), raising PyTorch's error for another length.
func outPair(r *boundArgs) (*tensor.Tensor, *tensor.Tensor) {
	if !r.has("out") {
		return nil, nil
	}
	ts := r.tensors("out")
	if len(ts) != 2 {
		eval.Throw("TypeError", errOutTupleLen, 2, len(ts))
	}
	return ts[0], ts[1]
}

// noDimname raises the error of the functions whose Dimname overloads
// are not implemented (sort, gather, scatter, index_select, ...).
func noDimname(name string) {
	eval.Throw("RuntimeError", errDimnameUnsupported, name)
}

// referenceSections are the submodules whose functions docs/reference.md
// lists after torch's own (torch.linalg, torch.nn.functional).
var referenceSections = []struct {
	prefix string
	fns    map[string]*eval.Builtin
}{
	{"torch.cuda.", cudaFunctions}, // device_gpu.go
	{"torch.linalg.", laFunctions},
	{"torch.nn.functional.", nnFunctions},
}

// sameDTypeOut writes res into out= when given, which must have res's
// dtype ("Expected out tensor to have dtype ...").
func sameDTypeOut(a *eval.Args, r *boundArgs, res *tensor.Tensor) eval.Value {
	return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
}

// catOut writes a joined result into out= when given: any dtype the
// result casts to.
func catOut(a *eval.Args, r *boundArgs, res *tensor.Tensor) eval.Value {
	return withOut(a, r, res, func(o *tensor.Tensor) {
		if !tensor.CanCast(res.DType(), o.DType()) {
			eval.Throw("RuntimeError", errCatOutCast, o.DType().ScalarName())
		}
	})
}

// amaxOut writes amax's or amin's result into out= when given, which must
// have the input's dtype.
func amaxOut(a *eval.Args, r *boundArgs, res *tensor.Tensor) eval.Value {
	return withOut(a, r, res, func(o *tensor.Tensor) {
		if o.DType() != res.DType() {
			eval.Throw("RuntimeError", errAmaxOutDType, res.DType().ScalarName(), o.DType().ScalarName())
		}
	})
}

// randOutDType makes a random function's out= tensor decide its dtype
// (dtype=, when also given, must agree).
func randOutDType(o *randOpts, out *tensor.Tensor) {
	if o.hasDType && o.dtype != out.DType() {
		eval.Throw("RuntimeError", errRandOutDType, o.dtype.ScalarName(), out.DType().ScalarName())
	}
	o.dtype, o.hasDType = out.DType(), true
}
