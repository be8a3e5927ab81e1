package eval

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
)

// help() of functions made by def and lambda, as pydoc prints them.

const msgHelpUserFunc = "Help on function %s in module __main__:"

func functionHelp(f *Function) string {
	var b strings.Builder
	b.WriteString(fmt.Sprintf(msgHelpUserFunc, f.Name) + "\n\n")
	sig := f.signature()
	if f.code.expr != nil {
		b.WriteString("<lambda> lambda " + strings.TrimSuffix(strings.TrimPrefix(sig, "("), ")") + "\n")
	} else {
		b.WriteString(f.Name + sig + "\n")
	}
	if d, ok := f.Doc.(Str); ok {
		for _, l := range cleanDoc(string(d)) {
			b.WriteString("    " + l + "\n")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// signature is inspect.signature(f) as text: (a, b=2, /, *args, c, **kw).
func (f *Function) signature() string {
	var parts []string
	params := f.code.params
	nPos := 0
	for _, p := range params {
		if p.Kind == lang.ParamNormal || p.Kind == lang.ParamPosOnly {
			nPos++
		}
	}
	firstDefault := nPos - len(f.defaults)
	star := false
	for i, p := range params {
		s := p.Name
		switch p.Kind {
		case lang.ParamVarArgs:
			s = "*" + p.Name
			star = true
		case lang.ParamVarKw:
			s = "**" + p.Name
		case lang.ParamKwOnly:
			if !star {
				parts = append(parts, "*")
				star = true
			}
			if d, ok := f.kwDefs[p.Name]; ok {
				s += "=" + Repr(d)
			}
		default:
			if i >= firstDefault {
				s += "=" + Repr(f.defaults[i-firstDefault])
			}
		}
		parts = append(parts, s)
		if p.Kind == lang.ParamPosOnly && (i+1 == len(params) || params[i+1].Kind != lang.ParamPosOnly) {
			parts = append(parts, "/")
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// cleanDoc is inspect.cleandoc: the docstring's lines with the common
// indentation of all but the first removed, and leading and trailing
// blank lines dropped.
func cleanDoc(doc string) []string {
	lines := strings.Split(strings.ReplaceAll(doc, "\t", "        "), "\n")
	indent := -1
	for _, l := range lines[1:] {
		t := strings.TrimLeft(l, " ")
		if t == "" {
			continue
		}
		if n := len(l) - len(t); indent < 0 || n < indent {
			indent = n
		}
	}
	lines[0] = strings.TrimLeft(lines[0], " ")
	for i := 1; i < len(lines); i++ {
		if indent > 0 && len(lines[i]) >= indent {
			lines[i] = lines[i][indent:]
		} else {
			lines[i] = strings.TrimLeft(lines[i], " ")
		}
	}
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
