package gpu

import "testing"

func TestDeviceTypes(t *testing.T) {
	if DeviceCount("cpu") != 0 || DeviceCount("xla") != 0 {
		t.Fatal("a device type the GPU backend does not drive has devices")
	}
	if DeviceCount("opencl") < DeviceCount("cuda") {
		t.Fatal("more cuda devices than OpenCL devices")
	}
}
