package torch

import (
	"math"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// PyTorch's argument parser (torch/csrc/utils/python_arg_parser.cpp and
// invalid_arguments.cpp), shared by every binding that declares PyTorch's
// signatures, so that argument errors are PyTorch's to the character.
//
// A function's signatures are written in PyTorch's own notation,
// "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
// and tried in order: the first that binds wins. When none binds, the
// error is the specific one of the only signature plausible by argument
// count, or "received an invalid combination of arguments". As in
// PyTorch, the elements of an int list and the range of ints are checked
// only when the bound value is converted (boundArgs.ints, int64, ...).
//
// For a method call (Args.Self set) the receiver binds to the parameter
// named input (or self), and the other arguments to the signature without
// it, which is what PyTorch's method signatures are.

// argParser is one function's signatures.
type argParser struct {
	name string
	sigs []*signature
}

// signature is one of them, parsed.
type signature struct {
	name    string
	params  []param
	minArgs int
	maxArgs int
	maxPos  int
	// numbersAsTensors lets a Tensor parameter take a Python number (as
	// Tensor.to does).
	numbersAsTensors bool
	// hidden signatures (PyTorch's deprecated ones) bind but are left out
	// of error messages.
	hidden bool
	// method is the signature a method call binds to: the parameters
	// without input/self (nil when there is none to drop); orig maps its
	// parameters to this signature's.
	method *signature
	orig   []int
	self   int // index of the input/self parameter, or -1
	// fnOnly signatures (a Number self, as in "pow(Scalar self, Tensor
	// exponent)", or none where others have one) are not the method's.
	fnOnly bool
}

type param struct {
	name      string
	typ       string // PyTorch's C++ type name: "Tensor", "Scalar", "int64_t", ...
	size      int    // N of IntArrayRef[N] and DimnameList[N]: a single value is accepted
	optional  bool   // has a default value
	allowNone bool
	kwOnly    bool
}

// allParsers are the parsers made so far (TestNoIgnoredArgs reads them).
var allParsers []*argParser

// newArgParser parses signatures; a trailing "|numbers" on a signature
// lets its Tensor parameters take Python numbers, "|hidden" hides it from
// error messages.
func newArgParser(specs ...string) *argParser {
	p := &argParser{}
	allParsers = append(allParsers, p)
	for _, src := range specs {
		sig := &signature{self: -1}
		src, sig.numbersAsTensors = strings.CutSuffix(src, "|numbers")
		src, sig.hidden = strings.CutSuffix(src, "|hidden")
		open := strings.IndexByte(src, '(')
		sig.name = src[:open]
		p.name = sig.name
		kwOnly := false
		for _, part := range strings.Split(strings.TrimSuffix(src[open+1:], ")"), ", ") {
			if part == "" {
				continue
			}
			if part == "*" {
				kwOnly = true
				continue
			}
			decl, def, hasDef := strings.Cut(part, "=")
			sp := strings.LastIndexByte(decl, ' ')
			prm := param{name: decl[sp+1:], typ: decl[:sp], kwOnly: kwOnly, optional: hasDef}
			if strings.HasSuffix(prm.typ, "?") {
				prm.typ = strings.TrimSuffix(prm.typ, "?")
				prm.allowNone = true
			}
			// None also stands for an int list's default ([]); out= is
			// always optional.
			if hasDef && (def == "None" || def == "[]") || prm.name == "out" {
				prm.allowNone = true
				prm.optional = true
			}
			if i := strings.IndexByte(prm.typ, '['); i >= 0 {
				prm.size = int(prm.typ[i+1] - '0')
				prm.typ = prm.typ[:i]
			}
			sig.params = append(sig.params, prm)
		}
		sig.count()
		sig.orig = make([]int, len(sig.params))
		m := &signature{name: sig.name, numbersAsTensors: sig.numbersAsTensors, hidden: sig.hidden, self: -1}
		for i, prm := range sig.params {
			sig.orig[i] = i
			if prm.name == "input" || prm.name == "self" {
				sig.self = i
				sig.fnOnly = prm.typ != "Tensor"
				continue
			}
			if prm.name == "out" && prm.kwOnly {
				continue // methods have no out=
			}
			m.params = append(m.params, prm)
			m.orig = append(m.orig, i)
		}
		if sig.self >= 0 {
			m.count()
			sig.method = m
		}
		p.sigs = append(p.sigs, sig)
	}
	// Where other signatures have an input, one without it is the
	// function's only (torch.where(condition), repeat_interleave(repeats)).
	for _, sig := range p.sigs {
		if sig.self >= 0 {
			for _, s := range p.sigs {
				s.fnOnly = s.fnOnly || s.self < 0
			}
			break
		}
	}
	return p
}

// count sets the argument counts of a signature from its parameters.
func (sig *signature) count() {
	for _, prm := range sig.params {
		if !prm.optional {
			sig.minArgs++
		}
		sig.maxArgs++
		if !prm.kwOnly {
			sig.maxPos++
		}
	}
}

// forCall is the signature the call's arguments bind to: without its
// input parameter for a method call.
func (sig *signature) forCall(a *eval.Args) *signature {
	if a.Self != nil && sig.method != nil {
		return sig.method
	}
	return sig
}

// numpyNames are the NumPy spellings PyTorch's parser accepts for some
// parameter names.
var numpyNames = map[string][]string{"dim": {"axis"}, "keepdim": {"keepdims"}, "input": {"x", "a", "x1"}, "other": {"x2"}}

// typeNames are the parameter types as PyTorch's messages name them.
var typeNames = map[string]string{
	"Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "double": "float", "bool": "bool",
	"ScalarType": "torch.dtype", "Device": "torch.device", "Layout": "torch.layout",
	"MemoryFormat": "torch.memory_format", "IntArrayRef": "tuple of ints", "SymIntArrayRef": "tuple of SymInts",
	"TensorList": "tuple of Tensors", "Dimname": "name", "DimnameList": "tuple of names",
	"PyObject*": "object", "Generator": "torch.Generator", "std::string": "str",
	"c10::string_view": "str", "SymInt": "SymInt",
}

// boundArgs are the values bound by a successful parse.
type boundArgs struct {
	p    *argParser
	name string       // the function's name, for messages
	sig  *signature   // the signature that bound
	idx  int          // its index among the function's signatures
	vals []eval.Value // per parameter of sig; nil when absent or None
}

// parse binds a call's arguments to one of the signatures, or raises
// PyTorch's TypeError.
func (p *argParser) parse(a *eval.Args) *boundArgs {
	sigs := p.sigs
	if a.Self != nil {
		sigs = nil
		for _, sig := range p.sigs {
			if !sig.fnOnly {
				sigs = append(sigs, sig)
			}
		}
	}
	if len(sigs) == 1 {
		b, _ := sigs[0].bind(a, true)
		b.p = p
		return b
	}
	for _, sig := range sigs {
		if b, ok := sig.bind(a, false); ok {
			b.p = p
			for i, s := range p.sigs {
				if s == sig {
					b.idx = i
				}
			}
			return b
		}
	}
	n := len(a.Pos) + len(a.Kw)
	var visible, plausible []*signature
	for _, sig := range sigs {
		if sig.hidden {
			continue
		}
		visible = append(visible, sig)
		if m := sig.forCall(a); n >= m.minArgs && n <= m.maxArgs {
			plausible = append(plausible, sig)
		}
	}
	if len(plausible) == 1 {
		plausible[0].bind(a, true)
	}
	if len(visible) == 1 {
		visible[0].forCall(a).invalidArgsOne(a)
	}
	p.invalid(a)
	return nil
}

// bind is FunctionSignature::parse: it binds the call or, with raise,
// raises the reason it does not.
func (sig *signature) bind(a *eval.Args, raise bool) (*boundArgs, bool) {
	b := &boundArgs{name: sig.name, sig: sig, vals: make([]eval.Value, len(sig.params))}
	m := sig.forCall(a)
	if m != sig {
		b.vals[sig.self] = a.Self
	}
	nargs := len(a.Pos)
	varargs := m.maxPos == 1 && len(m.params) > 0 && (m.params[0].typ == "IntArrayRef" || m.params[0].typ == "SymIntArrayRef") && m.params[0].size == 0
	if nargs > m.maxPos && !varargs {
		if raise {
			m.extraArgs(nargs)
		}
		return nil, false
	}
	used := make([]bool, len(a.Kw))
	argPos := 0
	for i := range m.params {
		prm := &m.params[i]
		var v eval.Value
		isKw := false
		if argPos < nargs {
			if prm.kwOnly {
				if raise {
					m.extraArgs(nargs)
				}
				return nil, false
			}
			v = a.Pos[argPos]
		} else {
			isKw = true
			for _, name := range append([]string{prm.name}, numpyNames[prm.name]...) {
				for k, kw := range a.Kw {
					if kw.Name == name && v == nil {
						v, used[k] = kw.Value, true
					}
				}
			}
		}
		if (prm.typ != "Tensor" && prm.typ != "PyObject*") || m.numbersAsTensors {
			v = eval.AsNumber(v) // NumPy scalars: export.go
		}
		_, isNone := v.(eval.NoneType)
		switch {
		case v == nil && prm.optional, isNone && prm.allowNone:
		case v == nil:
			if raise {
				m.missingArgs(i)
			}
			return nil, false
		case prm.check(v, m, i):
			b.vals[m.orig[i]] = v
		case varargs && argPos == 0 && !isKw && isIndex(v):
			pos := make(eval.Tuple, len(a.Pos))
			for k, p := range a.Pos {
				pos[k] = eval.AsNumber(p)
			}
			b.vals[m.orig[i]] = pos
			argPos = nargs
			continue
		case raise:
			if isKw {
				eval.Throw("TypeError", eval.ErrArgMustBeKw, sig.name, prm.name, typeNames[prm.typ], eval.TypeName(v))
			}
			eval.Throw("TypeError", eval.ErrArgMustBePos, sig.name, prm.name, argPos+1, typeNames[prm.typ], eval.TypeName(v))
		default:
			return nil, false
		}
		if !isKw {
			argPos++
		}
	}
	for k, kw := range a.Kw {
		if used[k] {
			continue
		}
		if raise {
			for i, prm := range m.params {
				if prm.name == kw.Name && i < nargs {
					eval.Throw("TypeError", eval.ErrMultipleValues, sig.name, kw.Name)
				}
			}
			eval.Throw("TypeError", eval.ErrNoKwArg, sig.name, kw.Name)
		}
		return nil, false
	}
	return b, true
}

// extraArgs raises PyTorch's error for too many positional arguments.
func (sig *signature) extraArgs(nargs int) {
	if sig.minArgs != sig.maxPos {
		eval.Throw("TypeError", errTakesFromTo, sig.name, sig.minArgs, sig.maxPos, nargs)
	}
	eval.Throw("TypeError", errTakesN, sig.name, sig.maxPos, sIf(sig.maxPos != 1), nargs, wasWere(nargs))
}

// missingArgs raises PyTorch's error for required parameters from idx on
// (with its "1 required positional arguments" plural quirk).
func (sig *signature) missingArgs(idx int) {
	var names []string
	for _, prm := range sig.params[idx:] {
		if !prm.optional {
			names = append(names, `"`+prm.name+`"`)
		}
	}
	eval.Throw("TypeError", errMissingArgs, sig.name, len(names), sIf(len(names) == 1), strings.Join(names, ", "))
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

// check is FunctionParameter::check: whether v may bind to the parameter;
// argnum numbers the parameter in TensorList errors.
func (p *param) check(v eval.Value, sig *signature, argnum int) bool {
	switch p.typ {
	case "Tensor":
		if _, ok := v.(*tensor.Tensor); ok {
			return true
		}
		if sig.numbersAsTensors {
			switch v.(type) {
			case eval.Bool, eval.Int, eval.Float:
				return true
			}
		}
		return false
	case "Scalar", "double":
		switch x := v.(type) {
		case eval.Bool, eval.Int, eval.Float:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0
		}
		return false
	case "int64_t", "SymInt":
		switch x := v.(type) {
		case eval.Int:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0 && x.DType().IsIntegral(false)
		}
		return false
	case "bool":
		_, ok := v.(eval.Bool)
		return ok
	case "ScalarType":
		switch x := v.(type) {
		case eval.DTypeValue:
			return true
		case *eval.Class:
			return x == eval.IntClass || x == eval.FloatClass || x == eval.BoolClass
		}
		return false
	case "Device":
		switch v.(type) {
		case eval.DeviceValue, eval.Int, eval.Str:
			return true
		}
		return false
	case "IntArrayRef", "SymIntArrayRef":
		// is_int_list: a tuple or list whose first element is an index, or
		// a single int where a size is given.
		switch x := v.(type) {
		case eval.Tuple, *eval.List, eval.Size, *eval.NamedTuple:
			elems := eval.IterateAll(x)
			return len(elems) == 0 || isIndex(elems[0])
		case eval.Int:
			return p.size > 0
		}
		return false
	case "TensorList":
		switch v.(type) {
		case eval.Tuple, *eval.List:
		default:
			return false
		}
		for i, e := range eval.IterateAll(v) {
			if _, ok := e.(*tensor.Tensor); !ok {
				eval.Throw("TypeError", errTensorListElem, i, argnum, eval.TypeName(e))
			}
		}
		return true
	case "std::string", "c10::string_view":
		_, ok := v.(eval.Str)
		return ok
	case "Dimname":
		switch v.(type) {
		case eval.Str, eval.NoneType:
			return true
		}
		return false
	case "DimnameList":
		switch x := v.(type) {
		case eval.Str, eval.NoneType:
			return p.size > 0
		case eval.Tuple, *eval.List:
			elems := eval.IterateAll(x)
			if len(elems) == 0 {
				return true
			}
			_, ok := elems[0].(eval.Str)
			return ok
		}
		return false
	case "PyObject*":
		return true
	case "Generator":
		_, ok := generatorOf(v)
		return ok
	case "MemoryFormat":
		_, ok := memoryFormatOf(v)
		return ok
	case "Layout":
		return v == eval.Value(stridedLayout)
	}
	return false
}

// isIndex is THPUtils_checkIndex: an int (not a bool), or an object with
// __index__ (a one-element integer or bool tensor).
func isIndex(v eval.Value) bool {
	switch x := v.(type) {
	case eval.Int:
		return true
	case *tensor.Tensor:
		return x.Numel() == 1 && x.DType().IsIntegral(true)
	}
	return false
}

// indexValue is THPUtils_unpackIndex on a bound int-list element: ints,
// bools and one-element integer tensors.
func indexValue(v eval.Value) (int64, bool) {
	switch x := v.(type) {
	case eval.Int:
		return x.Int64()
	case eval.Bool:
		if x {
			return 1, true
		}
		return 0, true
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(true) {
			return x.Item().Int(), true
		}
	}
	return 0, false
}

// unpackDouble is THPUtils_unpackDouble on an element or a
// bound double.
func unpackDouble(v eval.Value) float64 {
	switch x := v.(type) {
	case eval.Float:
		return float64(x)
	case eval.Bool:
		return eval.B2f(bool(x))
	case eval.Int:
		f := x.Float()
		if math.IsInf(f, 0) {
			eval.Throw("OverflowError", eval.ErrIntTooLargeFloat)
		}
		return f
	case *tensor.Tensor:
		return x.Item().Float()
	}
	eval.Throw("TypeError", eval.ErrMustBeRealNumber, eval.TypeName(v))
	return 0
}

// String is FunctionSignature::toString: "(Tensor input, *, torch.dtype dtype)".
func (sig *signature) String() string {
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
		b.WriteString(typeNames[prm.typ] + " " + prm.name)
	}
	b.WriteByte(')')
	return b.String()
}

// invalidArgsOne raises invalid_arguments.cpp's format_invalid_args for a
// function with one visible signature: the keywords that cannot match, or
// the arguments (marked !like this! where their type does not match the
// printed signature's) and the signature.
func (sig *signature) invalidArgsOne(a *eval.Args) {
	opt := sig.option()
	if unmatched := tryMatchKwargs(opt, a); len(unmatched) > 0 {
		eval.Throw("TypeError", errUnrecognizedKw, sig.name, strings.Join(unmatched, ", "))
	}
	desc := "(" + eval.InvalidArgsDesc(a) + ")"
	if argcountMatch(opt, a) {
		if d, found := formattedArgDesc(opt, a); found {
			desc = d
		}
	}
	eval.Throw("TypeError", errInvalidArgsFor, sig.name, desc, sig.String())
}

// ---- converting the bound values ----

// index is the position of the parameter name in the bound signature, or -1.
func (b *boundArgs) index(name string) int {
	for i, prm := range b.sig.params {
		if prm.name == name {
			return i
		}
	}
	return -1
}

// val is the value bound to name: nil when absent or None (or when the
// signature has no such parameter), except that a Dimname parameter binds
// None itself.
func (b *boundArgs) val(name string) eval.Value {
	if i := b.index(name); i >= 0 {
		return b.vals[i]
	}
	return nil
}

// has reports whether name was given (and not None).
func (b *boundArgs) has(name string) bool {
	_, isNone := b.val(name).(eval.NoneType)
	return b.val(name) != nil && !isNone
}

// tensor converts a Tensor parameter (nil when absent).
func (b *boundArgs) tensor(name string) *tensor.Tensor {
	t, _ := b.val(name).(*tensor.Tensor)
	return t
}

// int64 converts an int64_t parameter (def when absent).
func (b *boundArgs) int64(name string, def int64) int64 {
	switch x := b.val(name).(type) {
	case eval.Int:
		return eval.UnpackLong(x)
	case *tensor.Tensor:
		return x.Item().Int()
	}
	return def
}

// int is int64 as an int.
func (b *boundArgs) int(name string, def int) int { return int(b.int64(name, int64(def))) }

// ints converts an IntArrayRef or SymIntArrayRef parameter (nil when absent
// or None): a single int stands for size copies of it.
func (b *boundArgs) ints(name string) []int {
	i := b.index(name)
	if i < 0 || b.vals[i] == nil {
		return nil
	}
	prm := b.sig.params[i]
	if x, ok := b.vals[i].(eval.Int); ok {
		out := make([]int, max(prm.size, 1))
		for k := range out {
			out[k] = int(eval.UnpackLong(x))
		}
		return out
	}
	elems := eval.IterateAll(b.vals[i])
	out := make([]int, len(elems))
	for k, e := range elems {
		n, ok := indexValue(e)
		if prm.typ == "SymIntArrayRef" && n < -(1<<62) {
			ok = false // c10::SymInt reserves these values
		}
		if !ok {
			eval.Throw("TypeError", eval.ErrIntListElem, b.name, prm.name, typeNames[prm.typ], eval.TypeName(e), k+1)
		}
		out[k] = int(n)
	}
	return out
}

// scalar converts a Scalar parameter.
func (b *boundArgs) scalar(name string) tensor.Scalar {
	switch x := b.val(name).(type) {
	case eval.Bool:
		return tensor.BoolS(bool(x))
	case eval.Int:
		return tensor.IntS(eval.UnpackLong(x))
	case eval.Float:
		return tensor.FloatS(float64(x))
	case *tensor.Tensor:
		return x.Item()
	}
	return tensor.IntS(0)
}

// double converts a double parameter (def when absent).
func (b *boundArgs) double(name string, def float64) float64 {
	if v := b.val(name); v != nil {
		return unpackDouble(v)
	}
	return def
}

// bool converts a bool parameter (def when absent).
func (b *boundArgs) bool(name string, def bool) bool {
	if x, ok := b.val(name).(eval.Bool); ok {
		return bool(x)
	}
	return def
}

// dtype converts a ScalarType parameter: Python's float, int and bool
// stand for float64, int64 and bool. ok is false when it is absent.
func (b *boundArgs) dtype(name string) (d tensor.DType, ok bool) {
	switch x := b.val(name).(type) {
	case eval.DTypeValue:
		return x.D, true
	case *eval.Class:
		return classDType(x), true
	}
	return 0, false
}

// dtypeOr is dtype with a default.
func (b *boundArgs) dtypeOr(name string, def tensor.DType) tensor.DType {
	if d, ok := b.dtype(name); ok {
		return d
	}
	return def
}

// classDType is the dtype a Python type stands for in a dtype argument.
func classDType(c *eval.Class) tensor.DType {
	switch c {
	case eval.IntClass:
		return tensor.Int64
	case eval.BoolClass:
		return tensor.Bool
	}
	return tensor.Float64
}

// device converts a Device parameter, or returns nil when absent.
func (b *boundArgs) device(name string) *tensor.Device {
	v := b.val(name)
	if v == nil {
		return defaultDeviceFor(b.name) // device_gpu.go
	}
	d := parseDevice(v)
	return &d
}

// tensors converts a TensorList parameter.
func (b *boundArgs) tensors(name string) []*tensor.Tensor {
	elems := eval.IterateAll(b.val(name))
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		out[i] = e.(*tensor.Tensor)
	}
	return out
}

// rejectOut raises for an out= argument, which tensh does not support.
func (b *boundArgs) rejectOut() {
	if b.has("out") {
		eval.Throw("TypeError", errOutUnsupported, b.name)
	}
}

// dimname raises PyTorch's errors for a dimension given by name: tensh's
// tensors have no names.
func (b *boundArgs) dimname(name string, t *tensor.Tensor) {
	v := b.val(name)
	if s, ok := v.(eval.Str); ok {
		eval.Throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
	}
	if l, ok := v.(eval.Tuple); ok && len(l) > 0 {
		if s, ok := l[0].(eval.Str); ok {
			eval.Throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
		}
	}
	if l, ok := v.(*eval.List); ok && len(l.Elems) > 0 {
		if s, ok := l.Elems[0].(eval.Str); ok {
			eval.Throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
		}
	}
	eval.Throw("RuntimeError", errDimnameNone)
}

// unnamedDims is how PyTorch prints an unnamed tensor's names:
// Tensor[None, None].
func unnamedDims(t *tensor.Tensor) string {
	parts := make([]string, t.Dim())
	for i := range parts {
		parts[i] = "None"
	}
	return "Tensor[" + strings.Join(parts, ", ") + "]"
}
