package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// Bytes is a Python bytes object: an immutable sequence of bytes, held as
// a Go string of those bytes (not text: any byte value may occur).
type Bytes string

var bytesClass = defClass("bytes", "bytes", builtinBytes)

// bytesFromLatin1 is the bytes whose values are the code points of s
// (each below 256): a bytes literal's value as the parser gives it.
func bytesFromLatin1(s string) Bytes {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return Bytes(b)
}

// PyTypeName is "bytes".
func (b Bytes) PyTypeName() string { return "bytes" }

// PyLen is len(b).
func (b Bytes) PyLen() int { return len(b) }

// Truth is bool(b).
func (b Bytes) Truth(*Session) bool { return len(b) > 0 }

// Repr is CPython's bytes_repr: single quotes unless the bytes hold a
// single quote and no double quote; \t \n \r, \\, the quote and bytes
// outside printable ASCII escaped.
func (b Bytes) Repr() string {
	q := byte('\'')
	if strings.IndexByte(string(b), '\'') >= 0 && strings.IndexByte(string(b), '"') < 0 {
		q = '"'
	}
	const hex = "0123456789abcdef"
	var sb strings.Builder
	sb.WriteByte('b')
	sb.WriteByte(q)
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == q || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c < ' ' || c >= 0x7f:
			sb.WriteString(`\x`)
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte(q)
	return sb.String()
}

// Iter iterates over the byte values, as ints.
func (b Bytes) Iter() Iterator {
	i := 0
	return IterFunc(func() (Value, bool) {
		if i >= len(b) {
			return nil, false
		}
		i++
		return MakeInt(int64(b[i-1])), true
	})
}

// pyReversed is reversed(b): the byte values, last first.
func (b Bytes) pyReversed() Value {
	i := len(b)
	return NewIterValue("reversed", IterFunc(func() (Value, bool) {
		if i <= 0 {
			return nil, false
		}
		i--
		return MakeInt(int64(b[i])), true
	}))
}

// GetItem is b[i] (an int) or b[i:j:k] (bytes).
func (b Bytes) GetItem(s *Session, idx Value) Value {
	if sl, ok := idx.(*Slice); ok {
		start, stop, step := sliceIndices(sl, len(b))
		if step == 1 {
			if stop <= start {
				return Bytes("")
			}
			return b[start:stop]
		}
		var out []byte
		for i := start; (step > 0 && i < stop) || (step < 0 && i > stop); i += step {
			out = append(out, b[i])
		}
		return Bytes(out)
	}
	i, ok := pyIndex("byte", idx)
	if !ok {
		throw("TypeError", errIndicesType, "byte", TypeName(idx))
	}
	if i < 0 {
		i += int64(len(b))
	}
	if i < 0 || i >= int64(len(b)) {
		throw("IndexError", errBytesIndexRange)
	}
	return MakeInt(int64(b[i]))
}

// Contains is `x in b`: x an int (a byte value) or bytes.
func (b Bytes) Contains(s *Session, x Value) bool {
	if sub, ok := x.(Bytes); ok {
		return strings.Contains(string(b), string(sub))
	}
	if _, isInt := pyIndex("", x); !isInt {
		throw("TypeError", errBytesLike, TypeName(x))
	}
	return strings.IndexByte(string(b), byteValue(x)) >= 0
}

// byteValue is an int argument that must be a byte value (0..255).
func byteValue(x Value) byte {
	n, ok := pyIndex("", x)
	if !ok {
		throw("TypeError", errCannotInterpretInt, TypeName(x))
	}
	if n < 0 || n > 255 {
		throw("ValueError", errByteRange)
	}
	return byte(n)
}

// Binary is b + other and b * n.
func (b Bytes) Binary(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	switch op {
	case lang.Plus:
		if o, ok := other.(Bytes); ok {
			return b + o, true
		}
		if !reflected {
			throw("TypeError", errBytesConcat, TypeName(other))
		}
	case lang.Star:
		if _, isInt := pyIndex("", other); !isInt {
			if !reflected {
				throw("TypeError", errSeqMulNonInt, TypeName(other))
			}
			return nil, false
		}
		n := intArg(other)
		if n <= 0 || len(b) == 0 {
			return Bytes(""), true
		}
		checkStrBytes(repeatedLen(len(b), int(n)))
		return Bytes(strings.Repeat(string(b), int(n))), true
	case lang.Percent:
		if reflected {
			return nil, false
		}
		return bytesFromLatin1(percentFormatMode(latin1String(b), other, true)), true
	}
	return nil, false
}

// Compare orders bytes lexicographically; bytes never equal other types.
func (b Bytes) Compare(s *Session, op lang.Op, other Value, reflected bool) (Value, bool) {
	o, ok := other.(Bytes)
	if !ok {
		switch op {
		case lang.Eq:
			return Bool(false), true
		case lang.Ne:
			return Bool(true), true
		}
		return nil, false
	}
	x, y := string(b), string(o)
	if reflected {
		x, y = y, x
	}
	switch op {
	case lang.Eq:
		return Bool(x == y), true
	case lang.Ne:
		return Bool(x != y), true
	case lang.Lt:
		return Bool(x < y), true
	case lang.Le:
		return Bool(x <= y), true
	case lang.Gt:
		return Bool(x > y), true
	case lang.Ge:
		return Bool(x >= y), true
	}
	return nil, false
}

// builtinBytes is bytes(), bytes(n), bytes(iterable_of_ints),
// bytes(bytes) and bytes(str, encoding[, errors]).
func builtinBytes(a *Args) Value {
	var src, enc, errs Value
	a.Unpack("source?", &src, "encoding?", &enc, "errors?", &errs)
	if src == nil {
		if enc != nil {
			throw("TypeError", errBytesEncNoStr)
		}
		if errs != nil {
			throw("TypeError", errBytesErrNoStr)
		}
		return Bytes("")
	}
	if str, ok := src.(Str); ok {
		if enc == nil {
			throw("TypeError", errBytesStrNoEnc)
		}
		return encodeStr(string(str), codecArg("bytes", "encoding", enc), codecErrorsArg("bytes", errs))
	}
	if enc != nil {
		throw("TypeError", errBytesEncNoStr)
	}
	if errs != nil {
		throw("TypeError", errBytesErrNoStr)
	}
	return toBytes(src)
}

// toBytes converts bytes(x)'s one argument.
func toBytes(src Value) Bytes {
	switch x := src.(type) {
	case Bytes:
		return x
	case Float, Complex:
		throw("TypeError", errBytesCantConvert, TypeName(src))
	}
	if n, ok := pyIndex("", src); ok {
		if n < 0 {
			throw("ValueError", errBytesNegCount)
		}
		checkStrBytes(int(n))
		return Bytes(make([]byte, n))
	}
	if !isIterable(src) {
		throw("TypeError", errBytesCantConvert, TypeName(src))
	}
	var out []byte
	it := Iterate(src)
	for {
		v, ok := it.Next()
		if !ok {
			break
		}
		n, isInt := pyIndex("", v)
		if !isInt {
			throw("TypeError", errCannotInterpretInt, TypeName(v))
		}
		if n < 0 || n > 255 {
			throw("ValueError", errBytesRange)
		}
		out = append(out, byte(n))
	}
	return Bytes(out)
}

// bytesFormatChar is the argument of bytes' %c: an int below 256 or one
// byte, as the one-byte bytes.
func bytesFormatChar(arg Value) Bytes {
	if b, ok := arg.(Bytes); ok && len(b) == 1 {
		return b
	}
	if n, ok := pyIndex("", arg); ok && n >= 0 && n < 256 {
		return Bytes([]byte{byte(n)})
	}
	if _, isInt := arg.(Int); isInt {
		throw("OverflowError", errBytesFormatCRange, "%c")
	}
	throw("TypeError", errBytesFormatC, "%c")
	return ""
}
