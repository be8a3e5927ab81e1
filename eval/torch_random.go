package eval

import (
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/tensh/tensh/runtime/tensor"
)

// Random numbers: torch.rand, randn, randint, randperm, the *_like forms,
// Tensor.uniform_, normal_ and random_, the seed functions and
// torch.Generator objects. The numbers come from runtime/tensor's
// Generator, which replays PyTorch's CPU generator bit for bit; the
// process's default generator is tensor.DefaultGenerator.

// generatorTypeName is type(g).__name__ of a torch.Generator (its
// TypeName is torch._C.Generator).
const generatorTypeName = "Generator"

// Generator objects: an *Object of type Generator per tensor.Generator.
var (
	generatorMu      sync.Mutex
	generatorObjects = map[*Object]*tensor.Generator{}
	generatorCount   uint64
	defaultGenObj    *Object
)

// newGeneratorObject wraps g as a torch.Generator value.
func newGeneratorObject(g *tensor.Generator) *Object {
	generatorMu.Lock()
	defer generatorMu.Unlock()
	generatorCount++
	// A stable stand-in for the object's address in its repr.
	addr := 0x7f3a5c1e8000 + generatorCount*0x50
	o := &Object{
		TypeName: "torch._C.Generator",
		Attrs:    map[string]Value{"device": DeviceValue{tensor.CPU}},
		Order:    []string{"device"},
		ReprFn:   func() string { return fmt.Sprintf("<torch._C.Generator object at %#x>", addr) },
	}
	generatorObjects[o] = g
	return o
}

// defaultGeneratorObject is torch.default_generator: one object for the
// process, as the generator is.
func defaultGeneratorObject() *Object {
	generatorMu.Lock()
	o := defaultGenObj
	generatorMu.Unlock()
	if o != nil {
		return o
	}
	o = newGeneratorObject(tensor.DefaultGenerator)
	generatorMu.Lock()
	defer generatorMu.Unlock()
	if defaultGenObj == nil {
		defaultGenObj = o
	}
	return defaultGenObj
}

// generatorOf returns the generator a value stands for.
func generatorOf(v Value) (*tensor.Generator, bool) {
	o, ok := v.(*Object)
	if !ok || shortTypeName(o) != generatorTypeName {
		return nil, false
	}
	generatorMu.Lock()
	defer generatorMu.Unlock()
	g, ok := generatorObjects[o]
	return g, ok
}

// ---- argument helpers ----

// randArgs splits off the keyword arguments every random function takes
// (generator=, dtype=, device=) and returns the rest of the call.
type randOpts struct {
	gen      *tensor.Generator
	dtype    tensor.DType
	hasDType bool
	kw       []KwArg // the call's keyword arguments as given
}

// invalid raises the argument parser's error with the call's arguments as
// they were given.
func (o randOpts) invalid(a *Args) {
	a.Kw = o.kw
	a.invalid()
}

// takeKw removes the keyword argument name from a, returning it.
func takeKw(a *Args, name string) (Value, bool) {
	for i, kw := range a.Kw {
		if kw.Name == name {
			a.Kw = append(append([]KwArg{}, a.Kw[:i]...), a.Kw[i+1:]...)
			return kw.Value, true
		}
	}
	return nil, false
}

// randCommon takes generator=, dtype= and device= from a call (leaving the
// other arguments to the caller).
func randCommon(a *Args) randOpts {
	o := randOpts{gen: tensor.DefaultGenerator, kw: append([]KwArg{}, a.Kw...)}
	if v, ok := takeKw(a, "generator"); ok {
		if _, none := v.(NoneType); !none {
			g, isGen := generatorOf(v)
			if !isGen {
				o.invalid(a)
			}
			o.gen = g
		}
	}
	if v, ok := takeKw(a, "dtype"); ok {
		switch d := v.(type) {
		case NoneType:
		case DTypeValue:
			o.dtype, o.hasDType = d.D, true
		case *Class:
			// Python's own types stand for dtypes: float, int, bool.
			switch d {
			case floatClass:
				o.dtype, o.hasDType = tensor.Float64, true
			case intClass:
				o.dtype, o.hasDType = tensor.Int64, true
			case boolClass:
				o.dtype, o.hasDType = tensor.Bool, true
			default:
				o.invalid(a)
			}
		default:
			o.invalid(a)
		}
	}
	if v, ok := takeKw(a, "device"); ok {
		randDevice(a, o, v)
	}
	return o
}

// randDevice checks a device= argument as the creation functions do
// (parseDevice, checkDevice). The random functions make CPU tensors (with
// the CPU generator's numbers): any other device is PyTorch's CPU build's
// "Torch not compiled with CUDA enabled".
func randDevice(a *Args, o randOpts, v Value) {
	switch v.(type) {
	case NoneType:
		return
	case DeviceValue, Str, Int:
	default:
		o.invalid(a)
	}
	d := parseDevice(v)
	checkDevice(d)
	if d.Type != "cpu" {
		throw("AssertionError", errNoCUDA)
	}
}

// randSizeArgs reads the sizes of rand/randn: varargs ints, one
// tuple/list/Size, or size=.
func randSizeArgs(a *Args, o randOpts) []int {
	v, hasSize := takeKw(a, "size")
	if len(a.Kw) > 0 {
		o.invalid(a)
	}
	if hasSize {
		if len(a.Pos) > 0 {
			o.invalid(a)
		}
		if _, isInt := v.(Int); isInt {
			o.invalid(a)
		}
		return a.toInts("size", v)
	}
	if len(a.Pos) == 0 {
		o.invalid(a)
	}
	if len(a.Pos) > 1 {
		for _, p := range a.Pos {
			switch p.(type) {
			case Tuple, *List, Size:
				o.invalid(a)
			}
		}
	}
	var size []int
	a.Unpack("*size", &size)
	return size
}

// randIntArg reads an int argument of randint/random_ (an int or a
// one-element integer tensor; bool and float do not match).
func randIntArg(a *Args, o randOpts, v Value) int64 {
	switch x := v.(type) {
	case Int:
		return a.toInt("", x)
	case *tensor.Tensor:
		if x.Numel() == 1 && x.DType().IsIntegral(false) {
			return x.Item().Int()
		}
	}
	o.invalid(a)
	return 0
}

// randFloatArg reads a float argument (int, bool, float or a one-element
// tensor), with PyTorch's message for anything else.
func randFloatArg(a *Args, name string, pos int, v Value) float64 {
	switch x := v.(type) {
	case Float:
		return float64(x)
	case Int:
		return x.Float()
	case Bool:
		return b2f(bool(x))
	case *tensor.Tensor:
		if x.Numel() == 1 {
			return x.Item().Float()
		}
	}
	throw("TypeError", errArgMustBePos, a.Name, name, pos, "float", TypeName(v))
	return 0
}

// randTensorArg reads the input tensor of the *_like functions.
func randTensorArg(a *Args, v Value) *tensor.Tensor {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		throw("TypeError", errArgMustBePos, a.Name, "input", 1, "Tensor", TypeName(v))
	}
	return t
}

// seedArg converts a seed as torch.manual_seed does: int(seed), then the
// unsigned 64-bit value, negative seeds taken as their two's complement.
func seedArg(a *Args, v Value) uint64 {
	iv := builtinInt(&Args{Name: "int", Pos: []Value{v}, s: a.s}).(Int)
	b := iv.Big()
	switch {
	case b.Sign() >= 0 && b.IsUint64():
		return b.Uint64()
	case b.Sign() < 0 && b.IsInt64():
		return uint64(b.Int64())
	}
	throw("RuntimeError", errOverflowLong)
	return 0
}

// uint64Value is a Python int holding an unsigned 64-bit value.
func uint64Value(u uint64) Value {
	return MakeBigInt(new(big.Int).SetUint64(u))
}

// randWarn returns the warning sink of a call.
func randWarn(a *Args) func(string) {
	return func(msg string) {
		if a.s != nil {
			a.s.Warn("UserWarning", msg)
		}
	}
}

// ---- torch functions ----

func torchRand(a *Args) Value {
	o := randCommon(a)
	size := randSizeArgs(a, o)
	d := tensor.DefaultFloat()
	if o.hasDType {
		d = o.dtype
	}
	return tensor.Rand(size, d, o.gen)
}

func torchRandn(a *Args) Value {
	o := randCommon(a)
	size := randSizeArgs(a, o)
	d := tensor.DefaultFloat()
	if o.hasDType {
		d = o.dtype
	}
	return tensor.Randn(size, d, o.gen)
}

func torchRandint(a *Args) Value {
	o := randCommon(a)
	lowKw, hasLow := takeKw(a, "low")
	highKw, hasHigh := takeKw(a, "high")
	sizeKw, hasSize := takeKw(a, "size")
	if len(a.Kw) > 0 {
		o.invalid(a)
	}
	var low, high, size Value = Int{}, nil, nil
	sizePos := 0 // 1-based position of a positional size
	p := a.Pos
	switch {
	case len(p) == 3 && !hasLow && !hasHigh && !hasSize:
		low, high, size, sizePos = p[0], p[1], p[2], 3
	case len(p) == 2 && !hasLow && !hasHigh && !hasSize:
		high, size, sizePos = p[0], p[1], 2
	case len(p) == 1 && hasHigh && hasSize && !hasLow:
		low, high, size = p[0], highKw, sizeKw
	case len(p) == 1 && hasSize && !hasHigh && !hasLow:
		high, size = p[0], sizeKw
	case len(p) == 0 && hasHigh && hasSize:
		high, size = highKw, sizeKw
		if hasLow {
			low = lowKw
		}
	default:
		o.invalid(a)
	}
	lo := randIntArg(a, o, low)
	hi := randIntArg(a, o, high)
	switch size.(type) {
	case Tuple, *List, Size:
	case Int:
		if sizePos == 2 {
			throw("TypeError", errArgMustBePos, a.Name, "size", sizePos, "tuple of ints", TypeName(size))
		}
		o.invalid(a)
	default:
		o.invalid(a)
	}
	shape := a.toInts("size", size)
	d := tensor.Int64
	if o.hasDType {
		d = o.dtype
	}
	return tensor.Randint(lo, hi, shape, d, o.gen, randWarn(a))
}

func torchRandperm(a *Args) Value {
	o := randCommon(a)
	if nv, ok := takeKw(a, "n"); ok {
		a.Pos = append(a.Pos, nv)
	}
	if len(a.Pos) != 1 || len(a.Kw) > 0 {
		o.invalid(a)
	}
	var n int64
	switch x := a.Pos[0].(type) {
	case Int, *tensor.Tensor:
		n = a.toInt("n", x)
	default:
		throw("TypeError", errArgMustBePos, a.Name, "n", 1, "int", TypeName(x))
	}
	d := tensor.Int64
	if o.hasDType {
		d = o.dtype
	}
	return tensor.Randperm(n, d, o.gen)
}

// likeArgs reads the input tensor of rand_like and friends.
func likeArgs(a *Args) (*tensor.Tensor, randOpts) {
	o := randCommon(a)
	if v, ok := takeKw(a, "input"); ok {
		a.Pos = append([]Value{v}, a.Pos...)
	}
	if len(a.Pos) == 0 {
		o.invalid(a)
	}
	t := randTensorArg(a, a.Pos[0])
	if !o.hasDType {
		o.dtype = t.DType()
	}
	return t, o
}

func torchRandLike(a *Args) Value {
	t, o := likeArgs(a)
	if len(a.Pos) != 1 || len(a.Kw) > 0 {
		o.invalid(a)
	}
	if !o.dtype.IsFloat() {
		tensor.Raise(tensor.RuntimeError, errNotImplementedFor, "check_uniform_bounds", o.dtype.ScalarName())
	}
	return tensor.EmptyLike(t, o.dtype).Uniform_(0, 1, o.gen)
}

func torchRandnLike(a *Args) Value {
	t, o := likeArgs(a)
	if len(a.Pos) != 1 || len(a.Kw) > 0 {
		o.invalid(a)
	}
	if !o.dtype.IsFloat() {
		tensor.Raise(tensor.RuntimeError, errNotImplementedFor, "normal_kernel_cpu", o.dtype.ScalarName())
	}
	return tensor.EmptyLike(t, o.dtype).Normal_(0, 1, o.gen)
}

func torchRandintLike(a *Args) Value {
	t, o := likeArgs(a)
	lowKw, hasLow := takeKw(a, "low")
	highKw, hasHigh := takeKw(a, "high")
	if len(a.Kw) > 0 {
		o.invalid(a)
	}
	var low, high Value = Int{}, nil
	switch p := a.Pos[1:]; {
	case len(p) == 2 && !hasLow && !hasHigh:
		low, high = p[0], p[1]
	case len(p) == 1 && !hasLow && !hasHigh:
		high = p[0]
	case len(p) == 1 && hasHigh && !hasLow:
		low, high = p[0], highKw
	case len(p) == 0 && hasHigh:
		high = highKw
		if hasLow {
			low = lowKw
		}
	default:
		o.invalid(a)
	}
	if _, isInt := high.(Int); !isInt {
		if _, isT := high.(*tensor.Tensor); !isT {
			throw("TypeError", errArgMustBePos, a.Name, "high", 2, "int", TypeName(high))
		}
	}
	lo := randIntArg(a, o, low)
	hi := randIntArg(a, o, high)
	return tensor.EmptyLike(t, o.dtype).RandomFromTo_(lo, &hi, o.gen, randWarn(a))
}

func torchManualSeed(a *Args) Value {
	if len(a.Pos) == 0 && len(a.Kw) == 0 {
		throw("TypeError", errMissingArg, a.Name, "seed")
	}
	var v Value
	a.Unpack("seed", &v)
	tensor.DefaultGenerator.ManualSeed(seedArg(a, v))
	return defaultGeneratorObject()
}

// pyNoArgs is a Python function's check that it got no arguments.
func pyNoArgs(a *Args) {
	if n := len(a.Pos); n > 0 {
		verb := "was"
		if n > 1 {
			verb = "were"
		}
		throw("TypeError", errTakesN, a.Name, 0, "s", n, verb)
	}
	if len(a.Kw) > 0 {
		throw("TypeError", errNoKwArg, a.Name, a.Kw[0].Name)
	}
}

func torchSeed(a *Args) Value {
	pyNoArgs(a)
	return uint64Value(tensor.DefaultGenerator.Seed())
}

func torchInitialSeed(a *Args) Value {
	pyNoArgs(a)
	return uint64Value(tensor.DefaultGenerator.InitialSeed())
}

// rngStateTensor is a generator's state as a uint8 tensor.
func rngStateTensor(g *tensor.Generator) *tensor.Tensor {
	b := g.State()
	return tensor.FromSlice(b, len(b))
}

// setRNGState restores a generator from a uint8 tensor.
func setRNGState(g *tensor.Generator, v Value) {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		throw("TypeError", errRNGStateType, TypeName(v))
	}
	if t.DType() != tensor.Uint8 {
		throw("TypeError", errRNGStateByte)
	}
	vals := t.Values()
	b := make([]byte, len(vals))
	for i, s := range vals {
		b[i] = byte(s.I)
	}
	g.SetState(b)
}

func torchGetRNGState(a *Args) Value {
	pyNoArgs(a)
	return rngStateTensor(tensor.DefaultGenerator)
}

func torchSetRNGState(a *Args) Value {
	if len(a.Pos) == 0 && len(a.Kw) == 0 {
		throw("TypeError", errMissingArg, a.Name, "new_state")
	}
	var v Value
	a.Unpack("new_state", &v)
	setRNGState(tensor.DefaultGenerator, v)
	return None
}

// ---- Tensor methods ----

func tensorUniform(a *Args) Value {
	o := randCommon(a)
	if o.hasDType {
		o.invalid(a)
	}
	t, ok := a.Self.(*tensor.Tensor)
	if !ok {
		o.invalid(a)
	}
	if len(a.Pos) > 2 {
		throw("TypeError", errTakesFromTo, a.Name, 0, 2, len(a.Pos))
	}
	from, to := 0.0, 1.0
	if len(a.Pos) > 0 {
		from = randFloatArg(a, "from", 1, a.Pos[0])
	}
	if len(a.Pos) > 1 {
		to = randFloatArg(a, "to", 2, a.Pos[1])
	}
	if v, ok := takeKw(a, "to"); ok {
		if len(a.Pos) > 1 {
			throw("TypeError", errMultipleValues, a.Name, "to")
		}
		to = randFloatArg(a, "to", 2, v)
	}
	if len(a.Kw) > 0 {
		throw("TypeError", errNoKwArg, a.Name, a.Kw[0].Name)
	}
	return t.Uniform_(from, to, o.gen)
}

func tensorNormal(a *Args) Value {
	o := randCommon(a)
	if o.hasDType {
		o.invalid(a)
	}
	t, ok := a.Self.(*tensor.Tensor)
	if !ok {
		o.invalid(a)
	}
	if len(a.Pos) > 2 {
		throw("TypeError", errTakesFromTo, a.Name, 0, 2, len(a.Pos))
	}
	mean, std := 0.0, 1.0
	if len(a.Pos) > 0 {
		mean = randFloatArg(a, "mean", 1, a.Pos[0])
	}
	if len(a.Pos) > 1 {
		std = randFloatArg(a, "std", 2, a.Pos[1])
	}
	if v, ok := takeKw(a, "mean"); ok {
		if len(a.Pos) > 0 {
			throw("TypeError", errMultipleValues, a.Name, "mean")
		}
		mean = randFloatArg(a, "mean", 1, v)
	}
	if v, ok := takeKw(a, "std"); ok {
		if len(a.Pos) > 1 {
			throw("TypeError", errMultipleValues, a.Name, "std")
		}
		std = randFloatArg(a, "std", 2, v)
	}
	if len(a.Kw) > 0 {
		throw("TypeError", errNoKwArg, a.Name, a.Kw[0].Name)
	}
	return t.Normal_(mean, std, o.gen)
}

func tensorRandom(a *Args) Value {
	o := randCommon(a)
	if o.hasDType {
		o.invalid(a)
	}
	t, ok := a.Self.(*tensor.Tensor)
	if !ok {
		o.invalid(a)
	}
	toKw, hasTo := takeKw(a, "to")
	if len(a.Kw) > 0 {
		o.invalid(a)
	}
	p := a.Pos
	switch {
	case len(p) == 0 && !hasTo:
		return t.Random_(o.gen)
	case len(p) == 0 && hasTo, len(p) == 1 && !hasTo:
		// random_(to): [0, to)
		v := toKw
		if len(p) == 1 {
			v = p[0]
		}
		to := randIntArg(a, o, v)
		return t.RandomFromTo_(0, &to, o.gen, randWarn(a))
	case len(p) == 2 && !hasTo, len(p) == 1 && hasTo:
		v := toKw
		if len(p) == 2 {
			v = p[1]
		}
		from := randIntArg(a, o, p[0])
		if _, none := v.(NoneType); none {
			return t.RandomFromTo_(from, nil, o.gen, randWarn(a))
		}
		to := randIntArg(a, o, v)
		return t.RandomFromTo_(from, &to, o.gen, randWarn(a))
	}
	o.invalid(a)
	return nil
}

// ---- torch.Generator ----

func generatorSelf(a *Args) *tensor.Generator {
	g, ok := generatorOf(a.Self)
	if !ok {
		a.invalid()
	}
	return g
}

var generatorClass = defClass("torch._C.Generator", generatorTypeName, func(a *Args) Value {
	var dev Value = None
	a.Unpack("device?", &dev)
	switch dev.(type) {
	case NoneType:
	case DeviceValue, Str, Int:
		if d := parseDevice(dev); d.Type != "cpu" {
			throw("RuntimeError", errGeneratorDevice, strings.ToUpper(d.Type))
		}
	default:
		if len(a.Pos) > 0 {
			throw("TypeError", errArgMustBePos, "Generator", "device", 1, "torch.device", TypeName(dev))
		}
		throw("TypeError", errArgMustBeKw, "Generator", "device", "torch.device", TypeName(dev))
	}
	return newGeneratorObject(tensor.NewGenerator(tensor.DefaultRNGSeed))
})

func init() {
	register(
		&Builtin{Name: "rand", Kind: TorchFunc, Fn: torchRand,
			Sig: "rand(*size, *, generator=None, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of random numbers drawn uniformly from [0, 1), from PyTorch's CPU generator: after torch.manual_seed(s) the numbers are PyTorch's."},
		&Builtin{Name: "randn", Kind: TorchFunc, Fn: torchRandn,
			Sig: "randn(*size, *, generator=None, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of random numbers from the standard normal distribution, as PyTorch's CPU generator draws them."},
		&Builtin{Name: "randint", Kind: TorchFunc, Fn: torchRandint,
			Sig: "randint(low=0, high, size, *, generator=None, dtype=torch.int64, device=None) -> Tensor",
			Doc: "Returns a tensor of random integers drawn uniformly from [low, high)."},
		&Builtin{Name: "randperm", Kind: TorchFunc, Fn: torchRandperm,
			Sig: "randperm(n, *, generator=None, dtype=torch.int64, device=None) -> Tensor",
			Doc: "Returns a random permutation of the integers 0 to n - 1."},
		&Builtin{Name: "rand_like", Kind: TorchFunc, Fn: torchRandLike,
			Sig: "rand_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of random numbers drawn uniformly from [0, 1)."},
		&Builtin{Name: "randn_like", Kind: TorchFunc, Fn: torchRandnLike,
			Sig: "randn_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of standard normal random numbers."},
		&Builtin{Name: "randint_like", Kind: TorchFunc, Fn: torchRandintLike,
			Sig: "randint_like(input, low=0, high, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of random integers drawn uniformly from [low, high)."},
		&Builtin{Name: "manual_seed", Kind: TorchFunc, Fn: torchManualSeed,
			Sig: "manual_seed(seed) -> Generator",
			Doc: "Seeds the default random number generator, so that the random functions replay PyTorch's numbers for that seed. Returns torch.default_generator."},
		&Builtin{Name: "seed", Kind: TorchFunc, Fn: torchSeed,
			Sig: "seed() -> int",
			Doc: "Seeds the default random number generator with a non-deterministic seed and returns it."},
		&Builtin{Name: "initial_seed", Kind: TorchFunc, Fn: torchInitialSeed,
			Sig: "initial_seed() -> int",
			Doc: "Returns the seed of the default random number generator (a fresh session's is non-deterministic, as PyTorch's is)."},
		&Builtin{Name: "get_rng_state", Kind: TorchFunc, Fn: torchGetRNGState,
			Sig: "get_rng_state() -> Tensor",
			Doc: "Returns the state of the default random number generator as a torch.uint8 tensor (PyTorch's layout)."},
		&Builtin{Name: "set_rng_state", Kind: TorchFunc, Fn: torchSetRNGState,
			Sig: "set_rng_state(new_state) -> None",
			Doc: "Restores the default random number generator from a state returned by get_rng_state()."},
		&Builtin{Name: "uniform_", Kind: TensorMethod, Fn: tensorUniform,
			Sig: "uniform_(from=0, to=1, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with numbers drawn uniformly from [from, to)."},
		&Builtin{Name: "normal_", Kind: TensorMethod, Fn: tensorNormal,
			Sig: "normal_(mean=0, std=1, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with samples of the normal distribution N(mean, std²)."},
		&Builtin{Name: "random_", Kind: TensorMethod, Fn: tensorRandom,
			Sig: "random_(from=0, to=None, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with integers drawn uniformly from [from, to), or from [0, the largest exactly representable integer] without bounds."},
	)
	torchClasses["Generator"] = generatorClass
	torchValues["default_generator"] = func(*Session) Value { return defaultGeneratorObject() }
	registerMethods(generatorTypeName,
		&Builtin{Name: "manual_seed", Sig: "manual_seed(seed) -> Generator",
			Doc: "Seeds the generator; returns it.",
			Fn: func(a *Args) Value {
				g := generatorSelf(a)
				genArgs(a, 1)
				v, ok := a.Pos[0].(Int)
				if !ok {
					throw("RuntimeError", errSeedLong, TypeName(a.Pos[0]))
				}
				g.ManualSeed(seedArg(a, v))
				return a.Self
			}},
		&Builtin{Name: "seed", Sig: "seed() -> int",
			Doc: "Seeds the generator non-deterministically; returns the seed.",
			Fn: func(a *Args) Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return uint64Value(g.Seed())
			}},
		&Builtin{Name: "initial_seed", Sig: "initial_seed() -> int",
			Doc: "Returns the generator's seed.",
			Fn: func(a *Args) Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return uint64Value(g.InitialSeed())
			}},
		&Builtin{Name: "get_state", Sig: "get_state() -> Tensor",
			Doc: "Returns the generator's state as a torch.uint8 tensor.",
			Fn: func(a *Args) Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return rngStateTensor(g)
			}},
		&Builtin{Name: "set_state", Sig: "set_state(new_state) -> Generator",
			Doc: "Restores the generator's state; returns it.",
			Fn: func(a *Args) Value {
				g := generatorSelf(a)
				genArgs(a, 1)
				setRNGState(g, a.Pos[0])
				return a.Self
			}},
	)
	torchSubmodules["random"] = func(s *Session) *Module {
		m := &Module{Name: "torch.random", Members: map[string]Value{}}
		for _, name := range []string{"manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state"} {
			m.Members[name] = torchFuncs[name]
		}
		return m
	}
}

// genArgs checks the argument count of a Generator method (C methods take
// no keywords).
func genArgs(a *Args, n int) {
	got := len(a.Pos) + len(a.Kw)
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, "Generator."+a.Name)
	}
	if got != n {
		if n == 0 {
			throw("TypeError", errTakesNoArgs, "Generator."+a.Name, got)
		}
		throw("TypeError", errTakesOneArg, "Generator."+a.Name, got)
	}
}
