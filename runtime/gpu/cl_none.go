//go:build !((linux || darwin) && (amd64 || arm64)) || tensh_nogpu

package gpu

// Builds for other systems (js/wasm, Windows, 32-bit) have no OpenCL
// loader: every GPU query answers "no devices" with errNoLoaderBuild.

type clFuncs struct {
	getPlatformIDs, getPlatformInfo, getDeviceIDs, getDeviceInfo     uintptr
	createContext, createCommandQueue, createBuffer, releaseMem      uintptr
	enqueueWrite, enqueueRead, enqueueCopy, finish                   uintptr
	createProgramWithSource, createProgramWithBinary, buildProgram   uintptr
	getProgramBuildInfo, getProgramInfo, createKernel, setKernelArg  uintptr
	enqueueNDRange, releaseKernel, releaseProgram, enqueueFillBuffer uintptr
}

var clLibraryNames = []string{"libOpenCL.so.1"}

func dlopen(name string) (uintptr, error) { return 0, errString(errNoLoaderBuild) }

func openLoader(names []string) (*clFuncs, string, error) {
	return nil, "", errString(errNoLoaderBuild)
}

func call(fn uintptr, args ...uintptr) int32 { return -1 }

func callHandle(fn uintptr, args ...uintptr) (uintptr, int32) { return 0, -1 }

func ptr[T any](p *T) uintptr { return 0 }

func bytesPtr(b []byte) uintptr { return 0 }

const loaderSupported = false
