package eval

// copy.copy and copy.deepcopy of objects of Python classes (and of
// exceptions of user classes): __copy__ / __deepcopy__ when the class
// defines them, else a new object of the same class whose __dict__ (and
// builtin value) is copied, as copy's __reduce_ex__ path does.

func init() { RegisterCopy(copyObject) }

func copyObject(s *Session, x Value, deep bool, memo map[any]Value) (Value, bool) {
	switch o := x.(type) {
	case *Instance:
		name := "__copy__"
		if deep {
			name = "__deepcopy__"
		}
		if f, ok := o.Class.userMethod(name); ok && f != None {
			if deep {
				return o.call(f, NewDict()), true
			}
			return o.call(f), true
		}
		n := newInstance(s, o.Class, nil)
		if deep {
			memo[x] = n
		}
		if o.Base != nil {
			if deep {
				n.Base = s.deepCopy(o.Base, memo)
			} else {
				n.Base = s.shallowCopy(o.Base)
			}
		}
		copyDictInto(s, n.Dict, o.Dict, deep, memo)
		return n, true
	case *Exception:
		if o.cls == nil {
			return nil, false
		}
		e := *o
		e.dict = NewDict()
		if deep {
			memo[x] = &e
			e.Args = s.deepCopy(o.Args, memo).(Tuple)
		}
		if o.dict != nil {
			copyDictInto(s, e.dict, o.dict, deep, memo)
		}
		e.addr = 0
		return &e, true
	}
	return nil, false
}

func copyDictInto(s *Session, dst, src *Dict, deep bool, memo map[any]Value) {
	for i, k := range src.Keys {
		v := src.Vals[i]
		if deep {
			v = s.deepCopy(v, memo)
		}
		dst.SetItem(k, v)
	}
}
