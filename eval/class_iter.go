package eval

// Iteration of Instances: __iter__ and __next__ (or __getitem__ from 0
// until IndexError), next(), reversed(); and the numbers they carry.

// iterOf is the Go iterator of what __iter__ returned.
func (s *Session) iterOf(it Value) Iterator {
	io, ok := it.(*Instance)
	if !ok {
		if !isIterator(it) {
			throw("TypeError", errIterReturned, TypeName(it))
		}
		return Iterate(it)
	}
	next, ok := io.Class.userMethod("__next__")
	if !ok || next == None {
		throw("TypeError", errIterReturned, TypeName(it))
	}
	done := false
	return IterFunc(func() (Value, bool) {
		if done {
			return nil, false
		}
		var v Value
		depth := len(s.stack)
		exc := s.catch(func() { v = io.call(next) })
		if exc != nil {
			s.unwindTo(depth, exc)
			if exc.isA("StopIteration") {
				done = true
				return nil, false
			}
			panic(exc)
		}
		return v, true
	})
}

// isIterator reports whether v is an iterator (has __next__).
func isIterator(v Value) bool {
	switch x := v.(type) {
	case *IterValue, *Generator, *PyGenerator:
		return true
	case *Instance:
		_, ok := x.Class.userMethod("__next__")
		return ok
	}
	return false
}

// reversedInstance is reversed(o): __reversed__, else __len__ and
// __getitem__ from the end. ok false: reverse the builtin value.
func (s *Session) reversedInstance(o *Instance) (Value, bool) {
	if f, ok := o.Class.userMethod("__reversed__"); ok && f != None {
		return o.call(f), true
	}
	if o.Base != nil {
		return nil, false
	}
	g, hasGet := o.Class.userMethod("__getitem__")
	if _, hasLen := o.Class.userMethod("__len__"); !hasGet || !hasLen {
		throw("TypeError", errNotReversible, TypeName(o))
	}
	i := o.PyLen()
	return NewIterValue("reversed", IterFunc(func() (Value, bool) {
		if i <= 0 {
			return nil, false
		}
		i--
		return o.call(g, MakeInt(int64(i))), true
	})), true
}

// PyNumber is the number an object of a subclass of int or float
// carries.
func (o *Instance) PyNumber() (Value, bool) {
	switch o.Base.(type) {
	case Int, Float, Bool, Complex:
		return o.Base, true
	}
	return nil, false
}

// PyScalar is what float() and int() convert: __float__, __index__ or
// __int__, else the number the object carries.
func (o *Instance) PyScalar() (Value, bool) {
	for _, name := range []string{"__float__", "__index__", "__int__"} {
		if f, ok := o.Class.userMethod(name); ok && f != None {
			return o.call(f), true
		}
	}
	return o.PyNumber()
}
