package eval

import (
	"sort"
	"strings"
)

// The reference's sections on Python's types, their methods and the
// modules (reference.go calls pythonReference after the builtins).

// classDocs document the builtin classes (called as functions).
var classDocs = []struct{ sig, doc string }{
	{"bool(x=False)", "Returns the truth value of x."},
	{"complex(real=0, imag=0)", "Returns the complex number real + imag*1j, or parses a string such as '1+2j'; complex numbers have .real, .imag and .conjugate()."},
	{"dict(mapping_or_pairs=(), **kwargs)", "Returns a new dict: the items of a dict or of an iterable of pairs, then the keyword arguments."},
	{"enumerate(iterable, start=0)", "Returns an iterator of (index, item) pairs, counting from start."},
	{"filter(function, iterable)", "Returns an iterator of the items for which function(item) is true (the true items when function is None)."},
	{"float(x=0.0)", "Converts a number or a string to a float."},
	{"frozenset(iterable=())", "Returns a new frozenset (an immutable, hashable set) of the items."},
	{"int(x=0, base=10)", "Converts a number or a string (in base) to an int."},
	{"list(iterable=())", "Returns a new list of the items."},
	{"map(function, iterable, *iterables)", "Returns an iterator of function(item, ...) over the items of the iterables, in step."},
	{"range(stop) or range(start, stop[, step])", "Returns the immutable sequence of ints start, start+step, ... before stop."},
	{"reversed(sequence)", "Returns an iterator over the items of sequence from the last; a tensor is flipped along dim 0 (Tensor.__reversed__)."},
	{"set(iterable=())", "Returns a new set of the items (printed in CPython's order)."},
	{"slice(stop) or slice(start, stop[, step])", "Returns a slice object, as x[start:stop:step] makes."},
	{"str(object='')", "Returns the string form of object."},
	{"tuple(iterable=())", "Returns a new tuple of the items."},
	{"type(object)", "Returns the class of object."},
	{"zip(*iterables, strict=False)", "Returns an iterator of tuples pairing up the items of the iterables (ValueError with strict=True when their lengths differ)."},
}

func pythonReference(w func(string), item func(prefix string, bl *Builtin, also string)) {
	w("## Python classes")
	w("")
	w("Called as functions, they make values of their type; `exit()` and `quit()`")
	w("end the session (`exit(n)` with status n, `exit(\"msg\")` printing msg with status 1).")
	w("")
	for _, c := range classDocs {
		w("- `" + c.sig + "`: " + c.doc)
	}
	w("")
	w("## Methods of the Python types")
	w("")
	for _, t := range []string{"str", "list", "tuple", "dict", "set", "frozenset", "int", "float"} {
		names := sortedKeys(typeMethods[t])
		for _, n := range names {
			item(t+".", typeMethods[t][n], "")
		}
	}
	w("")
	w("## Modules")
	w("")
	w("`import math`, `from math import sqrt`, ...; `types` has `SimpleNamespace`,")
	w("`warnings` has `warn`. The standard-library modules `random`, `itertools`,")
	w("`operator`, `functools`, `collections`, `copy`, `time`, `json`, `string`,")
	w("`statistics`, `typing`, `dataclasses`, `enum`, `abc` and `keyword` are described in")
	w("[language.md](language.md#the-standard-library). Other modules raise")
	w("`ModuleNotFoundError`.")
	w("")
	fns := append([]*Builtin{}, mathFuncs...)
	sort.Slice(fns, func(i, j int) bool { return fns[i].Name < fns[j].Name })
	for _, f := range fns {
		item("", f, "")
	}
	w("- `math.pi`, `math.e`, `math.tau`, `math.inf`, `math.nan`: the constants.")
	w("")
}

// classDoc is the signature and description of a builtin class, for help().
func classDoc(name string) (sig, doc string, ok bool) {
	for _, c := range classDocs {
		if strings.HasPrefix(c.sig, name+"(") {
			return c.sig, c.doc, true
		}
	}
	return "", "", false
}

// helpModule is the module help() names for a function of no table: math
// for the math module's, builtins for the methods of Python's types.
func helpModule(b *Builtin) string {
	if i := strings.IndexByte(b.Sig, '.'); i > 0 && !strings.Contains(b.Sig[:i], "(") {
		return b.Sig[:i]
	}
	return "builtins"
}
