package eval

import (
	"fmt"
	"strings"
)

// The string module: its constants, capwords, Template ($-substitution
// as string.py's pattern matches it) and Formatter (str.format's engine).

const (
	asciiLower = "abcdefghijklmnopqrstuvwxyz"
	asciiUpper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digitChars = "0123456789"
	punctChars = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
	spaceChars = " \t\n\r\x0b\x0c"
)

// Template is a string.Template.
type Template struct{ Text string }

func (t *Template) pyTypeName() string { return "string.Template" }
func (t *Template) pyRepr(*reprState) string {
	return fmt.Sprintf("<string.Template object at %#x>", objectID(t))
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// substitute is Template.substitute (safe: safe_substitute).
func (t *Template) substitute(s *Session, lookup func(name string) (Value, bool), safe bool) string {
	txt := t.Text
	var b strings.Builder
	for i := 0; i < len(txt); i++ {
		if txt[i] != '$' {
			b.WriteByte(txt[i])
			continue
		}
		rest := txt[i+1:]
		switch {
		case strings.HasPrefix(rest, "$"):
			b.WriteByte('$')
			i++
			continue
		case len(rest) > 0 && isIdentStart(rest[0]):
			j := 1
			for j < len(rest) && isIdentChar(rest[j]) {
				j++
			}
			name := rest[:j]
			if v, ok := lookup(name); ok {
				b.WriteString(ToStr(v))
			} else if safe {
				b.WriteString("$" + name)
			} else {
				raiseKeyError(Str(name))
			}
			i += j
			continue
		case strings.HasPrefix(rest, "{"):
			j := 1
			if j < len(rest) && isIdentStart(rest[j]) {
				for j++; j < len(rest) && isIdentChar(rest[j]); j++ {
				}
				if j < len(rest) && rest[j] == '}' {
					name := rest[1:j]
					if v, ok := lookup(name); ok {
						b.WriteString(ToStr(v))
					} else if safe {
						b.WriteString("${" + name + "}")
					} else {
						raiseKeyError(Str(name))
					}
					i += j + 1
					continue
				}
			}
		}
		// invalid placeholder
		if safe {
			b.WriteByte('$')
			continue
		}
		pos := len([]rune(txt[:i+1]))
		before := []rune(txt[:i+1])
		lines := strings.SplitAfter(string(before), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		col := pos - len([]rune(strings.Join(lines[:len(lines)-1], "")))
		throw("ValueError", errTemplateInvalid, len(lines), col)
	}
	return b.String()
}

func (t *Template) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "template":
		return Str(t.Text), true
	case "delimiter":
		return Str("$"), true
	case "substitute", "safe_substitute":
		safe := name == "safe_substitute"
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			if len(a.Pos) > 1 {
				throw("TypeError", errTakesFromToPos, "Template."+name, 1, 2, len(a.Pos)+1, "were")
			}
			var mapping Value
			if len(a.Pos) == 1 {
				mapping = a.Pos[0]
			}
			kw := NewDict()
			for _, k := range a.Kw {
				kw.SetItem(Str(k.Name), k.Value)
			}
			lookup := func(n string) (v Value, ok bool) {
				if v, ok := kw.Get(Str(n)); ok {
					return v, true
				}
				if mapping == nil {
					return nil, false
				}
				if !a.s.contains(mapping, Str(n)) {
					if safe {
						return nil, false
					}
					return a.s.getItem(mapping, Str(n)), true // the mapping's own KeyError
				}
				return a.s.getItem(mapping, Str(n)), true
			}
			return Str(t.substitute(a.s, lookup, safe))
		}}, true
	case "get_identifiers":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			out := &List{}
			seen := map[string]bool{}
			t.substitute(a.s, func(n string) (Value, bool) {
				if !seen[n] {
					seen[n] = true
					out.Elems = append(out.Elems, Str(n))
				}
				return Str(""), true
			}, true)
			return out
		}}, true
	case "is_valid":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			ok := true
			func() {
				defer func() {
					if r := recover(); r != nil {
						if e, isExc := r.(*Exception); isExc && e.Type == "ValueError" {
							ok = false
							return
						}
						panic(r)
					}
				}()
				t.substitute(a.s, func(string) (Value, bool) { return Str(""), true }, false)
			}()
			return Bool(ok)
		}}, true
	}
	return nil, false
}

var templateClass = &Class{Name: "string.Template", Call: func(a *Args) Value {
	p := pyArgs(a, "Template.__init__", 1, "template")
	str, ok := p[0].(Str)
	if !ok {
		throw("TypeError", errMustBeStr, TypeName(p[0]))
	}
	return &Template{Text: string(str)}
}}

// Formatter is a string.Formatter.
type Formatter struct{}

func (f *Formatter) pyTypeName() string { return "string.Formatter" }
func (f *Formatter) pyRepr(*reprState) string {
	return fmt.Sprintf("<string.Formatter object at %#x>", objectID(f))
}

func (f *Formatter) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "format":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			if len(a.Pos) == 0 {
				throw("TypeError", errMissingPos, "Formatter.format", 1, "", "'format_string'")
			}
			return formatterCall(a.s, a.Pos[0], a.Pos[1:], a.Kw)
		}}, true
	case "vformat":
		return &Builtin{Name: name, Fn: func(a *Args) Value {
			p := pyArgs(a, "Formatter.vformat", 1, "format_string, args, kwargs")
			var kw []KwArg
			for _, k := range iterate(p[2]) {
				kw = append(kw, KwArg{Name: ToStr(k), Value: a.s.getItem(p[2], k)})
			}
			return formatterCall(a.s, p[0], iterate(p[1]), kw)
		}}, true
	}
	return nil, false
}

func init() {
	classOf["Template"] = templateClass
	RegisterModule("string", func(s *Session) *Module {
		m := map[string]Value{
			"ascii_lowercase": Str(asciiLower),
			"ascii_uppercase": Str(asciiUpper),
			"ascii_letters":   Str(asciiLower + asciiUpper),
			"digits":          Str(digitChars),
			"hexdigits":       Str(digitChars + "abcdefABCDEF"),
			"octdigits":       Str("01234567"),
			"punctuation":     Str(punctChars),
			"whitespace":      Str(spaceChars),
			"printable":       Str(digitChars + asciiLower + asciiUpper + punctChars + spaceChars),
			"Template":        templateClass,
			"Formatter": &Class{Name: "string.Formatter", Call: func(a *Args) Value {
				pyArgs(a, "Formatter", 0, "")
				return &Formatter{}
			}},
		}
		m["capwords"] = &Builtin{Name: "capwords", Module: "string", Sig: "capwords(s, sep=None)",
			Doc: "Splits s into words (at sep), capitalizes each, and joins them with sep (a space by default).",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "capwords", 0, "s, sep=")
				sep := orDefault(p[1], None)
				words := a.s.Call(a.s.getAttr(p[0], "split"), &Args{Pos: []Value{sep}}).(*List)
				out := make([]Value, len(words.Elems))
				for i, w := range words.Elems {
					out[i] = a.s.callMethod(w, "capitalize")
				}
				joiner := Str(" ")
				if sep != None {
					joiner = sep.(Str)
				}
				return a.s.callMethod(joiner, "join", &List{Elems: out})
			}}
		return &Module{Name: "string", Origin: "from '/usr/lib/python3.11/string.py'", Members: m}
	})
}

// formatterCall is Formatter.vformat: str.format's engine, whose missing
// positional argument is Formatter.get_value's args[key] IndexError.
func formatterCall(s *Session, f Value, pos []Value, kw []KwArg) Value {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Exception); ok && e.Type == "IndexError" && strings.HasPrefix(e.Msg, "Replacement index") {
				e.Msg = sprintf(errIndexOutOfRange, "tuple")
			}
			panic(r)
		}
	}()
	return s.Call(s.getAttr(f, "format"), &Args{Pos: pos, Kw: kw})
}
