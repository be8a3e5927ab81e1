package eval

// The methods of list (index and count are shared with tuple, in
// pymethods.go).

func selfList(a *Args) *List { return a.Self.(*List) }

// listArg1 unpacks the one argument of a METH_O list method.
func listArg1(a *Args, name string) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "list."+name)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTakesOneArg, "list."+name, len(a.Pos))
	}
	return a.Pos[0]
}

// noArgsM raises CPython's error for a method of no arguments.
func noArgsM(a *Args, qualName string) {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, qualName)
	}
	if len(a.Pos) > 0 {
		throw("TypeError", errTakesNoArgs, qualName, len(a.Pos))
	}
}

func init() {
	registerMethods("list", seqIndexMethod, seqCountMethod,
		method("append", "append(object)", "Appends object to the end of the list.", func(a *Args) Value {
			v := listArg1(a, "append")
			l := selfList(a)
			checkSlots(1)
			l.Elems = append(l.Elems, v)
			return None
		}),
		method("extend", "extend(iterable)", "Appends the items of iterable.", func(a *Args) Value {
			v := listArg1(a, "extend")
			l := selfList(a)
			var items []Value
			if o, ok := v.(*List); ok {
				items = append([]Value{}, o.Elems...) // l.extend(l) doubles l
			} else {
				items = iterate(v)
			}
			checkSlots(len(l.Elems) + len(items))
			l.Elems = append(l.Elems, items...)
			return None
		}),
		method("insert", "insert(index, object)", "Inserts object before index.", func(a *Args) Value {
			exactArgs(a, "list.insert", 2)
			i64, ok := pyIndex("", a.Pos[0])
			if !ok {
				throw("TypeError", errCannotInterpretInt, TypeName(a.Pos[0]))
			}
			l := selfList(a)
			n := int64(len(l.Elems))
			if i64 < 0 {
				i64 = max(i64+n, 0)
			}
			i := int(min(i64, n))
			checkSlots(1)
			l.Elems = append(l.Elems, nil)
			copy(l.Elems[i+1:], l.Elems[i:])
			l.Elems[i] = a.Pos[1]
			return None
		}),
		method("pop", "pop(index=-1)", "Removes and returns the item at index (the last by default).", func(a *Args) Value {
			argCount(a, "list.pop", 0, 1)
			i := int64(-1)
			if len(a.Pos) == 1 {
				var ok bool
				if i, ok = pyIndex("", a.Pos[0]); !ok {
					throw("TypeError", errCannotInterpretInt, TypeName(a.Pos[0]))
				}
			}
			l := selfList(a)
			n := int64(len(l.Elems))
			if n == 0 {
				throw("IndexError", errPopEmpty)
			}
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				throw("IndexError", errPopIndex)
			}
			v := l.Elems[i]
			l.Elems = append(l.Elems[:i:i], l.Elems[i+1:]...)
			return v
		}),
		method("remove", "remove(value)", "Removes the first item equal to value.", func(a *Args) Value {
			v := listArg1(a, "remove")
			l := selfList(a)
			for i, e := range l.Elems {
				poll()
				if identical(e, v) || a.s.equal(e, v) {
					l.Elems = append(l.Elems[:i:i], l.Elems[i+1:]...)
					return None
				}
			}
			throw("ValueError", errListRemove)
			return nil
		}),
		method("sort", "sort(*, key=None, reverse=False)", "Sorts the list in place, stably, in ascending order (by key(item) when key is given).", func(a *Args) Value {
			if n := len(a.Pos) + len(a.Kw); n > 2 {
				throw("TypeError", errTakesAtMost, "sort", 2, "s", n)
			}
			if len(a.Pos) > 0 {
				throw("TypeError", errSortPositional)
			}
			key, rev := sortArgs(a, "sort")
			l := selfList(a)
			// While it sorts, the list looks empty (as CPython's does).
			elems := l.Elems
			l.Elems = nil
			defer func() {
				if len(l.Elems) > 0 {
					throw("ValueError", errListModifiedSort)
				}
				l.Elems = elems
			}()
			a.s.sortList(elems, key, rev)
			return None
		}),
		method("reverse", "reverse()", "Reverses the list in place.", func(a *Args) Value {
			noArgsM(a, "list.reverse")
			e := selfList(a).Elems
			for i, j := 0, len(e)-1; i < j; i, j = i+1, j-1 {
				e[i], e[j] = e[j], e[i]
			}
			return None
		}),
		method("copy", "copy()", "Returns a shallow copy of the list.", func(a *Args) Value {
			noArgsM(a, "list.copy")
			return &List{Elems: append([]Value{}, selfList(a).Elems...)}
		}),
		method("clear", "clear()", "Removes every item.", func(a *Args) Value {
			noArgsM(a, "list.clear")
			selfList(a).Elems = nil
			return None
		}),
	)
}
