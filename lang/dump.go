package lang

import (
	"strconv"
	"strings"
)

// Dump returns a compact S-expression form of a syntax tree node, for tests
// and debugging. For example, the statement `x = -a.b[1:] + f(c, k=2)`
// dumps as
//
//	(= x (+ (- (index (. a b) (slice 1 _ _))) (call f c (kw k 2))))
//
// Literals print as their values (strings quoted in Go syntax, floats with a
// decimal point), and absent parts of a slice as _.
func Dump(n Node) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

func dump(b *strings.Builder, n Node) {
	list := func(head string, items ...Node) {
		b.WriteString("(")
		b.WriteString(head)
		for _, it := range items {
			b.WriteString(" ")
			dump(b, it)
		}
		b.WriteString(")")
	}
	exprs := func(es []Expr) []Node {
		out := make([]Node, len(es))
		for i, e := range es {
			out[i] = e
		}
		return out
	}
	switch n := n.(type) {
	case nil:
		b.WriteString("_")
	case *Ident:
		b.WriteString(n.Name)
	case *IntLit:
		if n.Big != "" {
			b.WriteString(n.Big)
		} else {
			b.WriteString(strconv.FormatInt(n.Value, 10))
		}
	case *FloatLit:
		s := strconv.FormatFloat(n.Value, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eIN") {
			s += ".0"
		}
		b.WriteString(s)
	case *ImagLit:
		b.WriteString(strconv.FormatFloat(n.Value, 'g', -1, 64) + "j")
	case *StringLit:
		b.WriteString(strconv.Quote(n.Value))
	case *FString:
		dumpFString(b, n)
	case *Const:
		b.WriteString(n.Kind.String())
	case *ListExpr:
		list("list", exprs(n.Elems)...)
	case *TupleExpr:
		list("tuple", exprs(n.Elems)...)
	case *ParenExpr:
		list("paren", n.X)
	case *NamedExpr:
		list(":=", n.Target, n.Value)
	case *UnaryExpr:
		list(n.Op.String(), n.X)
	case *BinaryExpr:
		list(n.Op.String(), n.X, n.Y)
	case *CompareExpr:
		b.WriteString("(cmp ")
		dump(b, n.Operands[0])
		for i, op := range n.Ops {
			b.WriteString(" " + op.String() + " ")
			dump(b, n.Operands[i+1])
		}
		b.WriteString(")")
	case *CondExpr:
		list("if", n.Cond, n.Then, n.Else)
	case *CallExpr:
		b.WriteString("(call ")
		dump(b, n.Fn)
		for _, a := range n.Args {
			b.WriteString(" ")
			switch {
			case a.Name != "":
				b.WriteString("(kw " + a.Name + " ")
				dump(b, a.Value)
				b.WriteString(")")
			case a.Star == 1:
				list("*", a.Value)
			case a.Star == 2:
				list("**", a.Value)
			default:
				dump(b, a.Value)
			}
		}
		b.WriteString(")")
	case *AttrExpr:
		b.WriteString("(. ")
		dump(b, n.X)
		b.WriteString(" " + n.Name + ")")
	case *IndexExpr:
		list("index", n.X, n.Index)
	case *SliceExpr:
		b.WriteString("(slice")
		for _, e := range []Expr{n.Lo, n.Hi, n.Step} {
			b.WriteString(" ")
			if e == nil {
				b.WriteString("_")
			} else {
				dump(b, e)
			}
		}
		b.WriteString(")")
	case *StarredExpr:
		list("*", n.X)
	case *ExprStmt:
		list("expr", n.X)
	case *AssignStmt:
		list("=", append(exprs(n.Targets), n.Value)...)
	case *AugAssignStmt:
		list(n.Op.String()+"=", n.Target, n.Value)
	case *DelStmt:
		list("del", exprs(n.Targets)...)
	case *ImportStmt:
		switch {
		case n.Names == nil && n.Alias != "":
			b.WriteString("(import " + n.Module + " as " + n.Alias + ")")
		case n.Names == nil:
			b.WriteString("(import " + n.Module + ")")
		default:
			b.WriteString("(from " + n.Module + " import")
			for i, name := range n.Names {
				if n.Aliases != nil && n.Aliases[i] != "" {
					b.WriteString(" (as " + name + " " + n.Aliases[i] + ")")
				} else {
					b.WriteString(" " + name)
				}
			}
			b.WriteString(")")
		}
	case *PassStmt:
		b.WriteString("(pass)")
	default:
		dumpBlock(b, n)
	}
}

// dumpBlock dumps the nodes of ast_block.go.
func dumpBlock(b *strings.Builder, n Node) {
	block := func(head string, stmts []Stmt) {
		b.WriteString(" (" + head)
		for _, s := range stmts {
			b.WriteString(" ")
			dump(b, s)
		}
		b.WriteString(")")
	}
	params := func(ps []Param) {
		b.WriteString("(")
		for i, p := range ps {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString([...]string{"", "/", "*", "kw:", "**"}[p.Kind] + p.Name)
			if p.Default != nil {
				b.WriteString("=")
				dump(b, p.Default)
			}
		}
		b.WriteString(")")
	}
	switch n := n.(type) {
	case *IfStmt:
		b.WriteString("(if ")
		dump(b, n.Cond)
		block("then", n.Body)
		if n.Else != nil {
			block("else", n.Else)
		}
		b.WriteString(")")
	case *WhileStmt:
		b.WriteString("(while ")
		dump(b, n.Cond)
		block("do", n.Body)
		if n.Else != nil {
			block("else", n.Else)
		}
		b.WriteString(")")
	case *ForStmt:
		b.WriteString("(for ")
		dump(b, n.Target)
		b.WriteString(" ")
		dump(b, n.Iter)
		block("do", n.Body)
		if n.Else != nil {
			block("else", n.Else)
		}
		b.WriteString(")")
	case *BreakStmt:
		b.WriteString("(break)")
	case *ContinueStmt:
		b.WriteString("(continue)")
	case *ReturnStmt:
		b.WriteString("(return")
		if n.Value != nil {
			b.WriteString(" ")
			dump(b, n.Value)
		}
		b.WriteString(")")
	case *GlobalStmt:
		kw := "global"
		if n.Nonlocal {
			kw = "nonlocal"
		}
		b.WriteString("(" + kw + " " + strings.Join(n.Names, " ") + ")")
	case *RaiseStmt:
		b.WriteString("(raise")
		for _, e := range []Expr{n.Exc, n.Cause} {
			if e != nil {
				b.WriteString(" ")
				dump(b, e)
			}
		}
		b.WriteString(")")
	case *AssertStmt:
		b.WriteString("(assert ")
		dump(b, n.Test)
		if n.Msg != nil {
			b.WriteString(" ")
			dump(b, n.Msg)
		}
		b.WriteString(")")
	case *FuncDef:
		for _, d := range n.Decorators {
			b.WriteString("(@ ")
			dump(b, d)
			b.WriteString(") ")
		}
		b.WriteString("(def " + n.Name + " ")
		params(n.Params)
		block("body", n.Body)
		b.WriteString(")")
	case *TryStmt:
		b.WriteString("(try")
		block("body", n.Body)
		for _, h := range n.Handlers {
			b.WriteString(" (except ")
			dump(b, h.Type)
			if h.Name != "" {
				b.WriteString(" as " + h.Name)
			}
			block("do", h.Body)
			b.WriteString(")")
		}
		if n.Else != nil {
			block("else", n.Else)
		}
		if n.Finally != nil {
			block("finally", n.Finally)
		}
		b.WriteString(")")
	case *WithStmt:
		b.WriteString("(with")
		for _, it := range n.Items {
			b.WriteString(" ")
			dump(b, it.Ctx)
			if it.Target != nil {
				b.WriteString(" as ")
				dump(b, it.Target)
			}
		}
		block("do", n.Body)
		b.WriteString(")")
	case *LambdaExpr:
		b.WriteString("(lambda ")
		params(n.Params)
		b.WriteString(" ")
		dump(b, n.Body)
		b.WriteString(")")
	case *DictExpr:
		b.WriteString("(dict")
		for i, k := range n.Keys {
			b.WriteString(" ")
			if k == nil {
				b.WriteString("**")
			} else {
				dump(b, k)
				b.WriteString(":")
			}
			dump(b, n.Values[i])
		}
		b.WriteString(")")
	case *SetExpr:
		b.WriteString("(set")
		for _, e := range n.Elems {
			b.WriteString(" ")
			dump(b, e)
		}
		b.WriteString(")")
	case *CompExpr:
		b.WriteString("(" + [...]string{"listcomp", "setcomp", "dictcomp", "genexp"}[n.Kind] + " ")
		if n.Key != nil {
			dump(b, n.Key)
			b.WriteString(":")
		}
		dump(b, n.Elt)
		for _, c := range n.Clauses {
			b.WriteString(" (for ")
			dump(b, c.Target)
			b.WriteString(" ")
			dump(b, c.Iter)
			for _, e := range c.Ifs {
				b.WriteString(" (if ")
				dump(b, e)
				b.WriteString(")")
			}
			b.WriteString(")")
		}
		b.WriteString(")")
	default:
		b.WriteString("?")
	}
}

func dumpFString(b *strings.Builder, f *FString) {
	b.WriteString("(fstring")
	for _, p := range f.Parts {
		b.WriteString(" ")
		if p.Expr == nil {
			b.WriteString(strconv.Quote(p.Lit))
			continue
		}
		b.WriteString("(field ")
		dump(b, p.Expr)
		if p.Debug {
			b.WriteString(" (debug " + strconv.Quote(p.Lit) + ")")
		}
		if p.Conv != 0 {
			b.WriteString(" !" + string(p.Conv))
		}
		if p.Spec != nil {
			b.WriteString(" ")
			dumpFString(b, p.Spec)
		}
		b.WriteString(")")
	}
	b.WriteString(")")
}
