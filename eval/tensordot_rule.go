package eval

import "github.com/tensh/tensh/runtime/tensor"

// tensordotShape is tensordot's shape rule for operands of shapes as and
// bs contracted over dims da and db: PyTorch's errors (raised), else the
// result's shape (a's free dims, then b's). tensordot and %explain both
// use it.
func tensordotShape(as, bs, da, db []int) []int {
	if len(da) != len(db) {
		Throw("RuntimeError", errTensordotLens)
	}
	// stand-ins, for Size's wrapping and errors
	x := tensor.Geometry(as, tensor.ContiguousStrides(as), 0, tensor.Float32)
	y := tensor.Geometry(bs, tensor.ContiguousStrides(bs), 0, tensor.Float32)
	for i := range da {
		s1, s2 := x.Size(da[i]), y.Size(db[i])
		if s1 != s2 && s1 != 1 && s2 != 1 {
			Throw("RuntimeError", errTensordotMatch, s1, da[i], s2, db[i])
		}
	}
	ca, cb := make([]bool, len(as)), make([]bool, len(bs))
	for i := range da {
		ca[tensor.WrapDim(da[i], len(as))] = true
		cb[tensor.WrapDim(db[i], len(bs))] = true
	}
	res := []int{}
	var p1, p2 []int
	for i, s := range as {
		if !ca[i] {
			res = append(res, s)
			p1 = append(p1, i)
		}
	}
	p1 = append(p1, da...)
	p2 = append(p2, db...)
	for i, s := range bs {
		if !cb[i] {
			res = append(res, s)
			p2 = append(p2, i)
		}
	}
	// tensordot permutes the contracted dims last (first for b): a dim
	// named twice fails there
	x.Permute(p1)
	y.Permute(p2)
	return res
}

// TensordotShape is tensordotShape, for torch.tensordot (lib/torch).
func TensordotShape(as, bs, da, db []int) []int { return tensordotShape(as, bs, da, db) }
