package eval

// Attributes set on a function object: f.__doc__ = ..., f.__name__ = ...,
// and any other name (functools.wraps sets __wrapped__, __qualname__,
// __module__ and copies __dict__), kept in the function's __dict__.

func (f *Function) funcAttr(name string) (Value, bool) {
	if name == "__dict__" {
		if f.attrs == nil {
			f.attrs = NewDict()
		}
		return f.attrs, true
	}
	if f.attrs != nil {
		if v, ok := f.attrs.Get(Str(name)); ok {
			return v, true
		}
	}
	if name == "__module__" {
		return Str("__main__"), true
	}
	return nil, false
}

func (f *Function) setFuncAttr(name string, v Value) {
	switch name {
	case "__name__", "__qualname__":
		str, ok := v.(Str)
		if !ok {
			throw("TypeError", errFuncNameStr, name)
		}
		if name == "__name__" {
			f.Name = string(str)
			return
		}
	case "__doc__":
		f.Doc = v
		return
	case "__dict__":
		d, ok := v.(*Dict)
		if !ok {
			throw("TypeError", errFuncDictType, TypeName(v))
		}
		f.attrs = d
		return
	}
	if f.attrs == nil {
		f.attrs = NewDict()
	}
	f.attrs.SetItem(Str(name), v)
}
