package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.memory_format: torch.contiguous_format, torch.preserve_format,
// torch.channels_last and torch.channels_last_3d, and the memory_format=
// argument of empty, the *_like factories, contiguous, clone, to, the
// dtype conversions, cpu and is_contiguous. A channels-last tensor of
// sizes (N, C, H, W) has strides (H*W*C, 1, W*C, C): its channels are
// adjacent in memory.

type memFormat int

const (
	fmtNone memFormat = iota // not given (None)
	fmtContiguous
	fmtPreserve
	fmtChannelsLast
	fmtChannelsLast3d
)

// memFormatNames are the formats' names in torch (and in their reprs).
var memFormatNames = map[memFormat]string{
	fmtContiguous: "contiguous_format", fmtPreserve: "preserve_format",
	fmtChannelsLast: "channels_last", fmtChannelsLast3d: "channels_last_3d",
}

// memFormatObjects are the torch.memory_format objects (one each).
var memFormatObjects = map[memFormat]*eval.Object{}

var memoryFormatClass = eval.DefClass("torch.memory_format", "memory_format", nil)

func init() {
	for f, name := range memFormatNames {
		name := name
		o := &eval.Object{TypeName: "memory_format", ReprFn: func() string { return "torch." + name }}
		memFormatObjects[f] = o
		torchValues[name] = func(*eval.Session) eval.Value { return o }
	}
	torchClasses["memory_format"] = memoryFormatClass
}

// memoryFormatOf returns the format v is, when v is a torch.memory_format.
func memoryFormatOf(v eval.Value) (memFormat, bool) {
	o, ok := v.(*eval.Object)
	if !ok {
		return fmtNone, false
	}
	for f, fo := range memFormatObjects {
		if fo == o {
			return f, true
		}
	}
	return fmtNone, false
}

// memoryFormat reads a MemoryFormat parameter (fmtNone when absent or
// None).
func (b *boundArgs) memoryFormat(name string) memFormat {
	f, _ := memoryFormatOf(b.val(name))
	return f
}

// formatStrides are the strides of a dense tensor of the given sizes in
// format f (contiguous or channels last), or PyTorch's error when the
// rank does not fit the format. c10's get_channels_last_strides_2d/3d.
func formatStrides(shape []int, f memFormat) []int {
	switch f {
	case fmtChannelsLast:
		if len(shape) != 4 {
			eval.Throw("RuntimeError", errChannelsLastRank, 4, "channels_last")
		}
		s := make([]int, 4)
		s[1] = 1
		s[3] = shape[1]
		s[2] = s[3] * shape[3]
		s[0] = s[2] * shape[2]
		return s
	case fmtChannelsLast3d:
		if len(shape) != 5 {
			eval.Throw("RuntimeError", errChannelsLastRank, 5, "channels_last_3d")
		}
		s := make([]int, 5)
		s[1] = 1
		s[4] = shape[1]
		s[3] = s[4] * shape[4]
		s[2] = s[3] * shape[3]
		s[0] = s[2] * shape[2]
		return s
	}
	return tensor.ContiguousStrides(shape)
}

// isContiguousAs is t.is_contiguous(memory_format=f): for channels last,
// c10's compute_channels_last_contiguous_2d/3d (size-1 dims skipped).
func isContiguousAs(t *tensor.Tensor, f memFormat) bool {
	var order []int
	switch f {
	case fmtChannelsLast:
		order = []int{1, 3, 2, 0}
	case fmtChannelsLast3d:
		order = []int{1, 4, 3, 2, 0}
	default:
		return t.IsContiguous()
	}
	shape, strides := t.Shape(), t.Strides()
	if len(shape) != len(order) {
		return false
	}
	expected := 1
	for _, d := range order {
		if shape[d] != 1 {
			if strides[d] != expected {
				return false
			}
			expected *= shape[d]
		}
	}
	return true
}

// emptyInFormat allocates a tensor of t's sizes and dtype d laid out in
// format f; fmtNone and fmtPreserve keep t's layout (empty_like's
// preserve_format).
func emptyInFormat(t *tensor.Tensor, d tensor.DType, f memFormat) *tensor.Tensor {
	if f == fmtNone || f == fmtPreserve {
		return tensor.EmptyLike(t, d)
	}
	shape := t.Shape()
	strides := formatStrides(shape, f)
	return tensor.FromStorage(tensor.NewStorage(d, tensor.CheckedNumel(shape, d)), 0, shape, strides)
}

// copyInFormat is a copy of t (as dtype d) laid out in format f.
func copyInFormat(t *tensor.Tensor, d tensor.DType, f memFormat) *tensor.Tensor {
	out := emptyInFormat(t, d, f)
	tensor.CopyInto(out, t)
	return out.WithDevice(t.Device())
}

// contiguousAs is t.contiguous(memory_format=f): t itself when it is
// already laid out so.
func contiguousAs(t *tensor.Tensor, f memFormat) *tensor.Tensor {
	switch f {
	case fmtNone, fmtContiguous:
		return t.Contiguous()
	case fmtPreserve:
		if t.IsContiguous() {
			return t
		}
		eval.Throw("RuntimeError", "%s", errContiguousPreserve)
	}
	if isContiguousAs(t, f) {
		return t
	}
	return copyInFormat(t, t.DType(), f)
}

// cloneAs is t.clone(memory_format=f).
func cloneAs(t *tensor.Tensor, f memFormat) *tensor.Tensor {
	switch f {
	case fmtNone, fmtPreserve:
		return t.Clone()
	case fmtContiguous:
		return t.ContiguousClone()
	}
	return copyInFormat(t, t.DType(), f)
}

// emptyFormat restrides a new (zero-filled) tensor of empty(...,
// memory_format=f).
func emptyFormat(t *tensor.Tensor, f memFormat) *tensor.Tensor {
	switch f {
	case fmtNone, fmtContiguous:
		return t
	case fmtPreserve:
		eval.Throw("RuntimeError", "%s", errEmptyPreserve)
	}
	return tensor.FromStorage(t.Storage(), 0, t.Shape(), formatStrides(t.Shape(), f)).WithDevice(t.Device())
}

// suggestFormat is c10's suggest_memory_format, for the formats tensh
// has: channels last when t is laid out so and not also contiguous.
func suggestFormat(t *tensor.Tensor) memFormat {
	for _, f := range []memFormat{fmtChannelsLast, fmtChannelsLast3d} {
		if !t.IsContiguous() && isContiguousAs(t, f) {
			return f
		}
	}
	return fmtContiguous
}

// convertInFormat is convertTensor with memory_format=f (to, the dtype
// methods, type, cpu): t itself when its dtype is d, no copy is asked for
// and f is preserve or t's own format; otherwise a copy laid out in f.
func convertInFormat(t *tensor.Tensor, d tensor.DType, cp bool, f memFormat) *tensor.Tensor {
	if f == fmtNone || f == fmtPreserve {
		return convertTensor(t, d, cp)
	}
	if t.DType() == d && !cp && suggestFormat(t) == f {
		return t
	}
	return copyInFormat(t, d, f)
}

// torch.strided, the one torch.layout tensh has (dense tensors), and
// x.layout. layout= of the factories binds None or torch.strided.
var (
	layoutClass   = eval.DefClass("torch.layout", "layout", nil)
	stridedLayout = &eval.Object{TypeName: "layout", ReprFn: func() string { return "torch.strided" }}
)

func init() {
	torchClasses["layout"] = layoutClass
	torchValues["strided"] = func(*eval.Session) eval.Value { return stridedLayout }
	eval.TensorProps["layout"] = func(*eval.Session, *tensor.Tensor) eval.Value { return stridedLayout }
}
