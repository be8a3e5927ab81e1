package eval

import (
	"fmt"
	"strings"
)

// help(obj): the signature and one paragraph, from the Builtin's Sig and
// Doc (the same text as the generated reference, docs/reference.md).

// builtinHelp is help(obj).
func builtinHelp(a *Args) Value {
	if len(a.Pos) == 0 && len(a.Kw) == 0 {
		a.s.write(magicHelp(""))
		return None
	}
	var v Value
	a.Unpack("obj", &v)
	a.s.write(helpText(v))
	return None
}

// helpText is what help(v) prints.
func helpText(v Value) string {
	var b *Builtin
	var header string
	switch f := v.(type) {
	case *Function:
		return functionHelp(f)
	case *Builtin:
		b = f
		switch {
		case f.Kind&PythonBuiltin != 0:
			header = fmt.Sprintf(msgHelpFunc, f.Name, "builtins")
		default:
			header = fmt.Sprintf(msgHelpFunc, f.Name, "torch")
		}
	case *BoundMethod:
		b = f.Fn
		header = fmt.Sprintf(msgHelpMethod, f.Fn.Name, shortTypeName(f.Self))
	case Str:
		// help("add"): a torch function, Tensor method or builtin by name
		name := string(f)
		for _, k := range []BuiltinKind{TorchFunc, TensorMethod, PythonBuiltin} {
			if fb := LookupBuiltin(k, strings.TrimPrefix(strings.TrimPrefix(name, "torch."), "Tensor.")); fb != nil {
				return helpText(fb)
			}
		}
		if m := LookupMagic(strings.TrimPrefix(name, "%")); m != nil {
			return magicHelp(m.Name)
		}
	}
	if b == nil {
		return fmt.Sprintf(msgHelpObject, shortTypeName(v), Repr(v)) + "\n"
	}
	doc := b.Doc
	if doc == "" {
		doc = msgHelpNoDoc
	}
	sig := b.Sig
	if sig == "" {
		sig = b.Name + "(...)"
	}
	return header + "\n\n" + sig + "\n" + wrapIndent(doc, "    ", 79) + "\n"
}

// wrapIndent wraps text into lines of at most width columns, each
// starting with indent.
func wrapIndent(text, indent string, width int) string {
	var lines []string
	cur := indent
	for _, w := range strings.Fields(text) {
		if cur != indent && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = indent
		}
		if cur != indent {
			cur += " "
		}
		cur += w
	}
	if cur != indent {
		lines = append(lines, cur)
	}
	return strings.Join(lines, "\n")
}

func init() {
	registerMagic(&Magic{
		Name:  "help",
		Usage: "%help [MAGIC]",
		Doc:   "Lists the magics, or describes one (%help explain).",
		Run:   func(s *Session, arg string) { s.write(magicHelp(strings.TrimPrefix(strings.TrimSpace(arg), "%"))) },
	})
}

// magicHelp describes one magic, or lists them all.
func magicHelp(name string) string {
	describe := func(m *Magic) string {
		return "  " + m.Usage + "\n" + wrapIndent(m.Doc, "      ", 79) + "\n"
	}
	if name != "" {
		m := LookupMagic(name)
		if m == nil {
			throw("UsageError", msgHelpUnknown, name)
		}
		return describe(m)
	}
	var b strings.Builder
	b.WriteString(msgHelpHeader + "\n")
	for _, n := range MagicNames() {
		b.WriteString(describe(LookupMagic(n)))
	}
	b.WriteString(msgHelpFooter + "\n")
	return b.String()
}
