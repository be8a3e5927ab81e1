package eval

import (
	"fmt"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The iteration protocol of for loops, unpacking and comprehensions, and
// generator expressions.

// valueIter is the iterator protocol of iter.go, under the name the
// statement evaluator uses.
type valueIter = Iterator

// iter is iter(v) for the statement evaluator: a generator is its own
// iterator; everything else goes through Iterate.
func (s *Session) iter(v Value) valueIter {
	if g, ok := v.(*Generator); ok {
		return g
	}
	return Iterate(v)
}

// iterValues is the items of an iterable, for unpacking.
func (s *Session) iterValues(v Value) []Value {
	switch x := v.(type) {
	case *List:
		return x.Elems
	case Tuple:
		return x
	}
	it := s.iter(v)
	var out []Value
	for {
		x, ok := it.Next()
		if !ok {
			return out
		}
		poll()
		out = append(out, x)
	}
}

// unpackTargets assigns the items of v to targets, one of which may be
// starred (a, *b = v).
func (s *Session) unpackTargets(targets []lang.Expr, v Value) {
	switch v.(type) {
	case Tuple, *List, Str, Size, Range, *tensor.Tensor, *NamedTuple, *Dict, *Set, *Generator:
	default:
		if !isIterable(v) {
			throw("TypeError", errCannotUnpack, TypeName(v))
		}
	}
	elems := s.iterValues(v)
	star := -1
	for i, t := range targets {
		if _, ok := t.(*lang.StarredExpr); ok {
			star = i
		}
	}
	if star < 0 {
		if len(elems) > len(targets) {
			throw("ValueError", errTooManyUnpack, len(targets))
		}
		if len(elems) < len(targets) {
			throw("ValueError", errNotEnoughUnpack, len(targets), len(elems))
		}
		for i, t := range targets {
			s.assign(t, elems[i])
		}
		return
	}
	after := len(targets) - star - 1
	if len(elems) < len(targets)-1 {
		throw("ValueError", errNotEnoughUnpackStar, len(targets)-1, len(elems))
	}
	for i := 0; i < star; i++ {
		s.assign(targets[i], elems[i])
	}
	mid := append([]Value{}, elems[star:len(elems)-after]...)
	s.assign(targets[star].(*lang.StarredExpr).X, &List{Elems: mid})
	for i := 0; i < after; i++ {
		s.assign(targets[star+1+i], elems[len(elems)-after+i])
	}
}

const errNotEnoughUnpackStar = "not enough values to unpack (expected at least %d, got %d)"

// ---- Generator expressions and comprehensions ----

// Generator is the value of a generator expression: it runs its clauses
// lazily, one item at a time, in its own frame.
type Generator struct {
	s    *Session
	comp *lang.CompExpr
	fr   *frame
	its  []valueIter // one per active for clause
	done bool
	// running is set while the generator computes an item.
	running bool
	addr    uintptr
}

// newGenerator starts a comprehension: the first iterable is evaluated
// now, in the enclosing scope.
func (s *Session) newGenerator(e *lang.CompExpr) *Generator {
	code := s.analyzeScope(e, s.enclosingCodes())
	first := s.iter(s.eval(e.Clauses[0].Iter))
	fn := &Function{Name: code.name, code: code, closure: s.capture(code)}
	fr := newFrame(code, fn)
	fr.line = exprLine(e)
	return &Generator{s: s, comp: e, fr: fr, its: []valueIter{first}}
}

func (g *Generator) next() (Value, bool) {
	if g.running {
		throw("ValueError", errGenRunning)
	}
	if g.done {
		return nil, false
	}
	s := g.s
	s.pushFrame(g.fr)
	g.done, g.running = true, true // until the step ends normally
	v, ok := g.step()
	g.done, g.running = !ok, false
	s.popFrame()
	return v, ok
}

const errGenRunning = "generator already executing"

func (g *Generator) step() (Value, bool) {
	s := g.s
	cls := g.comp.Clauses
	for {
		d := len(g.its) - 1
		if d < 0 {
			return nil, false
		}
		v, ok := g.its[d].Next()
		if !ok {
			g.its = g.its[:d]
			continue
		}
		poll()
		if id, simple := cls[d].Target.(*lang.Ident); simple {
			s.storeIdent(id, v)
		} else {
			s.assign(cls[d].Target, v)
		}
		pass := true
		for _, cond := range cls[d].Ifs {
			if !s.truth(s.eval(cond)) {
				pass = false
				break
			}
		}
		if !pass {
			continue
		}
		if d == len(cls)-1 {
			if g.comp.Kind == lang.CompDict {
				k := s.eval(g.comp.Key)
				return Tuple{k, s.eval(g.comp.Elt)}, true
			}
			return s.eval(g.comp.Elt), true
		}
		g.its = append(g.its, s.iter(s.eval(cls[d+1].Iter)))
	}
}

// Next returns the generator's next item, and false when it is
// exhausted (next(), iter() and the like use it).
func (g *Generator) Next() (Value, bool) { return g.next() }

// Iter makes a generator an Iterable: it is its own iterator.
func (g *Generator) Iter() Iterator { return g }

// drain is the remaining items of a generator.
func (g *Generator) drain() []Value {
	var out []Value
	for {
		v, ok := g.next()
		if !ok {
			return out
		}
		out = append(out, v)
	}
}

func generatorRepr(g *Generator) string {
	if g.addr == 0 {
		g.addr = nextObjectAddr()
	}
	return fmt.Sprintf("<generator object %s at 0x%x>", g.fr.code.name, g.addr)
}

// capture returns the cells of code's free variables, from the current
// frame.
func (s *Session) capture(code *funcCode) []*cell {
	if len(code.free) == 0 {
		return nil
	}
	out := make([]*cell, len(code.free))
	for name, i := range code.free {
		c := s.nameCell(name)
		if c == nil {
			c = &cell{}
		}
		out[i] = c
	}
	return out
}

// evalComp evaluates a comprehension or generator expression.
func (s *Session) evalComp(e *lang.CompExpr) Value {
	g := s.newGenerator(e)
	switch e.Kind {
	case lang.CompGen:
		return g
	case lang.CompSet:
		set := NewSet()
		for v, ok := g.next(); ok; v, ok = g.next() {
			set.Add(v)
		}
		return set
	case lang.CompDict:
		d := NewDict()
		for v, ok := g.next(); ok; v, ok = g.next() {
			kv := v.(Tuple)
			d.SetItem(kv[0], kv[1])
		}
		return d
	}
	l := &List{}
	for v, ok := g.next(); ok; v, ok = g.next() {
		l.Elems = appendSlot(l.Elems, v)
	}
	return l
}

// evalExt evaluates the expressions of the statement language.
func (s *Session) evalExt(e lang.Expr) Value {
	switch e := e.(type) {
	case *lang.YieldExpr:
		return s.evalYield(e)
	case *lang.LambdaExpr:
		return s.makeFunction(e, "<lambda>", e.Params)
	case *lang.CompExpr:
		return s.evalComp(e)
	case *lang.DictExpr:
		d := NewDict()
		for i, k := range e.Keys {
			if k == nil {
				m := s.eval(e.Values[i])
				md, ok := m.(*Dict)
				if !ok {
					throw("TypeError", errNotMapping, TypeName(m))
				}
				for j, mk := range md.Keys {
					d.SetItem(mk, md.Vals[j])
				}
				continue
			}
			kv := s.eval(k)
			d.SetItem(kv, s.eval(e.Values[i]))
		}
		return d
	case *lang.SetExpr:
		set := NewSet()
		for _, v := range s.evalElemsIter(e.Elems) {
			set.Add(v)
		}
		return set
	}
	throw("SyntaxError", errInvalidSyntax)
	return nil
}

// evalElemsIter evaluates the elements of a display, unpacking starred
// ones with the iteration protocol.
func (s *Session) evalElemsIter(elems []lang.Expr) []Value {
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
