package eval

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The methods of str. Python indexes strings by code point: the methods
// that take or return positions convert between code points and Go's
// bytes (nothing to convert for ASCII text).

func selfStr(a *Args) string { return string(a.Self.(Str)) }

// strArg is an argument that must be a str ("must be str, not int").
func strArg(v Value) string {
	s, ok := v.(Str)
	if !ok {
		throw("TypeError", errMustBeStr, TypeName(v))
	}
	return string(s)
}

// cIntArg is an argument that must be an int that fits a C int.
func cIntArg(v Value) int64 {
	if n, ok := v.(Int); ok {
		if i, small := n.Int64(); !small || i > 1<<31-1 || i < -1<<31 {
			throw("OverflowError", errCIntOverflow)
		}
	}
	return intArg(v)
}

// intArg is an argument that must be an int.
func intArg(v Value) int64 {
	if n, ok := v.(Int); ok {
		if _, small := n.Int64(); !small {
			throw("OverflowError", errSsizeOverflow)
		}
	}
	i, ok := pyIndex("", v)
	if !ok {
		throw("TypeError", errCannotInterpretInt, TypeName(v))
	}
	return i
}

// isPySpace is str.isspace for one character (Python counts the
// separators \x1c-\x1f as whitespace).
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// runeLen is len(s) in code points.
func runeLen(s string) int {
	if isASCII(s) {
		return len(s)
	}
	return utf8.RuneCountInString(s)
}

// byteOffset is the byte offset of code point i of s (len(s) past the end).
func byteOffset(s string, i int) int {
	if isASCII(s) {
		return min(i, len(s))
	}
	for b := range s {
		if i == 0 {
			return b
		}
		i--
	}
	return len(s)
}

// strWindow resolves the optional start and end arguments of find, count,
// startswith...: the code point range [lo, hi) of s, as slice indices
// clamp, and its byte offsets; ok is false when lo > len(s).
func strWindow(s string, args []Value) (blo, bhi, lo, hi int, ok bool) {
	n := runeLen(s)
	lo, hi = 0, n
	get := func(v Value, def int) int {
		if _, none := v.(NoneType); none {
			return def
		}
		if b, big := v.(Int); big {
			if _, small := b.Int64(); !small {
				if b.Sign() < 0 {
					return 0
				}
				return n + 1 // clamped, as PyNumber_AsSsize_t does for slices
			}
		}
		i, isInt := pyIndex("", v)
		if !isInt {
			throw("TypeError", errSliceIndices)
		}
		if i < 0 {
			i += int64(n)
			if i < 0 {
				i = 0
			}
		}
		return int(min(i, int64(n)+1))
	}
	if len(args) > 0 {
		lo = get(args[0], 0)
	}
	if len(args) > 1 {
		hi = min(get(args[1], n), n)
	}
	if lo > n {
		return 0, 0, lo, hi, false
	}
	return byteOffset(s, lo), byteOffset(s, max(hi, lo)), lo, hi, true
}

// findSub is str.find/rfind/index/rindex: the code point index of sub in
// s[start:end], or -1.
func findSub(a *Args, name string, last bool) int {
	argTakes(a, "str."+name, 1, 3)
	s := selfStr(a)
	blo, bhi, lo, hi, ok := strWindow(s, a.Pos[1:])
	sub := strArg(a.Pos[0])
	if !ok || hi < lo {
		return -1
	}
	win := s[blo:bhi]
	var i int
	if last {
		i = strings.LastIndex(win, sub)
	} else {
		i = strings.Index(win, sub)
	}
	if i < 0 {
		return -1
	}
	return lo + runeLen(win[:i])
}

// startsEnds is str.startswith/endswith.
func startsEnds(a *Args, name string, ends bool) Value {
	argTakes(a, "str."+name, 1, 3)
	s := selfStr(a)
	blo, bhi, _, _, ok := strWindow(s, a.Pos[1:])
	var prefixes []string
	switch p := a.Pos[0].(type) {
	case Str:
		prefixes = []string{string(p)}
	case Tuple:
		for _, e := range p {
			es, isStr := e.(Str)
			if !isStr {
				throw("TypeError", errStartsTupleItem, name, TypeName(e))
			}
			prefixes = append(prefixes, string(es))
		}
	default:
		throw("TypeError", errStartsArg, name, TypeName(a.Pos[0]))
	}
	if !ok {
		return Bool(false)
	}
	win := s[blo:bhi]
	for _, p := range prefixes {
		if (!ends && strings.HasPrefix(win, p)) || (ends && strings.HasSuffix(win, p)) {
			return Bool(true)
		}
	}
	return Bool(false)
}

// stripChars is str.strip/lstrip/rstrip.
func stripChars(a *Args, name string, left, right bool) Value {
	argCount(a, "str."+name, 0, 1)
	s := selfStr(a)
	cut := isPySpace
	if len(a.Pos) == 1 {
		switch c := a.Pos[0].(type) {
		case NoneType:
		case Str:
			cut = func(r rune) bool { return strings.ContainsRune(string(c), r) }
		default:
			throw("TypeError", errStripArg, name)
		}
	}
	if left {
		s = strings.TrimLeftFunc(s, cut)
	}
	if right {
		s = strings.TrimRightFunc(s, cut)
	}
	return Str(s)
}

// splitStr is str.split and str.rsplit.
func splitStr(a *Args, name string, fromRight bool) Value {
	var sepV Value = None
	var maxV Value = MakeInt(-1)
	if n := len(a.Pos) + len(a.Kw); n > 2 {
		throw("TypeError", errTakesAtMost, name, 2, "s", n)
	}
	for i, kw := range a.Kw {
		switch kw.Name {
		case "sep", "maxsplit":
			if (kw.Name == "sep" && len(a.Pos) > 0) || (kw.Name == "maxsplit" && len(a.Pos) > 1) {
				throw("TypeError", errArgNameAndPos, name, kw.Name, map[string]int{"sep": 1, "maxsplit": 2}[kw.Name])
			}
		default:
			_ = i
			throw("TypeError", errInvalidKwFor, kw.Name, name)
		}
	}
	a.Unpack("self", new(Value), "sep?", &sepV, "maxsplit?", &maxV)
	s := selfStr(a)
	maxsplit := intArg(maxV)
	if maxsplit < 0 {
		maxsplit = int64(len(s)) + 1
	}
	var parts []string
	switch sep := sepV.(type) {
	case NoneType:
		parts = splitWhitespace(s, int(min(maxsplit, int64(len(s))+1)), fromRight)
	case Str:
		if sep == "" {
			throw("ValueError", errEmptySeparator)
		}
		n := int(min(maxsplit, int64(strings.Count(s, string(sep)))))
		checkItems(n + 1)
		if fromRight {
			for ; n > 0; n-- {
				i := strings.LastIndex(s, string(sep))
				parts = grow(parts, s[i+len(sep):], itemBytes)
				s = s[:i]
			}
			parts = append(parts, s)
			for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
				parts[i], parts[j] = parts[j], parts[i]
			}
		} else {
			parts = strings.SplitN(s, string(sep), n+1)
		}
	default:
		throw("TypeError", errMustBeStrOrNone, TypeName(sepV))
	}
	checkItems(len(parts))
	out := make([]Value, len(parts))
	for i, p := range parts {
		if i%growItems == 0 {
			poll()
		}
		out[i] = Str(p)
	}
	return &List{Elems: out}
}

// splitWhitespace splits at runs of whitespace, at most n times (from the
// right for rsplit); the unsplit rest keeps its inner whitespace.
func splitWhitespace(s string, n int, fromRight bool) []string {
	var parts []string
	if !fromRight {
		for {
			s = strings.TrimLeftFunc(s, isPySpace)
			if s == "" {
				return parts
			}
			if len(parts) == n {
				return grow(parts, s, itemBytes)
			}
			i := strings.IndexFunc(s, isPySpace)
			if i < 0 {
				return grow(parts, s, itemBytes)
			}
			parts = grow(parts, s[:i], itemBytes)
			s = s[i:]
		}
	}
	for {
		s = strings.TrimRightFunc(s, isPySpace)
		if s == "" {
			break
		}
		if len(parts) == n {
			parts = grow(parts, s, itemBytes)
			break
		}
		i := strings.LastIndexFunc(s, isPySpace)
		if i < 0 {
			parts = grow(parts, s, itemBytes)
			break
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		parts = grow(parts, s[i+w:], itemBytes)
		s = s[:i]
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return parts
}

// padStr is center/ljust/rjust.
func padStr(a *Args, name string) Value {
	argCount(a, "str."+name, 1, 2)
	s := selfStr(a)
	width := intArg(a.Pos[0])
	fill := " "
	if len(a.Pos) == 2 {
		f, ok := a.Pos[1].(Str)
		if !ok {
			throw("TypeError", errFillCharType, TypeName(a.Pos[1]))
		}
		if runeLen(string(f)) != 1 {
			throw("TypeError", errFillChar)
		}
		fill = string(f)
	}
	n := int64(runeLen(s))
	if width <= n {
		return Str(s)
	}
	checkStrBytes(int(min(width, 1<<40)) * len(fill))
	pad := int(width - n)
	left := 0
	switch name {
	case "center":
		left = pad/2 + (pad & int(width) & 1)
	case "rjust":
		left = pad
	}
	return Str(strings.Repeat(fill, left) + s + strings.Repeat(fill, pad-left))
}

// titleCase is str.title: a cased character after a cased one is lowered,
// any other is title-cased.
func titleCase(s string) string {
	var b strings.Builder
	prevCased := false
	for _, r := range s {
		if prevCased {
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(unicode.ToTitle(r))
		}
		prevCased = isCased(r)
	}
	return b.String()
}

func isCased(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }

// strPredicate registers an is...() method: true when s is not empty and
// every character passes.
func strPredicate(name, doc string, ok func(rune) bool) *Builtin {
	return method(name, name+"()", doc, func(a *Args) Value {
		noArgsM(a, "str."+name)
		s := selfStr(a)
		if s == "" {
			return Bool(false)
		}
		for _, r := range s {
			if !ok(r) {
				return Bool(false)
			}
		}
		return Bool(true)
	})
}

// strMap registers a method of no arguments that maps the string.
func strMap(name, doc string, f func(string) string) *Builtin {
	return method(name, name+"()", doc, func(a *Args) Value {
		noArgsM(a, "str."+name)
		return Str(f(selfStr(a)))
	})
}

// argTakes raises CPython's "NAME() takes at least/most N argument(s) (M
// given)" for a method taking between lo and hi positional arguments, and
// "TYPE.NAME() takes no keyword arguments".
func argTakes(a *Args, qual string, lo, hi int) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qual)
	}
	name := qual[strings.LastIndexByte(qual, '.')+1:]
	if n := len(a.Pos); n < lo {
		throw("TypeError", errTakesAtLeast, name, lo, pluralS(lo), n)
	} else if n > hi {
		throw("TypeError", errTakesAtMost, name, hi, pluralS(hi), n)
	}
}
