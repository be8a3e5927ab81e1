package eval

// Methods of the Python types of the subset, and a few more builtins that
// users of the REPL reach for (sorted, reversed, enumerate, zip, any, all).

func method(name, sig, doc string, fn func(a *Args) Value) *Builtin {
	return &Builtin{Name: name, Sig: sig, Doc: doc, Fn: fn}
}

func init() {
	registerMethods("Size",
		method("numel", "numel() -> int", "Returns the number of elements a tensor of this size holds.", func(a *Args) Value {
			a.Unpack("self", new(Value))
			n := int64(1)
			for _, d := range a.Self.(Size) {
				n *= int64(d)
			}
			return MakeInt(n)
		}),
		seqIndexMethod, seqCountMethod,
	)
	registerMethods("tuple", seqIndexMethod, seqCountMethod)
}

var seqIndexMethod = method("index", "index(value, start=0, stop=len)", "Returns the first index of value (in [start, stop)).", func(a *Args) Value {
	argCount(a, TypeName(a.Self)+".index", 1, 3)
	v := a.Pos[0]
	elems := iterate(a.Self)
	lo, hi := 0, len(elems)
	if len(a.Pos) > 1 {
		bounds := []Value{a.Pos[1], None}
		if len(a.Pos) > 2 {
			bounds[1] = a.Pos[2]
		}
		for i, b := range a.Pos[1:] {
			if n, isInt := b.(Int); isInt {
				if _, small := n.Int64(); !small { // clamped, as slice bounds are
					bounds[i] = MakeInt(int64(len(elems)))
					if n.Sign() < 0 {
						bounds[i] = MakeInt(0)
					}
					continue
				}
			}
			if _, ok := b.(NoneType); ok {
				throw("TypeError", errIndexSliceArgs)
			}
			if _, ok := pyIndex("", b); !ok {
				throw("TypeError", errIndexSliceArgs)
			}
		}
		sl := &Slice{Start: bounds[0], Stop: bounds[1], Step: None}
		lo, hi, _ = sliceIndices(sl, len(elems))
	}
	for i := lo; i < hi; i++ {
		if identical(elems[i], v) || a.s.equal(elems[i], v) {
			return MakeInt(int64(i))
		}
	}
	if _, isList := a.Self.(*List); isList {
		throw("ValueError", errNotInList, Repr(v))
	}
	throw("ValueError", errTupleIndex)
	return nil
})

var seqCountMethod = method("count", "count(value)", "Returns the number of occurrences of value.", func(a *Args) Value {
	if len(a.Pos) != 1 || len(a.Kw) > 0 {
		throw("TypeError", errTakesOneArg, TypeName(a.Self)+".count", len(a.Pos))
	}
	v := a.Pos[0]
	n := 0
	for _, e := range iterate(a.Self) {
		if identical(e, v) || a.s.equal(e, v) {
			n++
		}
	}
	return MakeInt(int64(n))
})

func strFn(f func(string) string) func(a *Args) Value {
	return func(a *Args) Value {
		a.Unpack("self", new(Value))
		return Str(f(string(a.Self.(Str))))
	}
}
