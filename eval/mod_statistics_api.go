package eval

import (
	"math"
	"math/big"

	"github.com/tensh/tensh/lang"
)

// The functions of the statistics module (the arithmetic is in
// mod_statistics.go).

func (s *Session) sortedData(v Value) []Value {
	data := iterate(v)
	data = append([]Value(nil), data...)
	s.sortValues(data, nil, false)
	return data
}

func init() {
	RegisterModule("statistics", func(s *Session) *Module {
		m := map[string]Value{"StatisticsError": statisticsErrorCls, "LinearRegression": linearRegressionClass}
		statsFn(m, "mean", "mean(data)", "Returns the arithmetic mean of data, computed exactly and rounded once.", func(a *Args) Value {
			p := pyArgs(a, "mean", 0, "data")
			t := statsTotal(iterate(p[0]))
			if t.count < 1 {
				statsErr(errStatsMeanEmpty)
			}
			if t.hasSpec {
				return Float(t.special)
			}
			return convertRat(new(big.Rat).Quo(t.total, new(big.Rat).SetInt64(t.count)), t.isFloat)
		})
		statsFn(m, "fmean", "fmean(data, weights=None)", "Returns the mean of data as a float (fast, with math.fsum).", func(a *Args) Value {
			p := pyArgs(a, "fmean", 0, "data, weights=")
			data := iterate(p[0])
			if p[1] == nil || p[1] == None {
				if len(data) == 0 {
					statsErr(errStatsFmeanEmpty)
				}
				return Float(fsumValues(data) / float64(len(data)))
			}
			w := iterate(p[1])
			prods := make([]Value, 0, len(data))
			for i := 0; i < len(data) && i < len(w); i++ {
				prods = append(prods, a.s.binary(lang.Star, data[i], w[i]))
			}
			num := fsumValues(prods)
			if len(data) != len(w) {
				statsErr(errStatsFmeanWeights)
			}
			den := fsumValues(w)
			if den == 0 {
				statsErr(errStatsWeightsZero)
			}
			return Float(num / den)
		})
		statsFn(m, "geometric_mean", "geometric_mean(data)", "Returns the geometric mean of positive data, as a float.", func(a *Args) Value {
			p := pyArgs(a, "geometric_mean", 0, "data")
			data := iterate(p[0])
			logs := make([]float64, len(data))
			for i, x := range data {
				if n, ok := x.(Int); ok {
					if n.Sign() <= 0 {
						statsErr(errStatsGeometric)
					}
					logs[i] = logOf(n, pyLog)
					continue
				}
				f := toFloat(x)
				if f <= 0 || math.IsNaN(f) {
					statsErr(errStatsGeometric)
				}
				logs[i] = mlog(f)
			}
			if len(logs) == 0 {
				statsErr(errStatsGeometric)
			}
			mean := fsum(logs) / float64(len(logs))
			return checkMath(mean, crExp(mean), true)
		})
		statsFn(m, "harmonic_mean", "harmonic_mean(data, weights=None)", "Returns the harmonic mean of non-negative data (exactly, rounded once).", func(a *Args) Value {
			p := pyArgs(a, "harmonic_mean", 0, "data, weights=")
			return harmonicMean(a.s, iterate(p[0]), p[1])
		})
		median := func(name, doc string, pick func(s *Session, data []Value) Value) {
			statsFn(m, name, name+"(data)", doc, func(a *Args) Value {
				p := pyArgs(a, name, 0, "data")
				data := a.s.sortedData(p[0])
				if len(data) == 0 {
					statsErr(errStatsNoMedian)
				}
				return pick(a.s, data)
			})
		}
		median("median", "Returns the median (middle value) of data; for an even count, the mean of the two middle values.", func(s *Session, d []Value) Value {
			n := len(d)
			if n%2 == 1 {
				return d[n/2]
			}
			return s.binary(lang.Slash, s.binary(lang.Plus, d[n/2-1], d[n/2]), MakeInt(2))
		})
		median("median_low", "Returns the low median of data: the smaller of the two middle values for an even count.", func(s *Session, d []Value) Value {
			n := len(d)
			if n%2 == 1 {
				return d[n/2]
			}
			return d[n/2-1]
		})
		median("median_high", "Returns the high median of data: the larger of the two middle values for an even count.", func(s *Session, d []Value) Value {
			return d[len(d)/2]
		})
		statsFn(m, "median_grouped", "median_grouped(data, interval=1.0)", "Returns the median of grouped continuous data, the 50th percentile, by interpolation.", func(a *Args) Value {
			p := pyArgs(a, "median_grouped", 0, "data, interval=")
			d := a.s.sortedData(p[0])
			n := len(d)
			if n == 0 {
				statsErr(errStatsNoMedian)
			}
			x := d[n/2]
			i := 0
			for i < n && a.s.lessThan(d[i], x) {
				i++
			}
			j := bisectRight(a.s, d, x, i, n)
			interval := toFloat(orDefault(p[1], Float(1)))
			xf := toFloat(x)
			L := xf - interval/2.0
			return Float(L + interval*(float64(n)/2-float64(i))/float64(j-i))
		})
		statsFn(m, "mode", "mode(data)", "Returns the most common data point (the first one met, on a tie).", func(a *Args) Value {
			p := pyArgs(a, "mode", 0, "data")
			c := newCounter()
			counterUpdate(a.s, c, []Value{p[0]}, nil, 1)
			mc := counterMostCommon(a.s, c, 1)
			if len(mc) == 0 {
				statsErr(errStatsNoMode)
			}
			return mc[0].(Tuple)[0]
		})
		statsFn(m, "multimode", "multimode(data)", "Returns the list of the most frequent values, in the order first met.", func(a *Args) Value {
			p := pyArgs(a, "multimode", 0, "data")
			c := newCounter()
			counterUpdate(a.s, c, []Value{p[0]}, nil, 1)
			out := &List{}
			if c.Len() == 0 {
				return out
			}
			maxc := c.Vals[0]
			for _, v := range c.Vals[1:] {
				if a.s.lessThan(maxc, v) {
					maxc = v
				}
			}
			for i, k := range c.Keys {
				if a.s.equal(c.Vals[i], maxc) {
					out.Elems = append(out.Elems, k)
				}
			}
			return out
		})
		statsFn(m, "quantiles", "quantiles(data, *, n=4, method='exclusive')", "Divides data into n continuous intervals with equal probability; returns the n-1 cut points.", func(a *Args) Value {
			p := pyArgs(a, "quantiles", 0, "data, *, n=, method=")
			return quantiles(a.s, p[0], orDefault(p[1], MakeInt(4)), orDefault(p[2], Str("exclusive")))
		})
		spread := func(name, param string, sample, root bool) {
			doc := map[string]string{"variance": "Returns the sample variance of data (divided by n-1).", "pvariance": "Returns the population variance of data (divided by n).",
				"stdev": "Returns the sample standard deviation (the square root of the sample variance).", "pstdev": "Returns the population standard deviation."}[name]
			statsFn(m, name, name+"(data, "+param+"=None)", doc, func(a *Args) Value {
				p := pyArgs(a, name, 0, "data, "+param+"=")
				ss, isFloat, sp, hasSpec, n := statsSS(a.s, iterate(p[0]), p[1])
				div := n
				if sample {
					if n < 2 {
						statsErr(errStatsAtLeastTwo, name)
					}
					div = n - 1
				} else if n < 1 {
					statsErr(errStatsAtLeastOne, name)
				}
				if hasSpec {
					if root { // statistics.py asks the float mss for its numerator
						throw("AttributeError", errNoAttr, "float", "numerator")
					}
					return Float(sp / float64(div))
				}
				ms := new(big.Rat).Quo(ss, new(big.Rat).SetInt64(div))
				if root {
					return Float(floatSqrtFrac(ms))
				}
				return convertRat(ms, isFloat)
			})
		}
		spread("variance", "xbar", true, false)
		spread("pvariance", "mu", false, false)
		spread("stdev", "xbar", true, true)
		spread("pstdev", "mu", false, true)
		statsFn(m, "covariance", "covariance(x, y, /)", "Returns the sample covariance of x and y.", func(a *Args) Value {
			unpackArgs(a, "covariance", 2, 2)
			sxy, _, _, n := regressionSums(a.s, "covariance", a.Pos[0], a.Pos[1], false)
			return Float(sxy / float64(n-1))
		})
		statsFn(m, "correlation", "correlation(x, y, /)", "Returns Pearson's correlation coefficient of x and y.", func(a *Args) Value {
			unpackArgs(a, "correlation", 2, 2)
			sxy, sxx, syy, _ := regressionSums(a.s, "correlation", a.Pos[0], a.Pos[1], false)
			d := math.Sqrt(sxx * syy)
			if d == 0 {
				statsErr(errStatsConstant)
			}
			return Float(sxy / d)
		})
		statsFn(m, "linear_regression", "linear_regression(x, y, /, *, proportional=False)", "Returns the slope and intercept of simple linear regression (ordinary least squares).", func(a *Args) Value {
			p := pyArgs(a, "linear_regression", 0, "x, y, *, proportional=")
			prop := p[2] != nil && a.s.truth(p[2])
			sxy, sxx, _, _ := regressionSums(a.s, "linear regression", p[0], p[1], prop)
			if sxx == 0 {
				statsErr(errStatsXConstant)
			}
			slope := sxy / sxx
			intercept := 0.0
			if !prop {
				x, y := iterate(p[0]), iterate(p[1])
				xbar := fsumValues(x) / float64(len(x))
				ybar := fsumValues(y) / float64(len(y))
				intercept = ybar - slope*xbar
			}
			return linearRegressionClass.Call(&Args{s: a.s, Pos: []Value{Float(slope), Float(intercept)}})
		})
		mod := &Module{Name: "statistics", Origin: "from '/usr/lib/python3.11/statistics.py'", Members: m}
		if s.modules == nil {
			s.modules = map[string]*Module{}
		}
		s.modules["statistics"] = mod // NormalDist's source imports statistics
		for _, f := range statisticsLate {
			f(s, m)
		}
		return mod
	})
}

// regressionSums are the fsum'd Sxy, Sxx, Syy of covariance,
// correlation and linear_regression (about the means, or about 0 when
// proportional).
func regressionSums(s *Session, what string, xv, yv Value, proportional bool) (sxy, sxx, syy float64, n int) {
	x, y := iterate(xv), iterate(yv)
	n = len(x)
	if len(y) != n {
		statsErr(errStatsSameLength, what)
	}
	if n < 2 {
		statsErr(errStatsAtLeastTwo, what)
	}
	var xbar, ybar Value = MakeInt(0), MakeInt(0)
	if !proportional {
		xbar, ybar = Float(fsumValues(x)/float64(n)), Float(fsumValues(y)/float64(n))
	}
	pxy, pxx, pyy := make([]Value, n), make([]Value, n), make([]Value, n)
	for i := range x {
		dx, dy := x[i], y[i]
		if !proportional {
			dx, dy = s.binary(lang.Minus, x[i], xbar), s.binary(lang.Minus, y[i], ybar)
		}
		pxy[i] = s.binary(lang.Star, dx, dy)
		pxx[i] = s.binary(lang.Star, dx, dx)
		pyy[i] = s.binary(lang.Star, dy, dy)
	}
	return fsumValues(pxy), fsumValues(pxx), fsumValues(pyy), n
}

func quantiles(s *Session, data, nv, method Value) Value {
	n := toIndexInt(nv).Int64()
	if n < 1 {
		statsErr(errStatsQuantilesN)
	}
	d := s.sortedData(data)
	ld := int64(len(d))
	if ld < 2 {
		statsErr(errStatsQuantilesTwo)
	}
	out := &List{}
	nn := MakeInt(n)
	interp := func(lo, hi Value, delta int64) Value {
		a := s.binary(lang.Star, lo, MakeInt(n-delta))
		b := s.binary(lang.Star, hi, MakeInt(delta))
		return s.binary(lang.Slash, s.binary(lang.Plus, a, b), nn)
	}
	switch ToStr(method) {
	case "inclusive":
		m := ld - 1
		for i := int64(1); i < n; i++ {
			j, delta := i*m/n, i*m%n
			out.Elems = append(out.Elems, interp(d[j], d[j+1], delta))
		}
	case "exclusive":
		m := ld + 1
		for i := int64(1); i < n; i++ {
			j := i * m / n
			j = min(max(j, 1), ld-1)
			delta := i*m - j*n
			out.Elems = append(out.Elems, interp(d[j-1], d[j], delta))
		}
	default:
		throw("ValueError", errStatsMethod, Repr(method))
	}
	return out
}

func harmonicMean(s *Session, data []Value, weights Value) Value {
	n := len(data)
	if n < 1 {
		statsErr(errStatsAtLeastOne, "harmonic_mean")
	}
	if n == 1 && (weights == nil || weights == None) {
		x := data[0]
		if _, ok := number(x); !ok {
			throw("TypeError", errStatsHarmonicType)
		}
		if s.lessThan(x, MakeInt(0)) {
			statsErr(errStatsHarmonicNeg)
		}
		return x
	}
	var w []Value
	sumW := new(big.Rat).SetInt64(int64(n))
	if weights == nil || weights == None {
		for i := 0; i < n; i++ {
			w = append(w, MakeInt(1))
		}
	} else {
		w = iterate(weights)
		if len(w) != n {
			statsErr(errStatsWeightsLen)
		}
		for _, x := range w {
			if s.lessThan(x, MakeInt(0)) {
				statsErr(errStatsHarmonicNeg)
			}
		}
		sumW = statsTotal(w).total
	}
	terms := make([]Value, n)
	for i, x := range data {
		if s.lessThan(x, MakeInt(0)) {
			statsErr(errStatsHarmonicNeg)
		}
		if !s.truth(w[i]) {
			terms[i] = MakeInt(0)
			continue
		}
		if !s.truth(x) {
			return MakeInt(0) // ZeroDivisionError in w / x
		}
		terms[i] = s.binary(lang.Slash, w[i], x)
	}
	t := statsTotal(terms)
	if t.total.Sign() <= 0 {
		statsErr(errStatsWeightedSum)
	}
	return convertRat(new(big.Rat).Quo(sumW, t.total), t.isFloat)
}
