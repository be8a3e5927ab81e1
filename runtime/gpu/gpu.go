// Package gpu is the place of tensh's optional GPU backends.
//
// A backend drives one kind of device ("cuda") and is compiled in only
// when the build asks for it (a build-tagged file of this package calls
// Register from init). The default build has none: it is what PyTorch calls
// a CPU build, and asking for a CUDA device raises PyTorch's CPU-build error
// ("Torch not compiled with CUDA enabled"), exactly as a CPU wheel does.
//
// The evaluator asks this package, and only this package, which devices
// exist; tensors keep their device in runtime/tensor.Device.
package gpu

import "sync"

// Backend is a GPU backend compiled into tensh.
type Backend interface {
	// Type is the device type it drives, as torch.device spells it: "cuda".
	Type() string
	// DeviceCount is the number of devices found at run time (0 when the
	// driver or the hardware is missing).
	DeviceCount() int
}

var (
	mu       sync.RWMutex
	backends = map[string]Backend{}
)

// Register makes a backend available; build-tagged backend files call it
// from init.
func Register(b Backend) {
	mu.Lock()
	defer mu.Unlock()
	backends[b.Type()] = b
}

// Lookup returns the backend compiled in for a device type, if any.
func Lookup(deviceType string) (Backend, bool) {
	mu.RLock()
	defer mu.RUnlock()
	b, ok := backends[deviceType]
	return b, ok
}

// Compiled reports whether a backend for deviceType is compiled in.
func Compiled(deviceType string) bool {
	_, ok := Lookup(deviceType)
	return ok
}

// DeviceCount is the number of devices of a type (0 without a backend).
func DeviceCount(deviceType string) int {
	if b, ok := Lookup(deviceType); ok {
		return b.DeviceCount()
	}
	return 0
}
