package torch

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/gpu"
	"github.com/tensh/tensh/runtime/tensor"
)

// GPU devices in the evaluator: "cuda[:N]" (devices of NVIDIA's OpenCL
// platform) and "opencl[:N]" (any OpenCL device), found by runtime/gpu.
// A tensor moves between devices by copy (placeOn -> moveTo); a builtin
// called with GPU tensors checks that its tensors share one device and
// returns its new tensors on that device (deviceCall); the operators do
// the same (onDeviceOf). runtime/tensor runs the operations the GPU has
// kernels for on the device, the others on the CPU.

// gpuSeen is set once a tensor has been placed on a GPU device: until
// then no call pays for the device checks.
var gpuSeen bool

// gpuDeviceTypes are the device types runtime/gpu drives.
func isGPUType(t string) bool { return t == "cuda" || t == "opencl" }

// checkGPUDevice accepts a GPU device that exists; it returns false for
// other devices and when there is no device of the type (checkDevice then
// raises PyTorch's error for a build without it).
func checkGPUDevice(d tensor.Device) bool {
	if !isGPUType(d.Type) {
		return false
	}
	n := gpu.DeviceCount(d.Type)
	if n == 0 {
		return false
	}
	if d.Index >= n {
		name := "CUDA"
		if d.Type == "opencl" {
			name = "OpenCL"
		}
		eval.Throw("RuntimeError", errGPUOrdinal, name)
	}
	return true
}

// moveTo copies t to device d (placeOn has checked d).
func moveTo(t *tensor.Tensor, d tensor.Device) *tensor.Tensor {
	if !d.IsCPU() {
		gpuSeen = true
	}
	// The copy runs on the host, where the elements are.
	c := tensor.OnDevice(t, tensor.CPU).Clone()
	return tensor.OnDevice(c, d)
}

// deviceExempt are the builtins that take tensors of several devices or
// choose their result's device themselves.
var deviceExempt = map[string]bool{"to": true, "cpu": true, "cuda": true, "copy_": true, "type": true, "numpy": true, "tolist": true, "item": true, "get_device": true}

// collectTensors appends the tensors among vs and in their lists and
// tuples, one level down (a list may contain itself).
func collectTensors(out []*tensor.Tensor, vs ...eval.Value) []*tensor.Tensor {
	return collectDepth(out, 1, vs)
}

func collectDepth(out []*tensor.Tensor, depth int, vs []eval.Value) []*tensor.Tensor {
	for _, v := range vs {
		switch x := v.(type) {
		case *tensor.Tensor:
			out = append(out, x)
		case *eval.List:
			if depth > 0 {
				out = collectDepth(out, depth-1, x.Elems)
			}
		case eval.Tuple:
			if depth > 0 {
				out = collectDepth(out, depth-1, x)
			}
		}
	}
	return out
}

// argsDevice is the device of a call's GPU tensors (CPU when none),
// raising PyTorch's error for a mix.
func argsDevice(name string, a *eval.Args) tensor.Device {
	if !gpuSeen || deviceExempt[name] {
		return tensor.CPU
	}
	ts := collectTensors(nil, a.Self)
	ts = collectTensors(ts, a.Pos...)
	for _, kw := range a.Kw {
		ts = collectTensors(ts, kw.Value)
	}
	return commonDevice(ts)
}

// commonDevice is tensor.CommonDevice raised as a Python exception.
func commonDevice(ts []*tensor.Tensor) tensor.Device {
	for _, t := range ts {
		if !t.Device().IsCPU() {
			return tensor.CommonDevice(ts...)
		}
	}
	return tensor.CPU
}

// onDevice places a call's new tensors (a result, or the tensors of a
// tuple or list result, one level down) on dev; a tensor that is one of
// the call's arguments keeps its device.
func onDevice(r eval.Value, dev tensor.Device, args ...eval.Value) eval.Value {
	if dev.IsCPU() {
		return r
	}
	for _, e := range resultValues(r) {
		t, ok := e.(*tensor.Tensor)
		if !ok || !t.Device().IsCPU() || isArg(t, args) {
			continue
		}
		t.SetDevice(dev)
	}
	return r
}

// resultValues are a call's result, or the values of a tuple, list or
// named tuple result (sort's values and indices), one level down.
func resultValues(r eval.Value) []eval.Value {
	switch x := r.(type) {
	case eval.Tuple:
		return x
	case *eval.List:
		return x.Elems
	case *eval.NamedTuple:
		return x.Elems
	}
	return []eval.Value{r}
}

// isArg reports whether t is one of args (or in their lists and tuples).
func isArg(t *tensor.Tensor, args []eval.Value) bool {
	for _, a := range collectTensors(nil, args...) {
		if a == t {
			return true
		}
	}
	return false
}

// deviceCall runs a builtin whose arguments include GPU tensors.
func deviceCall(s *eval.Session, f *eval.Builtin, a *eval.Args, run func() eval.Value) eval.Value {
	if t, ok := a.Self.(*tensor.Tensor); ok && f.Name == "numpy" && !t.Device().IsCPU() {
		eval.Throw("TypeError", errDeviceNumpy, t.Device().String())
	}
	dev := argsDevice(f.Name, a)
	if dev.IsCPU() {
		return run()
	}
	all := append([]eval.Value{a.Self}, a.Pos...)
	before := deviceCounters()
	r := onDevice(run(), dev, all...)
	traceFallback(s, f.Name, dev, before, r, all)
	return r
}

// onDeviceOf runs an operator (name: "+", "[]", ...) over its operands
// with the device rules of deviceCall.
func onDeviceOf(s *eval.Session, name string, run func() eval.Value, xs ...eval.Value) eval.Value {
	if !gpuSeen {
		return run()
	}
	dev := commonDevice(collectTensors(nil, xs...))
	before := deviceCounters()
	r := onDevice(run(), dev, xs...)
	traceFallback(s, name, dev, before, r, xs)
	return r
}

// counters are the device's kernel launches and the host's accesses to
// device data, read before an operation of GPU tensors.
type counters struct{ launches, hostAccesses int64 }

func deviceCounters() counters {
	return counters{gpu.Launches.Load(), tensor.HostAccesses()}
}

// traceFallback reports, under %trace, an operation of GPU tensors that
// computed a new tensor without a device kernel: the CPU ran it (no
// kernel was launched, or the host read device data on the way, as sort
// does after a kernel has copied its input).
func traceFallback(s *eval.Session, name string, dev tensor.Device, before counters, r eval.Value, args []eval.Value) {
	now := deviceCounters()
	if !s.Tracing() || dev.IsCPU() || (now.launches != before.launches && now.hostAccesses == before.hostAccesses) {
		return
	}
	if computed(r, args) {
		fmt.Fprintln(s.TraceWriter(), fmt.Sprintf(traceCPUFallback, name, dev.String()))
	}
}

// computed reports whether a result (a tensor, or the tensors of a tuple,
// list or named tuple such as sort's) holds a new, non-empty tensor that
// is neither an argument nor a view of one.
func computed(r eval.Value, args []eval.Value) bool {
	operands := collectTensors(nil, args...)
next:
	for _, e := range resultValues(r) {
		t, ok := e.(*tensor.Tensor)
		if !ok || t.Numel() == 0 {
			continue
		}
		for _, a := range operands {
			if tensor.SameStorage(a.Storage(), t.Storage()) {
				continue next // a view or the operand itself: nothing was computed
			}
		}
		return true
	}
	return false
}

// cudaFunctions are torch.cuda's functions (docs/reference.md lists them).
var cudaFunctions = map[string]*eval.Builtin{
	"is_available": {Name: "is_available", Sig: "is_available() -> bool",
		Doc: "Tells whether a CUDA device (a device of NVIDIA's OpenCL platform) can be used.",
		Fn: func(a *eval.Args) eval.Value {
			a.NoArgs()
			return eval.Bool(cudaAvailable())
		}},
	"device_count": {Name: "device_count", Sig: "device_count() -> int",
		Doc: "Returns the number of CUDA devices (0 without NVIDIA's OpenCL platform).",
		Fn: func(a *eval.Args) eval.Value {
			a.NoArgs()
			return eval.MakeInt(int64(cudaDeviceCount()))
		}},
	"get_device_name": {Name: "get_device_name", Sig: "get_device_name(device=None) -> str",
		Doc: "Returns the name of a CUDA device (the current one, cuda:0, by default).",
		Fn: func(a *eval.Args) eval.Value {
			b := cudaDeviceParser.parse(a)
			d := cudaDeviceArg(b)
			return eval.Str(gpu.Devices("cuda")[d].Name)
		}},
	"current_device": {Name: "current_device", Sig: "current_device() -> int",
		Doc: "Returns the index of the current CUDA device (always 0 in tensh).",
		Fn: func(a *eval.Args) eval.Value {
			a.NoArgs()
			if !cudaAvailable() {
				eval.Throw("AssertionError", errNoCUDA)
			}
			return eval.MakeInt(0)
		}},
	"synchronize": {Name: "synchronize", Sig: "synchronize(device=None) -> None",
		Doc: "Waits for a CUDA device's work to finish (in tensh every operation has finished when it returns).",
		Fn: func(a *eval.Args) eval.Value {
			cudaDeviceArg(cudaSyncParser.parse(a))
			return eval.None
		}},
	"empty_cache": {Name: "empty_cache", Sig: "empty_cache() -> None",
		Doc: "Releases cached device memory (tensh keeps none: each operation frees its buffers).",
		Fn: func(a *eval.Args) eval.Value {
			a.NoArgs()
			return eval.None
		}},
}

var cudaSyncParser = newArgParser("synchronize(Device? device=None)")

// cudaMembers is the torch.cuda module's contents.
func cudaMembers() map[string]eval.Value {
	m := map[string]eval.Value{}
	for k, f := range cudaFunctions {
		m[k] = f
	}
	return m
}

var cudaDeviceParser = newArgParser("get_device_name(Device? device=None)")

// cudaDeviceArg is the index of an optional CUDA device argument.
func cudaDeviceArg(b *boundArgs) int {
	if !cudaAvailable() {
		eval.Throw("AssertionError", errNoCUDA)
	}
	d := b.device("device")
	if d == nil {
		return 0
	}
	if d.Type != "cuda" {
		eval.Throw("ValueError", errExpectedCUDA, d.String())
	}
	checkGPUDevice(*d)
	return max(d.Index, 0)
}

// defaultDevice is the device creation functions use without device=
// (--device, TENSH_DEVICE); nil is the CPU.
var defaultDevice *tensor.Device

// defaultDeviceFactories are the functions the default device applies to.
var defaultDeviceFactories = map[string]bool{"tensor": true, "zeros": true, "ones": true, "empty": true, "full": true,
	"arange": true, "range": true, "linspace": true, "logspace": true, "eye": true, "rand": true, "randn": true,
	"randint": true, "randperm": true, "empty_strided": true}

// defaultDeviceFor is the device= a creation function gets when it is
// not given.
func defaultDeviceFor(name string) *tensor.Device {
	if defaultDevice == nil || !defaultDeviceFactories[name] {
		return nil
	}
	d := *defaultDevice
	return &d
}

// SetDefaultDevice sets the device of new tensors ("cuda", "opencl:1",
// "cpu"; "" leaves the CPU): the --device flag and TENSH_DEVICE.
func SetDefaultDevice(spec string) (err error) {
	if spec == "" {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			msg := fmt.Sprint(r)
			if e, ok := r.(*eval.Exception); ok {
				msg = e.Type + ": " + e.Msg
			}
			if h := gpu.Explain(spec); isGPUType(strings.SplitN(spec, ":", 2)[0]) {
				msg += "\n" + h
			}
			err = fmt.Errorf(errDefaultDeviceBad, spec, msg)
		}
	}()
	d := parseDeviceString(spec)
	checkDevice(d)
	if d.IsCPU() {
		defaultDevice = nil
		return nil
	}
	if d.Index < 0 {
		d.Index = 0
	}
	defaultDevice = &d
	gpuSeen = true
	return nil
}

// deviceCause is the hint line under a device error: what tensh looked
// for and how to get a GPU device.
func deviceCause(e *eval.Exception) string {
	switch {
	case e == nil:
		return ""
	case e.Msg == errNoCUDA:
		return gpu.Explain("cuda")
	case strings.Contains(e.Msg, "'OpenCL' backend"):
		return gpu.Explain("opencl")
	}
	return ""
}
