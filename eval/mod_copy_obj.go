package eval

// copy and deepcopy of the objects of classes, as copy.py with
// object.__reduce_ex__(4) does: the class's __copy__ or __deepcopy__
// when it has one; else a new object of the class (through
// cls.__new__(cls, *obj.__getnewargs__()) for a tuple subclass, such as
// a namedtuple), the items of a list or dict subclass, and the state
// (__dict__, or __setstate__) copied shallowly or deeply.

func (s *Session) copyInstance(o *Instance, deep bool, memo map[any]Value) Value {
	c := o.Class
	if deep {
		if m, ok := c.userMethod("__deepcopy__"); ok {
			return s.callMethodOf(m, o, NewDict())
		}
	} else if m, ok := c.userMethod("__copy__"); ok {
		return s.callMethodOf(m, o)
	}
	cp := func(v Value) Value {
		if deep {
			return s.deepCopy(v, memo)
		}
		return v
	}
	var y Value
	switch b := o.Base.(type) {
	case Tuple:
		var args []Value
		if _, ok := c.userMethod("__getnewargs__"); ok {
			args = iterate(s.callMethod(o, "__getnewargs__"))
		} else {
			args = []Value{Tuple(b)}
		}
		for i := range args {
			args[i] = cp(args[i])
		}
		y = s.Call(s.getAttr(c, "__new__"), &Args{Pos: append([]Value{c}, args...)})
	default:
		n := newInstance(s, c, nil)
		switch bv := o.Base.(type) {
		case *List:
			l := &List{}
			n.Base = l
			if memo != nil {
				memo[o] = n
			}
			for _, e := range bv.Elems {
				l.Elems = append(l.Elems, cp(e))
			}
		case *Dict:
			d := NewDict()
			n.Base = d
			if memo != nil {
				memo[o] = n
			}
			for i, k := range bv.Keys {
				d.SetItem(cp(k), cp(bv.Vals[i]))
			}
		case nil:
		default:
			n.Base = bv // an immutable builtin value (int, str, float)
		}
		y = n
	}
	if memo != nil {
		memo[o] = y
	}
	if o.Dict != nil && o.Dict.Len() > 0 {
		state := Value(copyDictSub(o.Dict))
		if deep {
			state = s.deepCopy(o.Dict, memo)
		}
		if _, ok := c.userMethod("__setstate__"); ok {
			s.callMethod(y, "__setstate__", state)
		} else if yi, ok := y.(*Instance); ok {
			st := state.(*Dict)
			for i, k := range st.Keys {
				yi.Dict.SetItem(k, st.Vals[i])
			}
		}
	}
	return y
}

func init() {
	RegisterCopy(func(s *Session, x Value, deep bool, memo map[any]Value) (Value, bool) {
		o, ok := x.(*Instance)
		if !ok {
			return nil, false
		}
		return s.copyInstance(o, deep, memo), true
	})
}
