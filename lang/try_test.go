package lang

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestTry is a scratch harness: SRC parses one input, SRCFILE a file of
// JSON strings (one per line), printing results.
func TestTry(t *testing.T) {
	if src := os.Getenv("SRC"); src != "" {
		stmts, err := Parse(src, 1)
		fmt.Printf("err: %v\n", err)
		for _, s := range stmts {
			fmt.Println(Dump(s))
		}
		return
	}
	f := os.Getenv("SRCFILE")
	if f == "" {
		t.Skip()
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var s string
		json.Unmarshal(sc.Bytes(), &s)
		stmts, err := Parse(s, 1)
		if err != nil {
			e := err.(*Error)
			fmt.Printf("%s | %s %d %d\n", js(s), js(e.Msg), e.Pos.Line, e.Pos.Col)
			continue
		}
		out := ""
		for _, s := range stmts {
			out += Dump(s) + " "
		}
		fmt.Printf("%s | OK %s\n", js(s), out)
	}
}

func js(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return string(bytes.TrimSpace(b.Bytes()))
}

func TestTrySpans(t *testing.T) {
	f := os.Getenv("SPANFILE")
	if f == "" {
		t.Skip()
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var s string
		json.Unmarshal(sc.Bytes(), &s)
		stmts, err := Parse(s, 1)
		if err != nil {
			fmt.Printf("%s | ERR %s\n", js(s), err.(*Error).Msg)
			continue
		}
		var out []string
		for _, st := range stmts {
			out = append(out, sdump(st, true))
		}
		fmt.Printf("%s | %s\n", js(s), strings.Join(out, " "))
	}
}

func spn(n Node) string {
	s, e := n.Span()
	return fmt.Sprintf("@%d:%d-%d:%d", s.Line, s.Col, e.Line, e.Col)
}

func sdump(n Node, spans bool) string {
	sp := func() string {
		if spans {
			return spn(n)
		}
		return ""
	}
	D := func(x Node) string { return sdump(x, spans) }
	switch n := n.(type) {
	case *Ident:
		return n.Name + sp()
	case *IntLit:
		if n.Big != "" {
			return n.Big + sp()
		}
		return fmt.Sprint(n.Value) + sp()
	case *FloatLit:
		return fmt.Sprintf("%.17g", n.Value) + sp()
	case *StringLit:
		return "s:" + hex.EncodeToString([]byte(n.Value)) + sp()
	case *Const:
		return n.Kind.String() + sp()
	case *FString:
		var parts []string
		lit := ""
		for _, p := range n.Parts {
			if p.Expr == nil {
				lit += p.Lit
				continue
			}
			conv := p.Conv
			if p.Debug {
				lit += p.Lit
				if conv == 0 && p.Spec == nil {
					conv = 'r'
				}
			}
			if lit != "" {
				parts = append(parts, "s:"+hex.EncodeToString([]byte(lit)))
				lit = ""
			}
			f := "(field " + sdump(p.Expr, false)
			if conv != 0 {
				f += " !" + string(conv)
			}
			if p.Spec != nil {
				f += " " + sdump(p.Spec, false)
			}
			parts = append(parts, f+")")
		}
		if lit != "" {
			parts = append(parts, "s:"+hex.EncodeToString([]byte(lit)))
		}
		return "(fstring " + strings.Join(parts, " ") + ")" + sp()
	case *ListExpr:
		s := "(list"
		for _, e := range n.Elems {
			s += " " + D(e)
		}
		return s + ")" + sp()
	case *TupleExpr:
		s := "(tuple"
		for _, e := range n.Elems {
			s += " " + D(e)
		}
		return s + ")" + sp()
	case *ParenExpr:
		return D(n.X)
	case *StarredExpr:
		return "(* " + D(n.X) + ")" + sp()
	case *UnaryExpr:
		return "(" + n.Op.String() + " " + D(n.X) + ")" + sp()
	case *BinaryExpr:
		return "(" + n.Op.String() + " " + D(n.X) + " " + D(n.Y) + ")" + sp()
	case *CompareExpr:
		s := "(cmp " + D(n.Operands[0])
		for i, op := range n.Ops {
			s += " " + op.String() + " " + D(n.Operands[i+1])
		}
		return s + ")" + sp()
	case *CondExpr:
		return "(if " + D(n.Cond) + " " + D(n.Then) + " " + D(n.Else) + ")" + sp()
	case *CallExpr:
		s := "(call " + D(n.Fn)
		for _, a := range n.Args {
			if a.Name == "" && a.Star != 2 {
				if a.Star == 1 {
					s += " (* " + D(a.Value) + ")"
				} else {
					s += " " + D(a.Value)
				}
			}
		}
		for _, a := range n.Args {
			if a.Name != "" {
				s += " (kw " + a.Name + " " + D(a.Value) + ")"
			} else if a.Star == 2 {
				s += " (** " + D(a.Value) + ")"
			}
		}
		return s + ")" + sp()
	case *AttrExpr:
		return "(. " + D(n.X) + " " + n.Name + ")" + sp()
	case *IndexExpr:
		return "(index " + D(n.X) + " " + D(n.Index) + ")" + sp()
	case *SliceExpr:
		f := func(e Expr) string {
			if e == nil {
				return "_"
			}
			return D(e)
		}
		return "(slice " + f(n.Lo) + " " + f(n.Hi) + " " + f(n.Step) + ")" + sp()
	case *ExprStmt:
		return "(expr " + D(n.X) + ")"
	case *AssignStmt:
		var ts []string
		for _, t := range n.Targets {
			ts = append(ts, D(t))
		}
		return "(= " + strings.Join(ts, " ") + " " + D(n.Value) + ")"
	case *AugAssignStmt:
		return "(" + n.Op.String() + "= " + D(n.Target) + " " + D(n.Value) + ")"
	case *DelStmt:
		var ts []string
		for _, t := range n.Targets {
			ts = append(ts, D(t))
		}
		return "(del " + strings.Join(ts, " ") + ")"
	case *PassStmt, *ImportStmt:
		return Dump(n)
	}
	return "?"
}
