// Code generated from Python 3.11's format() and repr(); DO NOT EDIT.

package eval

import (
	"math"
	"testing"
)

func TestFormatMatchesPython(t *testing.T) {
	cases := []struct {
		v    Value
		spec string
		want string
	}{
		{Float(3.14159), ".3f", "3.142"},
		{MakeInt(42), "5d", "   42"},
		{MakeInt(42), "<5d", "42   "},
		{MakeInt(42), ">5", "   42"},
		{MakeInt(42), "^6", "  42  "},
		{MakeInt(42), "05d", "00042"},
		{Float(3.14159), "8.2f", "    3.14"},
		{Float(3.14159), "e", "3.141590e+00"},
		{Float(3.14159), ".2e", "3.14e+00"},
		{Float(0.5), "%", "50.000000%"},
		{MakeInt(1234567), ",", "1,234,567"},
		{MakeInt(42), "x", "2a"},
		{MakeInt(42), "o", "52"},
		{MakeInt(42), "b", "101010"},
		{MakeInt(42), "#x", "0x2a"},
		{Str("hi"), ">4", "  hi"},
		{Float(1.0), ".3", "1.0"},
		{Float(1234.5), ".2", "1.2e+03"},
		{Float(0.0001), "g", "0.0001"},
		{Float(1e-05), "g", "1e-05"},
		{Float(123456789.0), "g", "1.23457e+08"},
		{Float(1e+16), "", "1e+16"},
		{Float(-3.5), "+.1f", "-3.5"},
		{Float(3.5), " .1f", " 3.5"},
		{MakeInt(-42), "08d", "-0000042"},
		{Float(1e+100), ".3g", "1e+100"},
		{Float(math.Inf(1)), ".2f", "inf"},
		{Float(math.NaN()), "f", "nan"},
		{Float(1234567.891), ",.2f", "1,234,567.89"},
		{MakeInt(255), "X", "FF"},
		{MakeInt(255), "#010b", "0b11111111"},
		{Bool(true), "", "True"},
		{Bool(true), "d", "1"},
		{MakeInt(12), "c", ""},
		{Float(0.1), ".17g", "0.10000000000000001"},
		{Float(2.5), ".0f", "2"},
		{Float(3.5), ".0f", "4"},
		{Float(1e+22), "", "1e+22"},
		{Float(1e+21), "f", "1000000000000000000000.000000"},
		{Float(math.Copysign(0, -1)), "", "-0.0"},
		{Float(math.Copysign(0, -1)), ".1f", "-0.0"},
		{Str("abc"), ".2", "ab"},
		{Str("abc"), "*^9", "***abc***"},
		{MakeInt(42), "+d", "+42"},
		{Float(1.5), "10", "       1.5"},
		{Float(123.456), ".5", "123.46"},
		{Float(1e-07), "", "1e-07"},
		{Float(5e-324), "", "5e-324"},
		{Float(1.7976931348623157e+308), "", "1.7976931348623157e+308"},
		{Float(100.0), ".1%", "10000.0%"},
		{Float(12345.678), "_.1f", "12_345.7"},
		{MakeInt(1), ".2f", "1.00"},
		{MakeInt(7), "e", "7.000000e+00"},
	}
	for _, c := range cases {
		if got := Format(c.v, c.spec); got != c.want {
			t.Errorf("format(%s, %q) = %q, want %q", Repr(c.v), c.spec, got, c.want)
		}
	}
}

func TestFloatReprMatchesPython(t *testing.T) {
	cases := []struct {
		f    float64
		want string
	}{
		{1.0, "1.0"},
		{1e+20, "1e+20"},
		{1e-05, "1e-05"},
		{0.1, "0.1"},
		{123456789.0, "123456789.0"},
		{1e+16, "1e+16"},
		{1000000000000000.0, "1000000000000000.0"},
		{0.0001, "0.0001"},
		{1.234e-05, "1.234e-05"},
		{25000000000.0, "25000000000.0"},
		{1e-07, "1e-07"},
		{0.0003, "0.0003"},
		{0.3333333333333333, "0.3333333333333333"},
		{1.4142135623730951, "1.4142135623730951"},
		{math.Copysign(0, -1), "-0.0"},
		{math.Inf(1), "inf"},
		{1.2345678901234568e+17, "1.2345678901234568e+17"},
		{9007199254740992.0, "9007199254740992.0"},
	}
	for _, c := range cases {
		if got := FloatRepr(c.f); got != c.want {
			t.Errorf("FloatRepr(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}
