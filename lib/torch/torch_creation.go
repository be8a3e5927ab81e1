package torch

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/gpu"
	"github.com/tensh/tensh/runtime/tensor"
)

// Creation functions: torch.tensor, as_tensor, empty, zeros, ones, full,
// arange, linspace, logspace, eye and the *_like functions; devices
// (torch.device, torch.cuda) and the one function every tensor placement
// goes through.

// ---- devices ----

// cudaDeviceCount is the number of CUDA devices of the GPU backend
// (runtime/gpu: the devices of NVIDIA's OpenCL platform, found on first
// use). Without one tensh is what PyTorch calls a CPU build: any CUDA
// device raises PyTorch's CPU-build error (device_gpu.go).
var cudaDeviceCount = func() int { return gpu.DeviceCount("cuda") }

// cudaAvailable reports whether a CUDA device can be used.
func cudaAvailable() bool { return cudaDeviceCount() > 0 }

// deviceTypes are the device types c10 knows, in its message's order.
var deviceTypes = []string{"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "ort", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "privateuseone"}

// parseDeviceString is c10::Device(const std::string&): "cpu", "cuda:1".
func parseDeviceString(s string) tensor.Device {
	if s == "" {
		eval.Throw("RuntimeError", errDeviceEmpty)
	}
	name, idx, hasColon := strings.Cut(s, ":")
	bad := name == "" || (hasColon && idx == "")
	for _, r := range name {
		if !(r < 128 && (unicode.IsLetter(r) || r == '_')) {
			bad = true
		}
	}
	for i, r := range idx {
		if r < '0' || r > '9' || (i > 0 && idx[0] == '0') {
			bad = true
		}
	}
	if bad {
		eval.Throw("RuntimeError", errDeviceString, s)
	}
	d := tensor.Device{Type: name, Index: -1}
	if idx != "" {
		n, err := strconv.ParseInt(idx, 10, 32)
		if err != nil {
			eval.Throw("RuntimeError", errDeviceIndexParse, idx, s)
		}
		d.Index = int(int8(n)) // c10::DeviceIndex is an int8_t
	}
	known := false
	for _, t := range deviceTypes {
		known = known || t == name
	}
	if !known {
		eval.Throw("RuntimeError", errDeviceType, s)
	}
	return d
}

// deviceFromIndex is the device an int stands for: cuda:i.
func deviceFromIndex(i eval.Int) tensor.Device {
	n := eval.UnpackLong(i)
	if n < 0 {
		eval.Throw("RuntimeError", errDeviceNegative)
	}
	return tensor.Device{Type: "cuda", Index: int(int8(n))}
}

// parseDevice converts a device argument: a torch.device, a string or an
// int (a CUDA device index).
func parseDevice(v eval.Value) tensor.Device {
	switch x := v.(type) {
	case eval.DeviceValue:
		return x.D
	case eval.Str:
		return parseDeviceString(string(x))
	case eval.Int:
		return deviceFromIndex(x)
	}
	eval.Throw("TypeError", errExpectedDevice, eval.TypeName(v))
	return tensor.CPU
}

// backendNames are the dispatch keys PyTorch names for devices tensh has
// no kernels for.
var backendNames = map[string]string{"meta": "Meta", "lazy": "Lazy", "privateuseone": "PrivateUse1", "mkldnn": "MkldnnCPU", "opengl": "OpenGL", "opencl": "OpenCL", "ideep": "IDEEP", "vulkan": "Vulkan"}

// checkDevice raises PyTorch's error for a device tensors cannot be placed
// on: a CUDA device without a GPU backend is the CPU build's
// "Torch not compiled with CUDA enabled".
func checkDevice(d tensor.Device) {
	if checkGPUDevice(d) { // device_gpu.go
		return
	}
	switch d.Type {
	case "cpu":
		return
	case "cuda":
		eval.Throw("AssertionError", errNoCUDA)
	}
	name, ok := backendNames[d.Type]
	if !ok {
		name = strings.ToUpper(d.Type)
	}
	eval.Throw("NotImplementedError", errDeviceBackend, name)
}

// placeOn returns t on device d: the single place where tensors change
// device. CPU tensors carry no index (torch.device('cpu', 0) places on
// device(type='cpu')).
func placeOn(t *tensor.Tensor, d *tensor.Device) *tensor.Tensor {
	if d == nil {
		return t
	}
	checkDevice(*d)
	if d.Type == "cpu" {
		if t.Device().Type == "cpu" {
			return t
		}
		return moveTo(t, tensor.CPU)
	}
	if d.Index < 0 {
		d = &tensor.Device{Type: d.Type, Index: 0}
	}
	if t.Device() == *d {
		return t
	}
	return moveTo(t, *d) // device_gpu.go
}

// sameDevice reports whether t already lives on d (an index-less CPU
// device matches any CPU index).
func sameDevice(t *tensor.Tensor, d tensor.Device) bool {
	td := t.Device()
	if d.Type == "cpu" {
		return td.Type == "cpu"
	}
	return td.Type == d.Type && (d.Index < 0 || td.Index == d.Index)
}

var deviceParser = newArgParser("Device(Device device)", "Device(std::string type, int64_t? index=-1)")

func init() {
	eval.DeviceClass.Call = func(a *eval.Args) eval.Value {
		b := deviceParser.parse(a)
		if b.idx == 0 {
			return eval.DeviceValue{D: parseDevice(b.val("device"))}
		}
		typ := string(b.val("type").(eval.Str))
		d := parseDeviceString(typ)
		if b.has("index") {
			if d.Index >= 0 {
				eval.Throw("RuntimeError", errDeviceExplicitIdx, typ)
			}
			n := b.int64("index", -1)
			if n < 0 {
				eval.Throw("RuntimeError", errDeviceNegative)
			}
			d.Index = int(int8(n))
		}
		return eval.DeviceValue{D: d}
	}
	torchSubmodules["cuda"] = func(s *eval.Session) *eval.Module {
		return &eval.Module{Name: "torch.cuda", Members: cudaMembers()} // device_gpu.go
	}
}

// ---- options common to the factory functions ----

// factoryOpts are the keyword options of a factory function, found by name
// in the bound signature.
type factoryOpts struct {
	b *boundArgs
}

// out returns the out= tensor, or nil.
func (o factoryOpts) out() *tensor.Tensor { return o.b.tensor("out") }

// rejectNames raises for names= (a named tensor), which tensh does not
// support.
func (o factoryOpts) rejectNames() {
	if o.b.has("names") {
		eval.Throw("TypeError", errNamesUnsupported, o.b.name)
	}
}

// dtype returns the dtype= option, or out='s dtype, or def. A dtype= that
// differs from out='s raises PyTorch's error.
func (o factoryOpts) dtype(def tensor.DType) (tensor.DType, bool) {
	out := o.out()
	if d, ok := o.b.dtype("dtype"); ok {
		if out != nil && out.DType() != d {
			eval.Throw("RuntimeError", errOutDType, d.ScalarName(), out.DType().ScalarName())
		}
		return d, true
	}
	if out != nil {
		return out.DType(), true
	}
	return def, false
}

// device returns the device= option (nil when absent) after checking that
// tensors can be placed there, as maybe_initialize_cuda does before the
// factory runs.
func (o factoryOpts) device() *tensor.Device {
	d := o.b.device("device")
	if d != nil {
		checkDevice(*d)
	}
	o.checkPinned()
	return d
}

// checkPinned raises PyTorch's error for pin_memory=True in a build
// without CUDA (there is no pinned memory to allocate); with out= PyTorch
// ignores pin_memory, as tensh does. (A GPU build accepts it: pinning
// changes no value.)
func (o factoryOpts) checkPinned() {
	if o.b.bool("pin_memory", false) && o.out() == nil && !cudaAvailable() {
		eval.Throw("RuntimeError", errPinnedNoCUDA)
	}
}

// finish applies device= and requires_grad= to a new tensor, or writes it
// into out= (resized to the result's shape) when given.
func (o factoryOpts) finish(t *tensor.Tensor, dev *tensor.Device) eval.Value {
	if o.b.bool("requires_grad", false) && !t.DType().IsFloat() {
		eval.Throw("RuntimeError", errRequiresGradDType)
	}
	if out := o.out(); out != nil {
		out.Resize(t.Shape())
		tensor.CopyInto(out, t)
		return out
	}
	return placeFresh(t, dev)
}

// placeFresh is placeOn for a tensor a factory has just made, which
// nothing else references: it moves to a device without a copy, so that
// torch.ones(n, device='opencl') holds its elements once, not twice, under
// the --max-memory cap (issue 27).
func placeFresh(t *tensor.Tensor, d *tensor.Device) *tensor.Tensor {
	if d == nil || d.Type == "cpu" || !t.Device().IsCPU() {
		return placeOn(t, d)
	}
	checkDevice(*d)
	if d.Index < 0 {
		d = &tensor.Device{Type: d.Type, Index: 0}
	}
	gpuSeen = true
	return tensor.OnDevice(t, *d)
}

// ---- torch.tensor and torch.as_tensor ----

const maxTensorDims = 128

// seqLen and seqItem are len(v) and v[i] for a sequence.
func seqLen(v eval.Value) int {
	if r, ok := v.(eval.Range); ok {
		return int(r.Len())
	}
	return eval.Length(v)
}

func seqItem(v eval.Value, i int) eval.Value {
	switch x := v.(type) {
	case *eval.List:
		return x.Elems[i]
	case eval.Tuple:
		return x[i]
	case eval.Size:
		return eval.MakeInt(int64(x[i]))
	case eval.Range:
		return eval.MakeInt(x.Start + int64(i)*x.Step)
	case eval.Str:
		return eval.Str(string([]rune(string(x))[i]))
	case *eval.NamedTuple:
		return x.Elems[i]
	}
	return nil
}

// computeSizes is tensor_new.cpp's compute_sizes: the lengths of the first
// elements, nested.
func computeSizes(data eval.Value) []int {
	var sizes []int
	for eval.IsSequence(data) {
		n := seqLen(data)
		sizes = append(sizes, n)
		if len(sizes) > maxTensorDims {
			eval.Throw("ValueError", errTooManyDims, eval.TypeName(data))
		}
		if n == 0 {
			break
		}
		data = seqItem(data, 0)
	}
	return sizes
}

// inferScalarType is tensor_new.cpp's infer_scalar_type: the promoted dtype
// of every element (floats give the default dtype, empty sequences too).
func inferScalarType(v eval.Value, depth int) tensor.DType {
	switch x := v.(type) {
	case eval.Float:
		return tensor.DefaultFloat()
	case eval.Int:
		return tensor.Int64
	case eval.Bool:
		return tensor.Bool
	case *tensor.Tensor:
		return x.DType()
	case eval.TensorSource:
		return x.TorchTensor().DType() // ndarrays, NumPy scalars: export.go
	case eval.Str:
		eval.Throw("TypeError", errNewInvalidType, "str")
	case eval.Range:
		if x.Len() == 0 {
			return tensor.DefaultFloat()
		}
		return tensor.Int64
	case eval.Size:
		if len(x) == 0 {
			return tensor.DefaultFloat()
		}
		return tensor.Int64
	case *eval.List, eval.Tuple, *eval.NamedTuple:
		if depth > 1000 {
			eval.Throw("RecursionError", eval.ErrRecursion)
		}
		elems := eval.IterateAll(x)
		if len(elems) == 0 {
			return tensor.DefaultFloat()
		}
		var dt tensor.DType
		for i, e := range elems {
			if l, ok := x.(*eval.List); ok {
				if el, ok := e.(*eval.List); ok && el == l {
					eval.Throw("TypeError", errSelfRefList)
				}
			}
			d := inferScalarType(e, depth+1)
			if i == 0 {
				dt = d
			} else {
				dt = tensor.PromoteTypes(dt, d)
			}
		}
		return dt
	}
	eval.Throw("RuntimeError", errCouldNotInfer, eval.TypeName(v))
	return 0
}

// fastSequence is PySequence_Fast(obj, "not a sequence"): the elements of an
// iterable (a tensor iterates over its first dimension).
func fastSequence(v eval.Value) []eval.Value {
	switch x := v.(type) {
	case *eval.List, eval.Tuple, eval.Size, eval.Range, eval.Str, *eval.NamedTuple:
		return eval.IterateAll(x)
	case *tensor.Tensor:
		if x.Dim() > 0 {
			return eval.IterateAll(x)
		}
	}
	eval.Throw("TypeError", errNotASequence)
	return nil
}

// intStoreNames are the type names torch.tensor's element store prints.
var intStoreNames = map[tensor.DType]string{tensor.Uint8: "uint8", tensor.Int8: "int8", tensor.Int16: "int16", tensor.Int32: "int32", tensor.Int64: "int64"}

// unpackIndexLike is THPUtils_unpackLong on an element: a Python int (or
// bool), or a one-element integer tensor through __index__.
func unpackIndexLike(v eval.Value) int64 {
	switch x := v.(type) {
	case eval.Int:
		return eval.UnpackLong(x)
	case eval.Bool:
		if x {
			return 1
		}
		return 0
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(true) {
			return x.Item().I
		}
		eval.Throw("TypeError", eval.ErrIndexTensorOnly)
	}
	eval.Throw("TypeError", eval.ErrCannotInterpretInt, eval.TypeName(v))
	return 0
}

// storeScalar is python_scalars.h's store_scalar: one element of
// torch.tensor's data converted to the dtype (integers range-checked,
// floats converted unchecked).
func storeScalar(v eval.Value, d tensor.DType) tensor.Scalar {
	switch {
	case d == tensor.Bool:
		if f, ok := v.(eval.Float); ok {
			return tensor.BoolS(f != 0)
		}
		if i, ok := v.(eval.Int); ok {
			return tensor.BoolS(i.Sign() != 0)
		}
		return tensor.BoolS(unpackIndexLike(v) != 0)
	case d.IsFloat():
		return tensor.FloatS(unpackDouble(v))
	}
	if f, ok := v.(eval.Float); ok {
		return tensor.CheckedConvert(tensor.FloatS(float64(f)), d, intStoreNames[d])
	}
	return tensor.CheckedConvert(tensor.IntS(unpackIndexLike(v)), d, intStoreNames[d])
}

// recursiveStore fills st (contiguous, row-major) from nested data.
func recursiveStore(st *tensor.Storage, off *int, sizes []int, dim int, d tensor.DType, v eval.Value) {
	if dim == len(sizes) {
		v = eval.AsNumber(v) // NumPy scalars: export.go
		st.Set(*off, storeScalar(v, d))
		*off++
		return
	}
	elems := fastSequence(v)
	if len(elems) != sizes[dim] {
		eval.Throw("ValueError", errExpectedSeqLen, sizes[dim], dim, len(elems))
	}
	for _, e := range elems {
		recursiveStore(st, off, sizes, dim+1, d, e)
	}
}

// newFromData is tensor_new.cpp's internal_new_from_data: a tensor from
// nested sequences of numbers and tensors, or from a tensor (copied when
// copyTensor, else reused when nothing changes).
func newFromData(data eval.Value, dt *tensor.DType, dev *tensor.Device, copyTensor bool) *tensor.Tensor {
	if _, ok := data.(eval.Str); ok {
		eval.Throw("TypeError", errNewInvalidType, "str")
	}
	data = eval.AsTensorSource(data) // ndarrays, NumPy scalars: export.go
	if t, ok := data.(*tensor.Tensor); ok {
		d := t.DType()
		if dt != nil {
			d = *dt
		}
		if dev != nil {
			checkDevice(*dev)
		}
		return placeOn(convertTensor(t, d, copyTensor), dev)
	}
	sizes := computeSizes(data)
	d := tensor.DefaultFloat()
	if dt != nil {
		d = *dt
	} else {
		d = inferScalarType(data, 0)
	}
	t := tensor.Empty(sizes, d)
	if t.Numel() > 0 {
		off := 0
		recursiveStore(t.Storage(), &off, sizes, 0, d, data)
	}
	if dev != nil {
		checkDevice(*dev)
	}
	return placeOn(t, dev)
}

var (
	tensorParser   = newArgParser("tensor(PyObject* data, *, ScalarType? dtype=None, Device? device=None, bool pin_memory=False, bool requires_grad=False, DimnameList? names=None)")
	asTensorParser = newArgParser("as_tensor(PyObject* data, *, ScalarType? dtype=None, Device? device=None)")
)

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "tensor", Kind: eval.TorchFunc,
		Sig: "tensor(data, *, dtype=None, device=None, requires_grad=False) -> Tensor",
		Doc: "Constructs a tensor by copying data: a number, a (nested) list or tuple of numbers and tensors, or a tensor. The dtype is inferred (bool, int64 or the default float dtype) unless given.",
		Fn: func(a *eval.Args) eval.Value {
			b := tensorParser.parse(a)
			if _, ok := b.val("data").(*tensor.Tensor); ok {
				a.Session().Warn("UserWarning", errCopyConstruct)
			}
			o := factoryOpts{b}
			o.rejectNames()
			var dt *tensor.DType
			if d, ok := o.dtype(0); ok {
				dt = &d
			}
			if b.bool("pin_memory", false) {
				// PyTorch reads the data first, then refuses to pin.
				newFromData(b.val("data"), dt, nil, true)
				o.checkPinned()
			}
			t := newFromData(b.val("data"), dt, b.device("device"), true)
			if b.bool("requires_grad", false) && !t.DType().IsFloat() {
				eval.Throw("RuntimeError", errRequiresGradDType)
			}
			return t
		}})
	eval.RegisterTorch(&eval.Builtin{Name: "as_tensor", Kind: eval.TorchFunc,
		Sig: "as_tensor(data, dtype=None, device=None) -> Tensor",
		Doc: "Converts data into a tensor, sharing it when data is already a tensor of the requested dtype and device.",
		Fn: func(a *eval.Args) eval.Value {
			b := asTensorParser.parse(a)
			var dt *tensor.DType
			if d, ok := b.dtype("dtype"); ok {
				dt = &d
			}
			return newFromData(b.val("data"), dt, b.device("device"), false)
		}})
}

// ---- empty, zeros, ones, full ----

// factorySigs builds the two signatures of a size-taking factory function
// (the named-tensor overload, then the SymInt one), with extra leading
// parameters after size.
func factorySigs(name, extra, memFmt string) *argParser {
	common := "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
	return newArgParser(
		name+"(IntArrayRef size"+extra+", *, DimnameList? names, "+memFmt+common,
		name+"(SymIntArrayRef size"+extra+", *, "+memFmt+"Tensor out=None, "+common,
	)
}

var (
	emptyParser = factorySigs("empty", "", "MemoryFormat? memory_format=None, ")
	zerosParser = factorySigs("zeros", "", "")
	onesParser  = factorySigs("ones", "", "")
	fullParser  = factorySigs("full", ", Scalar fill_value", "")
)

// sizedFactory implements empty/zeros/ones: fill is nil for empty.
func sizedFactory(p *argParser, fill *tensor.Scalar) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		b := p.parse(a)
		o := factoryOpts{b}
		o.rejectNames()
		d, _ := o.dtype(tensor.DefaultFloat())
		dev := o.device()
		size := b.ints("size")
		// empty's elements are unspecified (PyTorch's allocator hands back
		// reused memory); zeros and ones write every element.
		t := tensor.EmptyUninit(size, d)
		if fill != nil {
			t.Fill(*fill)
		}
		t = emptyFormat(t, b.memoryFormat("memory_format"))
		return o.finish(t, dev)
	}
}

func init() {
	one := tensor.IntS(1)
	eval.RegisterTorch(
		&eval.Builtin{Name: "empty", Kind: eval.TorchFunc, Sig: "empty(*size, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns a tensor of the given size whose values are not initialized (tensh fills it with zeros).",
			Fn:  sizedFactory(emptyParser, nil)},
		&eval.Builtin{Name: "zeros", Kind: eval.TorchFunc, Sig: "zeros(*size, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns a tensor of the given size filled with 0.",
			Fn:  sizedFactory(zerosParser, nil)},
		&eval.Builtin{Name: "ones", Kind: eval.TorchFunc, Sig: "ones(*size, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns a tensor of the given size filled with 1.",
			Fn:  sizedFactory(onesParser, &one)},
		&eval.Builtin{Name: "full", Kind: eval.TorchFunc, Sig: "full(size, fill_value, *, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns a tensor of the given size filled with fill_value; its dtype is inferred from fill_value (bool, int64 or the default float dtype) unless given.",
			Fn: func(a *eval.Args) eval.Value {
				b := fullParser.parse(a)
				o := factoryOpts{b}
				o.rejectNames()
				v := b.scalar("fill_value")
				d, _ := o.dtype(v.DType())
				dev := o.device()
				return o.finish(tensor.FullChecked(b.ints("size"), v, d), dev)
			}},
	)
}

// ---- arange, linspace, logspace, eye ----

func rangeCommon(out string) string {
	return "*, " + out + "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
}

var (
	arangeParser = newArgParser(
		"arange(Scalar end, "+rangeCommon("Tensor out=None, "),
		"arange(Scalar start, Scalar end, "+rangeCommon(""),
		"arange(Scalar start, Scalar end, Scalar step=1, "+rangeCommon("Tensor out=None, "),
	)
	linspaceParser = newArgParser("linspace(Scalar start, Scalar end, int64_t steps, " + rangeCommon("Tensor out=None, "))
	logspaceParser = newArgParser("logspace(Scalar start, Scalar end, int64_t steps, double base=10.0, " + rangeCommon("Tensor out=None, "))
	eyeParser      = newArgParser(
		"eye(int64_t n, "+rangeCommon("Tensor out=None, "),
		"eye(int64_t n, int64_t m, "+rangeCommon("Tensor out=None, "),
	)
)

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "arange", Kind: eval.TorchFunc, Sig: "arange(start=0, end, step=1, *, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns the 1-D tensor of values from start (inclusive) to end (exclusive) by step; int64 when every argument is an integer, else the default float dtype.",
			Fn: func(a *eval.Args) eval.Value {
				b := arangeParser.parse(a)
				o := factoryOpts{b}
				start, end, step := tensor.IntS(0), tensor.IntS(1), tensor.IntS(1)
				switch b.idx {
				case 0:
					end = b.scalar("end")
				case 1:
					start, end = b.scalar("start"), b.scalar("end")
				default:
					start, end = b.scalar("start"), b.scalar("end")
					if b.has("step") {
						step = b.scalar("step")
					}
				}
				def := tensor.Int64
				for _, v := range []tensor.Scalar{start, end, step} {
					if v.Kind == tensor.FloatScalar {
						def = tensor.DefaultFloat()
					}
				}
				d, _ := o.dtype(def)
				dev := o.device()
				t := tensor.Arange(start, end, step, d)
				if out := o.out(); out != nil && out.Numel() > 0 && out.Numel() != t.Numel() {
					a.Session().Warn("UserWarning", fmt.Sprintf(errArangeOutResize, tensor.ShapeString(out.Shape()), out.Numel(), t.Numel(), t.Numel()))
				}
				return o.finish(t, dev)
			}},
		&eval.Builtin{Name: "linspace", Kind: eval.TorchFunc, Sig: "linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns steps values evenly spaced from start to end (both included), in the default float dtype unless given.",
			Fn: func(a *eval.Args) eval.Value {
				b := linspaceParser.parse(a)
				o := factoryOpts{b}
				d, _ := o.dtype(tensor.DefaultFloat())
				dev := o.device()
				return o.finish(tensor.Linspace(b.scalar("start"), b.scalar("end"), b.int64("steps", 0), d), dev)
			}},
		&eval.Builtin{Name: "logspace", Kind: eval.TorchFunc, Sig: "logspace(start, end, steps, base=10.0, *, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns steps values evenly spaced on a log scale, from base**start to base**end.",
			Fn: func(a *eval.Args) eval.Value {
				b := logspaceParser.parse(a)
				o := factoryOpts{b}
				d, _ := o.dtype(tensor.DefaultFloat())
				dev := o.device()
				return o.finish(tensor.Logspace(b.scalar("start"), b.scalar("end"), b.int64("steps", 0), b.double("base", 10), d), dev)
			}},
		&eval.Builtin{Name: "eye", Kind: eval.TorchFunc, Sig: "eye(n, m=None, *, dtype=None, device=None, requires_grad=False) -> Tensor",
			Doc: "Returns the n×m (n×n by default) matrix with ones on the diagonal and zeros elsewhere.",
			Fn: func(a *eval.Args) eval.Value {
				b := eyeParser.parse(a)
				o := factoryOpts{b}
				d, _ := o.dtype(tensor.DefaultFloat())
				dev := o.device()
				n := b.int64("n", 0)
				m := n
				if b.idx == 1 {
					m = b.int64("m", 0)
				}
				return o.finish(tensor.Eye(n, m, d), dev)
			}},
	)
}

// ---- *_like ----

// convertTensor is t.to(d, copy=cp) on one device: t itself when nothing
// changes and no copy is asked for, else a copy laid out like t.
func convertTensor(t *tensor.Tensor, d tensor.DType, cp bool) *tensor.Tensor {
	if t.DType() == d && !cp {
		return t
	}
	out := tensor.EmptyLike(t, d)
	tensor.CopyInto(out, t)
	return out.WithDevice(t.Device())
}

func likeSig(name, extra string) *argParser {
	return newArgParser(name + "(Tensor input" + extra + ", *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False, MemoryFormat? memory_format=None)")
}

var (
	emptyLikeParser = likeSig("empty_like", "")
	zerosLikeParser = likeSig("zeros_like", "")
	onesLikeParser  = likeSig("ones_like", "")
	fullLikeParser  = likeSig("full_like", ", Scalar fill_value")
)

// likeFactory implements empty_like, zeros_like, ones_like and full_like.
func likeFactory(p *argParser, fill func(b *boundArgs) *tensor.Scalar) func(a *eval.Args) eval.Value {
	return func(a *eval.Args) eval.Value {
		b := p.parse(a)
		o := factoryOpts{b}
		t := b.tensor("input")
		d, _ := o.dtype(t.DType())
		dev := o.device()
		out := emptyInFormat(t, d, b.memoryFormat("memory_format"))
		if v := fill(b); v != nil {
			out.Fill(tensor.CheckedScalar(*v, d))
		}
		if dev == nil {
			out = out.WithDevice(t.Device())
		}
		return o.finish(out, dev)
	}
}

func init() {
	none := func(*boundArgs) *tensor.Scalar { return nil }
	one := func(*boundArgs) *tensor.Scalar { v := tensor.IntS(1); return &v }
	eval.RegisterTorch(
		&eval.Builtin{Name: "empty_like", Kind: eval.TorchFunc, Sig: "empty_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns an uninitialized tensor (zero-filled in tensh) with the size, dtype and device of input.",
			Fn:  likeFactory(emptyLikeParser, none)},
		&eval.Builtin{Name: "zeros_like", Kind: eval.TorchFunc, Sig: "zeros_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of zeros with the size, dtype and device of input.",
			Fn:  likeFactory(zerosLikeParser, none)},
		&eval.Builtin{Name: "ones_like", Kind: eval.TorchFunc, Sig: "ones_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of ones with the size, dtype and device of input.",
			Fn:  likeFactory(onesLikeParser, one)},
		&eval.Builtin{Name: "full_like", Kind: eval.TorchFunc, Sig: "full_like(input, fill_value, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor filled with fill_value with the size, dtype and device of input.",
			Fn: likeFactory(fullLikeParser, func(b *boundArgs) *tensor.Scalar {
				v := b.scalar("fill_value")
				return &v
			})},
	)
}
