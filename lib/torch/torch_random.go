package torch

import (
	"fmt"
	"math/big"
	"strings"
	"sync"

	"github.com/tensh/tensh/eval"
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
	generatorObjects = map[*eval.Object]*tensor.Generator{}
	generatorCount   uint64
	defaultGenObj    *eval.Object
)

// newGeneratorObject wraps g as a torch.Generator value.
func newGeneratorObject(g *tensor.Generator) *eval.Object {
	generatorMu.Lock()
	defer generatorMu.Unlock()
	generatorCount++
	// A stable stand-in for the object's address in its repr.
	addr := 0x7f3a5c1e8000 + generatorCount*0x50
	o := &eval.Object{
		TypeName: "torch._C.Generator",
		Attrs:    map[string]eval.Value{"device": eval.DeviceValue{D: tensor.CPU}},
		Order:    []string{"device"},
		ReprFn:   func() string { return fmt.Sprintf("<torch._C.Generator object at %#x>", addr) },
	}
	generatorObjects[o] = g
	return o
}

// defaultGeneratorObject is torch.default_generator: one object for the
// process, as the generator is.
func defaultGeneratorObject() *eval.Object {
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
func generatorOf(v eval.Value) (*tensor.Generator, bool) {
	o, ok := v.(*eval.Object)
	if !ok || eval.ShortTypeName(o) != generatorTypeName {
		return nil, false
	}
	generatorMu.Lock()
	defer generatorMu.Unlock()
	g, ok := generatorObjects[o]
	return g, ok
}

// ---- argument helpers ----

// The random functions' signatures in PyTorch 1.13.
var (
	randSigs    = sizeRandSigs("rand")
	randnSigs   = sizeRandSigs("randn")
	randintSigs = newArgParser(
		"randint(int64_t high, IntArrayRef size, *, Generator? generator, "+randFactory("Tensor out=None, "),
		"randint(int64_t high, IntArrayRef size, *, "+randFactory("Tensor out=None, "),
		"randint(int64_t low, int64_t high, IntArrayRef size, *, Generator? generator, "+randFactory("Tensor out=None, "),
		"randint(int64_t low, int64_t high, IntArrayRef size, *, "+randFactory("Tensor out=None, "))
	randpermSigs = newArgParser(
		"randperm(int64_t n, *, Generator? generator, "+randFactory("Tensor out=None, "),
		"randperm(int64_t n, *, "+randFactory("Tensor out=None, "))
	randLikeSigs    = newArgParser("rand_like(Tensor input, *, " + randFactory("MemoryFormat? memory_format=None, "))
	randnLikeSigs   = newArgParser("randn_like(Tensor input, *, " + randFactory("MemoryFormat? memory_format=None, "))
	randintLikeSigs = newArgParser(
		"randint_like(Tensor input, int64_t high, *, "+randFactory("MemoryFormat? memory_format=None, "),
		"randint_like(Tensor input, int64_t low, int64_t high, *, "+randFactory("MemoryFormat? memory_format=None, "))
	uniformSigs = newArgParser("uniform_(Tensor input, double from=0, double to=1, *, Generator? generator=None)")
	normalSigs  = newArgParser("normal_(Tensor input, double mean=0, double std=1, *, Generator? generator=None)")
	randomSigs  = newArgParser(
		"random_(Tensor input, *, Generator? generator=None)",
		"random_(Tensor input, int64_t from, int64_t? to, *, Generator? generator=None)",
		"random_(Tensor input, int64_t to, *, Generator? generator=None)")
	generatorSigs = newArgParser("Generator(Device device=None)")
)

// randFactory is the tail of a random factory's signature: the tensor
// options after pre.
func randFactory(pre string) string {
	return pre + "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
}

// sizeRandSigs are rand's and randn's signatures.
func sizeRandSigs(name string) *argParser {
	return newArgParser(
		name+"(IntArrayRef size, *, Generator? generator, DimnameList? names, "+randFactory(""),
		name+"(IntArrayRef size, *, Generator? generator, "+randFactory("Tensor out=None, "),
		name+"(IntArrayRef size, *, "+randFactory("Tensor out=None, "),
		name+"(IntArrayRef size, *, DimnameList? names, "+randFactory(""))
}

// randOpts are the options of a bound random function: its generator
// (the default one unless generator= names one) and dtype.
type randOpts struct {
	b        *boundArgs
	gen      *tensor.Generator
	dtype    tensor.DType
	hasDType bool
	dev      *tensor.Device // a GPU device= (device_gpu.go)
}

// randCommon reads generator=, dtype=, out= and device= of a bound call
// and refuses what tensh does not do (names=).
func randCommon(b *boundArgs) randOpts {
	o := randOpts{b: b, gen: tensor.DefaultGenerator}
	if g, ok := generatorOf(b.val("generator")); ok {
		o.gen = g
	}
	o.dtype, o.hasDType = b.dtype("dtype")
	factoryOpts{b}.rejectNames()
	if out := b.tensor("out"); out != nil {
		// out= decides the dtype the numbers are drawn in
		randOutDType(&o, out)
	}
	// The random functions draw with the CPU generator; a GPU device
	// (checkDevice: one that exists) gets a copy. Any other device is
	// PyTorch's CPU build's "Torch not compiled with CUDA enabled".
	if d := b.device("device"); d != nil {
		checkDevice(*d)
		if d.Type != "cpu" && !checkGPUDevice(*d) {
			eval.Throw("AssertionError", errNoCUDA)
		}
		if d.Type != "cpu" {
			o.dev = d
		}
	}
	factoryOpts{b}.checkPinned()
	return o
}

// finish applies requires_grad= to a new random tensor.
func (o randOpts) finish(t *tensor.Tensor) eval.Value {
	return factoryOpts{o.b}.finish(t, o.dev)
}

// symIntSizes checks sizes as c10's conversion of an IntArrayRef to
// SymInts does.
func symIntSizes(size []int) []int {
	for _, n := range size {
		if n < -(1 << 62) {
			eval.Throw("RuntimeError", errSymIntRange, n)
		}
	}
	return size
}

// seedArg converts a seed as torch.manual_seed does: int(seed), then the
// unsigned 64-bit value, negative seeds taken as their two's complement.
func seedArg(a *eval.Args, v eval.Value) uint64 {
	iv := eval.BuiltinInt((&eval.Args{Name: "int", Pos: []eval.Value{v}}).Bind(a.Session())).(eval.Int)
	b := iv.Big()
	switch {
	case b.Sign() >= 0 && b.IsUint64():
		return b.Uint64()
	case b.Sign() < 0 && b.IsInt64():
		return uint64(b.Int64())
	}
	eval.Throw("RuntimeError", eval.ErrOverflowLong)
	return 0
}

// uint64Value is a Python int holding an unsigned 64-bit value.
func uint64Value(u uint64) eval.Value {
	return eval.MakeBigInt(new(big.Int).SetUint64(u))
}

// randWarn returns the warning sink of a call.
func randWarn(a *eval.Args) func(string) {
	return func(msg string) {
		if a.Session() != nil {
			a.Session().Warn("UserWarning", msg)
		}
	}
}

// ---- torch functions ----

func torchRand(a *eval.Args) eval.Value {
	o := randCommon(randSigs.parse(a))
	return o.finish(tensor.Rand(symIntSizes(o.b.ints("size")), o.dtypeOr(tensor.DefaultFloat()), o.gen))
}

func torchRandn(a *eval.Args) eval.Value {
	o := randCommon(randnSigs.parse(a))
	return o.finish(tensor.Randn(symIntSizes(o.b.ints("size")), o.dtypeOr(tensor.DefaultFloat()), o.gen))
}

// dtypeOr is the dtype= option, or def.
func (o randOpts) dtypeOr(def tensor.DType) tensor.DType {
	if o.hasDType {
		return o.dtype
	}
	return def
}

func torchRandint(a *eval.Args) eval.Value {
	o := randCommon(randintSigs.parse(a))
	lo, hi := o.b.int64("low", 0), o.b.int64("high", 0)
	return o.finish(tensor.Randint(lo, hi, symIntSizes(o.b.ints("size")), o.dtypeOr(tensor.Int64), o.gen, randWarn(a)))
}

func torchRandperm(a *eval.Args) eval.Value {
	o := randCommon(randpermSigs.parse(a))
	return o.finish(tensor.Randperm(o.b.int64("n", 0), o.dtypeOr(tensor.Int64), o.gen))
}

// likeArgs binds rand_like and friends: the input tensor, and the dtype
// (input's unless dtype= is given).
func likeArgs(p *argParser, a *eval.Args) (*tensor.Tensor, randOpts) {
	o := randCommon(p.parse(a))
	t := o.b.tensor("input")
	if !o.hasDType {
		o.dtype = t.DType()
	}
	return t, o
}

func torchRandLike(a *eval.Args) eval.Value {
	t, o := likeArgs(randLikeSigs, a)
	if !o.dtype.IsFloat() {
		tensor.Raise(tensor.RuntimeError, errNotImplementedFor, "check_uniform_bounds", o.dtype.ScalarName())
	}
	return o.finish(emptyInFormat(t, o.dtype, o.b.memoryFormat("memory_format")).Uniform_(0, 1, o.gen))
}

func torchRandnLike(a *eval.Args) eval.Value {
	t, o := likeArgs(randnLikeSigs, a)
	if !o.dtype.IsFloat() {
		tensor.Raise(tensor.RuntimeError, errNotImplementedFor, "normal_kernel_cpu", o.dtype.ScalarName())
	}
	return o.finish(emptyInFormat(t, o.dtype, o.b.memoryFormat("memory_format")).Normal_(0, 1, o.gen))
}

func torchRandintLike(a *eval.Args) eval.Value {
	t, o := likeArgs(randintLikeSigs, a)
	lo, hi := o.b.int64("low", 0), o.b.int64("high", 0)
	return o.finish(emptyInFormat(t, o.dtype, o.b.memoryFormat("memory_format")).RandomFromTo_(lo, &hi, o.gen, randWarn(a)))
}

// torchManualSeed is torch.manual_seed (torch/random.py: def
// manual_seed(seed)).
func torchManualSeed(a *eval.Args) eval.Value {
	v := pyBind(a, a.Name, 0, "seed")[0]
	tensor.DefaultGenerator.ManualSeed(seedArg(a, v))
	return defaultGeneratorObject()
}

// pyNoArgs is a Python function's check that it got no arguments.
func pyNoArgs(a *eval.Args) {
	if n := len(a.Pos); n > 0 {
		verb := "was"
		if n > 1 {
			verb = "were"
		}
		eval.Throw("TypeError", errTakesN, a.Name, 0, "s", n, verb)
	}
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrNoKwArg, a.Name, a.Kw[0].Name)
	}
}

func torchSeed(a *eval.Args) eval.Value {
	pyNoArgs(a)
	return uint64Value(tensor.DefaultGenerator.Seed())
}

func torchInitialSeed(a *eval.Args) eval.Value {
	pyNoArgs(a)
	return uint64Value(tensor.DefaultGenerator.InitialSeed())
}

// rngStateTensor is a generator's state as a uint8 tensor.
func rngStateTensor(g *tensor.Generator) *tensor.Tensor {
	b := g.State()
	return tensor.FromSlice(b, len(b))
}

// setRNGState restores a generator from a uint8 tensor.
func setRNGState(g *tensor.Generator, v eval.Value) {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		eval.Throw("TypeError", errRNGStateType, eval.TypeName(v))
	}
	if t.DType() != tensor.Uint8 {
		eval.Throw("TypeError", errRNGStateByte)
	}
	vals := t.Values()
	b := make([]byte, len(vals))
	for i, s := range vals {
		b[i] = byte(s.I)
	}
	g.SetState(b)
}

func torchGetRNGState(a *eval.Args) eval.Value {
	pyNoArgs(a)
	return rngStateTensor(tensor.DefaultGenerator)
}

// torchSetRNGState is torch.set_rng_state (torch/random.py: def
// set_rng_state(new_state)).
func torchSetRNGState(a *eval.Args) eval.Value {
	v := pyBind(a, a.Name, 0, "new_state")[0]
	setRNGState(tensor.DefaultGenerator, v)
	return eval.None
}

// ---- Tensor methods ----

func tensorUniform(a *eval.Args) eval.Value {
	o := randCommon(uniformSigs.parse(a))
	return o.b.tensor("input").Uniform_(o.b.double("from", 0), o.b.double("to", 1), o.gen)
}

func tensorNormal(a *eval.Args) eval.Value {
	o := randCommon(normalSigs.parse(a))
	return o.b.tensor("input").Normal_(o.b.double("mean", 0), o.b.double("std", 1), o.gen)
}

func tensorRandom(a *eval.Args) eval.Value {
	o := randCommon(randomSigs.parse(a))
	t := o.b.tensor("input")
	switch o.b.idx {
	case 0:
		return t.Random_(o.gen)
	case 1:
		from := o.b.int64("from", 0)
		if !o.b.has("to") {
			return t.RandomFromTo_(from, nil, o.gen, randWarn(a))
		}
		to := o.b.int64("to", 0)
		return t.RandomFromTo_(from, &to, o.gen, randWarn(a))
	}
	to := o.b.int64("to", 0)
	return t.RandomFromTo_(0, &to, o.gen, randWarn(a))
}

// ---- torch.Generator ----

func generatorSelf(a *eval.Args) *tensor.Generator {
	g, ok := generatorOf(a.Self)
	if !ok {
		a.Invalid()
	}
	return g
}

var generatorClass = eval.DefClass("torch._C.Generator", generatorTypeName, func(a *eval.Args) eval.Value {
	b := generatorSigs.parse((&eval.Args{Name: "Generator", Pos: a.Pos, Kw: a.Kw}).Bind(a.Session()))
	if d := b.device("device"); d != nil && d.Type != "cpu" {
		eval.Throw("RuntimeError", errGeneratorDevice, strings.ToUpper(d.Type))
	}
	return newGeneratorObject(tensor.NewGenerator(tensor.DefaultRNGSeed))
})

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "rand", Kind: eval.TorchFunc, Fn: torchRand,
			Sig: "rand(*size, *, generator=None, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of random numbers drawn uniformly from [0, 1), from PyTorch's CPU generator: after torch.manual_seed(s) the numbers are PyTorch's."},
		&eval.Builtin{Name: "randn", Kind: eval.TorchFunc, Fn: torchRandn,
			Sig: "randn(*size, *, generator=None, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor of random numbers from the standard normal distribution, as PyTorch's CPU generator draws them."},
		&eval.Builtin{Name: "randint", Kind: eval.TorchFunc, Fn: torchRandint,
			Sig: "randint(low=0, high, size, *, generator=None, dtype=torch.int64, device=None) -> Tensor",
			Doc: "Returns a tensor of random integers drawn uniformly from [low, high)."},
		&eval.Builtin{Name: "randperm", Kind: eval.TorchFunc, Fn: torchRandperm,
			Sig: "randperm(n, *, generator=None, dtype=torch.int64, device=None) -> Tensor",
			Doc: "Returns a random permutation of the integers 0 to n - 1."},
		&eval.Builtin{Name: "rand_like", Kind: eval.TorchFunc, Fn: torchRandLike,
			Sig: "rand_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of random numbers drawn uniformly from [0, 1)."},
		&eval.Builtin{Name: "randn_like", Kind: eval.TorchFunc, Fn: torchRandnLike,
			Sig: "randn_like(input, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of standard normal random numbers."},
		&eval.Builtin{Name: "randint_like", Kind: eval.TorchFunc, Fn: torchRandintLike,
			Sig: "randint_like(input, low=0, high, *, dtype=None, device=None) -> Tensor",
			Doc: "Returns a tensor shaped like input, of random integers drawn uniformly from [low, high)."},
		&eval.Builtin{Name: "manual_seed", Kind: eval.TorchFunc, Fn: torchManualSeed,
			Sig: "manual_seed(seed) -> Generator",
			Doc: "Seeds the default random number generator, so that the random functions replay PyTorch's numbers for that seed. Returns torch.default_generator."},
		&eval.Builtin{Name: "seed", Kind: eval.TorchFunc, Fn: torchSeed,
			Sig: "seed() -> int",
			Doc: "Seeds the default random number generator with a non-deterministic seed and returns it."},
		&eval.Builtin{Name: "initial_seed", Kind: eval.TorchFunc, Fn: torchInitialSeed,
			Sig: "initial_seed() -> int",
			Doc: "Returns the seed of the default random number generator (a fresh session's is non-deterministic, as PyTorch's is)."},
		&eval.Builtin{Name: "get_rng_state", Kind: eval.TorchFunc, Fn: torchGetRNGState,
			Sig: "get_rng_state() -> Tensor",
			Doc: "Returns the state of the default random number generator as a torch.uint8 tensor (PyTorch's layout)."},
		&eval.Builtin{Name: "set_rng_state", Kind: eval.TorchFunc, Fn: torchSetRNGState,
			Sig: "set_rng_state(new_state) -> None",
			Doc: "Restores the default random number generator from a state returned by get_rng_state()."},
		&eval.Builtin{Name: "uniform_", Kind: eval.TensorMethod, Fn: tensorUniform,
			Sig: "uniform_(from=0, to=1, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with numbers drawn uniformly from [from, to)."},
		&eval.Builtin{Name: "normal_", Kind: eval.TensorMethod, Fn: tensorNormal,
			Sig: "normal_(mean=0, std=1, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with samples of the normal distribution N(mean, std²)."},
		&eval.Builtin{Name: "random_", Kind: eval.TensorMethod, Fn: tensorRandom,
			Sig: "random_(from=0, to=None, *, generator=None) -> Tensor",
			Doc: "Fills the tensor in place with integers drawn uniformly from [from, to), or from [0, the largest exactly representable integer] without bounds."},
	)
	torchClasses["Generator"] = generatorClass
	torchValues["default_generator"] = func(*eval.Session) eval.Value { return defaultGeneratorObject() }
	eval.RegisterMethods(generatorTypeName,
		&eval.Builtin{Name: "manual_seed", Sig: "manual_seed(seed) -> Generator",
			Doc: "Seeds the generator; returns it.",
			Fn: func(a *eval.Args) eval.Value {
				g := generatorSelf(a)
				genArgs(a, 1)
				v, ok := a.Pos[0].(eval.Int)
				if !ok {
					eval.Throw("RuntimeError", errSeedLong, eval.TypeName(a.Pos[0]))
				}
				g.ManualSeed(seedArg(a, v))
				return a.Self
			}},
		&eval.Builtin{Name: "seed", Sig: "seed() -> int",
			Doc: "Seeds the generator non-deterministically; returns the seed.",
			Fn: func(a *eval.Args) eval.Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return uint64Value(g.Seed())
			}},
		&eval.Builtin{Name: "initial_seed", Sig: "initial_seed() -> int",
			Doc: "Returns the generator's seed.",
			Fn: func(a *eval.Args) eval.Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return uint64Value(g.InitialSeed())
			}},
		&eval.Builtin{Name: "get_state", Sig: "get_state() -> Tensor",
			Doc: "Returns the generator's state as a torch.uint8 tensor.",
			Fn: func(a *eval.Args) eval.Value {
				g := generatorSelf(a)
				genArgs(a, 0)
				return rngStateTensor(g)
			}},
		&eval.Builtin{Name: "set_state", Sig: "set_state(new_state) -> Generator",
			Doc: "Restores the generator's state; returns it.",
			Fn: func(a *eval.Args) eval.Value {
				g := generatorSelf(a)
				genArgs(a, 1)
				setRNGState(g, a.Pos[0])
				return a.Self
			}},
	)
	torchSubmodules["random"] = func(s *eval.Session) *eval.Module {
		m := &eval.Module{Name: "torch.random", Members: map[string]eval.Value{}}
		for _, name := range []string{"manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state"} {
			m.Members[name] = eval.TorchFuncs[name]
		}
		return m
	}
}

// genArgs checks the argument count of a Generator method (C methods take
// no keywords).
func genArgs(a *eval.Args, n int) {
	got := len(a.Pos) + len(a.Kw)
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoKw, "Generator."+a.Name)
	}
	if got != n {
		if n == 0 {
			eval.Throw("TypeError", eval.ErrTakesNoArgs, "Generator."+a.Name, got)
		}
		eval.Throw("TypeError", eval.ErrTakesOneArg, "Generator."+a.Name, got)
	}
}
