package eval

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

func init() {
	registerMethods("str",
		strMap("upper", "Returns the string in upper case.", pyUpper),
		strMap("lower", "Returns the string in lower case.", pyLower),
		strMap("casefold", "Returns the string folded for caseless comparison.", strings.ToLower),
		strMap("swapcase", "Returns the string with upper case turned lower and lower upper.", func(s string) string {
			return strings.Map(func(r rune) rune {
				switch {
				case unicode.IsUpper(r):
					return unicode.ToLower(r)
				case unicode.IsLower(r):
					return unicode.ToUpper(r)
				}
				return r
			}, s)
		}),
		strMap("title", "Returns the string with each word capitalized.", titleCase),
		strMap("capitalize", "Returns the string with its first character in title case and the rest in lower case.", func(s string) string {
			r, n := utf8.DecodeRuneInString(s)
			if n == 0 {
				return s
			}
			return string(unicode.ToTitle(r)) + strings.ToLower(s[n:])
		}),
		method("strip", "strip(chars=None)", "Returns the string without the leading and trailing characters in chars (whitespace by default).",
			func(a *Args) Value { return stripChars(a, "strip", true, true) }),
		method("lstrip", "lstrip(chars=None)", "Returns the string without the leading characters in chars (whitespace by default).",
			func(a *Args) Value { return stripChars(a, "lstrip", true, false) }),
		method("rstrip", "rstrip(chars=None)", "Returns the string without the trailing characters in chars (whitespace by default).",
			func(a *Args) Value { return stripChars(a, "rstrip", false, true) }),
		method("split", "split(sep=None, maxsplit=-1)", "Splits the string at sep (or at runs of whitespace), at most maxsplit times.",
			func(a *Args) Value { return splitStr(a, "split", false) }),
		method("rsplit", "rsplit(sep=None, maxsplit=-1)", "Splits the string at sep (or at runs of whitespace), at most maxsplit times, from the right.",
			func(a *Args) Value { return splitStr(a, "rsplit", true) }),
		method("splitlines", "splitlines(keepends=False)", "Splits the string at line boundaries.", func(a *Args) Value {
			var keep Value = Bool(false)
			if n := len(a.Pos) + len(a.Kw); n > 1 {
				throw("TypeError", errTakesAtMost, "splitlines", 1, "", n)
			}
			for _, kw := range a.Kw {
				if kw.Name != "keepends" {
					throw("TypeError", errInvalidKwFor, kw.Name, "splitlines")
				}
			}
			a.Unpack("self", new(Value), "keepends?", &keep)
			cIntArg(keep)
			return splitLinesPy(selfStr(a), a.s.truth(keep))
		}),
		method("join", "join(iterable)", "Concatenates the strings of iterable with this string between them.", func(a *Args) Value {
			strArg1(a, "str.join")
			if !isIterable(a.Pos[0]) {
				throw("TypeError", errJoinIterable)
			}
			sep := selfStr(a)
			items := iterate(a.Pos[0])
			total := 0
			for i, v := range items {
				poll()
				s, ok := v.(Str)
				if !ok {
					throw("TypeError", errJoinItem, i, TypeName(v))
				}
				if total += len(s) + len(sep); total < 0 {
					throw("MemoryError", "")
				}
			}
			checkStrBytes(total)
			var b strings.Builder
			b.Grow(total)
			for i, v := range items {
				if i > 0 {
					b.WriteString(sep)
				}
				b.WriteString(string(v.(Str)))
			}
			return Str(b.String())
		}),
		method("replace", "replace(old, new, count=-1)", "Returns the string with occurrences of old replaced by new (the first count ones when count >= 0).", func(a *Args) Value {
			argCount(a, "str.replace", 2, 3)
			for i, v := range a.Pos[:2] {
				if _, ok := v.(Str); !ok {
					throw("TypeError", errReplaceArg, i+1, TypeName(v))
				}
			}
			o, n := string(a.Pos[0].(Str)), string(a.Pos[1].(Str))
			count := int64(-1)
			if len(a.Pos) == 3 {
				count = intArg(a.Pos[2])
			}
			self := selfStr(a)
			occ := strings.Count(self, o)
			if count >= 0 && int64(occ) > count {
				occ = int(count)
			}
			if len(n) > len(o) {
				checkStrBytes(len(self) + repeatedLen(occ, len(n)-len(o)))
			}
			return Str(strings.Replace(self, o, n, occ))
		}),
		method("startswith", "startswith(prefix[, start[, end]])", "Tells whether the string (or s[start:end]) starts with prefix (or one of a tuple of prefixes).",
			func(a *Args) Value { return startsEnds(a, "startswith", false) }),
		method("endswith", "endswith(suffix[, start[, end]])", "Tells whether the string (or s[start:end]) ends with suffix (or one of a tuple of suffixes).",
			func(a *Args) Value { return startsEnds(a, "endswith", true) }),
		method("find", "find(sub[, start[, end]])", "Returns the lowest index of sub in the string (or s[start:end]), or -1.",
			func(a *Args) Value { return MakeInt(int64(findSub(a, "find", false))) }),
		method("rfind", "rfind(sub[, start[, end]])", "Returns the highest index of sub in the string (or s[start:end]), or -1.",
			func(a *Args) Value { return MakeInt(int64(findSub(a, "rfind", true))) }),
		method("index", "index(sub[, start[, end]])", "Returns the lowest index of sub in the string; ValueError when it is not there.",
			func(a *Args) Value { return MakeInt(int64(mustFind(findSub(a, "index", false)))) }),
		method("rindex", "rindex(sub[, start[, end]])", "Returns the highest index of sub in the string; ValueError when it is not there.",
			func(a *Args) Value { return MakeInt(int64(mustFind(findSub(a, "rindex", true)))) }),
		method("count", "count(sub[, start[, end]])", "Returns the number of non-overlapping occurrences of sub in the string (or s[start:end]).", func(a *Args) Value {
			argTakes(a, "str.count", 1, 3)
			s := selfStr(a)
			blo, bhi, lo, hi, ok := strWindow(s, a.Pos[1:])
			sub := strArg(a.Pos[0])
			if !ok || hi < lo {
				return MakeInt(0)
			}
			win := s[blo:bhi]
			if sub == "" {
				return MakeInt(int64(runeLen(win) + 1))
			}
			return MakeInt(int64(strings.Count(win, sub)))
		}),
		method("partition", "partition(sep)", "Splits the string at the first sep: (before, sep, after).", func(a *Args) Value {
			return partitionStr(a, "partition", false)
		}),
		method("rpartition", "rpartition(sep)", "Splits the string at the last sep: (before, sep, after).", func(a *Args) Value {
			return partitionStr(a, "rpartition", true)
		}),
		method("zfill", "zfill(width)", "Pads the string with zeros on the left to width, after a sign.", func(a *Args) Value {
			strArg1(a, "str.zfill")
			s := selfStr(a)
			w := intArg(a.Pos[0])
			n := int64(runeLen(s))
			if w <= n {
				return Str(s)
			}
			checkStrBytes(int(min(w, 1<<40)))
			pad := strings.Repeat("0", int(w-n))
			if s != "" && (s[0] == '+' || s[0] == '-') {
				return Str(s[:1] + pad + s[1:])
			}
			return Str(pad + s)
		}),
		method("center", "center(width, fillchar=' ')", "Centers the string in width characters.", func(a *Args) Value { return padStr(a, "center") }),
		method("ljust", "ljust(width, fillchar=' ')", "Pads the string on the right to width characters.", func(a *Args) Value { return padStr(a, "ljust") }),
		method("rjust", "rjust(width, fillchar=' ')", "Pads the string on the left to width characters.", func(a *Args) Value { return padStr(a, "rjust") }),
		method("removeprefix", "removeprefix(prefix)", "Returns the string without prefix, if it starts with it.", func(a *Args) Value {
			strArg1(a, "str.removeprefix")
			return Str(strings.TrimPrefix(selfStr(a), strArg(a.Pos[0])))
		}),
		method("removesuffix", "removesuffix(suffix)", "Returns the string without suffix, if it ends with it.", func(a *Args) Value {
			strArg1(a, "str.removesuffix")
			return Str(strings.TrimSuffix(selfStr(a), strArg(a.Pos[0])))
		}),
		method("expandtabs", "expandtabs(tabsize=8)", "Replaces tabs by spaces, to the next multiple of tabsize columns.", func(a *Args) Value {
			var tv Value = MakeInt(8)
			if n := len(a.Pos) + len(a.Kw); n > 1 {
				throw("TypeError", errTakesAtMost, "expandtabs", 1, "", n)
			}
			for _, kw := range a.Kw {
				if kw.Name != "tabsize" {
					throw("TypeError", errInvalidKwFor, kw.Name, "expandtabs")
				}
			}
			a.Unpack("self", new(Value), "tabsize?", &tv)
			tab := cIntArg(tv)
			var b strings.Builder
			col := int64(0)
			for _, r := range selfStr(a) {
				switch r {
				case '\t':
					if tab > 0 {
						n := tab - col%tab
						checkStrBytes(b.Len() + int(min(n, 1<<40)))
						b.WriteString(strings.Repeat(" ", int(n)))
						col += n
					}
				case '\n', '\r':
					b.WriteRune(r)
					col = 0
				default:
					b.WriteRune(r)
					col++
				}
			}
			return Str(b.String())
		}),
		strPredicate("isdigit", "Tells whether every character is a digit.", unicode.IsDigit),
		strPredicate("isdecimal", "Tells whether every character is a decimal digit.", unicode.IsDigit),
		strPredicate("isnumeric", "Tells whether every character is numeric.", unicode.IsNumber),
		strPredicate("isalpha", "Tells whether every character is a letter.", unicode.IsLetter),
		strPredicate("isalnum", "Tells whether every character is a letter or a number.", func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }),
		strPredicate("isspace", "Tells whether every character is whitespace.", isPySpace),
		strPredicate("isprintable", "Tells whether every character is printable.", func(r rune) bool { return r == ' ' || unicode.IsGraphic(r) && !unicode.IsSpace(r) }),
		method("isascii", "isascii()", "Tells whether every character is ASCII (true for the empty string).", func(a *Args) Value {
			noArgsM(a, "str.isascii")
			return Bool(isASCII(selfStr(a)))
		}),
		method("isupper", "isupper()", "Tells whether the string has cased characters, all upper case.", func(a *Args) Value {
			noArgsM(a, "str.isupper")
			return Bool(caseCheck(selfStr(a), unicode.IsUpper, unicode.IsLower))
		}),
		method("islower", "islower()", "Tells whether the string has cased characters, all lower case.", func(a *Args) Value {
			noArgsM(a, "str.islower")
			return Bool(caseCheck(selfStr(a), unicode.IsLower, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsTitle(r) }))
		}),
		method("istitle", "istitle()", "Tells whether the string is title-cased (and has cased characters).", func(a *Args) Value {
			noArgsM(a, "str.istitle")
			s := selfStr(a)
			return Bool(s == titleCase(s) && strings.IndexFunc(s, isCased) >= 0)
		}),
		method("isidentifier", "isidentifier()", "Tells whether the string is a valid Python identifier.", func(a *Args) Value {
			noArgsM(a, "str.isidentifier")
			s := selfStr(a)
			for i, r := range s {
				if !(r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Pc, r)))) {
					return Bool(false)
				}
			}
			return Bool(s != "")
		}),
		method("format", "format(*args, **kwargs)", "Formats the string, replacing each {field} by its argument formatted by its spec.", func(a *Args) Value {
			return Str(a.s.strFormat(selfStr(a), a.Pos, a.Kw))
		}),
	)
}

// caseCheck is isupper/islower: some character is want-cased, none is
// other-cased.
func caseCheck(s string, want, other func(rune) bool) bool {
	found := false
	for _, r := range s {
		if other(r) {
			return false
		}
		if want(r) {
			found = true
		}
	}
	return found
}

func mustFind(i int) int {
	if i < 0 {
		throw("ValueError", errSubstringNotFound)
	}
	return i
}

func partitionStr(a *Args, name string, last bool) Value {
	strArg1(a, "str."+name)
	s, sep := selfStr(a), strArg(a.Pos[0])
	if sep == "" {
		throw("ValueError", errEmptySeparator)
	}
	var i int
	if last {
		i = strings.LastIndex(s, sep)
		if i < 0 {
			return Tuple{Str(""), Str(""), Str(s)}
		}
	} else {
		i = strings.Index(s, sep)
		if i < 0 {
			return Tuple{Str(s), Str(""), Str("")}
		}
	}
	return Tuple{Str(s[:i]), Str(sep), Str(s[i+len(sep):])}
}

// splitLinesPy is str.splitlines: \n, \r, \r\n and the other Unicode line
// boundaries end lines.
func splitLinesPy(s string, keep bool) Value {
	var out []Value
	start := 0
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		switch r {
		case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			end := i + w
			if r == '\r' && end < len(s) && s[end] == '\n' {
				end++
			}
			if keep {
				out = grow(out, Value(Str(s[start:end])), itemBytes)
			} else {
				out = grow(out, Value(Str(s[start:i])), itemBytes)
			}
			start, i = end, end
			continue
		}
		i += w
	}
	if start < len(s) {
		out = append(out, Str(s[start:]))
	}
	return &List{Elems: out}
}

// specialUpper are the characters whose upper case is several characters
// (Unicode's SpecialCasing, which Python applies and Go's ToUpper not).
var specialUpper = strings.NewReplacer("ß", "SS", "ﬀ", "FF", "ﬁ", "FI", "ﬂ", "FL", "ﬃ", "FFI", "ﬄ", "FFL", "ﬅ", "ST", "ﬆ", "ST", "ŉ", "ʼN")

func pyUpper(s string) string {
	if isASCII(s) {
		return strings.ToUpper(s)
	}
	return strings.ToUpper(specialUpper.Replace(s))
}

func pyLower(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	return strings.ToLower(strings.ReplaceAll(s, "İ", "i\u0307"))
}

// strArg1 checks the one argument of a METH_O method.
func strArg1(a *Args, qual string) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qual)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTakesOneArg, qual, len(a.Pos))
	}
}
