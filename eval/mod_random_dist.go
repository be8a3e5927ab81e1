package eval

import (
	"math"
	"math/big"

	"github.com/tensh/tensh/lang"
)

// random.py's methods, over the generator of mod_random.go: the same
// arithmetic in the same order (floats through Python's operators where
// the arguments may be ints or floats), so that the draws match CPython's.

var (
	nvMagic  = 4 * crExp(-0.5) / math.Sqrt(2.0)
	twoPi    = 2 * math.Pi
	log4     = pyLog(4.0)
	sgMagic  = 1.0 + pyLog(4.5)
	floatOne = Float(1)
)

// mlog is math.log(x) for a float: ValueError outside its domain.
func mlog(x float64) float64 {
	if x <= 0 || math.IsNaN(x) {
		throw("ValueError", errMathDomain)
	}
	if math.IsInf(x, 1) {
		return x
	}
	return pyLog(x)
}

func msqrt(x float64) float64 {
	if x < 0 {
		throw("ValueError", errMathDomain)
	}
	return math.Sqrt(x)
}

// randIndexArg is randrange's _index(x), with its fallback through int()
// for floats (deprecated) and its refusal of non-integral ones.
func randIndexArg(s *Session, v Value, what string) *big.Int {
	switch x := v.(type) {
	case Int, Bool:
		return toIndexInt(x)
	case Float:
		f := float64(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			s.Call(intClass, &Args{Pos: []Value{x}}) // int()'s own error
		}
		if f != math.Trunc(f) {
			s.Warn("DeprecationWarning", errRandFutureTypeError)
			throw("ValueError", errRandNonInteger, what)
		}
		s.Warn("DeprecationWarning", errRandNonIntDeprec)
		return bigFromFloat(f)
	}
	if n, ok := pyIndexOK(v); ok {
		return big.NewInt(n)
	}
	return toIndexInt(s.Call(intClass, &Args{Pos: []Value{v}}))
}

// pyIndexOK is pyIndex without its TypeError.
func pyIndexOK(v Value) (n int64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return pyIndex("", v)
}

func (r *RandomObj) randrange(s *Session, start, stop, step Value) Value {
	istart := randIndexArg(s, start, "arg 1")
	if stop == nil || stop == None {
		if step != nil {
			if n, ok := step.(Int); !ok || n.Sign() != 1 || n.String() != "1" {
				throw("TypeError", errRandMissingStop)
			}
		}
		if istart.Sign() > 0 {
			return r.randbelow(istart)
		}
		throw("ValueError", errRandEmptyRange)
	}
	istop := randIndexArg(s, stop, "stop")
	width := new(big.Int).Sub(istop, istart)
	istep := big.NewInt(1)
	if step != nil {
		istep = randIndexArg(s, step, "step")
	}
	if istep.IsInt64() && istep.Int64() == 1 {
		if width.Sign() > 0 {
			return MakeBigInt(new(big.Int).Add(istart, r.randbelow(width).Big()))
		}
		throw("ValueError", errRandEmptyRangeW, istart.String(), istop.String(), width.String())
	}
	var n *big.Int
	switch istep.Sign() {
	case 1:
		n = floorDiv(new(big.Int).Sub(new(big.Int).Add(width, istep), big.NewInt(1)), istep)
	case -1:
		n = floorDiv(new(big.Int).Add(new(big.Int).Add(width, istep), big.NewInt(1)), istep)
	default:
		throw("ValueError", errRandZeroStep)
	}
	if n.Sign() <= 0 {
		throw("ValueError", errRandEmptyRange)
	}
	k := r.randbelow(n).Big()
	return MakeBigInt(k.Add(istart, k.Mul(k, istep)))
}

func floorDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

// isSequence is isinstance(x, collections.abc.Sequence).
func isAbcSequence(x Value) bool {
	if o, ok := x.(*Instance); ok && o.Base != nil {
		x = o.Base // a tuple or list subclass (a namedtuple)
	}
	switch x.(type) {
	case *List, Tuple, Str, Range, Size, *NamedTuple, *Deque:
		return true
	}
	return false
}

// bisectRight is bisect.bisect_right(a, x, lo, hi).
func bisectRight(s *Session, a []Value, x Value, lo, hi int) int {
	for lo < hi {
		mid := (lo + hi) / 2
		if s.lessThan(x, a[mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// accumulateAdd is list(itertools.accumulate(xs)).
func accumulateAdd(s *Session, v Value) []Value {
	var out []Value
	it := Iterate(v)
	for {
		x, ok := it.Next()
		if !ok {
			return out
		}
		if len(out) > 0 {
			x = s.binary(lang.Plus, out[len(out)-1], x)
		}
		out = append(out, x)
	}
}

func (r *RandomObj) sample(s *Session, pop, kv, counts Value) Value {
	if !isAbcSequence(pop) {
		throw("TypeError", errRandPopulation)
	}
	n := length(pop)
	if counts != nil && counts != None {
		cum := accumulateAdd(s, counts)
		if len(cum) != n {
			throw("ValueError", errRandCountsLen)
		}
		total := cum[len(cum)-1]
		cum = cum[:len(cum)-1]
		t, ok := total.(Int)
		if !ok {
			throw("TypeError", errRandCountsInt)
		}
		if t.Sign() <= 0 {
			throw("ValueError", errRandCountsTotal)
		}
		tn, _ := t.Int64()
		sel := r.sample(s, Range{0, tn, 1}, kv, nil).(*List)
		for i, x := range sel.Elems {
			sel.Elems[i] = s.getItem(pop, MakeInt(int64(bisectRight(s, cum, x, 0, len(cum)))))
		}
		return sel
	}
	kb := toIndexInt(kv)
	if kb.Sign() < 0 || kb.Cmp(big.NewInt(int64(n))) > 0 {
		throw("ValueError", errRandSampleSize)
	}
	k := int(kb.Int64())
	result := make([]Value, k)
	setsize := 21
	if k > 5 {
		setsize += int(math.Pow(4, math.Ceil(pyLog(float64(k*3))/pyLog(4))))
	}
	if n <= setsize {
		var pool []Value
		if l, ok := pop.(*List); ok {
			pool = append([]Value(nil), l.Elems...)
		} else {
			pool = iterate(pop)
		}
		for i := 0; i < k; i++ {
			j := r.randbelowInt(n - i)
			result[i] = pool[j]
			pool[j] = pool[n-i-1]
		}
	} else {
		selected := map[int]bool{}
		for i := 0; i < k; i++ {
			j := r.randbelowInt(n)
			for selected[j] {
				j = r.randbelowInt(n)
			}
			selected[j] = true
			result[i] = s.getItem(pop, MakeInt(int64(j)))
		}
	}
	return &List{Elems: result}
}

func (r *RandomObj) choices(s *Session, pop, weights, cum, kv Value) Value {
	n := length(pop)
	k := 1
	if kv != nil {
		kb := toIndexInt(kv)
		k = int(max(kb.Int64(), 0))
	}
	out := make([]Value, 0, k)
	if cum == nil || cum == None {
		if weights == nil || weights == None {
			fn := float64(n)
			for i := 0; i < k; i++ {
				out = append(out, s.getItem(pop, MakeInt(int64(math.Floor(r.random()*fn)))))
			}
			return &List{Elems: out}
		}
		if _, isInt := weights.(Int); isInt {
			throw("TypeError", errRandChoicesK, Repr(weights))
		}
		cumw := accumulateAdd(s, weights)
		cum = &List{Elems: cumw}
	} else if weights != nil && weights != None {
		throw("TypeError", errRandBothWeights)
	}
	cw := iterate(cum)
	if len(cw) != n {
		throw("ValueError", errRandWeightsLen)
	}
	if n == 0 {
		throw("IndexError", errIndexOutOfRange, "list")
	}
	total := toFloat(s.binary(lang.Plus, cw[n-1], Float(0)))
	if total <= 0 {
		throw("ValueError", errRandWeightsTotal)
	}
	if math.IsInf(total, 0) || math.IsNaN(total) {
		throw("ValueError", errRandWeightsFinite)
	}
	for i := 0; i < k; i++ {
		j := bisectRight(s, cw, Float(r.random()*total), 0, n-1)
		out = append(out, s.getItem(pop, MakeInt(int64(j))))
	}
	return &List{Elems: out}
}

func (r *RandomObj) shuffle(s *Session, x Value) {
	if l, ok := x.(*List); ok {
		for i := len(l.Elems) - 1; i > 0; i-- {
			j := r.randbelowInt(i + 1)
			l.Elems[i], l.Elems[j] = l.Elems[j], l.Elems[i]
		}
		return
	}
	for i := length(x) - 1; i > 0; i-- {
		j := r.randbelowInt(i + 1)
		xi, xj := s.getItem(x, MakeInt(int64(i))), s.getItem(x, MakeInt(int64(j)))
		s.setItem(x, MakeInt(int64(i)), xj)
		s.setItem(x, MakeInt(int64(j)), xi)
	}
}

func (r *RandomObj) normal() float64 {
	for {
		u1 := r.random()
		u2 := 1.0 - r.random()
		z := nvMagic * (u1 - 0.5) / u2
		zz := z * z / 4.0
		if zz <= -mlog(u2) {
			return z
		}
	}
}

func (r *RandomObj) gamma(alpha, beta float64) float64 {
	if alpha <= 0.0 || beta <= 0.0 {
		throw("ValueError", errRandGamma)
	}
	switch {
	case alpha > 1.0:
		ainv := msqrt(2.0*alpha - 1.0)
		bbb := alpha - log4
		ccc := alpha + ainv
		for {
			u1 := r.random()
			if !(1e-7 < u1 && u1 < 0.9999999) {
				continue
			}
			u2 := 1.0 - r.random()
			v := mlog(u1/(1.0-u1)) / ainv
			x := alpha * float64(checkMath(v, crExp(v), true).(Float))
			z := u1 * u1 * u2
			rr := bbb + ccc*v - float64(x)
			if rr+sgMagic-4.5*z >= 0.0 || rr >= mlog(z) {
				return float64(x) * beta
			}
		}
	case alpha == 1.0:
		return -mlog(1.0-r.random()) * beta
	}
	var x float64
	for {
		u := r.random()
		b := (math.E + alpha) / math.E
		p := b * u
		if p <= 1.0 {
			x = floatPow(p, 1.0/alpha)
		} else {
			x = -mlog((b - p) / alpha)
		}
		u1 := r.random()
		if p > 1.0 {
			if u1 <= floatPow(x, alpha-1.0) {
				break
			}
		} else if u1 <= crExp(-x) {
			break
		}
	}
	return x * beta
}
