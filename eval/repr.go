package eval

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/tensh/tensh/runtime/tensor"
)

// Repr is Python's repr(v). A list that contains itself shows as [...]
// inside, and nesting deeper than Python's recursion limit raises
// RecursionError, as in Python.
func Repr(v Value) string { return new(reprState).repr(v) }

// reprState is one Repr call's walk: the lists being shown (Python's
// Py_ReprEnter) and the nesting depth.
type reprState struct {
	active []any
	rec    recursion
	// plainDict asks the next dict's pyRepr for the {k: v} form even for
	// a Counter or defaultdict (whose own repr wraps it).
	plainDict bool
}

func (st *reprState) repr(v Value) string {
	switch x := v.(type) {
	case *Exception:
		if x.cls != nil {
			return sessionOf(x.cls).objRepr(x, x.cls)
		}
	case *Class:
		return classRepr(x)
	case *PyMethod:
		return methodRepr(x)
	case *methodDescr:
		return "<method '" + x.fn.Name + "' of '" + x.owner.pyName() + "' objects>"
	case *ClassMethod:
		return "<classmethod(" + st.repr(x.Fn) + ")>"
	case *StaticMethod:
		return "<staticmethod(" + st.repr(x.Fn) + ")>"
	}
	if r, ok := v.(Reprer); ok {
		return r.Repr()
	}
	switch v.(type) {
	case *List, Tuple, *NamedTuple, *Slice, *Dict, *Set:
		st.rec.enter(errRecursionRepr)
		defer st.rec.leave()
	}
	switch x := v.(type) {
	case NoneType:
		return "None"
	case Bool:
		if x {
			return "True"
		}
		return "False"
	case Int:
		return x.Decimal()
	case Float:
		return FloatRepr(float64(x))
	case Str:
		return StrRepr(string(x))
	case *List:
		for _, l := range st.active {
			if l == any(x) {
				return "[...]"
			}
		}
		st.active = append(st.active, x)
		defer func() { st.active = st.active[:len(st.active)-1] }()
		return "[" + st.join(x.Elems) + "]"
	case Tuple:
		if len(x) == 1 {
			return "(" + st.repr(x[0]) + ",)"
		}
		return "(" + st.join(x) + ")"
	case Size:
		parts := make([]string, len(x))
		for i, n := range x {
			parts[i] = strconv.Itoa(n)
		}
		return "torch.Size([" + strings.Join(parts, ", ") + "])"
	case Range:
		if x.Step == 1 {
			return fmt.Sprintf("range(%d, %d)", x.Start, x.Stop)
		}
		return fmt.Sprintf("range(%d, %d, %d)", x.Start, x.Stop, x.Step)
	case *Slice:
		return "slice(" + st.repr(x.Start) + ", " + st.repr(x.Stop) + ", " + st.repr(x.Step) + ")"
	case EllipsisType:
		return "Ellipsis"
	case *tensor.Tensor:
		return tensorReprPrefix(x) + x.String()
	case DTypeValue:
		return x.D.String()
	case DeviceValue:
		if x.D.Index >= 0 {
			return fmt.Sprintf("device(type='%s', index=%d)", x.D.Type, x.D.Index)
		}
		return fmt.Sprintf("device(type='%s')", x.D.Type)
	case *Module:
		if x.Origin != "" {
			return "<module '" + x.Name + "' " + x.Origin + ">"
		}
		return "<module '" + x.Name + "'>"
	case *Builtin:
		if x.Kind&PythonBuiltin != 0 || x.Module != "" {
			return "<built-in function " + x.Name + ">"
		}
		return "<built-in method " + x.Name + " of type object>"
	case *BoundMethod:
		return "<built-in method " + x.Fn.Name + " of " + TypeName(x.Self) + " object>"
	case *Class:
		return "<class '" + x.Name + "'>"
	case *NamedTuple:
		if x.Type != nil {
			return namedTupleRepr(st, x)
		}
		var b strings.Builder
		b.WriteString(x.TypeName + "(\n")
		for i, f := range x.Fields {
			b.WriteString(f + "=" + st.repr(x.Elems[i]))
			if i < len(x.Fields)-1 {
				b.WriteString(",\n")
			}
		}
		b.WriteString(")")
		return b.String()
	case *Object:
		if x.ReprFn != nil {
			return x.ReprFn()
		}
		return "<" + x.TypeName + " object>"
	case *StorageValue:
		return x.T.StorageString()
	case *Exception:
		return excRepr(x)
	case *Function:
		return functionRepr(x)
	case *Generator:
		return generatorRepr(x)
	case pyReprer:
		return x.pyRepr(st)
	case interface{ PyRepr() string }:
		return x.PyRepr()
	}
	return fmt.Sprintf("<%T>", v)
}

// ToStr is Python's str(v).
func ToStr(v Value) string {
	if r, ok := v.(Stringer); ok {
		return r.Str()
	}
	switch x := v.(type) {
	case Str:
		return string(x)
	case DeviceValue:
		return x.D.String()
	case *Exception:
		if x.cls != nil {
			return sessionOf(x.cls).objStr(x, x.cls)
		}
		return x.Msg
	}
	return Repr(v)
}

// join is the items' reprs separated by ", ". Long lists poll for Ctrl-C,
// and the text is checked against the memory cap as it grows.
func (st *reprState) join(vs []Value) string {
	var b strings.Builder
	next := 1 << 20
	for i, v := range vs {
		poll()
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(st.repr(v))
		if b.Len() >= next {
			checkStrBytes(b.Len())
			next = b.Len() * 2
		}
	}
	return b.String()
}

// FloatRepr is Python's repr of a float: the shortest text that reads back
// exactly, in positional notation when 1e-4 <= |f| < 1e16.
func FloatRepr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±xx
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var out string
	if exp < -4 || exp >= 16 {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		sign := "+"
		if exp < 0 {
			sign = "-"
			exp = -exp
		}
		out = fmt.Sprintf("%se%s%02d", m, sign, exp)
	} else if exp >= 0 {
		if len(digits) <= exp+1 {
			out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
		} else {
			out = digits[:exp+1] + "." + digits[exp+1:]
		}
	} else {
		out = "0." + strings.Repeat("0", -exp-1) + digits
	}
	if neg {
		out = "-" + out
	}
	return out
}

// StrRepr is Python's repr of a str.
func StrRepr(s string) string {
	quote := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		quote = '"'
	}
	var b strings.Builder
	growStr(&b, addLen(len(s), 2))
	b.WriteByte(quote)
	for _, r := range s {
		switch {
		case r == rune(quote) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == unicode.ReplacementChar:
			b.WriteString(`\ufffd`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x80 || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(quote)
	return b.String()
}
