package eval

import "strings"

// Setting and deleting attributes of classes, and the names dir() and
// "Did you mean" see on objects of classes.

// classSetAttr is C.name = v.
func (s *Session) classSetAttr(c *Class, name string, v Value) {
	if c.classInfo == nil {
		throw("TypeError", errCantSetBuiltin, name, c.pyName())
	}
	if c.Meta != nil {
		if sa, ok := c.Meta.lookup("__setattr__"); ok {
			if !isBuiltinDescr(sa) {
				s.callMethodOf(sa, c, Str(name), v)
				return
			}
		}
	}
	s.classSetAttrRaw(c, name, v)
}

// classDelAttr is del C.name.
func (s *Session) classDelAttr(c *Class, name string) {
	if c.classInfo == nil {
		throw("TypeError", errCantSetBuiltin, name, c.pyName())
	}
	if !c.Dict.Delete(Str(name)) {
		throw("AttributeError", errTypeNoAttr, c.PyName, name)
	}
	classEpoch++
}

// classAttrNames are the names dir() and "Did you mean" see on an object
// of class c with dict d.
func classAttrNames(c *Class, d *Dict) []string {
	seen := map[string]bool{}
	var names []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if d != nil {
		for _, k := range d.Keys {
			if n, ok := k.(Str); ok {
				add(string(n))
			}
		}
	}
	for _, m := range c.MRO() {
		if m.classInfo != nil {
			for _, k := range m.Dict.Keys {
				if n, ok := k.(Str); ok {
					add(string(n))
				}
			}
			for n := range m.goMethods {
				add(n)
			}
			continue
		}
		if names2, ok := pyDirs[m.pyName()]; ok {
			for _, n := range names2 {
				add(n)
			}
		} else {
			for n := range typeMethods[m.pyName()] {
				add(n)
			}
		}
	}
	if c.solid != nil && isExcClass(c.solid) {
		for _, n := range []string{"args", "with_traceback", "add_note", "__cause__", "__context__", "__traceback__", "__suppress_context__"} {
			add(n)
		}
	}
	for _, n := range objectDir {
		add(n)
	}
	return names
}

// objectDir is dir(object()).
var objectDir = strings.Fields("__class__ __delattr__ __dir__ __doc__ __eq__ __format__ __ge__ __getattribute__ __getstate__ __gt__ __hash__ __init__ __init_subclass__ __le__ __lt__ __ne__ __new__ __reduce__ __reduce_ex__ __repr__ __setattr__ __sizeof__ __str__ __subclasshook__")

// isBuiltinDescr reports whether v is a builtin type's method (object's
// __setattr__, ...), not one a Python or Go class defined.
func isBuiltinDescr(v Value) bool {
	d, ok := v.(*methodDescr)
	return ok && d.owner.classInfo == nil
}
