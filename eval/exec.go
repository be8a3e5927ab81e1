package eval

import (
	"fmt"
	"strconv"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

func (s *Session) execStmt(st lang.Stmt) {
	switch st := st.(type) {
	case *lang.ExprStmt:
		v := s.eval(st.X)
		if _, isNone := v.(NoneType); !isNone {
			s.display(v)
		}
	case *lang.AssignStmt:
		v := s.eval(st.Value)
		for _, t := range st.Targets {
			s.assign(t, v)
		}
	case *lang.AugAssignStmt:
		s.augAssign(st)
	case *lang.DelStmt:
		for _, t := range st.Targets {
			s.del(t)
		}
	case *lang.ImportStmt:
		s.importStmt(st)
	case *lang.PassStmt:
	default:
		throw("SyntaxError", errInvalidSyntax)
	}
}

// printValue prints the repr of an expression statement's value.
func (s *Session) printValue(v Value) {
	s.write(Repr(v) + "\n")
}

func (s *Session) write(text string) {
	_, _ = s.opts.Out.Write([]byte(text))
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// assign binds v to a target expression.
func (s *Session) assign(target lang.Expr, v Value) {
	switch t := target.(type) {
	case *lang.Ident:
		s.storeIdent(t, v)
	case *lang.ParenExpr:
		s.assign(t.X, v)
	case *lang.TupleExpr:
		s.unpackTargets(t.Elems, v)
	case *lang.ListExpr:
		s.unpackTargets(t.Elems, v)
	case *lang.AttrExpr:
		s.setAttr(s.eval(t.X), t.Name, v)
	case *lang.IndexExpr:
		x := s.eval(t.X)
		idx := s.evalIndex(t.Index)
		s.setItem(x, idx, v)
	default:
		throw("SyntaxError", errCannotAssignExpr)
	}
}

func (s *Session) del(target lang.Expr) {
	switch t := target.(type) {
	case *lang.Ident:
		s.delName(t.Name)
	case *lang.ParenExpr:
		s.del(t.X)
	case *lang.TupleExpr:
		for _, e := range t.Elems {
			s.del(e)
		}
	case *lang.ListExpr:
		for _, e := range t.Elems {
			s.del(e)
		}
	case *lang.IndexExpr:
		x := s.eval(t.X)
		idx := s.evalIndex(t.Index)
		delItem(x, idx)
	case *lang.AttrExpr:
		s.delAttr(s.eval(t.X), t.Name)
	default:
		throw("SyntaxError", errCantDelete, "expression")
	}
}

func (s *Session) augAssign(st *lang.AugAssignStmt) {
	switch t := st.Target.(type) {
	case *lang.Ident:
		old := s.loadIdent(t)
		y := s.eval(st.Value)
		if r, ok := fastIntOp(st.Op, old, y); ok {
			s.storeIdent(t, r)
			return
		}
		s.storeIdent(t, s.inplaceAt(st, old, y))
	case *lang.AttrExpr:
		x := s.eval(t.X)
		if o, ok := x.(*Instance); ok && s.augInstanceAttr(o, t, st) {
			return
		}
		old := s.getAttr(x, t.Name)
		s.setAttr(x, t.Name, s.inplaceAt(st, old, s.eval(st.Value)))
	case *lang.IndexExpr:
		x := s.eval(t.X)
		idx := s.evalIndex(t.Index)
		old := s.getItem(x, idx)
		s.setItem(x, idx, s.inplaceAt(st, old, s.eval(st.Value)))
	case *lang.ParenExpr:
		s.augAssign(&lang.AugAssignStmt{Target: t.X, OpPos: st.OpPos, Op: st.Op, Value: st.Value})
	default:
		throw("SyntaxError", errAugAssignIllegal)
	}
}

// inplaceBinary is x op= y: in place for tensors (except @) and lists.
// When neither the in-place nor the plain operator applies, Python's
// TypeError names the augmented operator ("+=").
func (s *Session) inplaceBinary(op lang.Op, x, y Value) Value {
	defer func() {
		if r := recover(); r != nil {
			plain := fmt.Sprintf(errUnsupportedBinary, binaryOpName(op), TypeName(x), TypeName(y))
			if e, ok := r.(*Exception); ok && e.Type == "TypeError" && e.Msg == plain {
				e.Msg = fmt.Sprintf(errUnsupportedBinary, op.String()+"=", TypeName(x), TypeName(y))
			}
			panic(r)
		}
	}()
	if ip, ok := x.(InplaceOperand); ok {
		if v, ok := ip.Inplace(s, op, y); ok {
			return v
		}
	}
	switch xv := x.(type) {
	case *tensor.Tensor:
		if op != lang.At {
			var r Value
			whole(func() { r = Tensors.Inplace(s, op, xv, y) })
			return r
		}
	case *Set:
		if r, ok := setInplace(op, xv, y); ok {
			return r
		}
	case *List:
		if op == lang.Plus {
			items := iterate(y)
			checkSlots(len(xv.Elems) + len(items))
			xv.Elems = append(xv.Elems, items...)
			return xv
		}
		if op == lang.Star {
			n, ok := y.(Int)
			if ok {
				r := s.binary(op, xv, n).(*List)
				xv.Elems = r.Elems
				return xv
			}
		}
	}
	return s.binary(op, x, y)
}

// eval evaluates an expression.
func (s *Session) eval(e lang.Expr) Value {
	switch e := e.(type) {
	case *lang.Ident:
		return s.loadIdent(e)
	case *lang.IntLit:
		if e.Big != "" {
			return parseBigInt(e.Big)
		}
		return MakeInt(e.Value)
	case *lang.FloatLit:
		return Float(e.Value)
	case *lang.ImagLit:
		return Complex{Im: e.Value}
	case *lang.StringLit:
		return Str(e.Value)
	case *lang.FString:
		return Str(s.evalFString(e))
	case *lang.Const:
		switch e.Kind {
		case lang.None:
			return None
		case lang.True:
			return Bool(true)
		case lang.False:
			return Bool(false)
		}
		return Ellipsis
	case *lang.ParenExpr:
		return s.eval(e.X)
	case *lang.ListExpr:
		return &List{Elems: s.evalElems(e.Elems)}
	case *lang.TupleExpr:
		return Tuple(s.evalElems(e.Elems))
	case *lang.UnaryExpr:
		x := s.eval(e.X)
		if e.Op == lang.Not {
			return Bool(!s.truth(x))
		}
		return s.unary(e.Op, x)
	case *lang.BinaryExpr:
		switch e.Op {
		case lang.And:
			x := s.eval(e.X)
			if !s.truth(x) {
				return x
			}
			return s.eval(e.Y)
		case lang.Or:
			x := s.eval(e.X)
			if s.truth(x) {
				return x
			}
			return s.eval(e.Y)
		}
		x := s.eval(e.X)
		y := s.eval(e.Y)
		if r, ok := fastIntOp(e.Op, x, y); ok {
			return r
		}
		return s.binaryAt(e, x, y)
	case *lang.CompareExpr:
		x := s.eval(e.Operands[0])
		var result Value
		for i, op := range e.Ops {
			y := s.eval(e.Operands[i+1])
			if r, ok := fastIntCompare(op, x, y); ok {
				result = r
			} else {
				result = s.compareAt(e, i, op, x, y)
			}
			if i < len(e.Ops)-1 && !s.truth(result) {
				return result
			}
			x = y
		}
		return result
	case *lang.CondExpr:
		if s.truth(s.eval(e.Cond)) {
			return s.eval(e.Then)
		}
		return s.eval(e.Else)
	case *lang.CallExpr:
		return s.evalCall(e)
	case *lang.AttrExpr:
		x := s.eval(e.X)
		prev := s.curNode
		s.curNode = e
		r := s.getAttr(x, e.Name)
		s.curNode = prev
		return r
	case *lang.IndexExpr:
		x, idx := s.eval(e.X), s.evalIndex(e.Index)
		prev := s.curNode
		s.curNode = e
		r := s.getItem(x, idx)
		s.curNode = prev
		return r
	case *lang.SliceExpr:
		return s.evalSlice(e)
	case *lang.StarredExpr:
		throw("SyntaxError", errStarredHere)
	}
	return s.evalExt(e)
}

// binaryAt evaluates a binary operator node. It notes the operation for
// hints (the note stays when it fails) and reports broadcasts to %trace.
func (s *Session) binaryAt(e *lang.BinaryExpr, x, y Value) Value {
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Op: e.Op, X: x, Y: y}
	s.curNode = e
	r := s.binary(e.Op, x, y)
	s.teach.ctx, s.curNode = prev, prevNode
	if s.teach.tracing && Teaching.TraceOperator != nil {
		Teaching.TraceOperator(s, s.src, e.X, e.Y, e.Op, x, y, r)
	}
	return r
}

// compareAt evaluates the i-th comparison of a chain (as binaryAt).
func (s *Session) compareAt(e *lang.CompareExpr, i int, op lang.Op, x, y Value) Value {
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Op: op, X: x, Y: y}
	s.curNode = e
	r := s.compare(op, x, y)
	s.teach.ctx, s.curNode = prev, prevNode
	if s.teach.tracing && Teaching.TraceOperator != nil {
		Teaching.TraceOperator(s, s.src, e.Operands[i], e.Operands[i+1], op, x, y, r)
	}
	return r
}

// inplaceAt evaluates an augmented assignment's operation (as binaryAt).
func (s *Session) inplaceAt(st *lang.AugAssignStmt, x, y Value) Value {
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: st, Op: st.Op, X: x, Y: y}
	s.curNode = st
	r := s.inplaceBinary(st.Op, x, y)
	s.teach.ctx, s.curNode = prev, prevNode
	if s.teach.tracing && Teaching.TraceOperator != nil {
		if _, isT := x.(*tensor.Tensor); isT && st.Op == lang.At {
			Teaching.TraceOperator(s, s.src, st.Target, st.Value, st.Op, x, y, r)
		} else {
			Teaching.TraceInplace(s, s.src, st, x, y)
		}
	}
	return r
}

func (s *Session) evalElems(elems []lang.Expr) []Value {
	out := make([]Value, 0, len(elems))
	for _, el := range elems {
		if st, ok := el.(*lang.StarredExpr); ok {
			out = append(out, s.iterValues(s.eval(st.X))...)
			continue
		}
		out = append(out, s.eval(el))
	}
	return out
}

func (s *Session) evalSlice(e *lang.SliceExpr) Value {
	sl := &Slice{Start: None, Stop: None, Step: None}
	if e.Lo != nil {
		sl.Start = s.eval(e.Lo)
	}
	if e.Hi != nil {
		sl.Stop = s.eval(e.Hi)
	}
	if e.Step != nil {
		sl.Step = s.eval(e.Step)
	}
	return sl
}

// evalIndex evaluates a subscript: a tuple index stays a Tuple.
func (s *Session) evalIndex(e lang.Expr) Value {
	return s.eval(e)
}

func (s *Session) evalCall(e *lang.CallExpr) Value {
	var fn Value
	if ae, ok := e.Fn.(*lang.AttrExpr); ok {
		x := s.eval(ae.X)
		if o, ok := x.(*Instance); ok && !s.teach.tracing {
			if r, ok := s.evalMethodCall(e, ae, o); ok {
				return r
			}
		}
		prev := s.curNode
		s.curNode = ae
		fn = s.getAttr(x, ae.Name)
		s.curNode = prev
	} else {
		fn = s.eval(e.Fn)
		if c, ok := fn.(*Class); ok && c.classInfo != nil && !s.teach.tracing {
			if r, ok := s.evalNewObject(e, c); ok {
				return r
			}
		}
	}
	if f, ok := fn.(*Function); ok && f.code.plain && len(e.Args) == len(f.code.params) && len(e.Args) <= 6 && !s.teach.tracing {
		if r, ok := s.callPlain(e, f); ok {
			return r
		}
	}
	args := &Args{s: s, Pos: make([]Value, 0, len(e.Args))}
	for _, a := range e.Args {
		switch {
		case a.Star == 1:
			args.Pos = append(args.Pos, s.iterValues(s.eval(a.Value))...)
		case a.Star == 2:
			args.Kw = kwargsOf(callName(fn), s.eval(a.Value), args.Kw)
		case a.Name != "":
			v := s.eval(a.Value)
			for _, kw := range args.Kw {
				if kw.Name == a.Name {
					// Only after a **mapping (the compiler rejects
					// f(x=1, x=2)): a run-time TypeError, as in CPython.
					throw("TypeError", errKwMultiple, callName(fn), a.Name)
				}
			}
			args.Kw = append(args.Kw, KwArg{Name: a.Name, Value: v})
		default:
			args.Pos = append(args.Pos, s.eval(a.Value))
		}
	}
	prev, prevNode := s.teach.ctx, s.curNode
	s.teach.ctx = OpContext{Node: e, Fn: fn, Args: args}
	s.curNode = e
	r := s.Call(fn, args)
	s.teach.ctx, s.curNode = prev, prevNode
	if s.teach.tracing && Teaching.TraceOperator != nil {
		Teaching.TraceCall(s, s.src, e, fn, args, r)
	}
	return r
}

// callBuiltin runs a builtin, through autograd when it needs it.
func (s *Session) callBuiltin(f *Builtin, args *Args) Value {
	if Tensors.CallBuiltin != nil {
		return Tensors.CallBuiltin(s, f, args)
	}
	return orNone(f.Fn(args))
}

// Call calls a callable value.
func (s *Session) Call(fn Value, args *Args) Value {
	if Tensors.CheckCall != nil {
		Tensors.CheckCall(fn, args)
	}
	s.warnBoolStores(fn, args) // index_warn.go
	if writesInPlace(fn, args) {
		return s.callWhole(fn, args)
	}
	args.s = s
	switch f := fn.(type) {
	case *Builtin:
		args.Name = f.Name
		return s.callBuiltin(f, args)
	case *BoundMethod:
		args.Name = f.Fn.Name
		args.Self = f.Self
		return s.callBuiltin(f.Fn, args)
	case *Class:
		if f.classInfo != nil {
			return s.callClass(f, args)
		}
		if f.Call != nil {
			args.Name = f.Name
			return orNone(f.Call(args))
		}
	case *Function:
		args.Name = f.Name
		return s.callFunction(f, args)
	case *PyMethod:
		return s.callMethodValue(f, args)
	case *methodDescr:
		return s.callDescr(f, args)
	case *StaticMethod:
		return s.Call(f.Fn, args)
	case pyCaller:
		return orNone(f.pyCall(args))
	case Caller:
		return f.Call(s, args) // e.g. @torch.no_grad()
	}
	throw("TypeError", errNotCallable, TypeName(fn))
	return nil
}

func orNone(v Value) Value {
	if v == nil {
		return None
	}
	return v
}

func parseBigInt(dec string) Value {
	if i, err := strconv.ParseInt(dec, 10, 64); err == nil {
		return MakeInt(i)
	}
	b, ok := newBig(dec)
	if !ok {
		throw("ValueError", errIntLiteral, 10, strconv.Quote(dec))
	}
	return MakeBigInt(b)
}
