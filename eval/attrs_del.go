package eval

// delAttr is del x.name.
func (s *Session) delAttr(x Value, name string) {
	switch o := x.(type) {
	case *Instance:
		s.objDelAttr(o, o.Class, o.Dict, name)
		return
	case *Exception:
		if o.cls != nil {
			s.objDelAttr(o, o.cls, o.dict, name)
			return
		}
		if o.dict != nil && o.dict.Delete(Str(name)) {
			return
		}
	case *Class:
		s.classDelAttr(o, name)
		return
	case *Function:
		if o.Dict != nil && o.Dict.Delete(Str(name)) {
			return
		}
	}
	throw("AttributeError", errCannotDeleteAttr, name)
}

// setFunctionAttr is f.name = v: __doc__, __name__, __qualname__ and
// the function's own attributes.
func (s *Session) setFunctionAttr(f *Function, name string, v Value) bool {
	switch name {
	case "__doc__":
		f.Doc = v
		return true
	case "__name__":
		if n, ok := v.(Str); ok {
			f.Name = string(n)
			return true
		}
		throw("TypeError", errFuncNameStr, "__name__")
	case "__qualname__":
		if n, ok := v.(Str); ok {
			f.qual = string(n)
			return true
		}
		throw("TypeError", errFuncNameStr, "__qualname__")
	case "__dict__":
		d, ok := v.(*Dict)
		if !ok {
			throw("TypeError", errFuncDictType, TypeName(v))
		}
		f.Dict = d
		return true
	}
	if f.Dict == nil {
		f.Dict = NewDict()
	}
	f.Dict.SetItem(Str(name), v)
	return true
}

const (
	errFuncNameStr  = "%s must be set to a string object"
	errFuncDictType = "__dict__ must be set to a dictionary, not a '%s'"
)
