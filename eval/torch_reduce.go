package eval

import (
	"math"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Reductions and scans: sum, mean, prod, max/min, amax/amin,
// argmax/argmin, std/var, norm, all/any, count_nonzero, logsumexp, median,
// mode, cumsum/cumprod; and the argument binding that the reduction, join
// and linear-algebra bindings share.

// ---- PyTorch's argument parser ----

// rsigs is one function's signatures in PyTorch's own notation, tried in
// order like python_arg_parser.cpp's PythonArgParser: the first signature
// that binds wins. When none does, the error is the specific one of the
// only signature plausible by argument count, or "received an invalid
// combination of arguments".
type rsigs struct {
	name string
	sigs []*rsig
}

type rsig struct {
	params  []rparam
	minArgs int
	maxArgs int
	maxPos  int
}

type rparam struct {
	name      string
	typ       string // Tensor, int64_t, IntArrayRef, bool, double, Scalar, ScalarType, TensorList, std::string, Dimname, DimnameList, PyObject*
	size      int    // N of IntArrayRef[N]: a single int is accepted
	optional  bool
	allowNone bool
	kwOnly    bool
}

// newRsigs parses "name(Type name=default, *, Type? name=None)" signatures.
func newRsigs(specs ...string) *rsigs {
	ss := &rsigs{}
	for _, spec := range specs {
		open := strings.IndexByte(spec, '(')
		ss.name = spec[:open]
		s := &rsig{}
		kw := false
		for _, part := range strings.Split(strings.TrimSuffix(spec[open+1:], ")"), ", ") {
			if part == "" {
				continue
			}
			if part == "*" {
				kw = true
				continue
			}
			decl, def, hasDef := strings.Cut(part, "=")
			sp := strings.LastIndexByte(decl, ' ')
			p := rparam{name: decl[sp+1:], typ: decl[:sp], optional: hasDef, kwOnly: kw}
			if strings.HasSuffix(p.typ, "?") {
				p.typ = strings.TrimSuffix(p.typ, "?")
				p.allowNone = true
			}
			// None also stands for an int list's default ([]).
			if hasDef && (def == "None" || def == "[]") {
				p.allowNone = true
			}
			if i := strings.IndexByte(p.typ, '['); i >= 0 {
				p.size = int(p.typ[i+1] - '0')
				p.typ = p.typ[:i]
			}
			s.params = append(s.params, p)
			if !p.optional {
				s.minArgs++
			}
			s.maxArgs++
			if !kw {
				s.maxPos++
			}
		}
		ss.sigs = append(ss.sigs, s)
	}
	return ss
}

// rargs are the values bound by a successful parse; an absent name took
// its default (or None).
type rargs struct {
	name string
	sig  int
	v    map[string]Value
}

// numpyNames are the NumPy spellings PyTorch's parser accepts for some
// parameter names.
var numpyNames = map[string][]string{"dim": {"axis"}, "keepdim": {"keepdims"}, "input": {"x", "a", "x1"}, "other": {"x2"}}

// parse binds a call. For a method call the receiver binds to the
// parameter named input (or self).
func (ss *rsigs) parse(a *Args) *rargs {
	if len(ss.sigs) == 1 {
		v, _ := ss.sigs[0].bind(ss.name, a, true)
		return &rargs{name: ss.name, v: v}
	}
	for i, s := range ss.sigs {
		if v, ok := s.bind(ss.name, a, false); ok {
			return &rargs{name: ss.name, sig: i, v: v}
		}
	}
	n := len(a.Pos) + len(a.Kw)
	var plausible []*rsig
	for _, s := range ss.sigs {
		m := s
		if a.Self != nil {
			m = s.method()
		}
		if n >= m.minArgs && n <= m.maxArgs {
			plausible = append(plausible, s)
		}
	}
	if len(plausible) == 1 {
		plausible[0].bind(ss.name, a, true)
	}
	invalidCombination(a)
	return nil
}

// method returns the signature without its input parameter.
func (s *rsig) method() *rsig {
	m := &rsig{}
	for _, p := range s.params {
		if p.name == "input" || p.name == "self" {
			continue
		}
		m.params = append(m.params, p)
		if !p.optional {
			m.minArgs++
		}
		m.maxArgs++
		if !p.kwOnly {
			m.maxPos++
		}
	}
	return m
}

// bind is FunctionSignature::parse.
func (s *rsig) bind(name string, a *Args, raise bool) (map[string]Value, bool) {
	out := map[string]Value{}
	sig := s
	if a.Self != nil {
		sig = s.method()
		for _, p := range s.params {
			if p.name == "input" || p.name == "self" {
				out[p.name] = a.Self
			}
		}
	}
	nargs := len(a.Pos)
	varargs := sig.maxPos == 1 && len(sig.params) > 0 && (sig.params[0].typ == "IntArrayRef" || sig.params[0].typ == "SymIntArrayRef") && sig.params[0].size == 0
	if nargs > sig.maxPos && !varargs {
		if raise {
			sigExtraArgs(name, sig, nargs)
		}
		return nil, false
	}
	used := map[string]bool{}
	argPos := 0
	for i, p := range sig.params {
		var obj Value
		isKw := false
		if argPos < nargs {
			if p.kwOnly {
				if raise {
					sigExtraArgs(name, sig, nargs)
				}
				return nil, false
			}
			obj = a.Pos[argPos]
		} else {
			names := append([]string{p.name}, numpyNames[p.name]...)
			for _, n := range names {
				if v, ok := a.Kwarg(n); ok && obj == nil {
					obj = v
					used[n] = true
				}
			}
			isKw = true
		}
		_, isNone := obj.(NoneType)
		switch {
		case (obj == nil && p.optional) || (isNone && p.allowNone):
		case obj == nil:
			if raise {
				sigMissingArgs(name, sig, i)
			}
			return nil, false
		case p.check(obj, i):
			out[p.name] = obj
		case varargs && argPos == 0 && !isKw && isIndex(obj):
			out[p.name] = Tuple(append([]Value{}, a.Pos...))
			argPos = nargs
			continue
		case raise:
			if isKw {
				throw("TypeError", "%s(): argument '%s' must be %s, not %s", name, p.name, p.typeName(), pyArgTypeName(obj))
			}
			throw("TypeError", "%s(): argument '%s' (position %d) must be %s, not %s", name, p.name, argPos+1, p.typeName(), pyArgTypeName(obj))
		default:
			return nil, false
		}
		if !isKw {
			argPos++
		}
	}
	for _, kw := range a.Kw {
		if used[kw.Name] {
			continue
		}
		if raise {
			for i, p := range sig.params {
				if p.name == kw.Name && i < nargs {
					throw("TypeError", "%s() got multiple values for argument '%s'", name, kw.Name)
				}
			}
			throw("TypeError", "%s() got an unexpected keyword argument '%s'", name, kw.Name)
		}
		return nil, false
	}
	return out, true
}

func sigExtraArgs(name string, s *rsig, nargs int) {
	if s.minArgs != s.maxPos {
		throw("TypeError", "%s() takes from %d to %d positional arguments but %d were given", name, s.minArgs, s.maxPos, nargs)
	}
	plural, verb := "s", "were"
	if s.maxPos == 1 {
		plural = ""
	}
	if nargs == 1 {
		verb = "was"
	}
	throw("TypeError", "%s() takes %d positional argument%s but %d %s given", name, s.maxPos, plural, nargs, verb)
}

// sigMissingArgs reproduces PyTorch's message, including its plural "s" for
// exactly one missing argument.
func sigMissingArgs(name string, s *rsig, from int) {
	var names []string
	for _, p := range s.params[from:] {
		if !p.optional {
			names = append(names, `"`+p.name+`"`)
		}
	}
	plural := ""
	if len(names) == 1 {
		plural = "s"
	}
	throw("TypeError", "%s() missing %d required positional argument%s: %s", name, len(names), plural, strings.Join(names, ", "))
}

// invalidCombination raises the parser's error for a call no signature
// takes. The keyword arguments are listed last to first, as PyTorch does.
func invalidCombination(a *Args) {
	var b strings.Builder
	for i, v := range a.Pos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(pyArgTypeName(v))
	}
	for i := len(a.Kw) - 1; i >= 0; i-- {
		kw := a.Kw[i]
		if len(a.Pos) > 0 {
			b.WriteString(", ")
		}
		b.WriteString(kw.Name + "=" + pyArgTypeName(kw.Value))
		if len(a.Pos) == 0 {
			b.WriteString(", ")
		}
	}
	throw("TypeError", errInvalidCombination, a.Name, b.String())
}

// pyArgTypeName is Py_TYPE(v)->tp_name as the argument parser prints it.
func pyArgTypeName(v Value) string {
	switch v.(type) {
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
	}
	return TypeName(v)
}

func (p *rparam) typeName() string {
	switch p.typ {
	case "Tensor":
		return "Tensor"
	case "int64_t":
		return "int"
	case "IntArrayRef":
		return "tuple of ints"
	case "SymIntArrayRef":
		return "tuple of SymInts"
	case "bool":
		return "bool"
	case "double":
		return "float"
	case "Scalar":
		return "Number"
	case "ScalarType":
		return "torch.dtype"
	case "TensorList":
		return "tuple of Tensors"
	case "std::string":
		return "str"
	case "Dimname":
		return "name"
	case "DimnameList":
		return "tuple of names"
	}
	return "object"
}

// isIndex is THPUtils_checkIndex: an int (not a bool) or a one-element
// integer tensor.
func isIndex(v Value) bool {
	switch x := v.(type) {
	case Int:
		return true
	case *tensor.Tensor:
		return x.Numel() == 1 && x.DType().IsIntegral(false)
	}
	return false
}

// check is FunctionParameter::check; argnum numbers the parameter in
// TensorList errors.
func (p *rparam) check(v Value, argnum int) bool {
	switch p.typ {
	case "Tensor":
		_, ok := v.(*tensor.Tensor)
		return ok
	case "int64_t":
		switch x := v.(type) {
		case Int:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0 && x.DType().IsIntegral(false)
		}
		return false
	case "IntArrayRef", "SymIntArrayRef":
		switch x := v.(type) {
		case Tuple, *List, Size:
			elems := iterate(x)
			return len(elems) == 0 || isIndex(elems[0])
		case Int:
			return p.size > 0
		}
		return false
	case "bool":
		_, ok := v.(Bool)
		return ok
	case "double", "Scalar":
		switch x := v.(type) {
		case Bool, Int, Float:
			return true
		case *tensor.Tensor:
			return x.Dim() == 0
		}
		return false
	case "ScalarType":
		switch x := v.(type) {
		case DTypeValue:
			return true
		case *Class:
			return x == intClass || x == floatClass || x == boolClass
		}
		return false
	case "TensorList":
		switch v.(type) {
		case Tuple, *List:
		default:
			return false
		}
		for i, e := range iterate(v) {
			if _, ok := e.(*tensor.Tensor); !ok {
				throw("TypeError", "expected Tensor as element %d in argument %d, but got %s", i, argnum, pyArgTypeName(e))
			}
		}
		return true
	case "std::string":
		_, ok := v.(Str)
		return ok
	case "Dimname":
		switch v.(type) {
		case Str, NoneType:
			return true
		}
		return false
	case "DimnameList":
		switch x := v.(type) {
		case Str, NoneType:
			return p.size > 0
		case Tuple, *List:
			elems := iterate(x)
			if len(elems) == 0 {
				return true
			}
			_, ok := elems[0].(Str)
			return ok
		}
		return false
	case "PyObject*":
		return true
	}
	return false
}

// has reports whether name was bound to a value other than None.
func (r *rargs) has(name string) bool {
	v, ok := r.v[name]
	if !ok {
		return false
	}
	_, isNone := v.(NoneType)
	return !isNone
}

func (r *rargs) tensor(name string) *tensor.Tensor {
	t, _ := r.v[name].(*tensor.Tensor)
	return t
}

// int converts an int64_t argument (def when absent).
func (r *rargs) int(name string, def int) int {
	v, ok := r.v[name]
	if !ok {
		return def
	}
	return int(unpackIndex(v))
}

// unpackIndex converts an int, bool or one-element integer tensor.
func unpackIndex(v Value) int64 {
	switch x := v.(type) {
	case Int:
		i, ok := x.Int64()
		if !ok {
			throw("RuntimeError", errUnpackLongOverflow)
		}
		return i
	case Bool:
		if x {
			return 1
		}
		return 0
	case *tensor.Tensor:
		return x.Item().Int()
	}
	throw("TypeError", "'%s' object cannot be interpreted as an integer", TypeName(v))
	return 0
}

// ints converts an int list argument; nil when absent or None.
func (r *rargs) ints(name string) []int {
	v, ok := r.v[name]
	if !ok {
		return nil
	}
	switch x := v.(type) {
	case NoneType:
		return nil
	case Int, Bool:
		return []int{int(unpackIndex(x))}
	}
	elems := iterate(v)
	out := make([]int, len(elems))
	for i, e := range elems {
		switch x := e.(type) {
		case Int, Bool:
			out[i] = int(unpackIndex(x))
		case *tensor.Tensor:
			if !isIndex(x) {
				throw("TypeError", errIntListElemAt, r.name, name, pyArgTypeName(e), i+1)
			}
			out[i] = int(unpackIndex(x))
		default:
			throw("TypeError", errIntListElemAt, r.name, name, pyArgTypeName(e), i+1)
		}
	}
	return out
}

func (r *rargs) bool(name string, def bool) bool {
	if b, ok := r.v[name].(Bool); ok {
		return bool(b)
	}
	return def
}

func (r *rargs) float(name string, def float64) float64 {
	switch x := r.v[name].(type) {
	case Float:
		return float64(x)
	case Int:
		return x.Float()
	case Bool:
		return b2f(bool(x))
	case *tensor.Tensor:
		return x.Item().Float()
	}
	return def
}

// dtype converts an optional ScalarType argument.
func (r *rargs) dtype(name string) (tensor.DType, bool) {
	switch x := r.v[name].(type) {
	case DTypeValue:
		return x.D, true
	case *Class:
		switch x {
		case intClass:
			return tensor.Int64, true
		case floatClass:
			return tensor.Float64, true
		case boolClass:
			return tensor.Bool, true
		}
	}
	return 0, false
}

func (r *rargs) tensors(name string) []*tensor.Tensor {
	elems := iterate(r.v[name])
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		out[i] = e.(*tensor.Tensor)
	}
	return out
}

// dimname raises PyTorch's errors for a dimension given by name: tensh's
// tensors have no names.
func (r *rargs) dimname(name string, t *tensor.Tensor) {
	v := r.v[name]
	if s, ok := v.(Str); ok {
		throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
	}
	if l, ok := v.(Tuple); ok && len(l) > 0 {
		if s, ok := l[0].(Str); ok {
			throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
		}
	}
	if l, ok := v.(*List); ok && len(l.Elems) > 0 {
		if s, ok := l.Elems[0].(Str); ok {
			throw("RuntimeError", errDimnameNotFound, string(s), unnamedDims(t))
		}
	}
	throw("RuntimeError", errDimnameNone)
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

// returnType makes a torch.return_types value.
func returnType(name string, values, indices *tensor.Tensor) *NamedTuple {
	return &NamedTuple{TypeName: "torch.return_types." + name, Fields: []string{"values", "indices"}, Elems: Tuple{values, indices}}
}

// ---- reductions ----

var (
	sumSigs = newRsigs(
		"sum(Tensor input, *, ScalarType? dtype=None)",
		"sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
		"sum(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)")
	meanSigs = newRsigs(
		"mean(Tensor input, *, ScalarType? dtype=None)",
		"mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
		"mean(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None)")
	prodSigs = newRsigs(
		"prod(Tensor input, *, ScalarType? dtype=None)",
		"prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
		"prod(Tensor input, Dimname dim, bool keepdim=False, *, ScalarType? dtype=None)")
	maxSigs = newRsigs(
		"max(Tensor input)",
		"max(Tensor input, Tensor other, *, Tensor out=None)",
		"max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"max(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	minSigs = newRsigs(
		"min(Tensor input)",
		"min(Tensor input, Tensor other, *, Tensor out=None)",
		"min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"min(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	amaxSigs   = newRsigs("amax(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)")
	aminSigs   = newRsigs("amin(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)")
	argmaxSigs = newRsigs("argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)")
	argminSigs = newRsigs("argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)")
	allSigs    = newRsigs(
		"all(Tensor input, *, Tensor out=None)",
		"all(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
		"all(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)")
	anySigs = newRsigs(
		"any(Tensor input, *, Tensor out=None)",
		"any(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
		"any(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)")
	countNonzeroSigs = newRsigs(
		"count_nonzero(Tensor input, IntArrayRef dim)",
		"count_nonzero(Tensor input, int64_t? dim=None)")
	logsumexpSigs = newRsigs(
		"logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
		"logsumexp(Tensor input, DimnameList[1] dim, bool keepdim=False, *, Tensor out=None)")
	medianSigs = newRsigs(
		"median(Tensor input)",
		"median(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"median(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	modeSigs = newRsigs(
		"mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList out=None)",
		"mode(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	cumsumSigs = newRsigs(
		"cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
		"cumsum(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)")
	cumprodSigs = newRsigs(
		"cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
		"cumprod(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)")
)

// stdVarSigs are std's and var's signatures in PyTorch 1.13.
func stdVarSigs(name string) *rsigs {
	return newRsigs(
		name+"(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
		name+"(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction=None, bool keepdim=False, Tensor out=None)",
		name+"(Tensor input, bool unbiased=True)",
		name+"(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
		name+"(Tensor input, DimnameList[1] dim, *, int64_t? correction=None, bool keepdim=False, Tensor out=None)")
}

var (
	stdSigs = stdVarSigs("std")
	varSigs = stdVarSigs("var")
)

// rejectOut raises for an out= argument, which tensh does not support.
func (r *rargs) rejectOut() {
	if r.has("out") {
		throw("TypeError", errOutUnsupported, r.name)
	}
}

// sumLike binds sum and mean: dims (nil for all), keepdim and dtype.
func sumLike(a *Args, ss *rsigs, fn func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor) Value {
	r := ss.parse(a)
	t := r.tensor("input")
	if r.sig == 2 {
		r.dimname("dim", t)
	}
	d, hasD := r.dtype("dtype")
	return fn(t, r.ints("dim"), r.bool("keepdim", false), d, hasD)
}

func init() {
	reduce := TorchFunc | TensorMethod
	register(
		&Builtin{Name: "sum", Kind: reduce, Sig: "sum(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Sum of the elements, over all of them or over dim (an int or a tuple of ints). Integer and bool tensors sum to int64.",
			Fn: func(a *Args) Value {
				return sumLike(a, sumSigs, func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor {
					if hasD {
						return tensor.SumAs(t, dims, keepdim, d)
					}
					return tensor.Sum(t, dims, keepdim)
				})
			}},
		&Builtin{Name: "mean", Kind: reduce, Sig: "mean(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Mean of the elements, over all of them or over dim. The input (or dtype) must be a floating type.",
			Fn: func(a *Args) Value {
				return sumLike(a, meanSigs, func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor {
					if hasD {
						return tensor.MeanAs(t, dims, keepdim, d)
					}
					return tensor.Mean(t, dims, keepdim)
				})
			}},
		&Builtin{Name: "prod", Kind: reduce, Sig: "prod(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Product of the elements, over all of them or along one dimension. Integer and bool tensors multiply in int64.",
			Fn: func(a *Args) Value {
				r := prodSigs.parse(a)
				t := r.tensor("input")
				var dims []int
				switch r.sig {
				case 1:
					dims = []int{r.int("dim", 0)}
				case 2:
					r.dimname("dim", t)
				}
				if d, ok := r.dtype("dtype"); ok {
					return tensor.ProdAs(t, dims, r.bool("keepdim", false), d)
				}
				return tensor.Prod(t, dims, r.bool("keepdim", false))
			}},
		&Builtin{Name: "max", Kind: reduce, Sig: "max(input) / max(input, dim, keepdim=False) / max(input, other) -> Tensor",
			Doc: "The largest element; along dim, a torch.return_types.max of the values and their indices; with another tensor, the elementwise maximum.",
			Fn:  func(a *Args) Value { return maxMin(a, maxSigs, true) }},
		&Builtin{Name: "min", Kind: reduce, Sig: "min(input) / min(input, dim, keepdim=False) / min(input, other) -> Tensor",
			Doc: "The smallest element; along dim, a torch.return_types.min of the values and their indices; with another tensor, the elementwise minimum.",
			Fn:  func(a *Args) Value { return maxMin(a, minSigs, false) }},
		&Builtin{Name: "amax", Kind: reduce, Sig: "amax(input, dim=(), keepdim=False) -> Tensor",
			Doc: "The largest values over dim (an int or a tuple; all dimensions when empty). NaN propagates.",
			Fn: func(a *Args) Value {
				r := amaxSigs.parse(a)
				r.rejectOut()
				return tensor.Amax(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false))
			}},
		&Builtin{Name: "amin", Kind: reduce, Sig: "amin(input, dim=(), keepdim=False) -> Tensor",
			Doc: "The smallest values over dim (an int or a tuple; all dimensions when empty). NaN propagates.",
			Fn: func(a *Args) Value {
				r := aminSigs.parse(a)
				r.rejectOut()
				return tensor.Amin(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false))
			}},
		&Builtin{Name: "argmax", Kind: reduce, Sig: "argmax(input, dim=None, keepdim=False) -> LongTensor",
			Doc: "Index of the first largest element, in the flattened tensor or along dim.",
			Fn:  func(a *Args) Value { return argMaxMin(a, argmaxSigs, true) }},
		&Builtin{Name: "argmin", Kind: reduce, Sig: "argmin(input, dim=None, keepdim=False) -> LongTensor",
			Doc: "Index of the first smallest element, in the flattened tensor or along dim.",
			Fn:  func(a *Args) Value { return argMaxMin(a, argminSigs, false) }},
		&Builtin{Name: "std", Kind: reduce, Sig: "std(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor",
			Doc: "Standard deviation over all elements or over dim; unbiased (N-1 divisor) unless unbiased=False or another correction is given.",
			Fn:  func(a *Args) Value { return stdVar(a, stdSigs, true) }},
		&Builtin{Name: "var", Kind: reduce, Sig: "var(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor",
			Doc: "Variance over all elements or over dim; unbiased (N-1 divisor) unless unbiased=False or another correction is given.",
			Fn:  func(a *Args) Value { return stdVar(a, varSigs, false) }},
		&Builtin{Name: "norm", Kind: reduce, Sig: "norm(input, p='fro', dim=None, keepdim=False, dtype=None) -> Tensor",
			Doc: "Vector p-norm over all elements or over dim: p may be a number, inf, -inf, 'fro' or 'nuc'.",
			Fn:  builtinNorm},
		&Builtin{Name: "all", Kind: reduce, Sig: "all(input, dim=None, keepdim=False) -> Tensor",
			Doc: "Whether every element is non-zero, overall or along one dimension (bool; uint8 for uint8 tensors).",
			Fn:  func(a *Args) Value { return allAny(a, allSigs, true) }},
		&Builtin{Name: "any", Kind: reduce, Sig: "any(input, dim=None, keepdim=False) -> Tensor",
			Doc: "Whether some element is non-zero, overall or along one dimension (bool; uint8 for uint8 tensors).",
			Fn:  func(a *Args) Value { return allAny(a, anySigs, false) }},
		&Builtin{Name: "count_nonzero", Kind: reduce, Sig: "count_nonzero(input, dim=None) -> Tensor",
			Doc: "Number of non-zero elements, overall or over dim (an int or a tuple).",
			Fn: func(a *Args) Value {
				r := countNonzeroSigs.parse(a)
				return tensor.CountNonzero(r.tensor("input"), r.ints("dim"))
			}},
		&Builtin{Name: "logsumexp", Kind: reduce, Sig: "logsumexp(input, dim, keepdim=False) -> Tensor",
			Doc: "log(sum(exp(input))) over dim, computed without overflow; integer inputs give the default float dtype.",
			Fn: func(a *Args) Value {
				r := logsumexpSigs.parse(a)
				t := r.tensor("input")
				if r.sig == 1 {
					r.dimname("dim", t)
				}
				r.rejectOut()
				dims, keepdim := r.ints("dim"), r.bool("keepdim", false)
				if len(dims) == 0 && !keepdim && t.Dim() > 0 {
					// PyTorch adds the kept-dims maximum in place into the
					// squeezed sum and fails.
					ones := make([]int, t.Dim())
					for i := range ones {
						ones[i] = 1
					}
					throw("RuntimeError", errOutputBroadcast, "[]", tensor.ShapeString(ones))
				}
				return tensor.Logsumexp(t, dims, keepdim)
			}},
		&Builtin{Name: "median", Kind: reduce, Sig: "median(input) / median(input, dim, keepdim=False) -> Tensor",
			Doc: "The lower median of all elements; along dim, a torch.return_types.median of the values and their indices.",
			Fn: func(a *Args) Value {
				r := medianSigs.parse(a)
				t := r.tensor("input")
				switch r.sig {
				case 0:
					return tensor.Median(t)
				case 2:
					r.dimname("dim", t)
				}
				r.rejectOut()
				v, i := tensor.MedianDim(t, r.int("dim", 0), r.bool("keepdim", false))
				return returnType("median", v, i)
			}},
		&Builtin{Name: "mode", Kind: reduce, Sig: "mode(input, dim=-1, keepdim=False) -> (Tensor, LongTensor)",
			Doc: "The most frequent value along dim (the smallest of equally frequent ones) and the index of its last occurrence.",
			Fn: func(a *Args) Value {
				r := modeSigs.parse(a)
				t := r.tensor("input")
				if r.sig == 1 {
					r.dimname("dim", t)
				}
				r.rejectOut()
				v, i := tensor.ModeDim(t, r.int("dim", -1), r.bool("keepdim", false))
				return returnType("mode", v, i)
			}},
		&Builtin{Name: "cumsum", Kind: reduce, Sig: "cumsum(input, dim, *, dtype=None) -> Tensor",
			Doc: "Running sums along dim. Integer and bool tensors sum to int64.",
			Fn:  func(a *Args) Value { return scanBinding(a, cumsumSigs, false) }},
		&Builtin{Name: "cumprod", Kind: reduce, Sig: "cumprod(input, dim, *, dtype=None) -> Tensor",
			Doc: "Running products along dim. Integer and bool tensors multiply in int64.",
			Fn:  func(a *Args) Value { return scanBinding(a, cumprodSigs, true) }},
	)
}

func maxMin(a *Args, ss *rsigs, isMax bool) Value {
	r := ss.parse(a)
	t := r.tensor("input")
	name := "min"
	if isMax {
		name = "max"
	}
	switch r.sig {
	case 0:
		if isMax {
			return tensor.MaxAll(t)
		}
		return tensor.MinAll(t)
	case 1:
		// max(other) is torch.maximum.
		r.rejectOut()
		op := tensor.OpMinimum
		if isMax {
			op = tensor.OpMaximum
		}
		return tensor.Binary(op, tensor.TensorOperand(t), tensor.TensorOperand(r.tensor("other")), tensor.Opts{})
	case 3:
		r.dimname("dim", t)
	}
	r.rejectOut()
	var v, i *tensor.Tensor
	if isMax {
		v, i = tensor.MaxDim(t, r.int("dim", 0), r.bool("keepdim", false))
	} else {
		v, i = tensor.MinDim(t, r.int("dim", 0), r.bool("keepdim", false))
	}
	return returnType(name, v, i)
}

func argMaxMin(a *Args, ss *rsigs, isMax bool) Value {
	r := ss.parse(a)
	r.rejectOut()
	t := r.tensor("input")
	keepdim := r.bool("keepdim", false)
	if !r.has("dim") {
		if isMax {
			return tensor.ArgmaxAll(t, keepdim)
		}
		return tensor.ArgminAll(t, keepdim)
	}
	if isMax {
		return tensor.Argmax(t, r.int("dim", 0), keepdim)
	}
	return tensor.Argmin(t, r.int("dim", 0), keepdim)
}

func stdVar(a *Args, ss *rsigs, isStd bool) Value {
	r := ss.parse(a)
	r.rejectOut()
	t := r.tensor("input")
	if r.sig >= 3 {
		r.dimname("dim", t)
	}
	correction := 1.0
	if !r.bool("unbiased", true) {
		correction = 0
	}
	if r.has("correction") {
		correction = float64(r.int("correction", 1))
	}
	dims, keepdim := r.ints("dim"), r.bool("keepdim", false)
	if isStd {
		return tensor.Std(t, dims, correction, keepdim)
	}
	return tensor.Var(t, dims, correction, keepdim)
}

func allAny(a *Args, ss *rsigs, isAll bool) Value {
	r := ss.parse(a)
	r.rejectOut()
	t := r.tensor("input")
	var dims []int
	switch r.sig {
	case 1:
		dims = []int{r.int("dim", 0)}
	case 2:
		if _, isStr := r.v["dim"].(Str); !isStr {
			throw("RuntimeError", errDimnameUnsupported, r.name)
		}
		r.dimname("dim", t)
	}
	if isAll {
		return tensor.All(t, dims, r.bool("keepdim", false))
	}
	return tensor.Any(t, dims, r.bool("keepdim", false))
}

func scanBinding(a *Args, ss *rsigs, prod bool) Value {
	r := ss.parse(a)
	r.rejectOut()
	t := r.tensor("input")
	if r.sig == 1 {
		r.dimname("dim", t)
	}
	dim := r.int("dim", 0)
	d, hasD := r.dtype("dtype")
	switch {
	case prod && hasD:
		return tensor.CumprodAs(t, dim, d)
	case prod:
		return tensor.Cumprod(t, dim)
	case hasD:
		return tensor.CumsumAs(t, dim, d)
	}
	return tensor.Cumsum(t, dim)
}

// builtinNorm is torch.norm and Tensor.norm, Python functions in PyTorch
// (torch/functional.py) that dispatch on p: 'fro' (the default: the 2-norm
// over all dims, or the Frobenius norm over two dims), 'nuc', or a number.
func builtinNorm(a *Args) Value {
	// Bind as Python binds norm(input, p="fro", dim=None, keepdim=False,
	// out=None, dtype=None) and Tensor.norm(self, p="fro", dim=None,
	// keepdim=False, dtype=None).
	name, params := "norm", []string{"input", "p", "dim", "keepdim", "out", "dtype"}
	if a.Self != nil {
		name, params = "Tensor.norm", []string{"self", "p", "dim", "keepdim", "dtype"}
	}
	pos := a.All()
	if len(pos) > len(params) {
		throw("TypeError", errPyTakesFromTo, name, 1, len(params), len(pos))
	}
	vals := map[string]Value{}
	for i, v := range pos {
		vals[params[i]] = v
	}
	for _, kw := range a.Kw {
		known := false
		for i, p := range params {
			if p == kw.Name {
				known = true
				if i < len(pos) {
					throw("TypeError", errMultipleValues, name, kw.Name)
				}
			}
		}
		if !known {
			throw("TypeError", errUnexpectedKw, name, kw.Name)
		}
		vals[kw.Name] = kw.Value
	}
	in, ok := vals[params[0]]
	if !ok {
		throw("TypeError", errPyMissingArg, name, params[0])
	}
	t, isT := in.(*tensor.Tensor)
	if !isT {
		throw("AttributeError", errNoAttr, TypeName(in), "dim")
	}
	get := func(k string, def Value) Value {
		if v, ok := vals[k]; ok {
			return v
		}
		return def
	}
	p, dim, kd, dtv := get("p", Str("fro")), get("dim", None), get("keepdim", Bool(false)), get("dtype", None)
	if out := get("out", None); out != None {
		throw("TypeError", errOutUnsupported, "norm")
	}
	keepdim, isBool := kd.(Bool)
	if !isBool {
		// _VF.norm's parser takes only a bool keepdim.
		dimDesc := pyArgTypeName(dim)
		if _, isInt := dim.(Int); isInt {
			dimDesc = "list"
		}
		throw("TypeError", errInvalidCombination, "norm", "Tensor, "+pyArgTypeName(p)+", "+dimDesc+", keepdim="+pyArgTypeName(kd))
	}
	var dims []int
	hasDim := false
	switch d := dim.(type) {
	case NoneType:
	case Int:
		hasDim, dims = true, []int{int(unpackIndex(d))}
	case Tuple, *List, Size:
		hasDim = true
		for i, e := range iterate(d) {
			if !isIndex(e) {
				throw("TypeError", errIntListElemAt, "norm", "dim", pyArgTypeName(e), i+1)
			}
			dims = append(dims, int(unpackIndex(e)))
		}
	default:
		throw("TypeError", errInvalidCombination, "norm", "Tensor, "+pyArgTypeName(p)+", "+pyArgTypeName(dim)+", keepdim=bool")
	}
	var dt *tensor.DType
	if d, ok := dtv.(DTypeValue); ok {
		dt = &d.D
	}
	vector := func(p float64, dims []int) Value {
		if dt != nil {
			return tensor.Norm(t.To(*dt), p, dims, bool(keepdim))
		}
		return tensor.Norm(t, p, dims, bool(keepdim))
	}
	if !hasDim && dt == nil {
		switch x := p.(type) {
		case Str:
			if x == "fro" {
				return vector(2, nil)
			}
		case NoneType:
		default:
			return vector(normOrder(p), nil)
		}
	}
	switch x := p.(type) {
	case Str:
		switch x {
		case "fro":
			if dt != nil {
				throw("ValueError", errFroDType)
			}
			if len(dims) > 2 {
				throw("RuntimeError", errFroDims, len(dims))
			}
			if len(dims) <= 1 {
				return vector(2, dims)
			}
			return tensor.FrobeniusNorm(t, dims, bool(keepdim))
		case "nuc":
			if dt != nil {
				throw("ValueError", errNucDType)
			}
			return tensor.NuclearNorm(t, dims, bool(keepdim))
		}
		throw("RuntimeError", errNormStr, string(x))
	case NoneType:
		return vector(2, dims)
	}
	return vector(normOrder(p), dims)
}

// normOrder converts a numeric p.
func normOrder(p Value) float64 {
	switch x := p.(type) {
	case Int:
		return x.Float()
	case Bool:
		return b2f(bool(x))
	case Float:
		return float64(x)
	case *tensor.Tensor:
		if x.Numel() == 1 {
			return x.Item().Float()
		}
	}
	throw("TypeError", errNormP, pyArgTypeName(p))
	return math.NaN()
}
