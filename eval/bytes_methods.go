package eval

import (
	"encoding/hex"
	"strings"
)

// The methods of bytes. Case and character classes are ASCII only, as
// CPython's bytes methods are.

func selfBytes(a *Args) Bytes { return a.Self.(Bytes) }

// bytesArg is an argument that must be bytes ("a bytes-like object is
// required, not 'str'").
func bytesArg(v Value) string {
	b, ok := v.(Bytes)
	if !ok {
		throw("TypeError", errBytesLike, TypeName(v))
	}
	return string(b)
}

// bytesSubArg is the sub argument of count/find/index: bytes or a byte
// value.
func bytesSubArg(v Value) string {
	if b, ok := v.(Bytes); ok {
		return string(b)
	}
	if _, ok := pyIndex("", v); !ok {
		throw("TypeError", errBytesArgLike, TypeName(v))
	}
	return string([]byte{byteValue(v)})
}

const asciiSpace = " \t\n\r\x0b\x0c"

func isASCIIAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isASCIIDigit(c byte) bool { return c >= '0' && c <= '9' }

// bytesRange is self[start:end] of the find-like methods, with its offset.
func bytesRange(a *Args, name string) (string, string, int) {
	var sub, start, end Value = nil, None, None
	a.Unpack("self", new(Value), "sub", &sub, "start?", &start, "end?", &end)
	b := string(selfBytes(a))
	lo, hi, _ := sliceIndices(&Slice{Start: start, Stop: end, Step: None}, len(b))
	if hi < lo {
		return bytesSubArg(sub), "\x00", -1
	}
	return bytesSubArg(sub), b[lo:hi], lo
}

func bytesFind(a *Args, name string, last, must bool) Value {
	sub, b, off := bytesRange(a, name)
	i := -1
	if off >= 0 {
		if last {
			i = strings.LastIndex(b, sub)
		} else {
			i = strings.Index(b, sub)
		}
	}
	if i < 0 {
		if must {
			throw("ValueError", errBytesSubNotFound)
		}
		return MakeInt(-1)
	}
	return MakeInt(int64(i + off))
}

func bytesPredicate(name, doc string, ok func(c byte) bool, cased bool) *Builtin {
	return method(name, name+"()", doc, func(a *Args) Value {
		a.Unpack("self", new(Value))
		b := selfBytes(a)
		if len(b) == 0 {
			return Bool(false)
		}
		if cased {
			return Bool(casedCheck(b, ok))
		}
		for i := 0; i < len(b); i++ {
			if !ok(b[i]) {
				return Bool(false)
			}
		}
		return Bool(true)
	})
}

// casedCheck is isupper/islower: some cased byte, and every cased byte
// passing ok.
func casedCheck(b Bytes, ok func(c byte) bool) bool {
	seen := false
	for i := 0; i < len(b); i++ {
		if isASCIIAlpha(b[i]) {
			if !ok(b[i]) {
				return false
			}
			seen = true
		}
	}
	return seen
}

func bytesStrip(a *Args, left, right bool) Value {
	var chars Value = None
	a.Unpack("self", new(Value), "bytes?", &chars)
	set := asciiSpace
	if chars != None {
		set = bytesArg(chars)
	}
	b := string(selfBytes(a))
	if left {
		b = strings.TrimLeft(b, set)
	}
	if right {
		b = strings.TrimRight(b, set)
	}
	return Bytes(b)
}

func bytesSplit(a *Args, right bool) Value {
	var sep Value = None
	var maxsplit int64 = -1
	a.Unpack("self", new(Value), "sep?", &sep, "maxsplit?", &maxsplit)
	b := string(selfBytes(a))
	var parts []string
	if sep == None {
		parts = bytesSplitSpace(b, int(maxsplit), right, asciiSpace)
	} else {
		s := bytesArg(sep)
		if s == "" {
			throw("ValueError", errBytesEmptySep)
		}
		switch {
		case maxsplit < 0:
			parts = strings.Split(b, s)
		case right:
			parts = rsplitN(b, s, int(maxsplit))
		default:
			parts = strings.SplitN(b, s, int(maxsplit)+1)
		}
	}
	out := make([]Value, len(parts))
	for i, p := range parts {
		out[i] = Bytes(p)
	}
	return &List{Elems: out}
}

// rsplitN splits b at the last n occurrences of sep.
func rsplitN(b, sep string, n int) []string {
	var rev []string
	for n > 0 {
		i := strings.LastIndex(b, sep)
		if i < 0 {
			break
		}
		rev = append(rev, b[i+len(sep):])
		b = b[:i]
		n--
	}
	out := []string{b}
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return out
}

// bytesSplitSpace splits at runs of the bytes in space, at most maxsplit
// times (from the right when right), as split() with no separator.
func bytesSplitSpace(b string, maxsplit int, right bool, space string) []string {
	isSp := func(c byte) bool { return strings.IndexByte(space, c) >= 0 }
	var out []string
	if !right {
		i := 0
		for {
			for i < len(b) && isSp(b[i]) {
				i++
			}
			if i >= len(b) {
				return out
			}
			if maxsplit >= 0 && len(out) == maxsplit {
				return append(out, strings.TrimRight(b[i:], space))
			}
			j := i
			for j < len(b) && !isSp(b[j]) {
				j++
			}
			out = append(out, b[i:j])
			i = j
		}
	}
	j := len(b)
	var rev []string
	for {
		for j > 0 && isSp(b[j-1]) {
			j--
		}
		if j <= 0 {
			break
		}
		if maxsplit >= 0 && len(rev) == maxsplit {
			rev = append(rev, strings.TrimLeft(b[:j], space))
			break
		}
		i := j
		for i > 0 && !isSp(b[i-1]) {
			i--
		}
		rev = append(rev, b[i:j])
		j = i
	}
	for k := len(rev) - 1; k >= 0; k-- {
		out = append(out, rev[k])
	}
	return out
}

func bytesStartsEnds(a *Args, name string, ends bool) Value {
	var prefix, start, end Value = nil, None, None
	a.Unpack("self", new(Value), "prefix", &prefix, "start?", &start, "end?", &end)
	b := string(selfBytes(a))
	lo, hi, _ := sliceIndices(&Slice{Start: start, Stop: end, Step: None}, len(b))
	var cands []Value
	switch p := prefix.(type) {
	case Bytes:
		cands = []Value{p}
	case Tuple:
		cands = p
	default:
		throw("TypeError", errBytesPrefixType, name, TypeName(prefix))
	}
	for _, c := range cands {
		p := bytesArg(c)
		if hi < lo {
			continue
		}
		if (!ends && strings.HasPrefix(b[lo:hi], p)) || (ends && strings.HasSuffix(b[lo:hi], p)) {
			return Bool(true)
		}
	}
	return Bool(false)
}

func bytesMap(name, doc string, f func(c byte) byte) *Builtin {
	return method(name, name+"()", doc, func(a *Args) Value {
		a.Unpack("self", new(Value))
		b := []byte(selfBytes(a))
		for i := range b {
			b[i] = f(b[i])
		}
		return Bytes(b)
	})
}

func byteUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

func byteLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 32
	}
	return c
}

func init() {
	classAttrs["bytes"] = map[string]Value{"fromhex": method("fromhex", "fromhex(string)", "Returns the bytes written in hexadecimal in string (two digits a byte, whitespace allowed between them).", bytesFromhex)}
	registerMethods("str", method("encode", "encode(encoding='utf-8', errors='strict')", "Encodes the str to bytes with the codec encoding (utf-8, ascii or latin-1).", func(a *Args) Value {
		var enc, errs Value
		a.Unpack("self", new(Value), "encoding?", &enc, "errors?", &errs)
		return encodeStr(selfStr(a), codecArg("encode", "encoding", enc), codecErrorsArg("encode", errs))
	}))
	registerMethods("bytes",
		method("decode", "decode(encoding='utf-8', errors='strict')", "Decodes the bytes to a str with the codec encoding (utf-8, ascii or latin-1).", func(a *Args) Value {
			var enc, errs Value
			a.Unpack("self", new(Value), "encoding?", &enc, "errors?", &errs)
			return decodeBytes(selfBytes(a), codecArg("decode", "encoding", enc), codecErrorsArg("decode", errs))
		}),
		method("hex", "hex()", "Returns the bytes as a str of two hexadecimal digits per byte.", func(a *Args) Value {
			a.Unpack("self", new(Value))
			return Str(hex.EncodeToString([]byte(selfBytes(a))))
		}),
		method("count", "count(sub[, start[, end]])", "Counts the non-overlapping occurrences of sub (bytes or a byte value) in bytes[start:end].", func(a *Args) Value {
			sub, b, off := bytesRange(a, "count")
			if off < 0 {
				return MakeInt(0)
			}
			if sub == "" {
				return MakeInt(int64(len(b) + 1))
			}
			return MakeInt(int64(strings.Count(b, sub)))
		}),
		method("find", "find(sub[, start[, end]])", "Returns the lowest index of sub in bytes[start:end], or -1.", func(a *Args) Value { return bytesFind(a, "find", false, false) }),
		method("rfind", "rfind(sub[, start[, end]])", "Returns the highest index of sub in bytes[start:end], or -1.", func(a *Args) Value { return bytesFind(a, "rfind", true, false) }),
		method("index", "index(sub[, start[, end]])", "As find(), raising ValueError when sub is not found.", func(a *Args) Value { return bytesFind(a, "index", false, true) }),
		method("rindex", "rindex(sub[, start[, end]])", "As rfind(), raising ValueError when sub is not found.", func(a *Args) Value { return bytesFind(a, "rindex", true, true) }),
		method("startswith", "startswith(prefix[, start[, end]])", "Tells whether bytes[start:end] starts with prefix (or one of a tuple of prefixes).", func(a *Args) Value { return bytesStartsEnds(a, "startswith", false) }),
		method("endswith", "endswith(suffix[, start[, end]])", "Tells whether bytes[start:end] ends with suffix (or one of a tuple of suffixes).", func(a *Args) Value { return bytesStartsEnds(a, "endswith", true) }),
		method("split", "split(sep=None, maxsplit=-1)", "Splits at sep (or at runs of ASCII whitespace), at most maxsplit times.", func(a *Args) Value { return bytesSplit(a, false) }),
		method("rsplit", "rsplit(sep=None, maxsplit=-1)", "As split(), splitting from the right.", func(a *Args) Value { return bytesSplit(a, true) }),
		method("strip", "strip(bytes=None)", "Returns the bytes without the leading and trailing bytes in the argument (ASCII whitespace by default).", func(a *Args) Value { return bytesStrip(a, true, true) }),
		method("lstrip", "lstrip(bytes=None)", "Returns the bytes without the leading bytes in the argument (ASCII whitespace by default).", func(a *Args) Value { return bytesStrip(a, true, false) }),
		method("rstrip", "rstrip(bytes=None)", "Returns the bytes without the trailing bytes in the argument (ASCII whitespace by default).", func(a *Args) Value { return bytesStrip(a, false, true) }),
		method("join", "join(iterable_of_bytes)", "Concatenates the bytes of the iterable with these bytes between them.", func(a *Args) Value {
			var it Value
			a.Unpack("self", new(Value), "iterable_of_bytes", &it)
			items := iterate(it)
			parts := make([]string, len(items))
			for i, v := range items {
				b, ok := v.(Bytes)
				if !ok {
					throw("TypeError", errBytesJoinItem, i, TypeName(v))
				}
				parts[i] = string(b)
			}
			return Bytes(strings.Join(parts, string(selfBytes(a))))
		}),
		method("replace", "replace(old, new, count=-1)", "Returns the bytes with occurrences of old replaced by new (the first count only, when count >= 0).", func(a *Args) Value {
			var old, repl Value
			var count int64 = -1
			a.Unpack("self", new(Value), "old", &old, "new", &repl, "count?", &count)
			return Bytes(strings.Replace(string(selfBytes(a)), bytesArg(old), bytesArg(repl), int(count)))
		}),
		method("removeprefix", "removeprefix(prefix)", "Returns the bytes without prefix, if they start with it.", func(a *Args) Value {
			var p Value
			a.Unpack("self", new(Value), "prefix", &p)
			return Bytes(strings.TrimPrefix(string(selfBytes(a)), bytesArg(p)))
		}),
		method("removesuffix", "removesuffix(suffix)", "Returns the bytes without suffix, if they end with it.", func(a *Args) Value {
			var p Value
			a.Unpack("self", new(Value), "suffix", &p)
			return Bytes(strings.TrimSuffix(string(selfBytes(a)), bytesArg(p)))
		}),
		bytesMap("upper", "Returns the bytes with ASCII lower case letters made upper case.", byteUpper),
		bytesMap("lower", "Returns the bytes with ASCII upper case letters made lower case.", byteLower),
		bytesMap("swapcase", "Returns the bytes with ASCII letters' case swapped.", func(c byte) byte {
			if c >= 'a' && c <= 'z' {
				return c - 32
			}
			return byteLower(c)
		}),
		bytesPredicate("isdigit", "Tells whether the bytes are all ASCII digits (and not empty).", isASCIIDigit, false),
		bytesPredicate("isalpha", "Tells whether the bytes are all ASCII letters (and not empty).", isASCIIAlpha, false),
		bytesPredicate("isalnum", "Tells whether the bytes are all ASCII letters or digits (and not empty).", func(c byte) bool { return isASCIIAlpha(c) || isASCIIDigit(c) }, false),
		bytesPredicate("isspace", "Tells whether the bytes are all ASCII whitespace (and not empty).", func(c byte) bool { return strings.IndexByte(asciiSpace, c) >= 0 }, false),
		bytesPredicate("isupper", "Tells whether the bytes hold an ASCII letter and no lower case one.", func(c byte) bool { return c >= 'A' && c <= 'Z' }, true),
		bytesPredicate("islower", "Tells whether the bytes hold an ASCII letter and no upper case one.", func(c byte) bool { return c >= 'a' && c <= 'z' }, true),
		method("isascii", "isascii()", "Tells whether every byte is below 128 (true when empty).", func(a *Args) Value {
			a.Unpack("self", new(Value))
			return Bool(isASCII(string(selfBytes(a))))
		}),
	)
}

// bytesFromhex is bytes.fromhex(string): pairs of hex digits, with ASCII
// whitespace allowed between pairs.
func bytesFromhex(a *Args) Value {
	var v Value
	a.Unpack("string", &v)
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errBytesFromhexArg, TypeName(v))
	}
	var out []byte
	for i := 0; i < len(s); {
		if strings.IndexByte(asciiSpace, s[i]) >= 0 {
			i++
			continue
		}
		hi := hexDigit(s[i])
		if hi < 0 {
			throw("ValueError", errBytesFromhexAt, runeLen(string(s[:i])))
		}
		if i+1 >= len(s) {
			throw("ValueError", errBytesFromhexAt, runeLen(string(s[:i+1])))
		}
		lo := hexDigit(s[i+1])
		if lo < 0 {
			throw("ValueError", errBytesFromhexAt, runeLen(string(s[:i+1])))
		}
		out = append(out, byte(hi<<4|lo))
		i += 2
	}
	return Bytes(out)
}

func hexDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}
