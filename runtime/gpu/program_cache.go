package gpu

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"reflect"
	"runtime"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Caches in front of Build (issue 25): a launch finds its program by a
// small key (the source generator, the dtype, the index width) without
// generating or hashing the program's source again, and its kernel object
// by name without clCreateKernel; the on-disk cache's entries carry their
// length and hash, checked before a binary reaches the driver.

// progKey names a generated program: its generator function, a variant
// for generators that are closures over a description (reduce), the
// dtype and the index width.
type progKey struct {
	gen     uintptr
	variant string
	d       tensor.DType
	wide    bool
}

// buildKeyed returns the program of src(d) (with TENSH_WIDE defined when
// wide) on dev, generating and building it the first time only. variant
// must tell apart the sources of a generator that is a closure (one code
// pointer for every description it closes over); buildKeyed panics on a
// closure without one, a programming error the tests meet.
func buildKeyed(dev *Device, d tensor.DType, wide bool, variant string, src func(tensor.DType) string) (*Program, error) {
	pc := reflect.ValueOf(src).Pointer()
	if variant == "" && isClosure(pc) {
		panic("gpu: buildKeyed of a closure without a variant")
	}
	key := progKey{pc, variant, d, wide}
	dev.mu.Lock()
	p := dev.keyed[key]
	dev.mu.Unlock()
	if p != nil {
		return p, nil
	}
	text := src(d)
	if wide {
		text = "#define TENSH_WIDE\n" + text
	}
	p, err := dev.Build(text)
	if err != nil {
		return nil, err
	}
	dev.mu.Lock()
	if dev.keyed == nil {
		dev.keyed = map[progKey]*Program{}
	}
	dev.keyed[key] = p
	dev.mu.Unlock()
	return p, nil
}

// isClosure reports whether the function at pc is a function literal.
func isClosure(pc uintptr) bool {
	f := runtime.FuncForPC(pc)
	return f == nil || strings.Contains(f.Name(), ".func")
}

// kernel returns the program's kernel object name, made once (the
// caller holds d.mu: argument setting and launching are serialised).
func (d *Device) kernel(p *Program, name string) (uintptr, error) {
	if k, ok := p.kernels[name]; ok {
		return k, nil
	}
	k, code := callHandle(cl.createKernel, p.handle, bytesPtr(cString(name)))
	if err := check(code, "clCreateKernel "+name); err != nil {
		return 0, err
	}
	if p.kernels == nil {
		p.kernels = map[string]uintptr{}
	}
	p.kernels[name] = k
	return k, nil
}

// cacheMagic starts every on-disk cache entry; the entry's format is the
// magic, the binary's length (8 bytes, little-endian), its SHA-256 and
// the binary.
const cacheMagic = "tensh-cl-binary-1\n"

// encodeCacheEntry wraps a program binary for the on-disk cache.
func encodeCacheEntry(bin []byte) []byte {
	sum := sha256.Sum256(bin)
	out := make([]byte, 0, len(cacheMagic)+8+len(sum)+len(bin))
	out = append(out, cacheMagic...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(bin)))
	out = append(out, sum[:]...)
	return append(out, bin...)
}

// decodeCacheEntry is the binary of an on-disk cache entry, and whether
// the entry is whole: the magic, the length and the hash all agree.
func decodeCacheEntry(data []byte) ([]byte, bool) {
	head := len(cacheMagic) + 8 + sha256.Size
	if len(data) <= head || !bytes.HasPrefix(data, []byte(cacheMagic)) {
		return nil, false
	}
	n := binary.LittleEndian.Uint64(data[len(cacheMagic):])
	bin := data[head:]
	if n != uint64(len(bin)) {
		return nil, false
	}
	sum := sha256.Sum256(bin)
	if !bytes.Equal(sum[:], data[len(cacheMagic)+8:head]) {
		return nil, false
	}
	return bin, true
}
