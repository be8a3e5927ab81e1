package eval

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/tensh/tensh/runtime/tensor"
)

func ar(lo, n int) *tensor.Tensor {
	d := make([]int64, n)
	for i := range d {
		d[i] = int64(lo + i)
	}
	return tensor.FromSlice(d, n)
}

func TestDocScratch(t *testing.T) {
	var out bytes.Buffer
	s := NewSession(Options{Out: &out})
	run := func(l string) {
		out.Reset()
		if e := s.Exec(l, 1); e != nil {
			out.WriteString(e.FirstLine() + "\n")
		}
		fmt.Fprintf(os.Stderr, "@@@ %s\n%s", l, out.String())
	}
	x := ar(0, 12)
	x.Storage().Set(0, tensor.IntS(100))
	s.globals["x"] = tensor.FromStorage(x.Storage(), 0, []int{2, 6}, []int{6, 1})
	s.globals["y"] = tensor.FromStorage(x.Storage(), 0, []int{6, 2}, []int{1, 6})
	run("%strides x")
	run("%strides y")
	x2 := ar(1, 12)
	s.globals["x"] = tensor.FromStorage(x2.Storage(), 0, []int{2, 6}, []int{1, 2})
	delete(s.globals, "y")
	run("%explain x.view(4, 3)")
	run("%explain x.reshape(4, 3)")
	s.globals["x"] = ar(0, 12)
	run("%explain x.view(-1, 5)")
	x3 := ar(1, 3)
	s.globals["x"] = tensor.FromStorage(x3.Storage(), 0, []int{3, 1}, []int{1, 1})
	s.globals["e"] = tensor.FromStorage(x3.Storage(), 0, []int{3, 4}, []int{1, 0})
	run("%strides e")
}
