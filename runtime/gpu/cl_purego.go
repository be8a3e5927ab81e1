//go:build (linux || darwin) && (amd64 || arm64) && !tensh_nogpu

package gpu

import (
	"runtime"
	"unsafe"

	"github.com/ebitengine/purego"
)

// The OpenCL 1.2 entry points tensh calls, resolved from the loader
// library at run time with purego (no cgo, no OpenCL headers): every
// argument travels as a machine word, every cl_int result comes back in
// the low 32 bits of the first result register.

// clFuncs holds the addresses of the entry points.
type clFuncs struct {
	getPlatformIDs, getPlatformInfo, getDeviceIDs, getDeviceInfo     uintptr
	createContext, createCommandQueue, createBuffer, releaseMem      uintptr
	enqueueWrite, enqueueRead, enqueueCopy, finish                   uintptr
	createProgramWithSource, createProgramWithBinary, buildProgram   uintptr
	getProgramBuildInfo, getProgramInfo, createKernel, setKernelArg  uintptr
	enqueueNDRange, releaseKernel, releaseProgram, enqueueFillBuffer uintptr
}

// clLibraryNames are the loader libraries tried in order.
var clLibraryNames = []string{"libOpenCL.so.1", "libOpenCL.so", "/System/Library/Frameworks/OpenCL.framework/OpenCL"}

// dlopen opens a shared library by name.
func dlopen(name string) (uintptr, error) {
	return purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_GLOBAL)
}

// openLoader opens the first loader library found and resolves the entry
// points; the error names what was tried.
func openLoader(names []string) (*clFuncs, string, error) {
	var lib uintptr
	var used string
	var firstErr error
	for _, n := range names {
		h, err := dlopen(n)
		if err == nil {
			lib, used = h, n
			break
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if lib == 0 {
		return nil, "", firstErr
	}
	f := &clFuncs{}
	syms := []struct {
		p    *uintptr
		name string
	}{
		{&f.getPlatformIDs, "clGetPlatformIDs"}, {&f.getPlatformInfo, "clGetPlatformInfo"},
		{&f.getDeviceIDs, "clGetDeviceIDs"}, {&f.getDeviceInfo, "clGetDeviceInfo"},
		{&f.createContext, "clCreateContext"}, {&f.createCommandQueue, "clCreateCommandQueue"},
		{&f.createBuffer, "clCreateBuffer"}, {&f.releaseMem, "clReleaseMemObject"},
		{&f.enqueueWrite, "clEnqueueWriteBuffer"}, {&f.enqueueRead, "clEnqueueReadBuffer"},
		{&f.enqueueCopy, "clEnqueueCopyBuffer"}, {&f.finish, "clFinish"},
		{&f.createProgramWithSource, "clCreateProgramWithSource"},
		{&f.createProgramWithBinary, "clCreateProgramWithBinary"},
		{&f.buildProgram, "clBuildProgram"}, {&f.getProgramBuildInfo, "clGetProgramBuildInfo"},
		{&f.getProgramInfo, "clGetProgramInfo"}, {&f.createKernel, "clCreateKernel"},
		{&f.setKernelArg, "clSetKernelArg"}, {&f.enqueueNDRange, "clEnqueueNDRangeKernel"},
		{&f.releaseKernel, "clReleaseKernel"}, {&f.releaseProgram, "clReleaseProgram"},
		{&f.enqueueFillBuffer, "clEnqueueFillBuffer"},
	}
	for _, s := range syms {
		p, err := purego.Dlsym(lib, s.name)
		if err != nil {
			return nil, used, err
		}
		*s.p = p
	}
	return f, used, nil
}

// call invokes an entry point and returns its cl_int result.
func call(fn uintptr, args ...uintptr) int32 {
	r, _, _ := purego.SyscallN(fn, args...)
	return int32(r)
}

// callHandle invokes an entry point that returns a handle and reports its
// error through a trailing cl_int* argument.
func callHandle(fn uintptr, args ...uintptr) (uintptr, int32) {
	code := new(int32)
	args = append(args, ptr(code))
	r, _, _ := purego.SyscallN(fn, args...)
	runtime.KeepAlive(code)
	return r, *code
}

// ptr is the address of a Go value for the duration of a call (Go's heap
// does not move; the caller keeps the value alive).
func ptr[T any](p *T) uintptr {
	toHeap(p)
	return uintptr(unsafe.Pointer(p))
}

// neverTrue is false at run time, but the compiler cannot know it: the
// store in toHeap makes every value whose address crosses into C escape
// to the heap, where it does not move (a goroutine stack can).
var neverTrue = false

var heapSink any

//go:noinline
func toHeap(p any) {
	if neverTrue {
		heapSink = p
	}
}

// bytesPtr is the address of a byte slice's first element (0 when empty).
func bytesPtr(b []byte) uintptr {
	if len(b) == 0 {
		return 0
	}
	toHeap(&b[0])
	return uintptr(unsafe.Pointer(&b[0]))
}

// loaderSupported reports whether this build can load OpenCL at all.
const loaderSupported = true
