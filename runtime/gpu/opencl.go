package gpu

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// OpenCL discovery: the loader library is opened once per process, on the
// first question about devices; every platform's devices are listed.

const (
	clPlatformVersion     = 0x0901
	clPlatformName        = 0x0902
	clPlatformVendor      = 0x0903
	clDeviceTypeAll       = 0xFFFFFFFF
	clDeviceMaxWGSize     = 0x1004
	clDeviceMaxAlloc      = 0x1010
	clDeviceGlobalMemSize = 0x101F
	clDeviceName          = 0x102B
	clDeviceVendor        = 0x102C
	clDriverVersion       = 0x102D
	clDeviceVersion       = 0x102F
	clDeviceExtensions    = 0x1030
)

// Platform is an OpenCL platform (one vendor's driver).
type Platform struct {
	id                    uintptr
	Name, Vendor, Version string
}

// IsNVIDIA reports whether the platform is NVIDIA's (its devices are
// tensh's "cuda" devices).
func (p *Platform) IsNVIDIA() bool {
	return strings.Contains(p.Name, "NVIDIA") || strings.Contains(p.Vendor, "NVIDIA")
}

// Device is one OpenCL device with its context and command queue (made on
// first use).
type Device struct {
	id       uintptr
	Platform *Platform
	Name     string
	Vendor   string
	Driver   string
	Version  string
	Memory   uint64 // global memory in bytes
	MaxAlloc uint64 // largest single buffer in bytes
	MaxWG    int    // the largest work-group size
	FP64     bool   // cl_khr_fp64: float64 kernels run here

	mu       sync.Mutex
	ctx      uintptr
	queue    uintptr
	ready    error
	started  bool
	programs map[string]*program
	keyed    map[progKey]*Program // by generator (program_cache.go)
}

func (d *Device) String() string { return d.Name + " (" + d.Platform.Name + ")" }

// Discovery is what the first look for OpenCL found.
type Discovery struct {
	Library   string // the loader library opened ("" when none)
	VendorDir string // where the loader looks for .icd files
	Fallback  string // the vendor library the loader was pointed at, if any
	Platforms []*Platform
	Devices   []*Device
	Err       error // why there are no devices (nil when there are some)
}

var (
	discoverOnce sync.Once
	discovered   Discovery
	cl           *clFuncs

	// loaderNames are the loader libraries tried, in order.
	loaderNames = clLibraryNames
	// vendorLibraries are the vendor OpenCL drivers the loader is pointed
	// at when it has no .icd file (containers often lack one).
	vendorLibraries = []string{"libnvidia-opencl.so.1", "libamdocl64.so", "libigdrcl.so", "libintelocl.so"}
)

// Discover opens OpenCL (once) and lists its platforms and devices.
func Discover() *Discovery {
	discoverOnce.Do(func() { discovered = discover() })
	return &discovered
}

// vendorDir is the directory ocl-icd reads .icd files from.
func vendorDir() string {
	if d := os.Getenv("OCL_ICD_VENDORS"); d != "" {
		return d
	}
	return "/etc/OpenCL/vendors"
}

// icdFiles lists the .icd files the loader will read.
func icdFiles(dir string) []string {
	if strings.HasSuffix(dir, ".icd") {
		if _, err := os.Stat(dir); err == nil {
			return []string{filepath.Base(dir)}
		}
		return nil
	}
	m, _ := filepath.Glob(filepath.Join(dir, "*.icd"))
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

// pointLoaderAtVendor makes the loader find a vendor library directly when
// it has no .icd file: a private vendor directory naming the library
// (ocl-icd's OCL_ICD_VENDORS) and OCL_ICD_FILENAMES (Khronos' loader).
func pointLoaderAtVendor(d *Discovery) {
	if len(icdFiles(d.VendorDir)) > 0 || os.Getenv("OCL_ICD_FILENAMES") != "" {
		return
	}
	for _, lib := range vendorLibraries {
		if _, err := dlopen(lib); err != nil {
			continue
		}
		dir, err := os.MkdirTemp("", "tensh-opencl-")
		if err != nil {
			return
		}
		if os.WriteFile(filepath.Join(dir, "tensh.icd"), []byte(lib+"\n"), 0o644) != nil {
			return
		}
		os.Setenv("OCL_ICD_VENDORS", dir)
		os.Setenv("OCL_ICD_FILENAMES", lib)
		d.Fallback = lib
		return
	}
}

func discover() Discovery {
	d := Discovery{VendorDir: vendorDir()}
	if !loaderSupported {
		d.Err = errString(errNoLoaderBuild)
		return d
	}
	pointLoaderAtVendor(&d)
	f, lib, err := openLoader(loaderNames)
	if f == nil {
		d.Err = fmt.Errorf(errNoLibrary, strings.Join(loaderNames, ", "), err)
		return d
	}
	cl, d.Library = f, lib
	var n uint32
	code := call(cl.getPlatformIDs, 0, 0, ptr(&n))
	if code != 0 || n == 0 {
		files := strings.Join(icdFiles(d.VendorDir), ", ")
		if files == "" {
			files = "none"
		}
		d.Err = fmt.Errorf(errNoPlatform, lib, d.VendorDir, files)
		return d
	}
	ids := make([]uintptr, n)
	if err := check(call(cl.getPlatformIDs, uintptr(n), ptr(&ids[0]), 0), "clGetPlatformIDs"); err != nil {
		d.Err = err
		return d
	}
	for _, id := range ids {
		p := &Platform{id: id, Name: platformString(id, clPlatformName), Vendor: platformString(id, clPlatformVendor), Version: platformString(id, clPlatformVersion)}
		d.Platforms = append(d.Platforms, p)
		var nd uint32
		if call(cl.getDeviceIDs, id, clDeviceTypeAll, 0, 0, ptr(&nd)) != 0 || nd == 0 {
			continue
		}
		devs := make([]uintptr, nd)
		if call(cl.getDeviceIDs, id, clDeviceTypeAll, uintptr(nd), ptr(&devs[0]), 0) != 0 {
			continue
		}
		for _, did := range devs {
			d.Devices = append(d.Devices, newDevice(p, did))
		}
	}
	if len(d.Devices) == 0 {
		d.Err = fmt.Errorf(errNoPlatform, lib, d.VendorDir, "platforms without devices")
	}
	return d
}

func newDevice(p *Platform, id uintptr) *Device {
	dev := &Device{id: id, Platform: p, programs: map[string]*program{}}
	dev.Name = deviceString(id, clDeviceName)
	dev.Vendor = deviceString(id, clDeviceVendor)
	dev.Driver = deviceString(id, clDriverVersion)
	dev.Version = deviceString(id, clDeviceVersion)
	dev.Memory = deviceUint64(id, clDeviceGlobalMemSize)
	dev.MaxAlloc = deviceUint64(id, clDeviceMaxAlloc)
	dev.MaxWG = int(deviceUint64(id, clDeviceMaxWGSize))
	ext := deviceString(id, clDeviceExtensions)
	dev.FP64 = strings.Contains(ext, "cl_khr_fp64")
	return dev
}

// infoString reads a string property through a clGet*Info function.
func infoString(fn, id uintptr, param uint32) string {
	var size uintptr
	if call(fn, id, uintptr(param), 0, 0, ptr(&size)) != 0 || size == 0 {
		return ""
	}
	buf := make([]byte, size)
	if call(fn, id, uintptr(param), size, bytesPtr(buf), 0) != 0 {
		return ""
	}
	return strings.TrimSpace(string(bytes.TrimRight(buf, "\x00")))
}

func platformString(id uintptr, param uint32) string {
	return infoString(cl.getPlatformInfo, id, param)
}

func deviceString(id uintptr, param uint32) string {
	return infoString(cl.getDeviceInfo, id, param)
}

// deviceUint64 reads a size_t or cl_ulong device property.
func deviceUint64(id uintptr, param uint32) uint64 {
	var v uint64
	call(cl.getDeviceInfo, id, uintptr(param), 8, ptr(&v), 0)
	return v
}

// OpenCLDevices are all OpenCL devices (the "opencl" device type).
func OpenCLDevices() []*Device { return Discover().Devices }

// CUDADevices are the devices of NVIDIA's platform (the "cuda" type).
func CUDADevices() []*Device {
	var out []*Device
	for _, d := range Discover().Devices {
		if d.Platform.IsNVIDIA() {
			out = append(out, d)
		}
	}
	return out
}

// Devices returns the devices of a tensh device type ("cuda", "opencl").
func Devices(deviceType string) []*Device {
	switch deviceType {
	case "cuda":
		return CUDADevices()
	case "opencl":
		return OpenCLDevices()
	}
	return nil
}

// Explain is one line saying what tensh looked for and how to get a
// device of the type, for the error of a missing device.
func Explain(deviceType string) string {
	d := Discover()
	lib := strings.Join(loaderNames, "/")
	if d.Library != "" {
		lib = d.Library
	}
	found := ""
	fix := hintFixLibrary
	switch {
	case d.Library != "" && len(d.Devices) == 0:
		found = " (the loader found none)"
		fix = hintFixPlatform
	case len(d.Devices) > 0 && deviceType == "cuda":
		names := make([]string, 0, len(d.Platforms))
		for _, p := range d.Platforms {
			names = append(names, p.Name)
		}
		found = " (found: " + strings.Join(names, ", ") + ")"
		fix = hintFixNoNVIDIA
	}
	return fmt.Sprintf(hintLooked, lib, found, fix)
}
