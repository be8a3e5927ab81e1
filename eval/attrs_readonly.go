package eval

// readOnlyAttrs are the data attributes of the builtin types that an
// assignment cannot set, by the kind of descriptor CPython 3.11 gives
// them: a getset of int (bool inherits it) or float says "attribute 'x'
// of 'int' objects is not writable"; a member of complex, range or slice
// says "readonly attribute".
var readOnlyAttrs = map[string]struct {
	owner  string // the type that defines the getset ("" for a member)
	fields []string
}{
	"int":     {"int", []string{"real", "imag", "numerator", "denominator"}},
	"bool":    {"int", []string{"real", "imag", "numerator", "denominator"}},
	"float":   {"float", []string{"real", "imag"}},
	"complex": {"", []string{"real", "imag"}},
	"range":   {"", []string{"start", "stop", "step"}},
	"slice":   {"", []string{"start", "stop", "step"}},
}

// refuseBuiltinSetAttr raises CPython's AttributeError for an assignment
// to an attribute that a value of a builtin type has but cannot set (a
// data attribute, or a method: 'str' object attribute 'upper' is
// read-only); it returns for any other value or name.
func refuseBuiltinSetAttr(x Value, name string) {
	typ := TypeName(x)
	if ro, ok := readOnlyAttrs[typ]; ok {
		for _, f := range ro.fields {
			if f != name {
				continue
			}
			if ro.owner == "" {
				throw("AttributeError", errReadOnlyMember)
			}
			throw("AttributeError", errAttrNotWritable, name, ro.owner)
		}
	}
	if name == "__class__" { // a TypeError about the class given, not built
		return
	}
	switch x.(type) {
	case Bool, Int, Float, Complex, Str, *List, Tuple, *Dict, *Set, Range, *Slice:
		for _, n := range pyDirs[typ] {
			if n == name {
				throw("AttributeError", errReadOnlyAttr, typ, name)
			}
		}
	}
}
