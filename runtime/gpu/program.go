package gpu

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Program builds: once per process and device (in memory), and across
// processes through an on-disk cache of program binaries keyed by the
// device, its driver and the source's hash.

const (
	clProgramBinarySizes = 0x1165
	clProgramBinaries    = 0x1166
	clProgramBuildLog    = 0x1183
)

// BuildOptions are the compiler options of every program: IEEE division
// and square root, no contraction into fused multiply-adds.
const BuildOptions = "-cl-fp32-correctly-rounded-divide-sqrt"

// Program is a built OpenCL program.
type Program struct {
	handle  uintptr
	Cached  bool               // loaded from the on-disk cache
	kernels map[string]uintptr // kernel objects by name (under the device's lock)
}

type program = Program

// CacheDir is where program binaries are kept: $TENSH_GPU_CACHE, or the
// user's cache directory's tensh/opencl.
func CacheDir() string {
	if d := os.Getenv("TENSH_GPU_CACHE"); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "tensh", "opencl")
}

// CacheKey is the on-disk cache key of a program's source on a device.
func (d *Device) CacheKey(src string) string {
	h := sha256.New()
	for _, s := range []string{d.Platform.Name, d.Platform.Version, d.Name, d.Version, d.Driver, BuildOptions, src} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// Build returns the program of src built for the device: from this
// process's table, the disk cache, or the compiler.
func (d *Device) Build(src string) (*Program, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.start(); err != nil {
		return nil, err
	}
	key := d.CacheKey(src)
	if p := d.programs[key]; p != nil {
		return p, nil
	}
	dir := CacheDir()
	file := ""
	if dir != "" {
		file = filepath.Join(dir, key+".bin")
		if data, err := os.ReadFile(file); err == nil {
			bin, ok := decodeCacheEntry(data)
			if !ok {
				// A truncated or corrupt entry (an interrupted write, a full
				// disk, another version's format): never handed to the
				// driver, which may abort on it; the build below replaces it.
				os.Remove(file)
			} else if p, err := d.buildBinary(bin); err == nil {
				p.Cached = true
				d.programs[key] = p
				return p, nil
			}
		}
	}
	p, err := d.buildSource(src)
	if err != nil {
		return nil, err
	}
	d.programs[key] = p
	if file != "" {
		if bin := d.binary(p); len(bin) > 0 && os.MkdirAll(dir, 0o755) == nil {
			tmp := file + fmt.Sprintf(".%d.tmp", os.Getpid())
			if os.WriteFile(tmp, encodeCacheEntry(bin), 0o644) == nil {
				if os.Rename(tmp, file) != nil {
					os.Remove(tmp)
				}
			}
		}
	}
	return p, nil
}

func (d *Device) buildSource(src string) (*Program, error) {
	s := cString(src)
	sp := uintptr(bytesPtr(s))
	n := uintptr(len(src))
	h, code := callHandle(cl.createProgramWithSource, d.ctx, 1, ptr(&sp), ptr(&n))
	runtime.KeepAlive(s)
	if err := check(code, "clCreateProgramWithSource"); err != nil {
		return nil, err
	}
	return d.finishBuild(h)
}

func (d *Device) buildBinary(bin []byte) (*Program, error) {
	bp := bytesPtr(bin)
	n := uintptr(len(bin))
	var status int32
	h, code := callHandle(cl.createProgramWithBinary, d.ctx, 1, ptr(&d.id), ptr(&n), ptr(&bp), ptr(&status))
	runtime.KeepAlive(bin)
	if err := check(code, "clCreateProgramWithBinary"); err != nil {
		return nil, err
	}
	if status != 0 {
		call(cl.releaseProgram, h)
		return nil, check(status, "clCreateProgramWithBinary")
	}
	return d.finishBuild(h)
}

func (d *Device) finishBuild(h uintptr) (*Program, error) {
	opts := cString(BuildOptions)
	code := call(cl.buildProgram, h, 1, ptr(&d.id), bytesPtr(opts), 0, 0)
	runtime.KeepAlive(opts)
	if code != 0 {
		log := d.buildLog(h)
		call(cl.releaseProgram, h)
		if log == "" {
			log = check(code, "clBuildProgram").Error()
		}
		return nil, fmt.Errorf(errBuild, d.Name, log)
	}
	return &Program{handle: h, kernels: map[string]uintptr{}}, nil
}

func (d *Device) buildLog(h uintptr) string {
	var size uintptr
	if call(cl.getProgramBuildInfo, h, d.id, clProgramBuildLog, 0, 0, ptr(&size)) != 0 || size == 0 {
		return ""
	}
	buf := make([]byte, size)
	call(cl.getProgramBuildInfo, h, d.id, clProgramBuildLog, size, bytesPtr(buf), 0)
	return string(bytes.TrimRight(buf, "\x00\n "))
}

// binary is the built program's binary for the device (nil when the
// driver gives none).
func (d *Device) binary(p *Program) []byte {
	var size uintptr
	if call(cl.getProgramInfo, p.handle, clProgramBinarySizes, 8, ptr(&size), 0) != 0 || size == 0 {
		return nil
	}
	buf := make([]byte, size)
	bp := bytesPtr(buf)
	if call(cl.getProgramInfo, p.handle, clProgramBinaries, 8, ptr(&bp), 0) != 0 {
		return nil
	}
	runtime.KeepAlive(buf)
	return buf
}
