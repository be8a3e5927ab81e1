package eval

// Exceptions as objects of classes: user exception classes (their objects
// are *Exception with cls set), BaseException's methods, the class-based
// matching of except clauses, attributes of exception objects.

// Messages of exception objects.
const (
	errNoteNotStr   = "note must be a str, not '%s'"
	errStrReturned  = "__str__ returned non-string (type %s)"
	errReprReturned = "__repr__ returned non-string (type %s)"
)

func (e *Exception) objClass() *Class {
	if e.cls != nil {
		return e.cls
	}
	if c, ok := excClasses[e.Type]; ok {
		return c
	}
	return excClasses["Exception"]
}

func (e *Exception) objDict() *Dict { return e.dict }

// isA reports whether e is an instance of the builtin exception class
// name (or of a subclass of it).
func (e *Exception) isA(name string) bool {
	if e.cls == nil {
		return excSubclass(e.Type, name)
	}
	b, ok := excClasses[name]
	return ok && e.cls.subclassOf(b)
}

// IsA reports whether e is an instance of the builtin exception class
// name or of a subclass of it (user classes included).
func (e *Exception) IsA(name string) bool { return e.isA(name) }

// isExceptionClass reports whether c derives from BaseException.
func isExceptionClass(c *Class) bool {
	if c.classInfo == nil {
		return isExcClass(c)
	}
	return c.solid != nil && isExcClass(c.solid)
}

// excMethods are BaseException's methods.
var excMethods = map[string]*Builtin{}

func excMethod(name string, fn func(a *Args) Value) {
	excMethods[name] = &Builtin{Name: name, Fn: fn}
}

func init() {
	excMethod("__new__", func(a *Args) Value {
		c, ok := a.Self.(*Class)
		if !ok || !isExceptionClass(c) {
			throw("TypeError", errNewNotType, "BaseException", TypeName(a.Self))
		}
		if c.classInfo == nil {
			return newException(c.Name, &Args{s: a.s, Pos: a.Pos})
		}
		return a.s.newObject(c, &Args{s: a.s, Pos: a.Pos})
	})
	excMethod("__init__", func(a *Args) Value {
		e := a.Self.(*Exception)
		e.Args = Tuple(append([]Value{}, a.Pos...))
		e.HasArgs = true
		if e.cls == nil {
			e.Msg = excStr(e.Type, e.Args)
		}
		return None
	})
	excMethod("__str__", func(a *Args) Value { return Str(excStrOf(a.Self.(*Exception))) })
	excMethod("__repr__", func(a *Args) Value { return Str(excRepr(a.Self.(*Exception))) })
	excMethod("with_traceback", func(a *Args) Value { return a.Self })
	excMethod("add_note", func(a *Args) Value {
		argCount(a, "add_note", 1, 1)
		note := a.Pos[0]
		if _, ok := note.(Str); !ok {
			throw("TypeError", errNoteNotStr, TypeName(note))
		}
		e := a.Self.(*Exception)
		if e.notes == nil {
			e.notes = &List{}
		}
		e.notes.Elems = append(e.notes.Elems, note)
		return None
	})
}

// excStrOf is BaseException.__str__.
func excStrOf(e *Exception) string {
	if e.cls == nil {
		return e.Msg
	}
	args := e.ExcArgs()
	if len(args) == 1 && e.isA("KeyError") {
		return Repr(args[0])
	}
	return excStr("", args)
}

// excGetAttr is e.name.
func (s *Session) excGetAttr(e *Exception, name string) (Value, bool) {
	if e.cls != nil {
		if v, ok := excAttr(e, name); ok && name != "args" {
			if _, shadow := e.cls.lookup(name); !shadow {
				return v, true
			}
		}
		if name == "args" {
			if _, shadow := e.cls.lookup(name); !shadow {
				return e.ExcArgs(), true
			}
		}
		return s.objGetAttr(e, e.cls, e.dict, name)
	}
	if e.dict != nil {
		if v, ok := e.dict.getStr(name); ok {
			return v, true
		}
	}
	if v, ok := excAttr(e, name); ok {
		return v, true
	}
	if e.group != nil {
		if v, ok := s.groupAttr(e, name); ok {
			return v, true
		}
	}
	switch name {
	case "__class__":
		return e.objClass(), true
	case "__dict__":
		if e.dict == nil {
			e.dict = NewDict()
		}
		return e.dict, true
	}
	if b, ok := excMethods[name]; ok && name != "__new__" {
		return &BoundMethod{Self: e, Fn: b}, true
	}
	return nil, false
}

// excSetAttr is e.name = v.
func (s *Session) excSetAttr(e *Exception, name string, v Value) {
	switch name {
	case "args":
		e.Args = Tuple(s.iterValues(v))
		e.HasArgs = true
		if e.cls == nil {
			e.Msg = excStr(e.Type, e.Args)
		}
		return
	case "__cause__":
		e.Cause = s.excOrNone(v, errCauseMustDerive)
		e.SuppressContext = true
		return
	case "__context__":
		e.Context = s.excOrNone(v, errContextMustDerive)
		return
	case "__suppress_context__":
		e.SuppressContext = s.truth(v)
		return
	case "__notes__":
		if l, ok := v.(*List); ok {
			e.notes = l
			return
		}
	case "__traceback__":
		return
	}
	if e.dict == nil {
		e.dict = NewDict()
	}
	if e.cls != nil {
		s.objSetAttr(e, e.cls, e.dict, name, v)
		return
	}
	e.dict.SetItem(Str(name), v)
}

const errContextMustDerive = "exception context must be None or derive from BaseException"

func (s *Session) excOrNone(v Value, msg string) *Exception {
	if v == None {
		return nil
	}
	e, ok := v.(*Exception)
	if !ok {
		throw("TypeError", "%s", msg)
	}
	return e
}

// excMessage is str(e) as the traceback's last line shows it.
func (s *Session) excMessage(e *Exception) string {
	if e.cls == nil {
		return e.Msg
	}
	return ToStr(e)
}

// noteLines are the notes add_note attached, each on a line of its own
// after the message (as the traceback shows them).
func (e *Exception) noteLines() string {
	if e.notes == nil {
		return ""
	}
	var b []byte
	for _, n := range e.notes.Elems {
		b = append(b, '\n')
		b = append(b, ToStr(n)...)
	}
	return string(b)
}
