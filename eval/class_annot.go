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
