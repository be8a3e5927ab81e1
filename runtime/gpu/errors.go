package gpu

import "fmt"

// The messages of the GPU backend (format strings, one place to grep).
const (
	errNoLoaderBuild   = "this build of tensh cannot load OpenCL (only linux and darwin on amd64 or arm64 can, and not the static linux build)"
	errNoLibrary       = "no OpenCL library: could not open %s (%v)"
	errNoPlatform      = "the OpenCL loader %s found no platform (vendor files in %s: %s)"
	errCL              = "OpenCL error %d (%s) in %s"
	errBuild           = "OpenCL program build failed on %s: %s"
	errOutOfMemory     = "out of memory on %s: tried to allocate %d bytes (the device has %d bytes of global memory)"
	errNoSuchDevice    = "no OpenCL device %d: %d found"
	errTooManyDims     = "gpu: %d dimensions after coalescing (the kernels take at most %d)"
	errUnsupportedType = "gpu: dtype %s is not supported on %s"
	hintLooked         = "tensh looked for %s and an OpenCL platform%s; %s"
	hintFixLibrary     = "install an OpenCL driver (NVIDIA's driver ships libnvidia-opencl.so.1; Debian's pocl-opencl-icd gives a CPU device) and its loader ocl-icd-libopencl1"
	hintFixPlatform    = "install the driver's ICD file in /etc/OpenCL/vendors (e.g. nvidia.icd naming libnvidia-opencl.so.1) or set OCL_ICD_VENDORS"
	hintFixNoNVIDIA    = "CUDA devices are the devices of NVIDIA's OpenCL platform; use 'opencl' for the others"
)

// errString is an error made of a fixed message.
type errString string

func (e errString) Error() string { return string(e) }

// clErrorNames are the names of the OpenCL error codes tensh reports.
var clErrorNames = map[int32]string{
	-1: "CL_DEVICE_NOT_FOUND", -2: "CL_DEVICE_NOT_AVAILABLE", -3: "CL_COMPILER_NOT_AVAILABLE",
	-4: "CL_MEM_OBJECT_ALLOCATION_FAILURE", -5: "CL_OUT_OF_RESOURCES", -6: "CL_OUT_OF_HOST_MEMORY",
	-11: "CL_BUILD_PROGRAM_FAILURE", -30: "CL_INVALID_VALUE", -33: "CL_INVALID_DEVICE",
	-34: "CL_INVALID_CONTEXT", -38: "CL_INVALID_MEM_OBJECT", -42: "CL_INVALID_BINARY",
	-44: "CL_INVALID_PROGRAM", -46: "CL_INVALID_KERNEL_NAME", -48: "CL_INVALID_KERNEL",
	-49: "CL_INVALID_ARG_INDEX", -50: "CL_INVALID_ARG_VALUE", -51: "CL_INVALID_ARG_SIZE",
	-52: "CL_INVALID_KERNEL_ARGS", -54: "CL_INVALID_WORK_GROUP_SIZE", -61: "CL_INVALID_BUFFER_SIZE",
	-1001: "CL_PLATFORM_NOT_FOUND_KHR",
}

// clError is a failed OpenCL call.
type clError struct {
	code int32
	op   string
}

func (e *clError) Error() string {
	name := clErrorNames[e.code]
	if name == "" {
		name = "unknown"
	}
	return fmt.Sprintf(errCL, e.code, name, e.op)
}

// check turns an OpenCL result code into an error.
func check(code int32, op string) error {
	if code == 0 {
		return nil
	}
	return &clError{code, op}
}

// OutOfMemoryError is an allocation the device refused.
type OutOfMemoryError struct{ Msg string }

func (e *OutOfMemoryError) Error() string { return e.Msg }
