package eval

import (
	"math"
	"strconv"
	"strings"

	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// builtinClasses are the type objects reachable by bare name.
var builtinClasses = map[string]*Class{}

// classes by shortTypeName, for type(x).
var classOf = map[string]*Class{}

func defClass(name, typeName string, call func(a *Args) Value) *Class {
	c := &Class{Name: name, Call: call}
	classOf[typeName] = c
	if !strings.Contains(name, ".") {
		builtinClasses[name] = c
	}
	return c
}

var (
	intClass   = defClass("int", "int", builtinInt)
	floatClass = defClass("float", "float", builtinFloat)
	boolClass  = defClass("bool", "bool", builtinBool)
	strClass   = defClass("str", "str", builtinStr)
	listClass  = defClass("list", "list", builtinList)
	tupleClass = defClass("tuple", "tuple", builtinTuple)
	rangeClass = defClass("range", "range", builtinRange)
	noneClass  = defClass("NoneType", "NoneType", nil)
	typeClass  = defClass("type", "type", nil) // Call: builtinType (class.go)
	sliceClass = defClass("slice", "slice", builtinSlice)
	// The torch classes live in the torch namespace.
	tensorClass = defClass("torch.Tensor", "Tensor", nil)
	sizeClass   = defClass("torch.Size", "Size", func(a *Args) Value {
		var v Value = Tuple{}
		a.Unpack("sizes?", &v)
		return Size(a.toInts("sizes", v))
	})
	dtypeClass  = defClass("torch.dtype", "dtype", nil)
	deviceClass = defClass("torch.device", "device", nil)
)

// typeOf returns the class of v.
func typeOf(v Value) *Class {
	if c := tensorSubclass(v); c != nil {
		return c
	}
	if c := userClassOf(v); c != nil {
		return c
	}
	if c, ok := v.(*Class); ok && c.classInfo != nil {
		return typeClass
	}
	if e, ok := v.(*Exception); ok {
		return e.objClass()
	}
	if c, ok := classOf[shortTypeName(v)]; ok {
		return c
	}
	if nt, ok := v.(*NamedTuple); ok {
		if nt.Type != nil {
			return nt.Type
		}
		return &Class{Name: nt.TypeName}
	}
	return &Class{Name: TypeName(v)}
}

// isInstance is isinstance(v, c) with Python's subclassing of the subset:
// bool is an int, torch.Size is a tuple, return types are tuples.
func isInstance(v Value, c *Class) bool {
	if sc := tensorSubclass(v); sc != nil && (sc == c || classOf[shortTypeName(v)] == c) {
		return true
	}
	if uc := userClassOf(v); uc != nil {
		return uc.subclassOf(c)
	}
	if e, ok := v.(*Exception); ok && isExcClass(c) {
		return e.isA(c.Name)
	}
	if c.classInfo != nil {
		if c.solid == typeClass {
			return false
		}
		return false
	}
	if vc, ok := v.(*Class); ok && vc.classInfo != nil && c == typeClass {
		return true
	}
	t := typeOf(v)
	if t == c || isExcClass(c) && excSubclass(t.Name, c.Name) {
		return true
	}
	if sc, ok := v.(Subclass); ok && sc.IsInstance(c) { // protocols.go
		return true
	}
	if Tensors.IsInstance != nil {
		if is, ok := Tensors.IsInstance(v, c); ok {
			return is
		}
	}
	switch {
	case c == intClass:
		_, ok := v.(Bool)
		return ok
	case c == dictClass:
		_, ok := v.(*Dict) // Counter, defaultdict, OrderedDict
		return ok
	case c == tupleClass:
		switch v.(type) {
		case Size, *NamedTuple:
			return true
		}
	}
	return c.Name == "object"
}

func init() {
	register(
		&Builtin{Name: "print", Kind: PythonBuiltin, Sig: "print(*values, sep=' ', end='\\n')",
			Doc: "Prints the values, separated by sep and followed by end.", Fn: builtinPrint},
		&Builtin{Name: "len", Kind: PythonBuiltin, Sig: "len(obj)",
			Doc: "Returns the number of items of a sequence; for a tensor, the size of its first dimension.",
			Fn: func(a *Args) Value {
				oneArg(a, "len")
				return MakeInt(int64(length(a.Pos[0])))
			}},
		&Builtin{Name: "repr", Kind: PythonBuiltin, Sig: "repr(obj)", Doc: "Returns the printable representation of obj.",
			Fn: func(a *Args) Value {
				oneArg(a, "repr")
				return Str(Repr(a.Pos[0]))
			}},
		&Builtin{Name: "abs", Kind: PythonBuiltin, Sig: "abs(x)", Doc: "Returns the absolute value of a number or, elementwise, of a tensor.",
			Fn: func(a *Args) Value {
				oneArg(a, "abs")
				v := a.Pos[0]
				switch x := v.(type) {
				case Bool, Int:
					n, _ := number(x)
					if n.i.Sign() < 0 {
						return intBinary(lang.Minus, MakeInt(0), n.i)
					}
					return n.i
				case Float:
					return Float(math.Abs(float64(x)))
				case *tensor.Tensor:
					return a.s.callMethod(x, "abs")
				case AbsOperand: // protocols.go
					return x.Abs(a.s)
				}
				throw("TypeError", errBadOperandAbs, TypeName(v))
				return nil
			}},
		&Builtin{Name: "round", Kind: PythonBuiltin, Sig: "round(number, ndigits=None)", Doc: "Rounds to ndigits decimals, halves to even; to an int when ndigits is omitted.",
			Fn: builtinRound},
		&Builtin{Name: "isinstance", Kind: PythonBuiltin, Sig: "isinstance(obj, class_or_tuple)", Doc: "Tells whether obj is an instance of the class (or of one of a tuple of classes).",
			Fn: func(a *Args) Value {
				exactArgs(a, "isinstance", 2)
				v, c := a.Pos[0], a.Pos[1]
				var classes []Value
				switch cv := c.(type) {
				case *Class:
					classes = []Value{cv}
				case Tuple:
					classes = cv
				default:
					classes = []Value{cv}
				}
				for _, cl := range classes {
					cc, ok := cl.(*Class)
					if !ok {
						if _, generic := cl.(*GenericAlias); generic {
							throw("TypeError", errIsInstanceGeneric)
						}
						throw("TypeError", errIsInstanceArg2)
					}
					if f, ok := metaMethod(cc, "__instancecheck__"); ok {
						if a.s.truth(a.s.callMeta(cc, f, v)) {
							return Bool(true)
						}
						continue
					}
					if isInstance(v, cc) {
						return Bool(true)
					}
				}
				return Bool(false)
			}},
		&Builtin{Name: "help", Kind: PythonBuiltin, Sig: "help(obj)", Doc: "Prints the signature and a short description of a function or method.",
			Fn: builtinHelp},
	)
}

func builtinPrint(a *Args) Value {
	sep, end := " ", "\n"
	var parts []string
	for _, v := range a.Pos {
		parts = append(parts, ToStr(v))
	}
	for _, kw := range a.Kw {
		switch kw.Name {
		case "sep", "end":
			var s string
			switch x := kw.Value.(type) {
			case Str:
				s = string(x)
			case NoneType:
				s = map[string]string{"sep": " ", "end": "\n"}[kw.Name]
			default:
				throw("TypeError", errPrintKwType, kw.Name, TypeName(kw.Value))
			}
			if kw.Name == "sep" {
				sep = s
			} else {
				end = s
			}
		case "file", "flush":
		default:
			throw("TypeError", errInvalidKwFor, kw.Name, "print")
		}
	}
	a.s.write(joinChecked(parts, sep, end))
	return None
}

func builtinRound(a *Args) Value {
	var x, nd Value = nil, None
	a.Unpack("number", &x, "ndigits?", &nd)
	if r, ok := x.(Rounder); ok { // protocols.go
		return r.Round(a.s, nd)
	}
	_, noDigits := nd.(NoneType)
	switch v := x.(type) {
	case Bool, Int:
		n, _ := number(v)
		if noDigits {
			return n.i
		}
		return roundIntDigits(n.i, nd)
	case Float:
		f := float64(v)
		if noDigits {
			if math.IsNaN(f) {
				throw("ValueError", errCantConvertFloatNaN)
			}
			if math.IsInf(f, 0) {
				throw("OverflowError", errCantConvertFloatInf)
			}
			r := math.RoundToEven(f)
			if math.Abs(r) < 1<<62 {
				return MakeInt(int64(r))
			}
			return MakeBigInt(bigFromFloat(r))
		}
		d, ok := floatRoundDigits(nd)
		if !ok {
			throw("TypeError", errCannotInterpretInt, TypeName(nd))
		}
		if math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
			return Float(f)
		}
		if d > 330 {
			return Float(f)
		}
		if d < -330 {
			return Float(math.Copysign(0, f))
		}
		if d >= 0 {
			r, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', int(d), 64), 64)
			return Float(r)
		}
		p := math.Pow(10, float64(-d))
		r := math.RoundToEven(f/p) * p
		return Float(r)
	}
	throw("TypeError", errNoRound, TypeName(x))
	return nil
}

// ---- the builtin classes' constructors ----

func builtinInt(a *Args) Value {
	var v Value = MakeInt(0)
	var base Value = None
	a.Unpack("x?", &v, "base?", &base)
	v = asScalar(v) // NumPy scalars, one-element arrays: export.go
	b := intCtorBase(v, base)
	switch x := v.(type) {
	case Int:
		return x
	case Bool:
		if x {
			return MakeInt(1)
		}
		return MakeInt(0)
	case Float:
		f := float64(x)
		if math.IsNaN(f) {
			throw("ValueError", errCantConvertFloatNaN)
		}
		if math.IsInf(f, 0) {
			throw("OverflowError", errCantConvertFloatInf)
		}
		f = math.Trunc(f)
		if math.Abs(f) < 1<<62 {
			return MakeInt(int64(f))
		}
		return MakeBigInt(bigFromFloat(f))
	case Str:
		checkStrDigits(string(x), b)
		txt := strings.ReplaceAll(strings.TrimSpace(string(x)), "_", "")
		if bi, ok := newBigBase(txt, b); ok && !strings.HasPrefix(strings.TrimSpace(string(x)), "_") {
			return MakeBigInt(bi)
		}
		if b == 10 {
			throw("ValueError", errIntLiteral, 10, StrRepr(string(x)))
		}
		throw("ValueError", errIntLiteral, b, StrRepr(string(x)))
	case *tensor.Tensor:
		s := x.Item()
		if s.Kind == tensor.FloatScalar {
			return builtinInt(&Args{Name: "int", Pos: []Value{Float(s.F)}, s: a.s})
		}
		return MakeInt(s.I)
	}
	throw("TypeError", errIntArgType, TypeName(v))
	return nil
}

func newBigBase(txt string, base int) (*bigInt, bool) {
	if txt == "" {
		return nil, false
	}
	b, ok := newBigInt(0).SetString(txt, base)
	return b, ok
}

func builtinFloat(a *Args) Value {
	var v Value = Float(0)
	a.Unpack("x?", &v)
	v = asScalar(v) // NumPy scalars, one-element arrays: export.go
	switch x := v.(type) {
	case Float:
		return x
	case Int, Bool:
		n, _ := number(x)
		return Float(n.float())
	case Str:
		txt := strings.ToLower(strings.TrimSpace(string(x)))
		switch strings.TrimLeft(txt, "+-") {
		case "inf", "infinity":
			if strings.HasPrefix(txt, "-") {
				return Float(math.Inf(-1))
			}
			return Float(math.Inf(1))
		case "nan":
			return Float(math.NaN())
		}
		if f, err := strconv.ParseFloat(strings.ReplaceAll(txt, "_", ""), 64); err == nil || strings.Contains(err.Error(), "range") {
			if !strings.ContainsAny(txt, "xp") && txt != "" {
				return Float(f)
			}
		}
		throw("ValueError", errFloatConvert, StrRepr(string(x)))
	case *tensor.Tensor:
		return Float(x.Item().Float())
	}
	throw("TypeError", errFloatArgType, TypeName(v))
	return nil
}

func builtinBool(a *Args) Value {
	var v Value = Bool(false)
	a.Unpack("x?", &v)
	return Bool(a.s.truth(v))
}

func builtinStr(a *Args) Value {
	var v Value = Str("")
	a.Unpack("object?", &v)
	return Str(ToStr(v))
}

func builtinList(a *Args) Value {
	var v Value = Tuple{}
	argCount(a, "list", 0, 1)
	a.Unpack("iterable?", &v)
	return &List{Elems: copyElems(iterate(v))}
}

func builtinTuple(a *Args) Value {
	var v Value = Tuple{}
	argCount(a, "tuple", 0, 1)
	a.Unpack("iterable?", &v)
	return Tuple(copyElems(iterate(v)))
}

func builtinRange(a *Args) Value {
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "range")
	}
	ints := make([]int64, len(a.Pos))
	for i, v := range a.Pos {
		n, ok := pyIndex("range", v)
		if !ok {
			throw("TypeError", errCannotInterpretInt, TypeName(v))
		}
		ints[i] = n
	}
	switch len(ints) {
	case 1:
		return Range{0, ints[0], 1}
	case 2:
		return Range{ints[0], ints[1], 1}
	case 3:
		if ints[2] == 0 {
			throw("ValueError", errRangeStepZero)
		}
		return Range{ints[0], ints[1], ints[2]}
	case 0:
		throw("TypeError", errExpectedAtLeast1, "range")
	}
	throw("TypeError", errExpectedAtMost, "range", 3, len(ints))
	return nil
}

func builtinType(a *Args) Value {
	if len(a.Pos) == 3 {
		return a.s.typeNew(typeClass, a.Pos[0], a.Pos[1], a.Pos[2], a.Kw)
	}
	if len(a.Pos) != 1 {
		throw("TypeError", errTypeArgs)
	}
	var v Value
	a.Unpack("object", &v)
	return typeOf(v)
}

func builtinSlice(a *Args) Value {
	args := a.Pos
	switch len(args) {
	case 1:
		return &Slice{None, args[0], None}
	case 2:
		return &Slice{args[0], args[1], None}
	case 3:
		return &Slice{args[0], args[1], args[2]}
	}
	throw("TypeError", errExpectedAtLeast1, "slice")
	return nil
}
