package torch

// Messages of GPU devices (device_gpu.go).
const (
	errGPUOrdinal       = "%s error: invalid device ordinal"
	errExpectedCUDA     = "Expected a cuda device, but got: %s"
	errDeviceNumpy      = "can't convert %s device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."
	errDefaultDeviceBad = "bad default device %q (--device, TENSH_DEVICE): %s"
	traceCPUFallback    = "device: %s ran on the CPU (%s has no kernel for it)"
)
