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
		case f.Module != "":
			header = fmt.Sprintf(msgHelpFunc, f.Name, f.Module)
		case f.Kind == 0: // a module's function, or a method of a Python type
			header = fmt.Sprintf(msgHelpFunc, f.Name, helpModule(f))
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
	if c, ok := v.(*Class); ok && b == nil {
		if sig, doc, ok := classDoc(c.Name); ok {
			return fmt.Sprintf(msgHelpClass, c.Name) + "\n\n" + sig + "\n" + wrapIndent(doc, "    ", 79) + "\n"
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
		Run: func(s *Session, arg string) {
			s.write(wrapText(magicHelp(strings.TrimPrefix(strings.TrimSpace(arg), "%")), s.width()))
		},
	})
}

// magicHelp describes one magic, or lists them all, one line each (the
// first clause of its description), short enough for a small terminal.
func magicHelp(name string) string {
	if name != "" {
		m := LookupMagic(name)
		if m == nil {
			throw("UsageError", msgHelpUnknown, name)
		}
		return "  " + m.Usage + "\n" + wrapIndent(m.Doc, "      ", 79) + "\n"
	}
	var b strings.Builder
	b.WriteString(msgHelpHeader + "\n")
	for _, n := range MagicNames() {
		m := LookupMagic(n)
		line := fmt.Sprintf("  %-24s %s", m.Usage, summary(m.Doc))
		if len(line) > 79 || len(m.Usage) > 24 {
			line = "  " + m.Usage + "\n" + wrapIndent(summary(m.Doc), "      ", 79)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(msgHelpFooter + "\n")
	return b.String()
}

// summary is the first clause of a description: up to its first '.', ';',
// ':' or '(' (that is not part of a magic's or a file's name).
func summary(doc string) string {
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case ';', ':', '(':
			return strings.TrimSpace(doc[:i])
		case '.':
			if i+1 == len(doc) || doc[i+1] == ' ' {
				return strings.TrimSpace(doc[:i])
			}
		}
	}
	return strings.TrimSpace(doc)
}
