package lang

import "github.com/alecthomas/participle/v2/lexer"

// The fast path of the simple statements that make most lines:
// expression statements, assignments and augmented assignments,
// separated by ';'. They are read by the hand-written expression parser
// into the same participle parse tree (gSimpleLine) that the grammar
// would give, and converted by the same code; a line the fast path does
// not read completely goes to the participle grammar, which reports its
// errors. Participle's reflective parse costs most of a line's time.

var augOps = map[string]bool{"+=": true, "-=": true, "*=": true, "/=": true, "//=": true, "%=": true,
	"**=": true, "@=": true, "&=": true, "|=": true, "^=": true, "<<=": true, ">>=": true}

// fastLine parses the tokens of c (a line of simple statements ending
// with EOF) if they are only expression statements and assignments.
func (c *conv) fastLine() (g *gLine, ok bool) {
	defer func() {
		if !ok {
			c.i, c.err = 0, nil
		}
	}()
	line := &gSimpleLine{}
	for {
		st, ok := c.fastStmt()
		if !ok {
			return nil, false
		}
		if line.First == nil {
			line.First = st
		} else {
			line.More[len(line.More)-1].Stmt = st
		}
		if c.tok().kind == tEOF {
			return &gLine{Lines: []*gSimpleLine{line}}, true
		}
		if !c.isOp(";") {
			return nil, false
		}
		line.More = append(line.More, &gMoreStmt{Pos: lexer.Position{Offset: c.i}})
		c.advance()
		if c.tok().kind == tEOF {
			return &gLine{Lines: []*gSimpleLine{line}}, true
		}
	}
}

// fastStmt parses one expression statement or assignment.
func (c *conv) fastStmt() (*gStmt, bool) {
	start := c.i
	list := func() (xList, bool) {
		if !c.canStartItem() {
			return nil, false
		}
		x, err := c.try(c.starExprs)
		return x, err == nil
	}
	first, ok := list()
	if !ok {
		return nil, false
	}
	es := &gExprStmt{First: first}
	t := c.tok()
	switch {
	case t.kind == tOp && augOps[t.val]:
		pos := lexer.Position{Offset: c.i}
		c.advance()
		v, ok := list()
		if !ok {
			return nil, false
		}
		es.Aug = &gAugTail{Pos: pos, Op: t.val, Value: v}
	case t.kind == tOp && t.val == "=":
		for c.isOp("=") {
			pos := lexer.Position{Offset: c.i}
			c.advance()
			v, ok := list()
			if !ok {
				return nil, false
			}
			es.Assign = append(es.Assign, &gAssignTail{Pos: pos, Value: v})
		}
	}
	return &gStmt{Pos: lexer.Position{Offset: start}, EndPos: lexer.Position{Offset: c.i}, Expr: es}, true
}
