package gpu

import (
	"flag"
	"os"

	"github.com/tensh/tensh/runtime/tensor"
)

// The generator's variants are many (every dtype, both index widths), and
// each program takes seconds to compile on pocl's CPU device: the default
// run tests a sample of dtypes, and the full matrix runs with -gpu.full
// or TENSH_GPU_FULL=1 (.ci/run sets it in a step of its own).

var gpuFull = flag.Bool("gpu.full", false, "test every dtype's kernels, not a sample")

// fullMatrix reports whether the tests cover every dtype.
func fullMatrix() bool { return *gpuFull || os.Getenv("TENSH_GPU_FULL") != "" }

// sampleDTypes are the dtypes of the default run: bool (its own
// kernels), int64 and float32 (the default integer and float types).
var sampleDTypes = []tensor.DType{tensor.Bool, tensor.Int64, tensor.Float32}

// testDTypes are the dtypes the tests run kernels for.
func testDTypes() []tensor.DType {
	if fullMatrix() {
		return gpuDTypes
	}
	return sampleDTypes
}
