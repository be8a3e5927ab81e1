package gpu

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// TestCacheEntryValidation checks the on-disk entries' framing: a whole
// entry decodes to its binary; a truncated, extended or altered one, or
// one without the header, is refused.
func TestCacheEntryValidation(t *testing.T) {
	bin := []byte("some program binary \x00\x01\x02")
	e := encodeCacheEntry(bin)
	if got, ok := decodeCacheEntry(e); !ok || string(got) != string(bin) {
		t.Fatalf("whole entry: %q, %v", got, ok)
	}
	bad := map[string][]byte{
		"truncated": e[:len(e)-3],
		"header":    e[:len(cacheMagic)+4],
		"extended":  append(append([]byte{}, e...), 0),
		"raw":       bin,
		"empty":     nil,
	}
	flipped := append([]byte{}, e...)
	flipped[len(flipped)-1] ^= 1
	bad["altered"] = flipped
	for name, b := range bad {
		if _, ok := decodeCacheEntry(b); ok {
			t.Errorf("%s entry accepted", name)
		}
	}
}

// TestTruncatedCacheEntryRebuilt truncates a program's cache file: the
// next process's build must not hand it to the driver but compile the
// source again and rewrite the entry whole.
func TestTruncatedCacheEntryRebuilt(t *testing.T) {
	dev := needDevice(t)
	dir := t.TempDir()
	t.Setenv("TENSH_GPU_CACHE", dir)
	src := "__kernel void thrice(__global float* x, long n) { long i = get_global_id(0); if (i < n) x[i] = 3*x[i]; }\n"
	if _, err := dev.Build(src); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, dev.CacheKey(src)+".bin")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	dev.mu.Lock()
	delete(dev.programs, dev.CacheKey(src))
	dev.mu.Unlock()
	p, err := dev.Build(src)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cached {
		t.Error("a truncated entry was used")
	}
	data, err = os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := decodeCacheEntry(data); !ok {
		t.Error("the entry was not rewritten whole")
	}
}

// TestKeyedProgramsAndKernels checks that a launch's program and kernel
// are looked up, not regenerated: the same generator, dtype and width give
// the same program; another variant or dtype another.
func TestKeyedProgramsAndKernels(t *testing.T) {
	dev := needDevice(t)
	calls := 0
	gen := func(d tensor.DType) string { calls++; return unarySource(d) }
	if _, err := buildKeyed(dev, tensor.Float32, false, "test-a", gen); err != nil {
		t.Fatal(err)
	}
	p1, _ := buildKeyed(dev, tensor.Float32, false, "test-a", gen)
	p2, _ := buildKeyed(dev, tensor.Float32, false, "test-a", gen)
	if calls != 1 || p1 != p2 {
		t.Errorf("source generated %d times for one key", calls)
	}
	if _, err := buildKeyed(dev, tensor.Int64, false, "test-a", gen); err != nil || calls != 2 {
		t.Errorf("another dtype: %d generations, %v", calls, err)
	}
	defer func() {
		if recover() == nil {
			t.Error("a closure without a variant was accepted")
		}
	}()
	buildKeyed(dev, tensor.Float32, false, "", gen)
}

// TestLongLaunchInterrupted checks that Run splits long work into pieces
// and stops between them when Ctrl-C is pending.
func TestLongLaunchInterrupted(t *testing.T) {
	dev := needDevice(t)
	t.Setenv("TENSH_GPU_CACHE", t.TempDir())
	src := "__kernel void ones(__global float* x, long n) { long i = get_global_id(0); if (i < n) x[i] = 1; }\n"
	p, err := dev.Build(src)
	if err != nil {
		t.Fatal(err)
	}
	n := 2*runPiece + 5
	buf, err := dev.Alloc(4 * n)
	if err != nil {
		t.Fatal(err)
	}
	defer buf.Free()
	before := Launches.Load()
	if err := dev.Run(p, "ones", n, buf, int64(n)); err != nil {
		t.Fatal(err)
	}
	if got := Launches.Load() - before; got != 3 {
		t.Errorf("%d launches for %d items, want 3", got, n)
	}
	host := make([]byte, 4*n)
	if err := buf.Read(host); err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, runPiece - 1, runPiece, 2 * runPiece, n - 1} {
		if v := math.Float32frombits(binary.LittleEndian.Uint32(host[4*i:])); v != 1 {
			t.Fatalf("x[%d] = %v after the split launch", i, v)
		}
	}
	tensor.Interrupt()
	defer tensor.ClearInterrupt()
	before = Launches.Load()
	func() {
		defer func() {
			e, ok := recover().(*tensor.Error)
			if !ok || e.Kind != tensor.KeyboardInterrupt {
				t.Errorf("interrupted launch: %v", e)
			}
		}()
		dev.Run(p, "ones", n, buf, int64(n))
	}()
	if got := Launches.Load() - before; got != 1 {
		t.Errorf("%d launches after Ctrl-C, want 1 (then stop)", got)
	}
}

// TestMatmulInPieces checks a product launched in several pieces (each
// from its first tile) against the CPU, and that Ctrl-C stops it between
// two pieces.
func TestMatmulInPieces(t *testing.T) {
	gdev, _ := testDevice(t)
	k := 4096 // pieces of matPieceWork/(64·k) = 256 tiles; 17·17 tiles here
	a := tensor.Rand([]int{136, k}, tensor.Float32, tensor.NewGenerator(7))
	b := tensor.Rand([]int{k, 136}, tensor.Float32, tensor.NewGenerator(8))
	eight := tensor.ScalarOperand(tensor.FloatS(8))
	ai := tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), eight, tensor.Opts{}).To(tensor.Int64) // 0..7
	bi := tensor.Binary(tensor.OpMul, tensor.TensorOperand(b), eight, tensor.Opts{}).To(tensor.Int64)
	want := linalg.Matmul(ai, bi)
	before := Launches.Load()
	got := linalg.Matmul(tensor.OnDevice(ai, gdev), tensor.OnDevice(bi, gdev))
	if n := Launches.Load() - before; n < 2 {
		t.Fatalf("%d launches, want the product in pieces", n)
	}
	if err := sameValues(got, want, 0); err != nil {
		t.Fatal(err)
	}
	tensor.Interrupt()
	defer tensor.ClearInterrupt()
	before = Launches.Load()
	func() {
		defer func() {
			if e, ok := recover().(*tensor.Error); !ok || e.Kind != tensor.KeyboardInterrupt {
				t.Errorf("interrupted product: %v", e)
			}
		}()
		linalg.Matmul(tensor.OnDevice(ai, gdev), tensor.OnDevice(bi, gdev))
	}()
	if n := Launches.Load() - before; n != 1 {
		t.Errorf("%d launches after Ctrl-C, want 1", n)
	}
}
