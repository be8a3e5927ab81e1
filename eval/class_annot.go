package eval

import "github.com/tensh/tensh/lang"

// Annotated assignments (x: int = 1) and __annotations__.

// execAnnAssign runs an annotated assignment: the value is assigned; at
// module level and in a class body the annotation of a simple name is
// evaluated and recorded in __annotations__.
func (s *Session) execAnnAssign(st *lang.AnnAssignStmt) {
	if st.Value != nil {
		s.assign(st.Target, s.eval(st.Value))
	}
	if s.frame != nil && s.classNS == nil {
		return // a function's annotations are not evaluated
	}
	ann := s.eval(st.Annotation)
	if !st.Simple {
		return
	}
	name := st.Target.(*lang.Ident).Name
	s.annotations().SetItem(Str(name), ann)
}

// annotations is the __annotations__ dict of the module or class body
// being run, made on first use.
func (s *Session) annotations() *Dict {
	if s.classNS != nil {
		if d, ok := s.classNS.getStr("__annotations__"); ok {
			if dd, ok := d.(*Dict); ok {
				return dd
			}
		}
		d := NewDict()
		s.classNS.SetItem(Str("__annotations__"), d)
		return d
	}
	if d, ok := s.globals["__annotations__"].(*Dict); ok {
		return d
	}
	d := NewDict()
	s.globals["__annotations__"] = d
	return d
}

// evalAnnotations evaluates a def's parameter and return annotations,
// as CPython does when the def runs; nil when it has none.
func (s *Session) evalAnnotations(d *lang.FuncDef) *Dict {
	var ann *Dict
	add := func(name string, e lang.Expr) {
		if e == nil {
			return
		}
		if ann == nil {
			ann = NewDict()
		}
		ann.SetItem(Str(name), s.eval(e))
	}
	for _, p := range d.Params {
		add(p.Name, p.Annotation)
	}
	add("return", d.Returns)
	return ann
}

// slotNamesOf is the attributes the objects of a class with __slots__
// may have (nil: they have a __dict__).
func (s *Session) slotNamesOf(ns *Dict, bases []*Class) map[string]bool {
	sl, ok := ns.getStr("__slots__")
	if !ok {
		return nil
	}
	names := map[string]bool{}
	var items []Value
	if str, isStr := sl.(Str); isStr {
		items = []Value{str}
	} else {
		items = s.iterValues(sl)
	}
	for _, it := range items {
		n, ok := it.(Str)
		if !ok {
			throw("TypeError", errSlotsStr, TypeName(it))
		}
		if n == "__dict__" {
			return nil
		}
		names[string(n)] = true
	}
	for _, b := range bases {
		if b.classInfo == nil {
			continue
		}
		if b.slotNames == nil {
			return nil
		}
		for n := range b.slotNames {
			names[n] = true
		}
	}
	return names
}

const errSlotsStr = "__slots__ items must be strings, not '%s'"
