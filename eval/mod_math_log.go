package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
	"math"
	"math/big"
	"sync"
)

// Logarithms correctly rounded, as C's libm (glibc) computes them and Go's
// math package does not always (math.Log(3) is one unit in the last place
// low): the logarithm is evaluated with 128-bit big.Floats and rounded
// once.

const logPrec = 128

var (
	logConstOnce sync.Once
	bigLn2       *big.Float
	bigLn10      *big.Float
)

func logConsts() {
	logConstOnce.Do(func() {
		third := new(big.Float).SetPrec(logPrec).Quo(big.NewFloat(1), new(big.Float).SetPrec(logPrec).SetInt64(3))
		bigLn2 = twoAtanh(third) // ln 2 = 2 atanh(1/3)
		bigLn10 = bigLnMant(new(big.Float).SetPrec(logPrec).SetFloat64(10))
	})
}

// bigLnMant is ln(m) for m > 0, by ln(m) = 2 atanh((m-1)/(m+1)) after
// scaling m into [sqrt(1/2), sqrt(2)) by powers of two (whose logarithm is
// added back, once ln 2 is known).
func bigLnMant(m *big.Float) *big.Float {
	mant := new(big.Float).SetPrec(logPrec)
	e := m.MantExp(mant) // m = mant * 2**e, mant in [0.5, 1)
	if mant.Cmp(big.NewFloat(math.Sqrt2/2)) < 0 {
		mant.SetMantExp(mant, 1)
		e--
	}
	one := new(big.Float).SetPrec(logPrec).SetInt64(1)
	num := new(big.Float).SetPrec(logPrec).Sub(mant, one)
	den := new(big.Float).SetPrec(logPrec).Add(mant, one)
	sum := twoAtanh(new(big.Float).SetPrec(logPrec).Quo(num, den))
	if e != 0 {
		sum.Add(sum, new(big.Float).SetPrec(logPrec).Mul(bigLn2, new(big.Float).SetInt64(int64(e))))
	}
	return sum
}

// twoAtanh is 2 atanh(z) = 2 (z + z**3/3 + z**5/5 + ...), for small |z|.
func twoAtanh(z *big.Float) *big.Float {
	z2 := new(big.Float).SetPrec(logPrec).Mul(z, z)
	sum := new(big.Float).SetPrec(logPrec).Set(z)
	term := new(big.Float).SetPrec(logPrec).Set(z)
	for k := int64(3); k < 400; k += 2 {
		term.Mul(term, z2)
		t := new(big.Float).SetPrec(logPrec).Quo(term, new(big.Float).SetInt64(k))
		if t.Sign() == 0 || sum.Sign() == 0 || t.MantExp(nil)-sum.MantExp(nil) < -logPrec-4 {
			break
		}
		sum.Add(sum, t)
	}
	return sum.SetMantExp(sum, 1) // times 2
}

// pyLog is log(x) for a finite x > 0: glibc's log (runtime/tensor's port).
func pyLog(x float64) float64 { return tensor.GlibcLog(x) }

// pyLog2 and pyLog10 are glibc's log2(x) and log10(x).
func pyLog2(x float64) float64 { return tensor.GlibcLog2(x) }

func pyLog10(x float64) float64 {
	// glibc's __ieee754_log10 (fdlibm's e_log10.c) over the correctly
	// rounded log.
	const (
		two54   = 1.80143985094819840000e+16
		ivln10  = 4.34294481903251816668e-01
		log10Hi = 3.01029995663611771306e-01
		log10Lo = 3.69423907715893078616e-13
	)
	bits := math.Float64bits(x)
	hx := int32(bits >> 32)
	k := int32(0)
	if hx < 0x00100000 { // subnormal
		k -= 54
		x *= two54
		bits = math.Float64bits(x)
		hx = int32(bits >> 32)
	}
	k += (hx >> 20) - 1023
	i := int32(uint32(k)&0x80000000) >> 31
	i &= 1
	hx = (hx & 0x000fffff) | ((0x3ff - i) << 20)
	y := float64(k + i)
	x = math.Float64frombits(uint64(uint32(hx))<<32 | bits&0xffffffff)
	z := y*log10Lo + ivln10*pyLog(x)
	return z + y*log10Hi
}
