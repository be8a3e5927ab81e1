package teach

import (
	"github.com/tensh/tensh/eval"

	"fmt"
	"strings"

	"github.com/tensh/tensh/lang"
)

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "explain",
		Usage: "%explain EXPR",
		Doc: "Explains every broadcasting step of EXPR in evaluation order (each trailing dimension's verdict, " +
			"the result shape, which operand is expanded along which dims), and in-place operations, matrix " +
			"products, expand, where and view. Shapes are worked out without running the operations where " +
			"tensh knows them; nothing is assigned or modified.",
		Save: true,
		Run:  func(s *eval.Session, arg string) { s.Print(eval.WrapText(Explain(s, arg), s.Width())) },
	})
}

// Explain returns what %explain prints for src (an expression, an
// assignment or an augmented assignment). It raises SyntaxError for bad
// source, and the exception of a real evaluation that fails before any
// step could be explained (e.g. NameError).
func Explain(s *eval.Session, src string) string {
	if strings.TrimSpace(src) == "" {
		eval.Throw("UsageError", "%s", msgExplainUsage)
	}
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	if len(stmts) == 0 {
		eval.Throw("UsageError", "%s", msgExplainUsage)
	}
	ex := newExplainer(s, src)
	defer s.SetSource(src)()
	whole, res, done := ex.explainStmt(stmts[0])
	if ex.evalErr != nil && len(ex.steps) == 0 {
		panic(ex.evalErr)
	}
	var b strings.Builder
	line := func(format string, args ...any) {
		if len(args) > 0 {
			format = fmt.Sprintf(format, args...)
		}
		b.WriteString(format + "\n")
	}
	if len(stmts) > 1 {
		line("%s", msgExplainOneLine)
	}
	wholeText := ex.text(whole)
	if len(ex.steps) == 0 && done {
		if res.isTensor() {
			line(msgNoSteps, wholeText, fmtShape(res.t.shape))
		} else {
			line(msgNoStepsUnknown, wholeText)
		}
	}
	for i, st := range ex.steps {
		h := st.header
		if h == "" {
			h = st.expr
		}
		if len(ex.steps) > 1 {
			h = fmt.Sprintf(msgStepHeader, i+1, h)
		}
		line(h)
		for _, l := range st.lines {
			line("  " + l)
		}
	}
	for _, n := range ex.notes {
		line(n)
	}
	if done && len(ex.steps) > 0 && ex.steps[len(ex.steps)-1].expr != wholeText {
		switch {
		case res.isTensor():
			line(msgShapeOfWhole, wholeText, fmtShape(res.t.shape))
		case res.v != nil:
			line(msgValueOfWhole, wholeText, eval.Repr(res.v))
		}
	}
	return b.String()
}

// explainStmt walks one statement; done is false when the walk stopped
// early (a failing step, or a value it could not have).
func (ex *explainer) explainStmt(st lang.Stmt) (whole lang.Node, res aval, done bool) {
	whole = st
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(eval.ExplainStop); !ok {
				panic(r)
			}
			done = false
		}
	}()
	if inner := eval.FirstSimpleStmt(st); inner != st && inner != nil {
		// A compound statement: explain the statement its body starts
		// with (the expression a loop runs).
		return ex.explainStmt(inner)
	}
	switch st := st.(type) {
	case *lang.ExprStmt:
		whole = st.X
		return whole, ex.eval(st.X), true
	case *lang.AssignStmt:
		whole = st.Value
		return whole, ex.eval(st.Value), true
	case *lang.AugAssignStmt:
		t := ex.eval(st.Target)
		v := ex.eval(st.Value)
		text := ex.text(st)
		switch {
		case st.Op == lang.At && t.isTensor() && v.isTensor():
			ms := analyzeMatmul(text, *t.t, *v.t)
			ex.record(ms)
			return whole, ex.abstract(nil, ms.result, nil, t.t.dtype), true
		case t.isTensor():
			ex.checkOverlap(text, *t.t)
			if v.isTensor() {
				ex.checkPartialOverlap(text, t, []aval{v})
			}
			if !v.isTensor() {
				return whole, t, true
			}
			is := analyzeInplace(text, *t.t, []opnd{*v.t}, ex.s.Compat)
			ex.record(is)
			return whole, t, true
		}
		if r, ok := ex.libInplace(text, st.Op, t, v); ok { // NumPy: explain_lib.go
			return whole, r, true
		}
		return whole, ex.binary(nil, st.Op, t, v), true
	}
	eval.Throw("UsageError", "%s", msgExplainStmtKind)
	return
}
