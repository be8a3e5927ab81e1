package torch

import (
	"math"
	"strconv"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.set_printoptions, torch.finfo and torch.iinfo.

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "set_printoptions", Kind: eval.TorchFunc,
		Sig: "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None)",
		Doc: "Sets how tensors print: digits after the point (precision, default 4), the element count above " +
			"which tensors are summarized (threshold, default 1000), the items shown at each end of a summarized " +
			"dimension (edgeitems, default 3), the line width (linewidth, default 80), a profile resetting them " +
			"(\"default\", \"short\" or \"full\"), and scientific notation (sci_mode: True, False, or None to decide " +
			"automatically). Options not given keep their value, except sci_mode, which every call sets.",
		Fn: setPrintOptions})
	finfoClass.Call = finfo
	iinfoClass.Call = iinfo
	torchClasses["finfo"] = finfoClass
	torchClasses["iinfo"] = iinfoClass
}

var (
	finfoClass = eval.DefClass("torch.finfo", "finfo", nil)
	iinfoClass = eval.DefClass("torch.iinfo", "iinfo", nil)
)

// setPrintOptions is torch.set_printoptions: a profile first, then the
// options given, then sci_mode (None unless given).
func setPrintOptions(a *eval.Args) eval.Value {
	// torch/_tensor_str.py: def set_printoptions(precision=None,
	// threshold=None, edgeitems=None, linewidth=None, profile=None,
	// sci_mode=None).
	v := pyBind(a, a.Name, 6, "precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode")
	for i := range v {
		if v[i] == nil {
			v[i] = eval.None
		}
	}
	precision, threshold, edgeitems, linewidth, profile, sci := v[0], v[1], v[2], v[3], v[4], v[5]
	o := tensor.GetPrintOptions()
	if name, ok := profile.(eval.Str); ok {
		if p, ok := tensor.PrintProfile(string(name)); ok {
			p.SciMode = o.SciMode
			o = p
		}
	}
	if !isNone(precision) {
		o.Precision = int(printOptInt(a, "precision", precision))
	}
	if !isNone(threshold) {
		o.Threshold = printOptNumber(a, "threshold", threshold)
	}
	if !isNone(edgeitems) {
		o.EdgeItems = int(printOptInt(a, "edgeitems", edgeitems))
	}
	if !isNone(linewidth) {
		o.LineWidth = printOptNumber(a, "linewidth", linewidth)
	}
	switch {
	case isNone(sci):
		o.SciMode = tensor.SciAuto
	case a.Session().Truth(sci):
		o.SciMode = tensor.SciOn
	default:
		o.SciMode = tensor.SciOff
	}
	tensor.SetPrintOptions(o)
	return eval.None
}

func isNone(v eval.Value) bool {
	_, ok := v.(eval.NoneType)
	return ok
}

// printOptInt converts an integer print option (precision, edgeitems).
// PyTorch stores any value and fails when printing; tensh only keeps
// values it can print with.
func printOptInt(a *eval.Args, name string, v eval.Value) int64 {
	switch x := v.(type) {
	case eval.Int:
		i, ok := x.Int64()
		if !ok || i > math.MaxInt32 || i < math.MinInt32 {
			eval.Throw("OverflowError", errPrintOptRange)
		}
		return i
	case eval.Bool:
		if x {
			return 1
		}
		return 0
	}
	// PyTorch stores any value and fails when it prints; tensh checks the
	// type of the options when they are set.
	eval.Throw("TypeError", eval.ErrArgMustBeKw, a.Name, name, "int", eval.TypeName(v))
	return 0
}

// printOptNumber converts threshold and linewidth, which may be floats
// (threshold=float('inf') prints everything).
func printOptNumber(a *eval.Args, name string, v eval.Value) float64 {
	switch x := v.(type) {
	case eval.Int:
		return x.Float()
	case eval.Bool:
		return eval.B2f(bool(x))
	case eval.Float:
		return float64(x)
	}
	eval.Throw("TypeError", eval.ErrArgMustBeKw, a.Name, name, "a number", eval.TypeName(v))
	return 0
}

// infoDType reads the one argument of finfo/iinfo, named type, raising the
// argument parser's errors.
func infoDType(a *eval.Args, name string, allowDefault bool) tensor.DType {
	a.Name = name
	typeKw, hasType := a.Kwarg("type")
	otherKw := len(a.Kw) > 0 && !(hasType && len(a.Kw) == 1)
	var v eval.Value
	position := ""
	switch {
	case len(a.Pos) == 0 && len(a.Kw) == 0 && allowDefault:
		return tensor.DefaultFloat()
	case len(a.Pos) == 0 && !hasType:
		eval.Throw("TypeError", errMissingArgQuoted, name, "type")
	case allowDefault && (len(a.Pos) > 1 || otherKw || (hasType && len(a.Pos) > 0)):
		finfoSigs.invalid(a)
	case len(a.Pos) > 1:
		eval.Throw("TypeError", errTakesN, name, 1, "", len(a.Pos), "were")
	case len(a.Pos) == 1 && hasType:
		eval.Throw("TypeError", eval.ErrMultipleValues, name, "type")
	case otherKw:
		for _, kw := range a.Kw {
			if kw.Name != "type" {
				eval.Throw("TypeError", eval.ErrNoKwArg, name, kw.Name)
			}
		}
	case len(a.Pos) == 1:
		v, position = a.Pos[0], " (position 1)"
	default:
		v = typeKw
	}
	d, ok := v.(eval.DTypeValue)
	if !ok {
		eval.Throw("TypeError", errInfoArgType, name, position, eval.TypeName(v))
	}
	return d.D
}

// finfoCache and iinfoCache hold one object per dtype: the values never
// change, and equal objects then compare equal with ==, as PyTorch's do.
var (
	finfoCache = map[tensor.DType]*eval.Object{}
	iinfoCache = map[tensor.DType]*eval.Object{}
)

// finfo is torch.finfo(type=torch.get_default_dtype()).
func finfo(a *eval.Args) eval.Value {
	d := infoDType(a, "finfo", true)
	if !d.IsFloat() {
		eval.Throw("TypeError", errFinfoNotFloat)
	}
	if o, ok := finfoCache[d]; ok {
		return o
	}
	var bits, digits10 int
	var eps, maxv, tiny float64
	switch d {
	case tensor.Float16:
		bits, digits10 = 16, 3
		eps, maxv, tiny = 0x1p-10, 65504, 0x1p-14
	case tensor.BFloat16:
		bits, digits10 = 16, 2
		eps, maxv, tiny = 0x1p-7, float64(tensor.BF16(0x7f7f).Float32()), 0x1p-126
	case tensor.Float32:
		bits, digits10 = 32, 6
		eps, maxv, tiny = 0x1p-23, math.MaxFloat32, 0x1p-126
	default:
		bits, digits10 = 64, 15
		eps, maxv, tiny = 0x1p-52, math.MaxFloat64, 0x1p-1022
	}
	resolution := math.Pow(10, -float64(digits10))
	o := &eval.Object{TypeName: "torch.finfo", Attrs: map[string]eval.Value{
		"bits": eval.MakeInt(int64(bits)), "eps": eval.Float(eps), "max": eval.Float(maxv), "min": eval.Float(-maxv),
		"tiny": eval.Float(tiny), "smallest_normal": eval.Float(tiny), "resolution": eval.Float(resolution),
		"dtype": eval.Str(d.Name()),
	}, Order: []string{"bits", "dtype", "eps", "max", "min", "resolution", "smallest_normal", "tiny"}}
	repr := "finfo(resolution=" + cppDouble(resolution) + ", min=" + cppDouble(-maxv) + ", max=" + cppDouble(maxv) +
		", eps=" + cppDouble(eps) + ", smallest_normal=" + cppDouble(tiny) + ", tiny=" + cppDouble(tiny) +
		", dtype=" + d.Name() + ")"
	o.ReprFn = func() string { return repr }
	finfoCache[d] = o
	return o
}

// iinfo is torch.iinfo(type).
func iinfo(a *eval.Args) eval.Value {
	d := infoDType(a, "iinfo", false)
	if d == tensor.Bool {
		eval.Throw("TypeError", errIinfoBool)
	}
	if !d.IsIntegral(false) {
		eval.Throw("TypeError", errIinfoNotInt)
	}
	if o, ok := iinfoCache[d]; ok {
		return o
	}
	bits := 8 * d.ItemSize()
	var lo, hi int64
	if d == tensor.Uint8 {
		lo, hi = 0, 255
	} else {
		hi = int64(uint64(1)<<(bits-1) - 1)
		lo = -hi - 1
	}
	o := &eval.Object{TypeName: "torch.iinfo", Attrs: map[string]eval.Value{
		"bits": eval.MakeInt(int64(bits)), "min": eval.MakeInt(lo), "max": eval.MakeInt(hi), "dtype": eval.Str(d.Name()),
	}, Order: []string{"bits", "dtype", "max", "min"}}
	// PyTorch prints the limits through a double, as C++ streams do.
	repr := "iinfo(min=" + cppDouble(float64(lo)) + ", max=" + cppDouble(float64(hi)) + ", dtype=" + d.Name() + ")"
	o.ReprFn = func() string { return repr }
	iinfoCache[d] = o
	return o
}

// cppDouble is how a C++ ostream writes a double by default (%g, six
// significant digits).
func cppDouble(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }
