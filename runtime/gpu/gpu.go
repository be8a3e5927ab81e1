// Package gpu is tensh's GPU backend: OpenCL 1.2 through the system's
// loader library (libOpenCL.so.1), opened at run time with purego, so
// that tensh builds without cgo and without GPU headers and runs on
// machines without a GPU (where every query answers "no devices").
//
// Device types: "opencl" is every OpenCL device (pocl's CPU device
// included); "cuda" is the devices of NVIDIA's OpenCL platform, so that
// PyTorch scripts saying .cuda() or device='cuda' run on an NVIDIA GPU.
// Without a device, "cuda" raises PyTorch's CPU-build error ("Torch not
// compiled with CUDA enabled") and Explain says what tensh looked for.
//
// A GPU tensor's storage keeps its elements in a buffer on its device
// (resident.go), the host copy made when the host reads them; the
// operations this package has kernels for (SetAccelerator) run on the
// device buffers, the others on the CPU.
package gpu

// DeviceCount is the number of devices of a device type ("cuda",
// "opencl"; 0 for any other and without OpenCL).
func DeviceCount(deviceType string) int { return len(Devices(deviceType)) }
