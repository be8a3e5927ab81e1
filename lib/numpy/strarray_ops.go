package numpy

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// The Python protocols of StrArray: printing, attributes, indexing,
// comparison.

// indexArray is an int64 array of the element positions in a's shape:
// printing and indexing work on it and read the strings through it.
func (a *StrArray) indexArray() *NDArray {
	t := npEmpty(append([]int{}, a.shape...), tensor.Int64)
	st := tensor.Slice[int64](t.Storage())
	for i := range st {
		st[i] = int64(i)
	}
	return newND(t)
}

// fromIndex makes the str array of the strings an index array points at.
func (a *StrArray) fromIndex(ix *NDArray) *StrArray {
	out := &StrArray{shape: append([]int{}, ix.shape()...), width: a.width}
	for _, v := range ix.values() {
		out.data = append(out.data, a.data[v.I])
	}
	return out
}

func (a *StrArray) text(sep, prefix string, lineWidth int) string {
	if a.size() == 0 {
		return "[]"
	}
	data := a.indexArray()
	ix := data
	summary := ""
	if a.size() > npOpts.threshold {
		summary = "..."
		data = npLeadingTrailing(ix, 0)
	}
	format := func(v tensor.Scalar) string { return eval.Repr(eval.Str(a.data[v.I])) }
	p := &npPrinter{a: ix, format: format, sep: sep, summary: summary}
	return p.recurse(nil, " "+strings.Repeat(" ", len(prefix)), lineWidth)
}

// Repr is array([...], dtype='<Un').
func (a *StrArray) Repr() string {
	prefix := "array("
	var lst string
	if a.size() > 0 || (len(a.shape) == 1 && a.shape[0] == 0) {
		lst = a.text(", ", prefix, npOpts.linewidth-1)
	} else {
		lst = "[], shape=" + eval.Repr(shapeTuple(a.shape))
	}
	s := prefix + lst + ","
	dt := "dtype='" + NPStrDType{a.width}.Str() + "')"
	last := utf8.RuneCountInString(s[strings.LastIndexByte(s, '\n')+1:])
	spacer := " "
	if last+len(dt)+1 > npOpts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return s + spacer + dt
}

// Str is print's text: ['a' 'bc'].
func (a *StrArray) Str() string {
	if len(a.shape) == 0 {
		return a.data[0]
	}
	return a.text(" ", "", npOpts.linewidth)
}

// PyLen is len(a).
func (a *StrArray) PyLen() int {
	if len(a.shape) == 0 {
		eval.Throw("TypeError", errNPLen0d)
	}
	return a.shape[0]
}

// PyIter iterates over the first axis.
func (a *StrArray) PyIter() []eval.Value {
	n := a.PyLen()
	out := make([]eval.Value, n)
	for i := range out {
		out[i] = a.GetItem(nil, eval.MakeInt(int64(i)))
	}
	return out
}

// GetItem indexes as the int64 array of positions would, then reads the
// strings: an element is a numpy.str_ (a str here).
func (a *StrArray) GetItem(s *eval.Session, idx eval.Value) eval.Value {
	r := a.indexArray().GetItem(s, idx)
	if ix, ok := r.(*NDArray); ok && !ix.scalar {
		return a.fromIndex(ix)
	}
	return eval.Str(a.data[npArg(r).item().I])
}

// SetItem stores strings (cut to the width) where the index points.
func (a *StrArray) SetItem(s *eval.Session, idx, v eval.Value) {
	r := a.indexArray().GetItem(s, idx)
	var pos []tensor.Scalar
	if ix, ok := r.(*NDArray); ok && !ix.scalar {
		pos = ix.values()
	} else {
		pos = []tensor.Scalar{npArg(r).item()}
	}
	text, _ := npStrLeafText(v)
	if sv, ok := v.(*StrArray); ok && sv.size() == 1 {
		text = sv.data[0]
	}
	if r := []rune(text); len(r) > a.width {
		text = string(r[:a.width])
	}
	for _, p := range pos {
		a.data[p.I] = text
	}
}

// Attr gives the attributes of a str array that tensh has.
func (a *StrArray) Attr(s *eval.Session, name string) (eval.Value, bool) {
	switch name {
	case "shape":
		return shapeTuple(a.shape), true
	case "ndim":
		return eval.MakeInt(int64(len(a.shape))), true
	case "size":
		return eval.MakeInt(int64(a.size())), true
	case "dtype":
		return NPStrDType{a.width}, true
	case "itemsize":
		return eval.MakeInt(int64(4 * a.width)), true
	case "nbytes":
		return eval.MakeInt(int64(4 * a.width * a.size())), true
	case "strides":
		st := tensor.ContiguousStrides(a.shape)
		out := make(eval.Tuple, len(st))
		for i, x := range st {
			out[i] = eval.MakeInt(int64(x * 4 * a.width))
		}
		return out, true
	case "tolist":
		return &eval.Builtin{Name: "tolist", Sig: "tolist()", Fn: func(*eval.Args) eval.Value { return a.tolist(0, 0) }}, true
	case "T":
		return a.fromIndex(npTranspose(a.indexArray(), nil)), true
	case "reshape", "transpose", "flatten", "ravel", "squeeze", "copy", "swapaxes":
		// The layout methods: run on the positions, read the strings.
		m := npMethods[name]
		return &eval.Builtin{Name: name, Sig: m.Sig, Doc: m.Doc, Fn: func(args *eval.Args) eval.Value {
			args.Self = a.indexArray()
			r := m.Fn(args)
			if ix, ok := r.(*NDArray); ok {
				return a.fromIndex(ix)
			}
			return r
		}}, true
	}
	if _, ok := newND(npEmpty([]int{0}, tensor.Int64)).Attr(s, name); ok {
		eval.Throw("TypeError", errNPStrArrayOp, name)
	}
	return nil, false
}

func (a *StrArray) tolist(axis, off int) eval.Value {
	if axis == len(a.shape) {
		return eval.Str(a.data[off])
	}
	stride := 1
	for _, d := range a.shape[axis+1:] {
		stride *= d
	}
	items := make([]eval.Value, a.shape[axis])
	for i := range items {
		items[i] = a.tolist(axis+1, off+i*stride)
	}
	return &eval.List{Elems: items}
}

// Binary: NumPy has no arithmetic loops for str arrays.
func (a *StrArray) Binary(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	name, ok := npOperatorUfuncs[op]
	if !ok {
		return nil, false
	}
	x, y := "dtype('"+NPStrDType{a.width}.Str()+"')", npOtherDTypeText(other)
	if reflected {
		x, y = y, x
	}
	eval.Throw("numpy.core._exceptions._UFuncNoLoopError", errNPStrNoLoop, name, x, y)
	return nil, false
}

func npOtherDTypeText(v eval.Value) string {
	switch x := v.(type) {
	case *StrArray:
		return "dtype('" + NPStrDType{x.width}.Str() + "')"
	case eval.Str:
		return "dtype('<U" + strconv.Itoa(len([]rune(string(x)))) + "')"
	}
	return "dtype('" + npNames[npArg(v).dtype()] + "')"
}

// Compare is == and != element by element (same shapes, or a str).
func (a *StrArray) Compare(s *eval.Session, op lang.Op, other eval.Value, reflected bool) (eval.Value, bool) {
	if op != lang.Eq && op != lang.Ne {
		return nil, false
	}
	var b *StrArray
	switch x := other.(type) {
	case eval.Str:
		b = &StrArray{data: []string{string(x)}, width: len([]rune(string(x)))}
	case *StrArray:
		b = x
	default:
		return nil, false
	}
	shape, ok := npBroadcastShapes(a.shape, b.shape)
	if !ok {
		return nil, false
	}
	ia, ib := a.indexArray().expandTo(shape).values(), b.indexArray().expandTo(shape).values()
	t := npEmpty(shape, tensor.Bool)
	st := tensor.Slice[bool](t.Storage())
	for i := range st {
		st[i] = (a.data[ia[i].I] == b.data[ib[i].I]) == (op == lang.Eq)
	}
	if len(shape) == 0 {
		return &NDArray{t: t, scalar: true}, true
	}
	return newND(t), true
}
