package eval

import (
	"math"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// pyParser reproduces PyTorch's PythonArgParser (torch/csrc/utils/
// python_arg_parser.cpp) for the functions of this area, so that their
// argument errors are PyTorch's to the character: the signatures are tried
// in order and the first that binds wins; when none binds, the error is the
// specific one of the only signature plausible by argument count, or
// "received an invalid combination of arguments". As in PyTorch, the
// elements of an int list and the range of ints are checked only when the
// bound value is converted.
type pyParser struct {
	sigs []*pySig
}

// pySig is one signature, parsed from PyTorch's own notation:
// "zeros(SymIntArrayRef size, *, ScalarType? dtype=None, ...)".
type pySig struct {
	name    string
	params  []pyParam
	minArgs int
	maxArgs int
	maxPos  int
	// numbersAsTensors lets a Tensor parameter take a Python number (as
	// Tensor.to does).
	numbersAsTensors bool
	// hidden signatures (PyTorch's deprecated ones) bind but are left out
	// of error messages.
	hidden bool
}

type pyParam struct {
	name      string
	typ       string // PyTorch's C++ type name: "Tensor", "Scalar", "int64_t", ...
	optional  bool   // has a default value
	allowNone bool
	kwOnly    bool
}

// newPyParser parses signatures; a trailing "|numbers" on a signature lets
// its Tensor parameters take Python numbers, "|hidden" hides it from error
// messages.
func newPyParser(sigs ...string) *pyParser {
	p := &pyParser{}
	for _, src := range sigs {
		sig := &pySig{}
		src, sig.numbersAsTensors = strings.CutSuffix(src, "|numbers")
		src, sig.hidden = strings.CutSuffix(src, "|hidden")
		open := strings.IndexByte(src, '(')
		sig.name = src[:open]
		body := strings.TrimSuffix(src[open+1:], ")")
		kwOnly := false
		for _, part := range strings.Split(body, ", ") {
			if part == "" {
				continue
			}
			if part == "*" {
				kwOnly = true
				continue
			}
			decl, def, hasDef := strings.Cut(part, "=")
			sp := strings.LastIndexByte(decl, ' ')
			prm := pyParam{name: decl[sp+1:], typ: decl[:sp], kwOnly: kwOnly, optional: hasDef}
			if strings.HasSuffix(prm.typ, "?") {
				prm.typ = strings.TrimSuffix(prm.typ, "?")
				prm.allowNone = true
			}
			if hasDef && def == "None" {
				prm.allowNone = true
			}
			sig.params = append(sig.params, prm)
			if !prm.optional {
				sig.minArgs++
			}
			sig.maxArgs++
			if !kwOnly {
				sig.maxPos++
			}
		}
		p.sigs = append(p.sigs, sig)
	}
	return p
}

// pyTypeNames are the parameter types as PyTorch's messages name them.
var pyTypeNames = map[string]string{
	"Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "double": "float", "bool": "bool",
	"ScalarType": "torch.dtype", "Device": "torch.device", "Layout": "torch.layout",
	"MemoryFormat": "torch.memory_format", "IntArrayRef": "tuple of ints", "SymIntArrayRef": "tuple of SymInts",
	"DimnameList": "tuple of names", "PyObject*": "object", "Generator": "torch.Generator", "std::string": "str",
}

// pyTypeName is Py_TYPE(v)->tp_name, as PyTorch's argument errors print it.
func pyTypeName(v Value) string {
	switch x := v.(type) {
	case *tensor.Tensor:
		return "Tensor"
	case Size:
		return "torch.Size"
	case DTypeValue:
		return "torch.dtype"
	case DeviceValue:
		return "torch.device"
	case *Builtin, *BoundMethod:
		return "builtin_function_or_method"
	case *NamedTuple:
		return x.TypeName
	}
	return TypeName(v)
}

// isIntList tells whether v is a tuple or list (torch.Size included).
func isIntList(v Value) bool {
	switch v.(type) {
	case Tuple, *List, Size, *NamedTuple:
		return true
	}
	return false
}

// checkIndex is THPUtils_checkIndex: an int (not a bool), or an object with
// __index__ (a one-element integer tensor).
func checkIndex(v Value) bool {
	switch x := v.(type) {
	case Int:
		return true
	case *tensor.Tensor:
		return x.Numel() == 1 && x.DType().IsIntegral(false)
	}
	return false
}

// check is FunctionParameter::check: whether v may bind to the parameter.
func (p *pyParam) check(v Value, sig *pySig) bool {
	switch p.typ {
	case "Tensor":
		if _, ok := v.(*tensor.Tensor); ok {
			return true
		}
		if sig.numbersAsTensors {
			switch v.(type) {
			case Bool, Int, Float:
				return true
			}
		}
		return false
	case "Scalar", "double":
		switch x := v.(type) {
		case Bool, Int, Float:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0
		}
		return false
	case "int64_t":
		switch x := v.(type) {
		case Int:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0 && x.DType().IsIntegral(false)
		}
		return false
	case "bool":
		_, ok := v.(Bool)
		return ok
	case "ScalarType":
		switch x := v.(type) {
		case DTypeValue:
			return true
		case *Class:
			return x == intClass || x == floatClass || x == boolClass
		}
		return false
	case "Device":
		switch v.(type) {
		case DeviceValue, Int, Str:
			return true
		}
		return false
	case "IntArrayRef":
		return isIntList(v)
	case "SymIntArrayRef":
		if !isIntList(v) {
			return false
		}
		elems := iterate(v)
		return len(elems) == 0 || checkIndex(elems[0])
	case "PyObject*":
		return true
	case "std::string":
		_, ok := v.(Str)
		return ok
	}
	// Layout, MemoryFormat, DimnameList, Generator: tensh has no such
	// objects; only None (handled by the caller) binds.
	return false
}

// pyBound is the result of a successful parse.
type pyBound struct {
	sig  *pySig
	idx  int     // index of the signature that bound
	vals []Value // per parameter; nil when absent or None
	a    *Args
}

// parse binds a call's arguments (the receiver excluded) to one of the
// signatures, or raises PyTorch's TypeError.
func (p *pyParser) parse(a *Args) *pyBound {
	if len(p.sigs) == 1 {
		b, _ := p.sigs[0].bind(a, true)
		b.idx = 0
		return b
	}
	for i, sig := range p.sigs {
		if b, ok := sig.bind(a, false); ok {
			b.idx = i
			return b
		}
	}
	n := len(a.Pos) + len(a.Kw)
	var visible, plausible []*pySig
	for _, sig := range p.sigs {
		if sig.hidden {
			continue
		}
		visible = append(visible, sig)
		if n >= sig.minArgs && n <= sig.maxArgs {
			plausible = append(plausible, sig)
		}
	}
	if len(plausible) == 1 {
		plausible[0].bind(a, true)
	}
	if len(visible) == 1 {
		visible[0].invalidArgsOne(a)
	}
	throw("TypeError", errInvalidCombination, p.sigs[0].name, invalidArgsDesc(a))
	return nil
}

// String is FunctionSignature::toString: "(Tensor input, *, torch.dtype dtype)".
func (sig *pySig) String() string {
	var b strings.Builder
	b.WriteByte('(')
	kw := false
	for i, prm := range sig.params {
		if i > 0 {
			b.WriteString(", ")
		}
		if prm.kwOnly && !kw {
			b.WriteString("*, ")
			kw = true
		}
		b.WriteString(pyTypeNames[prm.typ] + " " + prm.name)
	}
	b.WriteByte(')')
	return b.String()
}

// invalidArgsOne raises invalid_arguments.cpp's format_invalid_args for a
// function with one visible signature: the keywords that cannot match, or
// the arguments (marked !like this! where their type does not match the
// printed signature's) and the signature.
func (sig *pySig) invalidArgsOne(a *Args) {
	// The printed signature, split at ", ": the "*" counts as an argument.
	type optArg struct{ typ, name string }
	var opt []optArg
	for _, part := range strings.Split(strings.Trim(sig.String(), "()"), ", ") {
		sp := strings.LastIndexByte(part, ' ')
		opt = append(opt, optArg{part[:max(sp, 0)], part[sp+1:]})
		if sp < 0 {
			opt[len(opt)-1].typ = part
		}
	}
	kws := make([]KwArg, len(a.Kw)) // std::unordered_map order: reversed
	for i, kw := range a.Kw {
		kws[len(a.Kw)-1-i] = kw
	}
	if len(kws) > 0 {
		var unmatched []string
		start := max(len(opt)-len(kws), 0)
		for _, kw := range kws {
			found := false
			for _, o := range opt[start:] {
				found = found || o.name == kw.Name
			}
			if !found {
				unmatched = append(unmatched, kw.Name)
			}
		}
		if len(unmatched) > 0 {
			throw("TypeError", errUnrecognizedKw, sig.name, strings.Join(unmatched, ", "))
		}
	}
	if len(a.Pos)+len(kws) != len(opt) {
		throw("TypeError", errInvalidArgsFor, sig.name, invalidArgsDesc(a), sig.String())
	}
	matches := func(typ string, v Value) bool {
		name := pyTypeName(v)
		switch typ {
		case "float":
			return name == "float" || name == "int"
		}
		return name == typ
	}
	var parts []string
	for i := 0; i < len(a.Pos)+len(kws); i++ {
		var v Value
		prefix := ""
		if i < len(a.Pos) {
			v = a.Pos[i]
		} else {
			kv, ok := a.Kwarg(opt[i].name)
			if !ok {
				throw("TypeError", errInvalidArgsFor, sig.name, invalidArgsDesc(a), sig.String())
			}
			v, prefix = kv, opt[i].name+"="
		}
		d := prefix + pyTypeName(v)
		if !matches(opt[i].typ, v) {
			d = "!" + d + "!"
		}
		parts = append(parts, d)
	}
	throw("TypeError", errInvalidArgsFor, sig.name, "("+strings.Join(parts, ", ")+")", sig.String())
}

// invalidArgsDesc is the "got (...)" part of the invalid-combination error:
// the positional arguments' types, then the keyword arguments in reverse
// order (PyTorch's quirk, with a trailing ", " when there are only
// keywords).
func invalidArgsDesc(a *Args) string {
	var b strings.Builder
	for i, v := range a.Pos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyTypeName(v))
	}
	if len(a.Kw) > 0 {
		if len(a.Pos) > 0 {
			b.WriteString(", ")
		}
		for i := len(a.Kw) - 1; i >= 0; i-- {
			b.WriteString(a.Kw[i].Name + "=" + pyTypeName(a.Kw[i].Value))
			if i > 0 || len(a.Pos) == 0 {
				b.WriteString(", ")
			}
		}
	}
	return b.String()
}

// bind is FunctionSignature::parse.
func (sig *pySig) bind(a *Args, raise bool) (*pyBound, bool) {
	nargs := len(a.Pos)
	remainingKw := len(a.Kw)
	varargs := sig.maxPos == 1 && (sig.params[0].typ == "IntArrayRef" || sig.params[0].typ == "SymIntArrayRef")
	if nargs > sig.maxPos && !varargs {
		if raise {
			sig.extraArgs(nargs)
		}
		return nil, false
	}
	b := &pyBound{sig: sig, vals: make([]Value, len(sig.params)), a: a}
	argPos := 0
	for i := range sig.params {
		prm := &sig.params[i]
		var v Value
		isKw := false
		if argPos < nargs {
			if prm.kwOnly {
				if raise {
					sig.extraArgs(nargs)
				}
				return nil, false
			}
			v = a.Pos[argPos]
		} else if kv, ok := a.Kwarg(prm.name); ok {
			v = kv
			isKw = true
		} else {
			isKw = true
		}
		_, isNone := v.(NoneType)
		switch {
		case v == nil && prm.optional, isNone && prm.allowNone:
			b.vals[i] = nil
		case v == nil:
			if raise {
				sig.missingArgs(i)
			}
			return nil, false
		case prm.check(v, sig):
			b.vals[i] = v
		case varargs && argPos == 0 && !isKw && checkIndex(v):
			b.vals[i] = Tuple(a.Pos)
			argPos = nargs
			continue
		case raise:
			if isKw {
				throw("TypeError", errArgMustBeKw, sig.name, prm.name, pyTypeNames[prm.typ], pyTypeName(v))
			}
			throw("TypeError", errArgMustBePos, sig.name, prm.name, argPos+1, pyTypeNames[prm.typ], pyTypeName(v))
		default:
			return nil, false
		}
		if !isKw {
			argPos++
		} else if v != nil {
			remainingKw--
		}
	}
	if remainingKw > 0 {
		if raise {
			for _, kw := range a.Kw {
				idx := -1
				for j, prm := range sig.params {
					if prm.name == kw.Name {
						idx = j
					}
				}
				if idx < 0 {
					throw("TypeError", errNoKwArg, sig.name, kw.Name)
				}
				if idx < nargs {
					throw("TypeError", errMultipleValues, sig.name, kw.Name)
				}
			}
		}
		return nil, false
	}
	return b, true
}

func (sig *pySig) extraArgs(nargs int) {
	if sig.minArgs != sig.maxPos {
		throw("TypeError", errTakesFromTo, sig.name, sig.minArgs, sig.maxPos, nargs)
	}
	throw("TypeError", errTakesN, sig.name, sig.maxPos, sIf(sig.maxPos != 1), nargs, wasWere(nargs))
}

func sIf(p bool) string {
	if p {
		return "s"
	}
	return ""
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// missingArgs raises PyTorch's error for required parameters from idx on
// (with its "1 required positional arguments" plural quirk).
func (sig *pySig) missingArgs(idx int) {
	var names []string
	for _, prm := range sig.params[idx:] {
		if !prm.optional {
			names = append(names, `"`+prm.name+`"`)
		}
	}
	throw("TypeError", errMissingArgs, sig.name, len(names), sIf(len(names) == 1), strings.Join(names, ", "))
}

// has reports whether parameter i was given (and not None).
func (b *pyBound) has(i int) bool { return b.vals[i] != nil }

// unpackLong is THPUtils_unpackLong: an int that fits int64.
func unpackLong(v Int) int64 {
	i, ok := v.Int64()
	if !ok {
		throw("RuntimeError", errOverflowLong)
	}
	return i
}

// index converts a value bound as an int-list element or an int (Python
// __index__): ints, bools and one-element integer tensors.
func indexValue(v Value) (int64, bool) {
	switch x := v.(type) {
	case Int:
		i, ok := x.Int64()
		return i, ok
	case Bool:
		if x {
			return 1, true
		}
		return 0, true
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(false) {
			return x.Item().I, true
		}
	}
	return 0, false
}

// intList converts parameter i (an IntArrayRef or SymIntArrayRef) to ints.
func (b *pyBound) intList(i int) []int {
	v := b.vals[i]
	if v == nil {
		return nil
	}
	prm := b.sig.params[i]
	elems := iterate(v)
	out := make([]int, len(elems))
	for k, e := range elems {
		n, ok := indexValue(e)
		if prm.typ == "SymIntArrayRef" && n < -(1<<62) {
			ok = false // c10::SymInt reserves these values
		}
		if !ok {
			throw("TypeError", errIntListElem, b.sig.name, prm.name, pyTypeNames[prm.typ], pyTypeName(e), k+1)
		}
		out[k] = int(n)
	}
	return out
}

// int64 converts parameter i (an int64_t) to an int64.
func (b *pyBound) int64(i int, def int64) int64 {
	switch x := b.vals[i].(type) {
	case nil:
		return def
	case Int:
		return unpackLong(x)
	case *tensor.Tensor:
		return x.Item().I
	}
	return def
}

// scalar converts parameter i (a Scalar) to a tensor.Scalar.
func (b *pyBound) scalar(i int) tensor.Scalar {
	switch x := b.vals[i].(type) {
	case Bool:
		return tensor.BoolS(bool(x))
	case Int:
		return tensor.IntS(unpackLong(x))
	case Float:
		return tensor.FloatS(float64(x))
	case *tensor.Tensor:
		return x.Item()
	}
	return tensor.IntS(0)
}

// double converts parameter i (a double) to a float64.
func (b *pyBound) double(i int, def float64) float64 {
	switch x := b.vals[i].(type) {
	case Bool:
		return b2f(bool(x))
	case Int:
		f := x.Float()
		if math.IsInf(f, 0) {
			throw("OverflowError", errIntTooLargeFloat)
		}
		return f
	case Float:
		return float64(x)
	case *tensor.Tensor:
		return x.Item().Float()
	}
	return def
}

// boolean converts parameter i (a bool).
func (b *pyBound) boolean(i int, def bool) bool {
	if x, ok := b.vals[i].(Bool); ok {
		return bool(x)
	}
	return def
}

// dtype converts parameter i (a ScalarType); Python's float, int and bool
// stand for float64, int64 and bool.
func (b *pyBound) dtype(i int, def tensor.DType) tensor.DType {
	switch x := b.vals[i].(type) {
	case DTypeValue:
		return x.D
	case *Class:
		return classDType(x)
	}
	return def
}

// classDType is the dtype a Python type stands for in a dtype argument.
func classDType(c *Class) tensor.DType {
	switch c {
	case intClass:
		return tensor.Int64
	case boolClass:
		return tensor.Bool
	}
	return tensor.Float64
}

// device converts parameter i (a Device), or returns nil when absent.
func (b *pyBound) device(i int) *tensor.Device {
	if b.vals[i] == nil {
		return nil
	}
	d := parseDevice(b.vals[i])
	return &d
}
