package eval

import (
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
)

// tensorBinary computes x op y when x or y is a tensor.
func (s *Session) tensorBinary(op lang.Op, x, y Value) Value {
	a, aok := x.(*tensor.Tensor)
	b, bok := y.(*tensor.Tensor)
	if !aok || !bok || op != lang.Plus {
		throw("TypeError", errUnsupportedBinary, op, TypeName(x), TypeName(y))
	}
	shape, err := broadcast.InferSize(a.Shape(), b.Shape())
	if err != nil {
		throw("RuntimeError", "%s", err.Error())
	}
	dt := tensor.PromoteTypes(a.DType(), b.DType())
	out := tensor.Empty(shape, dt)
	ea, eb := a.Expand(shape), b.Expand(shape)
	av, bv := ea.Values(), eb.Values()
	i := 0
	out.ForEach(func(off int) {
		if dt.IsFloat() {
			out.Storage().Set(off, tensor.FloatS(av[i].Float()+bv[i].Float()))
		} else {
			out.Storage().Set(off, tensor.IntS(av[i].Int()+bv[i].Int()))
		}
		i++
	})
	return out
}

// tensorInplace computes x op= y for a tensor x, in place.
func (s *Session) tensorInplace(op lang.Op, x *tensor.Tensor, y Value) Value {
	throw("TypeError", errUnsupportedBinary, op.String()+"=", TypeName(x), TypeName(y))
	return nil
}

// tensorUnary computes -t, +t, ~t.
func (s *Session) tensorUnary(op lang.Op, t *tensor.Tensor) Value {
	throw("TypeError", errBadUnary, op, "Tensor")
	return nil
}

// tensorCompare computes x op y (==, <, ...) when x or y is a tensor.
func (s *Session) tensorCompare(op lang.Op, x, y Value) Value {
	throw("TypeError", errUnsupportedCompare, op, TypeName(x), TypeName(y))
	return nil
}
