package magic

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/tensh/tensh/teach"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/broadcast"
	"github.com/tensh/tensh/runtime/tensor"
	"github.com/tensh/tensh/teach/svg"
)

// Pictures of %explain and %strides (package teach/svg draws them):
// `%explain --svg FILE EXPR` and `%strides --svg FILE EXPR` print what the
// magic prints and write the picture to FILE; Session.Picture gives the
// picture to a front end that shows it (the browser page).
//
// The shapes of a broadcasting picture come from evaluating the
// operands and from runtime/broadcast's rules, the ones the kernels use.

func init() {
	eval.Pictures = func(s *eval.Session, line string) (string, *eval.Exception) { return linePicture(s, line) }
	withSVG("explain")
	withSVG("strides")
}

// withSVG adds the --svg FILE option to a magic registered before this
// file's init (eval's explain.go and magic_strides.go: a package's init
// functions run after those of the packages it imports).
func withSVG(name string) {
	m := eval.LookupMagic(name)
	if m == nil {
		panic("magic/svg.go: no magic %" + name + " to add --svg to")
	}
	run := m.Run
	m.Usage = strings.Replace(m.Usage, "%"+name+" ", "%"+name+" [--svg [-f] FILE] ", 1)
	m.Doc += " With --svg FILE it also writes the picture to FILE (SVG; .svg is added when FILE has no " +
		"extension, other extensions are refused), never over an existing file unless -f is given (the " +
		"REPL asks), never through a symbolic link or into what is not a regular file."
	m.Run = func(s *eval.Session, arg string) {
		opt, ok := svgOption(arg)
		if !ok {
			run(s, arg)
			return
		}
		if opt.file == "" || opt.expr == "" {
			eval.Throw("UsageError", msgSVGUsage, name, name)
		}
		file, force := opt.file, opt.force
		switch filepath.Ext(file) {
		case "":
			file += ".svg"
		case ".svg":
		default:
			eval.Throw("UsageError", msgSVGExt, name, file)
		}
		err := checkTarget(file, force)
		if confirm, _ := s.REPL(); errors.Is(err, fs.ErrExist) && !force && confirm != nil {
			if !confirm(fmt.Sprintf(msgSaveAsk, file)) {
				s.Print(msgSaveCancelled + "\n")
				return
			}
			force, err = true, nil
		}
		if err != nil {
			panic(eval.OSError(err, file))
		}
		run(s, opt.expr)
		doc := picture(s, name, opt.expr)
		if err := writeFileSafely(file, []byte(doc), force); err != nil {
			panic(eval.OSError(err, file))
		}
		s.Print(fmt.Sprintf(msgSVGWritten, file) + "\n")
	}
}

// svgArgs are the parts of "[-f] --svg [-f] FILE EXPR".
type svgArgs struct {
	file, expr string
	force      bool
}

// svgOption splits "[-f] --svg [-f] FILE EXPR" (ok is false without
// --svg).
func svgOption(arg string) (opt svgArgs, ok bool) {
	rest := strings.TrimSpace(arg)
	if r, cut := cutWord(rest, "-f"); cut {
		rest, opt.force = r, true
	}
	if rest, ok = cutWord(rest, "--svg"); !ok {
		return svgArgs{}, false
	}
	if r, cut := cutWord(rest, "-f"); cut {
		rest, opt.force = r, true
	}
	file, expr, _ := strings.Cut(rest, " ")
	opt.file, opt.expr = file, strings.TrimSpace(expr)
	return opt, true
}

// cutWord cuts the word w (followed by a blank or the end) from the start
// of s, and the blanks after it.
func cutWord(s, w string) (string, bool) {
	rest, ok := strings.CutPrefix(s, w)
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return s, false
	}
	return strings.TrimSpace(rest), true
}

// Picture returns the SVG picture of a line of %explain or %strides (with
// or without --svg FILE, which it ignores: it writes nothing), "" for any
// other line, and the exception that drawing it raised.
func linePicture(s *eval.Session, line string) (doc string, exc *eval.Exception) {
	body, ok := strings.CutPrefix(strings.TrimSpace(line), "%")
	if !ok {
		return "", nil
	}
	name, arg, _ := strings.Cut(body, " ")
	if name != "explain" && name != "strides" {
		return "", nil
	}
	arg = strings.TrimSpace(arg)
	if opt, ok := svgOption(arg); ok {
		arg = opt.expr
	}
	exc = s.Guard(func() { doc = picture(s, name, arg) })
	return doc, exc
}

// picture draws %explain's or %strides' picture of src.
func picture(s *eval.Session, name, src string) string {
	defer s.SetSource(src)()
	var doc string
	var err error
	if name == "strides" {
		doc, err = stridesPicture(s, src).SVG()
	} else {
		doc, err = broadcastPicture(s, src).SVG()
	}
	if err != nil {
		eval.Throw("UsageError", msgSVGData, err)
	}
	return doc
}

func stridesPicture(s *eval.Session, src string) svg.Strides {
	e, err := lang.ParseExpr(src)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	name := strings.TrimSpace(lang.Source(src, e))
	t, ok := s.Eval(e).(*tensor.Tensor)
	if !ok {
		eval.Throw("UsageError", teach.MsgStridesNotT, name)
	}
	return svg.Strides{Name: name, Shape: t.Shape(), Strides: t.Strides(), Offset: t.Offset(),
		StorageLen: t.Storage().Len(), ItemSize: t.DType().ItemSize(), DType: t.DType().Name()}
}

// broadcastPicture is the picture of the elementwise operation that src
// is (an expression, or the value of an assignment): its operands'
// shapes, and the result's shape or where and how it fails. When an
// operand itself fails to evaluate, the picture is of that operand's
// operation.
func broadcastPicture(s *eval.Session, src string) svg.Broadcast {
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	if len(stmts) != 1 {
		eval.Throw("UsageError", "%s", teach.MsgExplainUsage)
	}
	var e lang.Expr
	switch st := stmts[0].(type) {
	case *lang.ExprStmt:
		e = st.X
	case *lang.AssignStmt:
		e = st.Value
	case *lang.AugAssignStmt:
		eval.Throw("UsageError", msgSVGInplace, strings.TrimSpace(src))
	default:
		eval.Throw("UsageError", msgSVGNotElementwise, strings.TrimSpace(src))
	}
	return pictureOf(s, e)
}

func pictureOf(s *eval.Session, e lang.Expr) svg.Broadcast {
	for {
		p, ok := e.(*lang.ParenExpr)
		if !ok {
			break
		}
		e = p.X
	}
	text := strings.TrimSpace(lang.Source(s.Source(), e))
	var args []lang.Expr
	call := false
	var inplace *lang.CallExpr // x.add_(y): run on a copy of x
	switch e := e.(type) {
	case *lang.BinaryExpr:
		if e.Op == lang.At || e.Op == lang.And || e.Op == lang.Or {
			eval.Throw("UsageError", msgSVGNotElementwise, text)
		}
		args = []lang.Expr{e.X, e.Y}
	case *lang.CompareExpr:
		if len(e.Ops) != 1 || e.Ops[0] >= lang.Is {
			eval.Throw("UsageError", msgSVGNotElementwise, text)
		}
		args = e.Operands
	case *lang.CallExpr:
		call = true
		if a, ok := e.Fn.(*lang.AttrExpr); ok {
			if strings.HasSuffix(a.Name, "_") {
				inplace = e
			}
			args = append(args, a.X) // the receiver of a method, or a module
		}
		for _, a := range e.Args {
			if a.Star != 0 {
				eval.Throw("UsageError", msgSVGNotElementwise, text)
			}
			if a.Name == "" {
				args = append(args, a.Value)
			}
		}
	default:
		eval.Throw("UsageError", msgSVGNotElementwise, text)
	}
	var ops []svg.Operand
	for _, a := range args {
		var v eval.Value
		if exc := s.Guard(func() { v = s.Eval(a) }); exc != nil {
			if drawable(a) {
				return pictureOf(s, a) // the operand's own operation fails
			}
			panic(exc)
		}
		name := strings.TrimSpace(lang.Source(s.Source(), a))
		switch v := eval.AsNumber(v).(type) {
		case *tensor.Tensor:
			ops = append(ops, svg.Operand{Name: name, Shape: v.Shape()})
		case eval.Bool, eval.Int, eval.Float:
			if !call { // a Python number is a 0-dim operand of an operator
				ops = append(ops, svg.Operand{Name: name, Shape: []int{}})
			}
		}
	}
	if len(ops) == 0 || call && len(ops) < 2 {
		eval.Throw("UsageError", msgSVGNotElementwise, text)
	}
	bc := svg.Broadcast{Expr: text, Operands: ops, FailDim: -1, InPlace: inplace != nil}
	shapes := make([][]int, len(ops))
	for i, op := range ops {
		shapes[i] = op.Shape
	}
	res, err := broadcast.Shapes(shapes...)
	if inplace != nil && err == nil && !equalInts(res, shapes[0]) {
		err = errInplaceShape // the result would not fit in the tensor written to
	}
	// What the operation does is the truth: run it and check that it did
	// what broadcasting says (an in-place one on a copy of its tensor).
	var v eval.Value
	var exc *eval.Exception
	if inplace != nil {
		v, exc = inplaceOnCopy(s, inplace)
	} else {
		exc = s.Guard(func() { v = s.Eval(e) })
	}
	switch {
	case err == nil && exc == nil:
		t, ok := v.(*tensor.Tensor)
		if !ok || !equalInts(t.Shape(), res) {
			eval.Throw("UsageError", msgSVGNotElementwise, text)
		}
		bc.Result = res
	case err == nil:
		panic(exc) // it fails for another reason than broadcasting
	case exc == nil || inplace == nil && !strings.Contains(exc.Msg, err.Error()):
		eval.Throw("UsageError", msgSVGNotElementwise, text)
	default:
		bc.FailDim = failingDim(shapes)
		if bc.FailDim < 0 {
			bc.FailDim = misfitDim(shapes[0], res)
		}
		bc.Message = exc.Error()
	}
	return bc
}

// errInplaceShape stands for an in-place operation whose broadcast
// result is larger than its tensor.
var errInplaceShape = errors.New("the broadcast shape is not the shape of the tensor written to")

// inplaceOnCopy runs an in-place method call (x.add_(y)) on a copy of its
// tensor, so that the picture can show what it does without modifying x.
func inplaceOnCopy(s *eval.Session, call *lang.CallExpr) (v eval.Value, exc *eval.Exception) {
	a := call.Fn.(*lang.AttrExpr)
	var t *tensor.Tensor
	if exc = s.Guard(func() { t, _ = s.Eval(a.X).(*tensor.Tensor) }); exc != nil {
		return nil, exc
	}
	if t == nil {
		eval.Throw("UsageError", msgSVGNotElementwise, strings.TrimSpace(lang.Source(s.Source(), call)))
	}
	args := s.Source()[call.Lparen.Offset:call.Rparen.Offset]
	e, err := lang.ParseExpr(svgCopyName + "." + a.Name + args)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	old, had := s.Globals()[svgCopyName]
	s.Globals()[svgCopyName] = t.Clone()
	defer func() {
		if had {
			s.Globals()[svgCopyName] = old
		} else {
			delete(s.Globals(), svgCopyName)
		}
	}()
	exc = s.Guard(func() { v = s.Eval(e) })
	return v, exc
}

// svgCopyName names the copy inplaceOnCopy works on (hidden from %who).
const svgCopyName = "__tensh_picture_copy"

// misfitDim is the dim of the broadcast shape res, from the left, that
// does not fit into the tensor of the given shape (the trailing-most).
func misfitDim(shape, res []int) int {
	for d := len(res) - 1; d >= 0; d-- {
		i := d - (len(res) - len(shape))
		if i < 0 || shape[i] != res[d] {
			return d
		}
	}
	return -1
}

// drawable reports whether e is a form pictureOf draws.
func drawable(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.ParenExpr:
		return drawable(e.X)
	case *lang.BinaryExpr, *lang.CompareExpr, *lang.CallExpr:
		return true
	}
	return false
}

// failingDim is the result's dim (from the left) at which broadcasting
// the shapes, left to right, fails (-1 when it does not): the first
// trailing suffix that runtime/broadcast refuses.
func failingDim(shapes [][]int) int {
	acc := []int{}
	for _, sh := range shapes {
		n := max(len(acc), len(sh))
		for k := 1; k <= n; k++ {
			if _, err := broadcast.InferSize(acc[max(0, len(acc)-k):], sh[max(0, len(sh)-k):]); err != nil {
				return n - k
			}
		}
		acc, _ = broadcast.InferSize(acc, sh)
	}
	return -1
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Messages of the pictures.
const (
	msgSVGUsage          = "%%%s --svg: give a file and an expression, e.g. %%%s --svg out.svg x + y (--svg -f to replace a file)"
	msgSVGWritten        = "picture written to %s"
	msgSVGExt            = "%%%s --svg writes SVG pictures, whose names end in .svg, not '%s'"
	msgSVGData           = "the picture cannot be drawn: %v"
	msgSVGNotElementwise = "%s: the picture shows an elementwise operation that broadcasts tensors (x + y, torch.where(c, x, y)); this is not one"
	msgSVGInplace        = "%s: the picture does not show in-place operations (it would modify the tensor)"
)
