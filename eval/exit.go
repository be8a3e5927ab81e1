package eval

import (
	"math"
	"math/big"
)

// exit() and quit(): they raise SystemExit, which ends the REPL or the
// script with Python's exit status (front ends ask Exception.ExitStatus).

// exitInfo is what a SystemExit carries.
type exitInfo struct {
	status int
	print  bool // Msg is printed on stderr (the code was not None or an int)
}

// builtinValues are builtin names bound to values other than functions
// and classes (exit, quit).
var builtinValues = map[string]Value{
	"exit": &quitter{"exit"},
	"quit": &quitter{"quit"},
}

// raiseExit raises SystemExit(code) (code: none or one value).
func raiseExit(code []Value) Value {
	args := Tuple{None} // exit() is exit(None)
	if len(code) == 1 {
		args = Tuple{code[0]}
	}
	e := &Exception{Type: "SystemExit", exit: &exitInfo{}, Args: args, HasArgs: true}
	if len(code) == 1 {
		switch c := code[0].(type) {
		case NoneType:
		case Int:
			e.Msg = c.Decimal()
			n, ok := c.Int64()
			if !ok || n > math.MaxInt32 || n < math.MinInt32 {
				n = -1
			}
			e.exit.status = int(n)
		case Bool:
			e.Msg = Repr(c)
			e.exit.status = int(b2f(bool(c)))
		default:
			e.Msg = ToStr(c)
			e.exit.status, e.exit.print = 1, true
		}
	}
	panic(e)
}

// ExitStatus reports whether e is SystemExit, with the process exit
// status Python gives it and the message to print on stderr ("" for
// none).
func (e *Exception) ExitStatus() (status int, message string, ok bool) {
	if e == nil || e.Type != "SystemExit" {
		return 0, "", false
	}
	if e.exit == nil {
		// raise SystemExit(code): as CPython's handle_system_exit.
		switch c := exitCode(e).(type) {
		case NoneType:
			return 0, "", true
		case Int:
			n, ok := c.Int64()
			if !ok || n > math.MaxInt32 || n < math.MinInt32 {
				n = -1
			}
			return int(n) & 0xff, "", true
		case Bool:
			return int(b2f(bool(c))), "", true
		default:
			return 1, ToStr(c), true
		}
	}
	if e.exit.print {
		return e.exit.status, e.Msg, true
	}
	return e.exit.status & 0xff, "", true
}

// exitCode is SystemExit's code attribute: None without arguments, the
// argument, or the tuple of them.
func exitCode(e *Exception) Value {
	switch args := e.ExcArgs(); len(args) {
	case 0:
		return None
	case 1:
		return args[0]
	default:
		return args
	}
}

// numberAttr is the data attributes of ints, bools and floats (real,
// imag, numerator, denominator).
func numberAttr(x Value, name string) (Value, bool) {
	n, ok := number(x)
	if !ok {
		return nil, false
	}
	switch name {
	case "real":
		if n.isFloat {
			return Float(n.f), true
		}
		return n.i, true
	case "imag":
		if n.isFloat {
			return Float(0), true
		}
		return MakeInt(0), true
	case "numerator":
		if !n.isFloat {
			return n.i, true
		}
	case "denominator":
		if !n.isFloat {
			return MakeInt(1), true
		}
	}
	return nil, false
}

// number methods.
func init() {
	intMethods := []*Builtin{
		method("bit_length", "bit_length()", "Returns the number of bits of abs(self).", func(a *Args) Value {
			noArgsM(a, "int.bit_length")
			n, _ := number(a.Self)
			return MakeInt(int64(n.i.Big().BitLen()))
		}),
		method("conjugate", "conjugate()", "Returns self.", func(a *Args) Value {
			noArgsM(a, "int.conjugate")
			n, _ := number(a.Self)
			return n.i
		}),
	}
	registerMethods("int", intMethods...)
	registerMethods("bool", intMethods...)
	registerMethods("float",
		method("is_integer", "is_integer()", "Tells whether the float is integral.", func(a *Args) Value {
			noArgsM(a, "float.is_integer")
			f := float64(a.Self.(Float))
			return Bool(f == math.Trunc(f) && !math.IsInf(f, 0))
		}),
		method("as_integer_ratio", "as_integer_ratio()", "Returns (numerator, denominator), the float as an exact fraction in lowest terms.", func(a *Args) Value {
			noArgsM(a, "float.as_integer_ratio")
			f := float64(a.Self.(Float))
			if math.IsInf(f, 0) {
				throw("OverflowError", errCantConvertFloatInf)
			}
			if math.IsNaN(f) {
				throw("ValueError", errCantConvertFloatNaN)
			}
			r := new(big.Rat)
			r.SetFloat64(f)
			return Tuple{MakeBigInt(r.Num()), MakeBigInt(r.Denom())}
		}),
		method("conjugate", "conjugate()", "Returns self.", func(a *Args) Value {
			noArgsM(a, "float.conjugate")
			return a.Self
		}),
	)
}
