package eval

import (
	"math"
	"math/big"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// isTensor reports whether v is a tensor.
func isTensor(v Value) bool { _, ok := v.(*tensor.Tensor); return ok }

// binary computes x op y with Python's semantics; tensors go to the tensor
// operator library.
func (s *Session) binary(op lang.Op, x, y Value) Value {
	if f, ok := x.(Str); ok && op == lang.Percent {
		return Str(percentFormat(string(f), y)) // str.__mod__ comes first
	}
	if v, ok := s.protoBinary(op, x, y); ok {
		return v
	}
	if op == lang.Star {
		// seq * tensor repeats the sequence, through Tensor.__index__.
		if t, ok := x.(*tensor.Tensor); ok && isSequence(y) {
			n, _ := pyIndex("", t)
			return s.binary(op, y, MakeInt(n))
		}
		if t, ok := y.(*tensor.Tensor); ok && isSequence(x) {
			n, _ := pyIndex("", t)
			return s.binary(op, x, MakeInt(n))
		}
	}
	if isTensor(x) || isTensor(y) {
		return Tensors.Binary(s, op, x, y)
	}
	if r, ok := containerBinary(op, x, y); ok {
		return r
	}
	// Numbers.
	if xn, ok := number(x); ok {
		if yn, ok := number(y); ok {
			if r := numBinary(op, xn, yn); r != nil {
				return r
			}
		}
	}
	// Sequences.
	switch xv := x.(type) {
	case Str:
		switch op {
		case lang.Plus:
			if yv, ok := y.(Str); ok {
				checkStrSum(len(xv), len(yv))
				return xv + yv
			}
			throw("TypeError", errStrConcat, TypeName(y))
		case lang.Star:
			n := repeatedLen(len(xv), repeatCount(y))
			if n == 0 {
				return Str("")
			}
			checkStrBytes(n)
			return Str(strings.Repeat(string(xv), n/len(xv)))
		}
	case *List:
		switch op {
		case lang.Plus:
			if yv, ok := y.(*List); ok {
				checkSlots(len(xv.Elems) + len(yv.Elems))
				return &List{Elems: append(append([]Value{}, xv.Elems...), yv.Elems...)}
			}
			throw("TypeError", errListConcat, TypeName(y))
		case lang.Star:
			return &List{Elems: repeatSeq(xv.Elems, repeatCount(y))}
		}
	case Tuple, Size:
		elems := iterate(x)
		switch op {
		case lang.Plus:
			switch y.(type) {
			case Tuple, Size:
				ys := iterate(y)
				checkSlots(len(elems) + len(ys))
				out := append(append([]Value{}, elems...), ys...)
				if _, isSize := x.(Size); isSize {
					return sizeFromValues(out)
				}
				return Tuple(out)
			}
			throw("TypeError", errTupleConcat, TypeName(y))
		case lang.Star:
			out := repeatSeq(elems, repeatCount(y))
			if _, isSize := x.(Size); isSize {
				return sizeFromValues(out)
			}
			return Tuple(out)
		}
	}
	if op == lang.Star {
		switch y.(type) {
		case Str, *List, Tuple, Size:
			if _, ok := x.(Int); ok {
				return s.binary(op, y, x)
			}
			if _, ok := x.(Bool); ok {
				return s.binary(op, y, x)
			}
			throw("TypeError", errSeqMulNonInt, TypeName(x))
		}
	}
	throw("TypeError", errUnsupportedBinary, binaryOpName(op), TypeName(x), TypeName(y))
	return nil
}

// binaryOpName is how Python's TypeError names a binary operator: ** is
// "** or pow()", the name its slot shares with pow().
func binaryOpName(op lang.Op) string {
	if op == lang.StarStar {
		return "** or pow()"
	}
	return op.String()
}

func sizeFromValues(vs []Value) Value {
	out := make(Size, len(vs))
	for i, v := range vs {
		n, ok := v.(Int)
		if !ok {
			return Tuple(vs)
		}
		i64, _ := n.Int64()
		out[i] = int(i64)
	}
	return out
}

func repeatCount(y Value) int {
	if n, ok := asNumber(y).(Int); ok { // NumPy integers: export.go
		y = n
	}
	switch n := y.(type) {
	case Int:
		i, ok := n.Int64()
		if !ok {
			throw("OverflowError", errIndexSizedInt)
		}
		if i < 0 {
			return 0
		}
		return int(i)
	case Bool:
		if n {
			return 1
		}
		return 0
	}
	throw("TypeError", errSeqMulNonInt, TypeName(y))
	return 0
}

func repeatSeq(elems []Value, n int) []Value {
	total := repeatedLen(len(elems), n)
	checkSlots(total)
	out := make([]Value, 0, total)
	for i := 0; i < n && len(elems) > 0; i++ {
		poll()
		out = append(out, elems...)
	}
	return out
}

// number classifies Python numbers: bool and int are ints.
type num struct {
	isFloat bool
	isBool  bool
	i       Int
	f       float64
}

func number(v Value) (num, bool) {
	switch x := v.(type) {
	case Bool:
		if x {
			return num{isBool: true, i: MakeInt(1)}, true
		}
		return num{isBool: true, i: MakeInt(0)}, true
	case Int:
		return num{i: x}, true
	case Float:
		return num{isFloat: true, f: float64(x)}, true
	}
	return num{}, false
}

func (n num) float() float64 {
	if n.isFloat {
		return n.f
	}
	f := n.i.Float()
	if math.IsInf(f, 0) {
		throw("OverflowError", errIntTooLargeFloat)
	}
	return f
}

func numBinary(op lang.Op, x, y num) Value {
	if x.isFloat || y.isFloat {
		switch op {
		case lang.Amp, lang.Pipe, lang.Caret, lang.LtLt, lang.GtGt, lang.At:
			return nil
		}
		return floatBinary(op, x.float(), y.float())
	}
	if x.isBool && y.isBool {
		a, b := x.i.Sign() != 0, y.i.Sign() != 0
		switch op {
		case lang.Amp:
			return Bool(a && b)
		case lang.Pipe:
			return Bool(a || b)
		case lang.Caret:
			return Bool(a != b)
		}
	}
	if op == lang.At {
		return nil
	}
	return intBinary(op, x.i, y.i)
}

// unary computes -x, +x, ~x.
func (s *Session) unary(op lang.Op, x Value) Value {
	if u, ok := x.(UnaryOperand); ok {
		return u.Unary(s, op)
	}
	if t, ok := x.(*tensor.Tensor); ok {
		return Tensors.Unary(s, op, t)
	}
	if n, ok := number(x); ok {
		switch {
		case n.isFloat && op == lang.Minus:
			return Float(-n.f)
		case n.isFloat && op == lang.Plus:
			return Float(n.f)
		case n.isFloat:
		case op == lang.Minus:
			return intBinary(lang.Minus, MakeInt(0), n.i)
		case op == lang.Plus:
			return n.i
		case op == lang.Tilde:
			return intBinary(lang.Minus, intBinary(lang.Minus, MakeInt(0), n.i).(Int), MakeInt(1))
		}
	}
	throw("TypeError", errBadUnary, op, TypeName(x))
	return nil
}

// truth is Python's bool(x).
func (s *Session) truth(x Value) bool {
	if t, ok := x.(Truther); ok {
		return t.Truth(s)
	}
	switch v := x.(type) {
	case NoneType:
		return false
	case Bool:
		return bool(v)
	case Int:
		return v.Sign() != 0
	case Float:
		return v != 0
	case Str:
		return v != ""
	case *List:
		return len(v.Elems) > 0
	case Tuple:
		return len(v) > 0
	case Size:
		return len(v) > 0
	case Range:
		return v.Len() > 0
	case *tensor.Tensor:
		return v.Truth()
	case *NamedTuple:
		return len(v.Elems) > 0
	case *Dict:
		return v.Len() > 0
	case *Set:
		return v.Len() > 0
	case *DictView:
		return v.D.Len() > 0
	}
	return true
}

// identical is Python's `is`.
func identical(x, y Value) bool {
	switch a := x.(type) {
	case Tuple:
		b, ok := y.(Tuple)
		return ok && len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
	case Size:
		b, ok := y.(Size)
		return ok && len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
	case Int:
		b, ok := y.(Int)
		if !ok {
			return false
		}
		ai, aok := a.Int64()
		bi, bok := b.Int64()
		return aok && bok && ai == bi
	}
	switch y.(type) {
	case Tuple, Size:
		return false
	}
	return x == y
}

// compare evaluates one comparison.
func (s *Session) compare(op lang.Op, x, y Value) Value {
	switch op {
	case lang.Is:
		return Bool(identical(x, y))
	case lang.IsNot:
		return Bool(!identical(x, y))
	case lang.In:
		return Bool(s.contains(y, x))
	case lang.NotIn:
		return Bool(!s.contains(y, x))
	}
	if v, ok := s.protoCompare(op, x, y); ok {
		return v
	}
	if isTensor(x) || isTensor(y) {
		return Tensors.Compare(s, op, x, y)
	}
	if r, ok := containerCompare(op, x, y); ok {
		return Bool(r)
	}
	switch op {
	case lang.Eq:
		return Bool(s.equal(x, y))
	case lang.Ne:
		return Bool(!s.equal(x, y))
	}
	if a, b, ok := orderedSeqs(x, y); ok {
		// As CPython's list and tuple comparisons: the first pair of
		// items that differ decides, compared with op (so an error names
		// the items' types).
		s.cmpRec.enter(errRecursionCompare)
		defer s.cmpRec.leave()
		for i := 0; i < len(a) && i < len(b); i++ {
			poll()
			if !identical(a[i], b[i]) && !s.equal(a[i], b[i]) {
				return s.compare(op, a[i], b[i])
			}
		}
		return s.compare(op, MakeInt(int64(len(a))), MakeInt(int64(len(b))))
	}
	c, ok := s.order(x, y)
	if !ok {
		throw("TypeError", errUnsupportedCompare, op, TypeName(x), TypeName(y))
	}
	if c == unordered {
		return Bool(false)
	}
	switch op {
	case lang.Lt:
		return Bool(c < 0)
	case lang.Le:
		return Bool(c <= 0)
	case lang.Gt:
		return Bool(c > 0)
	case lang.Ge:
		return Bool(c >= 0)
	}
	return Bool(false)
}

// equal is Python's == for non-tensor values.
func (s *Session) equal(x, y Value) bool {
	_, xi := x.(*Instance)
	_, yi := y.(*Instance)
	if xi || yi {
		if v, ok := s.protoCompare(lang.Eq, x, y); ok {
			return s.truth(v)
		}
		return identical(x, y)
	}
	if xn, ok := number(x); ok {
		yn, ok := number(y)
		if !ok {
			return false
		}
		if xn.isFloat || yn.isFloat {
			if !xn.isFloat {
				return xn.i.Big().Cmp(bigOfFloat(yn.f)) == 0 && isIntegral(yn.f)
			}
			if !yn.isFloat {
				return yn.i.Big().Cmp(bigOfFloat(xn.f)) == 0 && isIntegral(xn.f)
			}
			return xn.f == yn.f
		}
		return xn.i.Big().Cmp(yn.i.Big()) == 0
	}
	switch a := x.(type) {
	case Str:
		b, ok := y.(Str)
		return ok && a == b
	case NoneType:
		_, ok := y.(NoneType)
		return ok
	case *List:
		b, ok := y.(*List)
		return ok && s.seqEqual(a.Elems, b.Elems)
	case Tuple, Size:
		switch y.(type) {
		case Tuple, Size:
			return s.seqEqual(iterate(x), iterate(y))
		}
		return false
	case Range:
		b, ok := y.(Range)
		return ok && a == b
	case *NamedTuple:
		switch y.(type) {
		case Tuple, *NamedTuple:
			return s.seqEqual(a.Elems, iterate(y))
		}
		return false
	case DTypeValue, DeviceValue, EllipsisType:
		return x == y
	case *Dict:
		b, ok := y.(*Dict)
		return ok && s.dictEqual(a, b)
	case *Set, *DictView:
		r, _ := containerCompare(lang.Eq, x, y)
		return r
	}
	return identical(x, y)
}

// exactFloat64 is n as a float64 when that is exact: a float, or an int
// of at most 53 bits.
func exactFloat64(n num) (float64, bool) {
	if n.isFloat {
		return n.f, true
	}
	if i, ok := n.i.Int64(); ok && i > -1<<53 && i < 1<<53 {
		return float64(i), true
	}
	return 0, false
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// exactFloat is a number (not NaN) as an exact big.Float.
func exactFloat(n num) *big.Float {
	if n.isFloat {
		return new(big.Float).SetFloat64(n.f)
	}
	return new(big.Float).SetInt(n.i.Big())
}

func isIntegral(f float64) bool { return f == math.Trunc(f) && !math.IsInf(f, 0) }

func bigOfFloat(f float64) *bigInt {
	if !isIntegral(f) {
		return newBigInt(0)
	}
	return bigFromFloat(f)
}

func (s *Session) seqEqual(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	s.cmpRec.enter(errRecursionCompare)
	defer s.cmpRec.leave()
	for i := range a {
		poll()
		if !identical(a[i], b[i]) && !s.truth(s.compare(lang.Eq, a[i], b[i])) {
			return false
		}
	}
	return true
}

// unordered is order's result for a NaN: every comparison is false.
const unordered = 2

// order compares two values for <, returning -1, 0, 1 (or unordered).
// An int and a float compare exactly, as in Python (2**53 + 1 > 2.0**53).
func (s *Session) order(x, y Value) (int, bool) {
	if xn, ok := number(x); ok {
		yn, ok := number(y)
		if !ok {
			return 0, false
		}
		if xn.isFloat || yn.isFloat {
			if (xn.isFloat && math.IsNaN(xn.f)) || (yn.isFloat && math.IsNaN(yn.f)) {
				return unordered, true
			}
			if a, ok := exactFloat64(xn); ok {
				if b, ok := exactFloat64(yn); ok {
					return cmpFloat(a, b), true
				}
			}
			return exactFloat(xn).Cmp(exactFloat(yn)), true
		}
		return xn.i.Big().Cmp(yn.i.Big()), true
	}
	switch a := x.(type) {
	case Str:
		b, ok := y.(Str)
		if !ok {
			return 0, false
		}
		return strings.Compare(string(a), string(b)), true
	case *List:
		b, ok := y.(*List)
		if !ok {
			return 0, false
		}
		return s.seqOrder(a.Elems, b.Elems)
	case Tuple, Size:
		switch y.(type) {
		case Tuple, Size:
			return s.seqOrder(iterate(x), iterate(y))
		}
	}
	return 0, false
}

func (s *Session) seqOrder(a, b []Value) (int, bool) {
	s.cmpRec.enter(errRecursionCompare)
	defer s.cmpRec.leave()
	for i := 0; i < len(a) && i < len(b); i++ {
		poll()
		if s.equal(a[i], b[i]) {
			continue
		}
		return s.order(a[i], b[i])
	}
	switch {
	case len(a) < len(b):
		return -1, true
	case len(a) > len(b):
		return 1, true
	}
	return 0, true
}

// contains is `x in container`.
func (s *Session) contains(container, x Value) bool {
	if c, ok := container.(Container); ok { // protocols.go
		return c.Contains(s, x)
	}
	if c, ok := container.(*Class); ok {
		if f, ok := metaMethod(c, "__contains__"); ok {
			return s.truth(s.callMeta(c, f, x))
		}
		if c.classInfo != nil && c.Meta != nil {
			for _, v := range s.iterValues(c) {
				if identical(v, x) || s.equal(v, x) {
					return true
				}
			}
			return false
		}
	}
	switch c := container.(type) {
	case Str:
		xs, ok := x.(Str)
		if !ok {
			throw("TypeError", errInString, TypeName(x))
		}
		return strings.Contains(string(c), string(xs))
	case *tensor.Tensor:
		if _, isNum := number(x); !isNum && !isTensor(x) {
			throw("RuntimeError", errTensorContains, pyClassRepr(x))
		}
		return s.truth(s.callMethod(Tensors.Equal(s, c, x), "any"))
	case Range:
		if n, ok := x.(Int); ok {
			return rangeContains(c, n)
		}
		if b, ok := x.(Bool); ok {
			return rangeContains(c, boolInt(b))
		}
		found := false
		forEachItem(c, func(e Value) bool {
			found = s.truth(s.compare(lang.Eq, e, x))
			return !found
		})
		return found
	case *List, Tuple, Size, *NamedTuple:
		for _, e := range iterate(c) {
			poll()
			if identical(e, x) || s.truth(s.compare(lang.Eq, e, x)) {
				return true
			}
		}
		return false
	}
	if r, ok := s.containerContains(container, x); ok {
		return r
	}
	throw("TypeError", errArgNotIterable, TypeName(container))
	return false
}

// callMethod calls a tensor method by name with positional arguments.
func (s *Session) callMethod(self Value, name string, args ...Value) Value {
	return s.Call(s.getAttr(self, name), &Args{Pos: args})
}

// iterate returns the elements of an iterable value.
func iterate(v Value) []Value {
	if it, ok := v.(ListIterable); ok {
		return it.PyIter()
	}
	switch x := v.(type) {
	case *List:
		return x.Elems
	case Tuple:
		return x
	case Size:
		out := make([]Value, len(x))
		for i, n := range x {
			out[i] = MakeInt(int64(n))
		}
		return out
	case Str:
		checkItems(len(x))
		var out []Value
		for _, r := range string(x) {
			poll()
			out = append(out, Str(string(r)))
		}
		return out
	case Range:
		n := x.Len()
		checkItems(int(n))
		out := make([]Value, n)
		for i := int64(0); i < n; i++ {
			if i&1023 == 0 {
				poll()
			}
			out[i] = intValue(x.Start + i*x.Step)
		}
		return out
	case *NamedTuple:
		return x.Elems
	case *tensor.Tensor:
		if x.Dim() == 0 {
			throw("TypeError", errIterTensor0d)
		}
		checkMemory(x.Size(0), tensorViewBytes)
		out := make([]Value, x.Size(0))
		for i := range out {
			poll()
			out[i] = Tensors.Select(x, i)
		}
		Tensors.Iterated(x, out)
		return out
	}
	return drain(Iterate(v))
}

// length is len(v).
func length(v Value) int {
	if l, ok := v.(Lener); ok {
		return l.PyLen()
	}
	if c, ok := v.(*Class); ok && c.classInfo != nil {
		if n, ok := classLen(c); ok {
			return n
		}
	}
	switch x := v.(type) {
	case *List:
		return len(x.Elems)
	case Tuple:
		return len(x)
	case Size:
		return len(x)
	case Str:
		return len([]rune(string(x)))
	case Range:
		return int(x.Len())
	case *NamedTuple:
		return len(x.Elems)
	case *tensor.Tensor:
		if x.Dim() == 0 {
			throw("TypeError", errLenTensor0d)
		}
		return x.Size(0)
	case *StorageValue:
		return x.T.Storage().Len()
	case *Dict:
		return x.Len()
	case *Set:
		return x.Len()
	case *DictView:
		return x.D.Len()
	}
	throw("TypeError", errNoLen, TypeName(v))
	return 0
}

func isSequence(v Value) bool {
	switch v.(type) {
	case Str, *List, Tuple:
		return true
	}
	return false
}

// orderedSeqs gives the items of two lists, or of two tuples (torch.Size
// included), for the orderings.
func orderedSeqs(x, y Value) (a, b []Value, ok bool) {
	switch xv := x.(type) {
	case *List:
		if yv, ok := y.(*List); ok {
			return xv.Elems, yv.Elems, true
		}
	case Tuple, Size:
		switch y.(type) {
		case Tuple, Size:
			return iterate(x), iterate(y), true
		}
	}
	return nil, nil, false
}
