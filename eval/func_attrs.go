package eval

// Attributes of a function object read through its __dict__ (f.Dict):
// functools.wraps sets __wrapped__, __qualname__, __module__ and copies
// __dict__; setting them is setFunctionAttr (attrs_del.go).

func (f *Function) funcAttr(name string) (Value, bool) {
	if name == "__dict__" {
		if f.Dict == nil {
			f.Dict = NewDict()
		}
		return f.Dict, true
	}
	if f.Dict != nil {
		if v, ok := f.Dict.Get(Str(name)); ok {
			return v, true
		}
	}
	if name == "__module__" {
		return Str("__main__"), true
	}
	return nil, false
}
