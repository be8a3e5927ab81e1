package gpu

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// needDevice returns the first OpenCL device, skipping the test when there
// is none, except on CI (CI=true), where .ci/run installs pocl-opencl-icd
// and a missing device is a failure.
func needDevice(t *testing.T) *Device {
	t.Helper()
	d := Discover()
	if len(d.Devices) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but no OpenCL device: %v (.ci/run installs pocl-opencl-icd)", d.Err)
		}
		t.Skipf("no OpenCL device (%v); install pocl-opencl-icd to run the GPU tests", d.Err)
	}
	return d.Devices[0]
}

func TestMain(m *testing.M) {
	// The subprocess modes of TestLoaderPaths: each discovers in a fresh
	// process (the loader reads its environment once).
	switch os.Getenv("TENSH_GPU_TEST_MODE") {
	case "nolib":
		loaderNames = []string{"libtensh-no-such-opencl.so.1"}
	case "noplatform":
		vendorLibraries = nil
	case "fallback":
		vendorLibraries = []string{"libpocl.so.2"}
	default:
		os.Exit(m.Run())
	}
	d := Discover()
	os.Stdout.WriteString("devices=" + strconv.Itoa(len(d.Devices)) + " fallback=" + d.Fallback + "\n")
	if d.Err != nil {
		os.Stdout.WriteString("err=" + d.Err.Error() + "\n")
	}
	os.Stdout.WriteString("explain=" + Explain("cuda") + "\n")
	os.Exit(0)
}

// subDiscover runs discovery in a subprocess with the given mode and
// environment.
func subDiscover(t *testing.T, mode string, env ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), "TENSH_GPU_TEST_MODE="+mode), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", mode, err, out)
	}
	return string(out)
}

// TestLoaderPaths checks the no-library, no-platform and vendor-fallback
// paths: clean errors, never a crash.
func TestLoaderPaths(t *testing.T) {
	out := subDiscover(t, "nolib")
	if !strings.Contains(out, "devices=0") || !strings.Contains(out, "no OpenCL library") || !strings.Contains(out, "install an OpenCL driver") {
		t.Errorf("without the library:\n%s", out)
	}
	if !loaderSupported {
		return
	}
	if _, err := dlopen("libOpenCL.so.1"); err != nil {
		t.Skip("no libOpenCL.so.1 (ocl-icd-libopencl1) here")
	}
	empty := t.TempDir()
	out = subDiscover(t, "noplatform", "OCL_ICD_VENDORS="+empty, "OCL_ICD_FILENAMES=")
	if !strings.Contains(out, "devices=0") || !strings.Contains(out, "found no platform") || !strings.Contains(out, "OCL_ICD_VENDORS") {
		t.Errorf("without a platform:\n%s", out)
	}
	needDevice(t)
	if _, err := dlopen("libpocl.so.2"); err != nil {
		t.Skip("the fallback test points the loader at pocl's libpocl.so.2, not found")
	}
	out = subDiscover(t, "fallback", "OCL_ICD_VENDORS="+empty, "OCL_ICD_FILENAMES=")
	if strings.Contains(out, "devices=0") || !strings.Contains(out, "fallback=libpocl.so.2") {
		t.Errorf("a vendor library without an .icd file:\n%s", out)
	}
}

func TestBuildRunAndCache(t *testing.T) {
	dev := needDevice(t)
	t.Setenv("TENSH_GPU_CACHE", t.TempDir())
	src := "__kernel void twice(__global float* x, long n) { long i = get_global_id(0); if (i < n) x[i] = 2*x[i]; }\n"
	p, err := dev.Build(src)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cached {
		t.Error("first build came from an empty cache")
	}
	n := 100
	host := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(host[4*i:], math.Float32bits(float32(i)))
	}
	buf, err := dev.Alloc(len(host))
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Free()
	if err := buf.Write(host); err != nil {
		t.Fatal(err)
	}
	if err := dev.Run(p, "twice", n, buf, int64(n)); err != nil {
		t.Fatal(err)
	}
	if err := buf.Read(host); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(host[4*i:])); got != float32(2*i) {
			t.Fatalf("x[%d] = %v, want %v", i, got, 2*i)
		}
	}
	// A fresh table: the program comes from the disk cache.
	delete(dev.programs, dev.CacheKey(src))
	p2, err := dev.Build(src)
	if err != nil {
		t.Fatal(err)
	}
	if !p2.Cached {
		t.Error("the second build did not use the disk cache")
	}
	if _, err := dev.Build("__kernel void broken( {"); err == nil || !strings.Contains(err.Error(), "build failed") {
		t.Errorf("a broken program: %v", err)
	}
}

func TestOutOfMemory(t *testing.T) {
	dev := needDevice(t)
	_, err := dev.Alloc(int(min(dev.Memory*2, math.MaxInt64/2)))
	if _, ok := err.(*OutOfMemoryError); !ok {
		t.Fatalf("allocating twice the device's memory: %v", err)
	}
}
