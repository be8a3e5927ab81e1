package eval

import (
	"slices"
	"sort"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

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
	registerMethods("list", seqIndexMethod, seqCountMethod,
		method("append", "append(object)", "Appends object to the end of the list.", func(a *Args) Value {
			var v Value
			a.Unpack("self", new(Value), "object", &v)
			l := a.Self.(*List)
			checkSlots(1)
			l.Elems = append(l.Elems, v)
			return None
		}),
		method("extend", "extend(iterable)", "Appends the items of iterable.", func(a *Args) Value {
			var v Value
			a.Unpack("self", new(Value), "iterable", &v)
			l := a.Self.(*List)
			items := iterate(v)
			checkSlots(len(l.Elems) + len(items))
			l.Elems = append(l.Elems, items...)
			return None
		}),
		method("insert", "insert(index, object)", "Inserts object before index.", func(a *Args) Value {
			var i int
			var v Value
			a.Unpack("self", new(Value), "index", &i, "object", &v)
			l := a.Self.(*List)
			n := len(l.Elems)
			if i < 0 {
				i = max(i+n, 0)
			}
			i = min(i, n)
			checkSlots(1)
			l.Elems = slices.Insert(l.Elems, i, v)
			return None
		}),
		method("pop", "pop(index=-1)", "Removes and returns the item at index.", func(a *Args) Value {
			i := -1
			a.Unpack("self", new(Value), "index?", &i)
			l := a.Self.(*List)
			if len(l.Elems) == 0 {
				throw("IndexError", errPopEmpty)
			}
			if i < 0 {
				i += len(l.Elems)
			}
			if i < 0 || i >= len(l.Elems) {
				throw("IndexError", errPopIndex)
			}
			v := l.Elems[i]
			l.Elems = append(l.Elems[:i:i], l.Elems[i+1:]...)
			return v
		}),
		method("copy", "copy()", "Returns a shallow copy of the list.", func(a *Args) Value {
			a.Unpack("self", new(Value))
			return &List{Elems: append([]Value{}, a.Self.(*List).Elems...)}
		}),
		method("reverse", "reverse()", "Reverses the list in place.", func(a *Args) Value {
			a.Unpack("self", new(Value))
			e := a.Self.(*List).Elems
			for i, j := 0, len(e)-1; i < j; i, j = i+1, j-1 {
				e[i], e[j] = e[j], e[i]
			}
			return None
		}),
	)
	registerMethods("str",
		method("upper", "upper()", "Returns the string in upper case.", strFn(strings.ToUpper)),
		method("lower", "lower()", "Returns the string in lower case.", strFn(strings.ToLower)),
		method("strip", "strip()", "Returns the string without leading and trailing whitespace.", strFn(strings.TrimSpace)),
		method("join", "join(iterable)", "Concatenates the strings of iterable with this string between them.", func(a *Args) Value {
			var it Value
			a.Unpack("self", new(Value), "iterable", &it)
			sep := string(a.Self.(Str))
			items := iterate(it)
			total := 0
			for i, v := range items {
				poll()
				s, ok := v.(Str)
				if !ok {
					throw("TypeError", errJoinItem, i, TypeName(v))
				}
				if total += len(s) + len(sep); total < 0 {
					throw("MemoryError", "")
				}
			}
			checkStrBytes(total)
			var b strings.Builder
			b.Grow(total)
			for i, v := range items {
				poll()
				if i > 0 {
					b.WriteString(sep)
				}
				b.WriteString(string(v.(Str)))
			}
			return Str(b.String())
		}),
		method("split", "split(sep=None)", "Splits the string at sep (or at runs of whitespace).", func(a *Args) Value {
			var sep Value = None
			a.Unpack("self", new(Value), "sep?", &sep)
			var parts []string
			if s, ok := sep.(Str); ok {
				if s == "" {
					throw("ValueError", "empty separator")
				}
				checkItems(strings.Count(string(a.Self.(Str)), string(s)) + 1)
				parts = strings.Split(string(a.Self.(Str)), string(s))
			} else {
				checkItems(len(a.Self.(Str))/2 + 1)
				parts = strings.Fields(string(a.Self.(Str)))
			}
			out := make([]Value, len(parts))
			for i, p := range parts {
				out[i] = Str(p)
			}
			return &List{Elems: out}
		}),
		method("replace", "replace(old, new)", "Returns the string with every occurrence of old replaced by new.", func(a *Args) Value {
			var o, n string
			a.Unpack("self", new(Value), "old", &o, "new", &n)
			self := string(a.Self.(Str))
			if len(n) > len(o) {
				// The result grows by len(n)-len(o) per occurrence (an empty
				// old occurs between every two characters, and at both ends).
				count := strings.Count(self, o)
				checkStrBytes(len(self) + repeatedLen(count, len(n)-len(o)))
			}
			return Str(strings.ReplaceAll(self, o, n))
		}),
		method("startswith", "startswith(prefix)", "Tells whether the string starts with prefix.", func(a *Args) Value {
			var p string
			a.Unpack("self", new(Value), "prefix", &p)
			return Bool(strings.HasPrefix(string(a.Self.(Str)), p))
		}),
		method("endswith", "endswith(suffix)", "Tells whether the string ends with suffix.", func(a *Args) Value {
			var p string
			a.Unpack("self", new(Value), "suffix", &p)
			return Bool(strings.HasSuffix(string(a.Self.(Str)), p))
		}),
	)
	register(
		&Builtin{Name: "sorted", Kind: PythonBuiltin, Sig: "sorted(iterable, reverse=False)", Doc: "Returns a new sorted list of the items of iterable.",
			Fn: func(a *Args) Value {
				var it Value
				rev := false
				a.Unpack("iterable", &it, "$reverse?", &rev)
				elems := copyElems(iterate(it))
				sort.SliceStable(elems, func(i, j int) bool {
					poll()
					if rev {
						return a.s.truth(a.s.compare(lang.Lt, elems[j], elems[i]))
					}
					return a.s.truth(a.s.compare(lang.Lt, elems[i], elems[j]))
				})
				return &List{Elems: elems}
			}},
		&Builtin{Name: "enumerate", Kind: PythonBuiltin, Sig: "enumerate(iterable, start=0)", Doc: "Returns a list of (index, item) pairs.",
			Fn: func(a *Args) Value {
				var it Value
				start := int64(0)
				a.Unpack("iterable", &it, "start?", &start)
				var out []Value
				for i, v := range iterate(it) {
					checkTupleItem(i, 2)
					out = append(out, Tuple{MakeInt(start + int64(i)), v})
				}
				return &List{Elems: out}
			}},
		&Builtin{Name: "reversed", Kind: PythonBuiltin, Sig: "reversed(sequence)", Doc: "Returns a list of the items of sequence in reverse order; a tensor is flipped along dim 0 (Tensor.__reversed__).",
			Fn: func(a *Args) Value {
				var seq Value
				a.Unpack("sequence", &seq)
				switch x := seq.(type) {
				case *tensor.Tensor:
					if x.Dim() == 0 {
						return x
					}
					return tensor.Flip(x, []int{0})
				case *List, Tuple, Size, Range, Str:
					elems := iterate(x)
					checkSlots(len(elems))
					out := make([]Value, len(elems))
					for i, v := range elems {
						out[len(elems)-1-i] = v
					}
					return &List{Elems: out}
				}
				throw("TypeError", errNotReversible, TypeName(seq))
				return nil
			}},
		&Builtin{Name: "zip", Kind: PythonBuiltin, Sig: "zip(*iterables)", Doc: "Returns a list of tuples pairing up the items of the iterables.",
			Fn: func(a *Args) Value {
				var seqs [][]Value
				n := -1
				for _, v := range a.Pos {
					e := iterate(v)
					seqs = append(seqs, e)
					if n < 0 || len(e) < n {
						n = len(e)
					}
				}
				var out []Value
				for i := 0; i < n; i++ {
					checkTupleItem(i, len(seqs))
					t := make(Tuple, len(seqs))
					for k := range seqs {
						t[k] = seqs[k][i]
					}
					out = append(out, t)
				}
				return &List{Elems: out}
			}},
		&Builtin{Name: "any", Kind: PythonBuiltin, Sig: "any(iterable)", Doc: "Tells whether some item of iterable is true.",
			Fn: func(a *Args) Value {
				var it Value
				a.Unpack("iterable", &it)
				for _, v := range iterate(it) {
					if a.s.truth(v) {
						return Bool(true)
					}
				}
				return Bool(false)
			}},
		&Builtin{Name: "all", Kind: PythonBuiltin, Sig: "all(iterable)", Doc: "Tells whether every item of iterable is true.",
			Fn: func(a *Args) Value {
				var it Value
				a.Unpack("iterable", &it)
				for _, v := range iterate(it) {
					if !a.s.truth(v) {
						return Bool(false)
					}
				}
				return Bool(true)
			}},
	)
}

var seqIndexMethod = method("index", "index(value)", "Returns the first index of value.", func(a *Args) Value {
	var v Value
	a.Unpack("self", new(Value), "value", &v)
	for i, e := range iterate(a.Self) {
		pollAt(i)
		if a.s.equal(e, v) {
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
	var v Value
	a.Unpack("self", new(Value), "value", &v)
	n := 0
	for i, e := range iterate(a.Self) {
		pollAt(i)
		if a.s.equal(e, v) {
			n++
		}
	}
	return MakeInt(int64(n))
})

func strFn(f func(string) string) func(a *Args) Value {
	return func(a *Args) Value {
		a.Unpack("self", new(Value))
		checkStrBytes(len(a.Self.(Str)))
		return Str(f(string(a.Self.(Str))))
	}
}
