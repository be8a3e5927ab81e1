package eval

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/tensh/tensh/lang"
)

// sum, min and max. Over a range they need no loop (the result has a
// closed form); over other iterables ints and floats are added and
// compared without going through the generic operators, so that
// sum(range(10**7)), max(lst) run at CPython's speed.

func init() {
	register(
		&Builtin{Name: "sum", Kind: PythonBuiltin, Sig: "sum(iterable, /, start=0)", Doc: "Adds start and the items of the iterable, left to right.",
			Fn: builtinSum},
		&Builtin{Name: "min", Kind: PythonBuiltin, Sig: "min(iterable, *[, default=obj, key=func]) or min(arg1, arg2, *args, *[, key=func])",
			Doc: "Returns the smallest item (the first of equal ones), by key(item) when key is given.",
			Fn:  func(a *Args) Value { return minMax(a, "min", lang.Lt) }},
		&Builtin{Name: "max", Kind: PythonBuiltin, Sig: "max(iterable, *[, default=obj, key=func]) or max(arg1, arg2, *args, *[, key=func])",
			Doc: "Returns the largest item (the first of equal ones), by key(item) when key is given.",
			Fn:  func(a *Args) Value { return minMax(a, "max", lang.Gt) }},
	)
}

func builtinSum(a *Args) Value {
	if len(a.Pos) == 0 {
		throw("TypeError", errSumPositional)
	}
	if n := len(a.Pos) + len(a.Kw); n > 2 {
		throw("TypeError", errSumAtMost, n)
	}
	var acc Value = MakeInt(0)
	if len(a.Pos) == 2 {
		acc = a.Pos[1]
	}
	for _, kw := range a.Kw {
		if kw.Name != "start" || len(a.Pos) == 2 {
			throw("TypeError", errInvalidKwFor, kw.Name, "sum")
		}
		acc = kw.Value
	}
	if !isIterable(a.Pos[0]) {
		Iterate(a.Pos[0]) // raises Python's TypeError
	}
	switch acc.(type) {
	case Str:
		throw("TypeError", errSumStrings)
	}
	if r, ok := a.Pos[0].(Range); ok {
		if n, isInt := acc.(Int); isInt {
			return intBinary(lang.Plus, n, rangeSum(r))
		}
	}
	it := Iterate(a.Pos[0])
	var iacc int64 // running int sum while acc is a small int
	var facc float64
	mode := 0 // 0: generic acc, 1: iacc holds the sum, 2: facc holds it
	if n, ok := acc.(Int); ok {
		if i, small := n.Int64(); small {
			iacc, mode = i, 1
		}
	} else if f, ok := acc.(Float); ok {
		facc, mode = float64(f), 2
	}
	for k := 0; ; k++ {
		v, ok := it.Next()
		if !ok {
			break
		}
		if k&1023 == 0 {
			poll()
		}
		switch mode {
		case 1:
			if b, ok := v.(Bool); ok {
				v = boolInt(b)
			}
			if n, ok := v.(Int); ok {
				if i, small := n.Int64(); small {
					s, overflow := addInt64(iacc, i)
					if !overflow {
						iacc = s
						continue
					}
				}
			}
			acc, mode = MakeInt(iacc), 0
			if f, ok := v.(Float); ok {
				facc, mode = float64(acc.(Int).Float())+float64(f), 2
				continue
			}
		case 2:
			switch x := v.(type) {
			case Float:
				facc += float64(x)
				continue
			case Int:
				if i, small := x.Int64(); small {
					facc += float64(i)
					continue
				}
			}
			acc, mode = Float(facc), 0
		}
		acc = a.s.binary(lang.Plus, acc, v)
	}
	switch mode {
	case 1:
		return MakeInt(iacc)
	case 2:
		return Float(facc)
	}
	return acc
}

func addInt64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0)
}

// rangeSum is the sum of a range's ints: n*start + step*n*(n-1)/2.
func rangeSum(r Range) Int {
	n := r.Len()
	if n == 0 {
		return MakeInt(0)
	}
	if hi, lo := bits.Mul64(uint64(n), uint64(n-1)); hi == 0 && lo < 1<<62 {
		tri := int64(lo / 2)
		if s, ok := mulInt64(tri, r.Step); ok {
			if p, ok := mulInt64(n, r.Start); ok {
				if t, overflow := addInt64(p, s); !overflow {
					return MakeInt(t)
				}
			}
		}
	}
	bn := big.NewInt(n)
	t := new(big.Int).Mul(bn, big.NewInt(n-1))
	t.Rsh(t, 1)
	t.Mul(t, big.NewInt(r.Step))
	t.Add(t, new(big.Int).Mul(bn, big.NewInt(r.Start)))
	return MakeBigInt(t)
}

func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return p, true
}

func minMax(a *Args, name string, better lang.Op) Value {
	if len(a.Pos) == 0 {
		throw("TypeError", errExpectedAtLeast1, name)
	}
	var def, key Value
	hasDef := false
	for _, kw := range a.Kw {
		switch kw.Name {
		case "default":
			def, hasDef = kw.Value, true
		case "key":
			if _, none := kw.Value.(NoneType); !none {
				key = kw.Value
			}
		default:
			throw("TypeError", errInvalidKwFor, kw.Name, name)
		}
	}
	if hasDef && len(a.Pos) > 1 {
		throw("TypeError", errMinMaxDefault, name)
	}
	var it Iterator
	if len(a.Pos) == 1 {
		if r, ok := a.Pos[0].(Range); ok && key == nil && r.Len() > 0 {
			first, last := MakeInt(r.Start), MakeInt(r.Start+(r.Len()-1)*r.Step)
			if (r.Step > 0) == (better == lang.Gt) {
				return last
			}
			return first
		}
		it = Iterate(a.Pos[0])
	} else {
		it = &sliceIter{elems: a.Pos}
	}
	var best, bestKey Value
	for k := 0; ; k++ {
		v, ok := it.Next()
		if !ok {
			break
		}
		if k&1023 == 0 {
			poll()
		}
		kv := v
		if key != nil {
			kv = a.s.Call(key, &Args{Pos: []Value{v}})
		}
		if best == nil {
			best, bestKey = v, kv
			continue
		}
		if a.s.beats(better, kv, bestKey) {
			best, bestKey = v, kv
		}
	}
	if best == nil {
		if hasDef {
			return def
		}
		throw("ValueError", errMinMaxEmpty, name)
	}
	return best
}

// beats is x < y (op Lt) or x > y (op Gt), fast for ints and floats.
func (s *Session) beats(op lang.Op, x, y Value) bool {
	switch xv := x.(type) {
	case Int:
		if yv, ok := y.(Int); ok {
			if xi, ok := xv.Int64(); ok {
				if yi, ok := yv.Int64(); ok {
					if op == lang.Lt {
						return xi < yi
					}
					return xi > yi
				}
			}
		}
	case Float:
		if yv, ok := y.(Float); ok {
			if op == lang.Lt {
				return xv < yv
			}
			return xv > yv
		}
	}
	return s.truth(s.compare(op, x, y))
}
