package eval

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The codecs of str.encode and bytes.decode: utf-8, ascii and latin-1,
// with the error handlers strict, ignore, replace, backslashreplace and
// (encoding only) xmlcharrefreplace, as CPython's codecs behave.

// codecNames maps the normalized spellings of the encodings to the names
// CPython's messages use.
var codecNames = map[string]string{
	"utf-8": "utf-8", "utf8": "utf-8", "u8": "utf-8", "utf": "utf-8", "cp65001": "utf-8",
	"ascii": "ascii", "us-ascii": "ascii", "646": "ascii",
	"latin-1": "latin-1", "latin1": "latin-1", "iso-8859-1": "latin-1", "iso8859-1": "latin-1",
	"8859": "latin-1", "cp819": "latin-1", "l1": "latin-1", "latin": "latin-1",
}

// codecArg is the encoding argument of fn: a str naming a known codec.
func codecArg(fn string, param string, v Value) string {
	if v == nil {
		return "utf-8"
	}
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errCodecArgType, fn, param, TypeName(v))
	}
	key := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(string(s))), "_", "-")
	name, ok := codecNames[key]
	if !ok {
		throw("LookupError", errUnknownEncoding, string(s))
	}
	return name
}

// codecErrorsArg is the errors argument of fn (checked against the known
// handlers only when an error happens, as CPython does).
func codecErrorsArg(fn string, v Value) string {
	if v == nil {
		return "strict"
	}
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errCodecArgType, fn, "errors", TypeName(v))
	}
	return string(s)
}

// encodeStr is s.encode(codec, errors).
func encodeStr(s, codec, errors string) Bytes {
	limit := rune(128)
	switch codec {
	case "utf-8":
		return Bytes(s)
	case "latin-1":
		limit = 256
	}
	var out []byte
	rs := []rune(s)
	for i := 0; i < len(rs); {
		if rs[i] < limit {
			out = append(out, byte(rs[i]))
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] >= limit {
			j++
		}
		switch errors {
		case "strict":
			if j-i == 1 {
				throw("UnicodeEncodeError", errEncodeChar, codec, "'"+backslashEscape(rs[i])+"'", i, limit)
			}
			throw("UnicodeEncodeError", errEncodeChars, codec, i, j-1, limit)
		case "ignore":
		case "replace":
			out = append(out, strings.Repeat("?", j-i)...)
		case "backslashreplace":
			for _, r := range rs[i:j] {
				out = append(out, backslashEscape(r)...)
			}
		case "xmlcharrefreplace":
			for _, r := range rs[i:j] {
				out = append(out, fmt.Sprintf("&#%d;", r)...)
			}
		default:
			throw("LookupError", errUnknownErrHandler, errors)
		}
		i = j
	}
	return Bytes(out)
}

func backslashEscape(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf(`\x%02x`, r)
	case r < 0x10000:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\U%08x`, r)
}

// utf8Invalid checks the UTF-8 sequence at b[i]: n is its length when
// valid; otherwise n is 0 and end (exclusive) and reason describe the error
// as CPython's decoder reports it.
func utf8Invalid(b Bytes, i int) (n, end int, reason string) {
	c := b[i]
	if c < 0x80 {
		return 1, 0, ""
	}
	if c < 0xC2 || c > 0xF4 {
		return 0, i + 1, errDecodeStart
	}
	need := 4
	if c < 0xE0 {
		need = 2
	} else if c < 0xF0 {
		need = 3
	}
	lo, hi := byte(0x80), byte(0xBF)
	switch c {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	for k := 1; k < need; k++ {
		if i+k >= len(b) {
			return 0, len(b), errDecodeEnd
		}
		x := b[i+k]
		if x < lo || x > hi {
			return 0, i + k, errDecodeCont
		}
		lo, hi = 0x80, 0xBF
	}
	return need, 0, ""
}

// decodeBytes is b.decode(codec, errors).
func decodeBytes(b Bytes, codec, errors string) Str {
	if codec == "latin-1" {
		return Str(latin1String(b))
	}
	if codec == "utf-8" && utf8.ValidString(string(b)) {
		return Str(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		end, reason := 0, ""
		if codec == "ascii" {
			if b[i] < 0x80 {
				sb.WriteByte(b[i])
				i++
				continue
			}
			end, reason = i+1, errDecodeOrdinal
		} else {
			var n int
			n, end, reason = utf8Invalid(b, i)
			if n > 0 {
				sb.WriteString(string(b[i : i+n]))
				i += n
				continue
			}
		}
		switch errors {
		case "strict":
			if end-i == 1 {
				throw("UnicodeDecodeError", errDecodeByte, codec, b[i], i, reason)
			}
			throw("UnicodeDecodeError", errDecodeBytes, codec, i, end-1, reason)
		case "ignore":
		case "replace":
			sb.WriteRune(utf8.RuneError)
		case "backslashreplace":
			for _, c := range []byte(b[i:end]) {
				fmt.Fprintf(&sb, `\x%02x`, c)
			}
		default:
			throw("LookupError", errUnknownErrHandler, errors)
		}
		i = end
	}
	return Str(sb.String())
}

// latin1String is the text whose code points are the bytes of b.
func latin1String(b Bytes) string {
	var sb strings.Builder
	for i := 0; i < len(b); i++ {
		sb.WriteRune(rune(b[i]))
	}
	return sb.String()
}
