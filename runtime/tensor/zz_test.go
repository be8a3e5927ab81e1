package tensor

import (
	"encoding/binary"
	"math"
	"os"
	"testing"
)

func loadF32(path string, shape ...int) *Tensor {
	b, _ := os.ReadFile(path)
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return FromSlice(v, shape...)
}

func TestZZ(t *testing.T) {
	a := loadF32("/tmp/rd/a.bin", 37, 98)
	b := loadF32("/tmp/rd/b.bin", 98, 22)
	c := Mm(a, b)
	t.Log(c.At(0, 2).F, naiveMatmul(a, b)[2])
	var acc float32
	for l := 0; l < 98; l++ {
		acc = acc + float32(float32(a.At(0, l).F)*float32(b.At(l, 2).F))
	}
	t.Log(acc)
}
