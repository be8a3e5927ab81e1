package gpu

import (
	"math"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

// TestFloatToIntCasts casts floats at and beyond every integer type's
// range on the device, bit-exact against the CPU's x86 static_cast
// (truncation; the most negative value for NaN, infinities and values
// out of range; int8/int16 through int32, uint8 through int64).
func TestFloatToIntCasts(t *testing.T) {
	gdev, dev := testDevice(t)
	vals := []float64{0, math.Copysign(0, -1), 0.5, -0.5, 1.5, -1.5, 127.9, 128, -129, 255.5, 256, -1, 32767, 32768, -32769,
		2147483647, 2147483648, -2147483648, -2147483649, 3e9, -3e9, 1e18, 9223372036854775807, -9223372036854775808,
		1e19, -1e19, 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), 1e-30, 123456.789}
	for _, s := range []tensor.DType{tensor.Float32, tensor.Float64} {
		if s == tensor.Float64 && !dev.FP64 {
			continue
		}
		st := tensor.NewStorage(s, len(vals))
		for i, v := range vals {
			st.Set(i, tensor.FloatS(v))
		}
		src := tensor.FromStorage(st, 0, []int{len(vals)}, []int{1})
		for _, d := range []tensor.DType{tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64} {
			want := src.To(d)
			before := Launches.Load()
			got := tensor.OnDevice(src.Clone(), gdev).To(d)
			if Launches.Load() == before {
				t.Fatalf("%v to %v: no kernel ran", s, d)
			}
			if err := sameValues(got, want, 0); err != nil {
				t.Errorf("%v to %v: %v", s, d, err)
			}
		}
	}
}
