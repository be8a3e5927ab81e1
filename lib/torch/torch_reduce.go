package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// Reductions and scans: sum, mean, prod, max/min, amax/amin,
// argmax/argmin, std/var, norm, all/any, count_nonzero, logsumexp, median,
// mode, cumsum/cumprod.

// returnType makes a torch.return_types value.
func returnType(name string, values, indices *tensor.Tensor) *eval.NamedTuple {
	return &eval.NamedTuple{TypeName: "torch.return_types." + name, Fields: []string{"values", "indices"}, Elems: eval.Tuple{values, indices}}
}

// ---- reductions ----

var (
	sumSigs = newArgParser(
		"sum(Tensor input, *, ScalarType? dtype=None)",
		"sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
		"sum(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	meanSigs = newArgParser(
		"mean(Tensor input, *, ScalarType? dtype=None)",
		"mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
		"mean(Tensor input, DimnameList[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)")
	prodSigs = newArgParser(
		"prod(Tensor input, *, ScalarType? dtype=None)",
		"prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
		"prod(Tensor input, Dimname dim, bool keepdim=False, *, ScalarType? dtype=None)")
	maxSigs = newArgParser(
		"max(Tensor input)",
		"max(Tensor input, Tensor other, *, Tensor out=None)",
		"max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"max(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	minSigs = newArgParser(
		"min(Tensor input)",
		"min(Tensor input, Tensor other, *, Tensor out=None)",
		"min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"min(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	amaxSigs   = newArgParser("amax(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)")
	aminSigs   = newArgParser("amin(Tensor input, IntArrayRef[1] dim=[], bool keepdim=False, *, Tensor out=None)")
	argmaxSigs = newArgParser("argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)")
	argminSigs = newArgParser("argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)")
	allSigs    = newArgParser(
		"all(Tensor input, *, Tensor out=None)",
		"all(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
		"all(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)")
	anySigs = newArgParser(
		"any(Tensor input, *, Tensor out=None)",
		"any(Tensor input, int64_t dim, bool keepdim=False, *, Tensor out=None)",
		"any(Tensor input, Dimname dim, bool keepdim=False, *, Tensor out=None)")
	countNonzeroSigs = newArgParser(
		"count_nonzero(Tensor input, IntArrayRef dim)",
		"count_nonzero(Tensor input, int64_t? dim=None)")
	logsumexpSigs = newArgParser(
		"logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
		"logsumexp(Tensor input, DimnameList[1] dim, bool keepdim=False, *, Tensor out=None)")
	medianSigs = newArgParser(
		"median(Tensor input)",
		"median(Tensor input, int64_t dim, bool keepdim=False, *, TensorList out=None)",
		"median(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	modeSigs = newArgParser(
		"mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, TensorList out=None)",
		"mode(Tensor input, Dimname dim, bool keepdim=False, *, TensorList out=None)")
	// torch.norm is torch/functional.py's; these are the _VF functions
	// it calls.
	vfNormSigs = newArgParser(
		"norm(Tensor input, Scalar p=2)",
		"norm(Tensor input, Scalar? p, *, ScalarType dtype)",
		"norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim, *, ScalarType dtype, Tensor out=None)",
		"norm(Tensor input, Scalar? p, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
		"norm(Tensor input, Scalar? p, DimnameList[1] dim, bool keepdim, *, ScalarType dtype, Tensor out=None)",
		"norm(Tensor input, Scalar? p, DimnameList[1] dim, bool keepdim=False, *, Tensor out=None)")
	frobeniusNormSigs = newArgParser("frobenius_norm(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)")
	nuclearNormSigs   = newArgParser(
		"nuclear_norm(Tensor input, IntArrayRef[2] dim, bool keepdim=False, *, Tensor out=None)",
		"nuclear_norm(Tensor input, bool keepdim=False, *, Tensor out=None)")
	cumsumSigs = newArgParser(
		"cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
		"cumsum(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)")
	cumprodSigs = newArgParser(
		"cumprod(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",
		"cumprod(Tensor input, Dimname dim, *, ScalarType? dtype=None, Tensor out=None)")
)

// stdVarSigs are std's and var's signatures in PyTorch 1.13.
func stdVarSigs(name string) *argParser {
	return newArgParser(
		name+"(Tensor input, IntArrayRef[1]? dim, *, int64_t? correction=None, bool keepdim=False, Tensor out=None)",
		name+"(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)",
		name+"(Tensor input, bool unbiased=True)",
		name+"(Tensor input, DimnameList[1] dim, *, int64_t? correction=None, bool keepdim=False, Tensor out=None)",
		name+"(Tensor input, DimnameList[1] dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)")
}

var (
	stdSigs = stdVarSigs("std")
	varSigs = stdVarSigs("var")
)

// sumLike binds sum and mean: dims (nil for all), keepdim and dtype.
func sumLike(a *eval.Args, ss *argParser, fn func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor) eval.Value {
	r := ss.parse(a)
	t := r.tensor("input")
	if r.idx == 2 {
		r.dimname("dim", t)
	}
	d, hasD := r.dtype("dtype")
	out := r.tensor("out")
	if out == nil {
		return fn(t, r.ints("dim"), r.bool("keepdim", false), d, hasD)
	}
	// sum_out and mean_out compute in the dtype given, which out must
	// have, or else in out's.
	if hasD {
		checkOutDType(out, d)
	}
	if ss == meanSigs && !hasD && !t.DType().IsFloat() {
		tensor.Mean(t, nil, false) // raises mean's input dtype error
	}
	return writeOut(a, out, fn(t, r.ints("dim"), r.bool("keepdim", false), out.DType(), true))
}

func init() {
	reduce := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "sum", Kind: reduce, Sig: "sum(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Sum of the elements, over all of them or over dim (an int or a tuple of ints). Integer and bool tensors sum to int64.",
			Fn: func(a *eval.Args) eval.Value {
				return sumLike(a, sumSigs, func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor {
					if hasD {
						return tensor.SumAs(t, dims, keepdim, d)
					}
					return tensor.Sum(t, dims, keepdim)
				})
			}},
		&eval.Builtin{Name: "mean", Kind: reduce, Sig: "mean(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Mean of the elements, over all of them or over dim. The input (or dtype) must be a floating type.",
			Fn: func(a *eval.Args) eval.Value {
				return sumLike(a, meanSigs, func(t *tensor.Tensor, dims []int, keepdim bool, d tensor.DType, hasD bool) *tensor.Tensor {
					if hasD {
						return tensor.MeanAs(t, dims, keepdim, d)
					}
					return tensor.Mean(t, dims, keepdim)
				})
			}},
		&eval.Builtin{Name: "prod", Kind: reduce, Sig: "prod(input, dim=None, keepdim=False, *, dtype=None) -> Tensor",
			Doc: "Product of the elements, over all of them or along one dimension. Integer and bool tensors multiply in int64.",
			Fn: func(a *eval.Args) eval.Value {
				r := prodSigs.parse(a)
				t := r.tensor("input")
				var dims []int
				switch r.idx {
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
		&eval.Builtin{Name: "max", Kind: reduce, Sig: "max(input) / max(input, dim, keepdim=False) / max(input, other) -> Tensor",
			Doc: "The largest element; along dim, a torch.return_types.max of the values and their indices; with another tensor, the elementwise maximum.",
			Fn:  func(a *eval.Args) eval.Value { return maxMin(a, maxSigs, true) }},
		&eval.Builtin{Name: "min", Kind: reduce, Sig: "min(input) / min(input, dim, keepdim=False) / min(input, other) -> Tensor",
			Doc: "The smallest element; along dim, a torch.return_types.min of the values and their indices; with another tensor, the elementwise minimum.",
			Fn:  func(a *eval.Args) eval.Value { return maxMin(a, minSigs, false) }},
		&eval.Builtin{Name: "amax", Kind: reduce, Sig: "amax(input, dim=(), keepdim=False) -> Tensor",
			Doc: "The largest values over dim (an int or a tuple; all dimensions when empty). NaN propagates.",
			Fn: func(a *eval.Args) eval.Value {
				r := amaxSigs.parse(a)
				return amaxOut(a, r, tensor.Amax(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false)))
			}},
		&eval.Builtin{Name: "amin", Kind: reduce, Sig: "amin(input, dim=(), keepdim=False) -> Tensor",
			Doc: "The smallest values over dim (an int or a tuple; all dimensions when empty). NaN propagates.",
			Fn: func(a *eval.Args) eval.Value {
				r := aminSigs.parse(a)
				return amaxOut(a, r, tensor.Amin(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false)))
			}},
		&eval.Builtin{Name: "argmax", Kind: reduce, Sig: "argmax(input, dim=None, keepdim=False) -> LongTensor",
			Doc: "Index of the first largest element, in the flattened tensor or along dim.",
			Fn:  func(a *eval.Args) eval.Value { return argMaxMin(a, argmaxSigs, true) }},
		&eval.Builtin{Name: "argmin", Kind: reduce, Sig: "argmin(input, dim=None, keepdim=False) -> LongTensor",
			Doc: "Index of the first smallest element, in the flattened tensor or along dim.",
			Fn:  func(a *eval.Args) eval.Value { return argMaxMin(a, argminSigs, false) }},
		&eval.Builtin{Name: "std", Kind: reduce, Sig: "std(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor",
			Doc: "Standard deviation over all elements or over dim; unbiased (N-1 divisor) unless unbiased=False or another correction is given.",
			Fn:  func(a *eval.Args) eval.Value { return stdVar(a, stdSigs, true) }},
		&eval.Builtin{Name: "var", Kind: reduce, Sig: "var(input, dim=None, unbiased=True, keepdim=False, *, correction=None) -> Tensor",
			Doc: "Variance over all elements or over dim; unbiased (N-1 divisor) unless unbiased=False or another correction is given.",
			Fn:  func(a *eval.Args) eval.Value { return stdVar(a, varSigs, false) }},
		&eval.Builtin{Name: "norm", Kind: reduce, Sig: "norm(input, p='fro', dim=None, keepdim=False, dtype=None) -> Tensor",
			Doc: "Vector p-norm over all elements or over dim: p may be a number, inf, -inf, 'fro' or 'nuc'.",
			Fn:  builtinNorm},
		&eval.Builtin{Name: "all", Kind: reduce, Sig: "all(input, dim=None, keepdim=False) -> Tensor",
			Doc: "Whether every element is non-zero, overall or along one dimension (bool; uint8 for uint8 tensors).",
			Fn:  func(a *eval.Args) eval.Value { return allAny(a, allSigs, true) }},
		&eval.Builtin{Name: "any", Kind: reduce, Sig: "any(input, dim=None, keepdim=False) -> Tensor",
			Doc: "Whether some element is non-zero, overall or along one dimension (bool; uint8 for uint8 tensors).",
			Fn:  func(a *eval.Args) eval.Value { return allAny(a, anySigs, false) }},
		&eval.Builtin{Name: "count_nonzero", Kind: reduce, Sig: "count_nonzero(input, dim=None) -> Tensor",
			Doc: "Number of non-zero elements, overall or over dim (an int or a tuple).",
			Fn: func(a *eval.Args) eval.Value {
				r := countNonzeroSigs.parse(a)
				return tensor.CountNonzero(r.tensor("input"), r.ints("dim"))
			}},
		&eval.Builtin{Name: "logsumexp", Kind: reduce, Sig: "logsumexp(input, dim, keepdim=False) -> Tensor",
			Doc: "log(sum(exp(input))) over dim, computed without overflow; integer inputs give the default float dtype.",
			Fn: func(a *eval.Args) eval.Value {
				r := logsumexpSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					r.dimname("dim", t)
				}
				if out := r.tensor("out"); out != nil && !out.DType().IsFloat() {
					eval.Throw("RuntimeError", errLogsumexpOut, out.DType().ScalarName())
				}
				dims, keepdim := r.ints("dim"), r.bool("keepdim", false)
				if len(dims) == 0 && !keepdim && t.Dim() > 0 {
					// PyTorch adds the kept-dims maximum in place into the
					// squeezed sum and fails.
					ones := make([]int, t.Dim())
					for i := range ones {
						ones[i] = 1
					}
					eval.Throw("RuntimeError", errOutputBroadcast, "[]", tensor.ShapeString(ones))
				}
				return withOut(a, r, tensor.Logsumexp(t, dims, keepdim), nil)
			}},
		&eval.Builtin{Name: "median", Kind: reduce, Sig: "median(input) / median(input, dim, keepdim=False) -> Tensor",
			Doc: "The lower median of all elements; along dim, a torch.return_types.median of the values and their indices.",
			Fn: func(a *eval.Args) eval.Value {
				r := medianSigs.parse(a)
				t := r.tensor("input")
				switch r.idx {
				case 0:
					return tensor.Median(t)
				case 2:
					r.dimname("dim", t)
				}
				v, i := tensor.MedianDim(t, r.int("dim", 0), r.bool("keepdim", false))
				return valuesIndices(a, r, "median", v, i)
			}},
		&eval.Builtin{Name: "mode", Kind: reduce, Sig: "mode(input, dim=-1, keepdim=False) -> (Tensor, LongTensor)",
			Doc: "The most frequent value along dim (the smallest of equally frequent ones) and the index of its last occurrence.",
			Fn: func(a *eval.Args) eval.Value {
				r := modeSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					r.dimname("dim", t)
				}
				v, i := tensor.ModeDim(t, r.int("dim", -1), r.bool("keepdim", false))
				return valuesIndices(a, r, "mode", v, i)
			}},
		&eval.Builtin{Name: "cumsum", Kind: reduce, Sig: "cumsum(input, dim, *, dtype=None) -> Tensor",
			Doc: "Running sums along dim. Integer and bool tensors sum to int64.",
			Fn:  func(a *eval.Args) eval.Value { return scanBinding(a, cumsumSigs, false) }},
		&eval.Builtin{Name: "cumprod", Kind: reduce, Sig: "cumprod(input, dim, *, dtype=None) -> Tensor",
			Doc: "Running products along dim. Integer and bool tensors multiply in int64.",
			Fn:  func(a *eval.Args) eval.Value { return scanBinding(a, cumprodSigs, true) }},
	)
}

func maxMin(a *eval.Args, ss *argParser, isMax bool) eval.Value {
	r := ss.parse(a)
	t := r.tensor("input")
	name := "min"
	if isMax {
		name = "max"
	}
	switch r.idx {
	case 0:
		if isMax {
			return tensor.MaxAll(t)
		}
		return tensor.MinAll(t)
	case 1:
		// max(other) is torch.maximum.
		op := tensor.OpMinimum
		if isMax {
			op = tensor.OpMaximum
		}
		return tensor.Binary(op, tensor.TensorOperand(t), tensor.TensorOperand(r.tensor("other")), tensor.Opts{Out: r.tensor("out")})
	case 3:
		r.dimname("dim", t)
	}
	var v, i *tensor.Tensor
	if isMax {
		v, i = tensor.MaxDim(t, r.int("dim", 0), r.bool("keepdim", false))
	} else {
		v, i = tensor.MinDim(t, r.int("dim", 0), r.bool("keepdim", false))
	}
	return valuesIndices(a, r, name, v, i)
}

func argMaxMin(a *eval.Args, ss *argParser, isMax bool) eval.Value {
	r := ss.parse(a)
	if out := r.tensor("out"); out != nil {
		checkOutDType(out, tensor.Int64)
		a2 := *a
		a2.Kw = nil
		for _, k := range a.Kw {
			if k.Name != "out" {
				a2.Kw = append(a2.Kw, k)
			}
		}
		return writeOut(a, out, argMaxMin(&a2, ss, isMax).(*tensor.Tensor))
	}
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

func stdVar(a *eval.Args, ss *argParser, isStd bool) eval.Value {
	r := ss.parse(a)
	t := r.tensor("input")
	if r.idx >= 3 {
		r.dimname("dim", t)
	}
	out := r.tensor("out")
	if out != nil {
		// the result's dtype is the one computed in
		if !out.DType().IsFloat() {
			eval.Throw("RuntimeError", errNotImplementedStd, "std_cpu", out.DType().ScalarName())
		}
		t = t.To(out.DType())
	}
	correction := 1.0
	if !r.bool("unbiased", true) {
		correction = 0
	}
	if r.has("correction") {
		correction = float64(r.int("correction", 1))
	}
	dims, keepdim := r.ints("dim"), r.bool("keepdim", false)
	res := tensor.Var(t, dims, correction, keepdim)
	if isStd {
		res = tensor.Std(t, dims, correction, keepdim)
	}
	if out != nil {
		return writeOut(a, out, res)
	}
	return res
}

func allAny(a *eval.Args, ss *argParser, isAll bool) eval.Value {
	r := ss.parse(a)
	t := r.tensor("input")
	if out := r.tensor("out"); out != nil {
		if out.DType() != tensor.Bool && out.DType() != tensor.Uint8 {
			eval.Throw("RuntimeError", errAllAnyOut, r.name, out.DType().ScalarName())
		}
		a2 := *a
		a2.Kw = nil
		for _, k := range a.Kw {
			if k.Name != "out" {
				a2.Kw = append(a2.Kw, k)
			}
		}
		return writeOut(a, out, allAny(&a2, ss, isAll).(*tensor.Tensor))
	}
	var dims []int
	switch r.idx {
	case 1:
		dims = []int{r.int("dim", 0)}
	case 2:
		if _, isStr := r.val("dim").(eval.Str); !isStr {
			eval.Throw("RuntimeError", errDimnameUnsupported, r.name)
		}
		r.dimname("dim", t)
	}
	if isAll {
		return tensor.All(t, dims, r.bool("keepdim", false))
	}
	return tensor.Any(t, dims, r.bool("keepdim", false))
}

func scanBinding(a *eval.Args, ss *argParser, prod bool) eval.Value {
	r := ss.parse(a)
	t := r.tensor("input")
	if r.idx == 1 {
		r.dimname("dim", t)
	}
	dim := r.int("dim", 0)
	d, hasD := r.dtype("dtype")
	if out := r.tensor("out"); out != nil {
		// computed in out's dtype; dtype=, when given, must be it
		if hasD {
			checkOutDType(out, d)
		}
		res := tensor.CumsumAs(t, dim, out.DType())
		if prod {
			res = tensor.CumprodAs(t, dim, out.DType())
		}
		return writeOut(a, out, res)
	}
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
func builtinNorm(a *eval.Args) eval.Value {
	// Bind as Python binds norm(input, p="fro", dim=None, keepdim=False,
	// out=None, dtype=None) and Tensor.norm(self, p="fro", dim=None,
	// keepdim=False, dtype=None).
	name, params := "norm", []string{"input", "p", "dim", "keepdim", "out", "dtype"}
	if a.Self != nil {
		name, params = "Tensor.norm", []string{"self", "p", "dim", "keepdim", "dtype"}
	}
	pos := a.All()
	if len(pos) > len(params) {
		eval.Throw("TypeError", errTakesFromTo, name, 1, len(params), len(pos))
	}
	vals := map[string]eval.Value{}
	for i, v := range pos {
		vals[params[i]] = v
	}
	for _, kw := range a.Kw {
		known := false
		for i, p := range params {
			if p == kw.Name {
				known = true
				if i < len(pos) {
					eval.Throw("TypeError", eval.ErrMultipleValues, name, kw.Name)
				}
			}
		}
		if !known {
			eval.Throw("TypeError", eval.ErrNoKwArg, name, kw.Name)
		}
		vals[kw.Name] = kw.Value
	}
	in, ok := vals[params[0]]
	if !ok {
		eval.Throw("TypeError", errMissingArg, name, params[0])
	}
	t, isT := in.(*tensor.Tensor)
	if !isT {
		eval.Throw("AttributeError", eval.ErrNoAttr, eval.TypeName(in), "dim")
	}
	get := func(k string, def eval.Value) eval.Value {
		if v, ok := vals[k]; ok {
			return v
		}
		return def
	}
	p, dim, kd, dtv := get("p", eval.Str("fro")), get("dim", eval.None), get("keepdim", eval.Bool(false)), get("dtype", eval.None)
	if out := get("out", eval.None); out != eval.None {
		eval.Throw("TypeError", errOutUnsupported, "norm")
	}
	// torch/functional.py's dispatch, calling _VF.norm, _VF.frobenius_norm
	// and _VF.nuclear_norm through their own argument parsers.
	vf := func(parser *argParser, pos []eval.Value, kw ...eval.KwArg) *boundArgs {
		return parser.parse((&eval.Args{Name: parser.name, Pos: pos, Kw: kw}).Bind(a.Session()))
	}
	allDims := func() eval.Value {
		l := &eval.List{}
		for i := range t.Dim() {
			l.Elems = append(l.Elems, eval.MakeInt(int64(i)))
		}
		return l
	}
	keepdim := eval.KwArg{Name: "keepdim", Value: kd}
	if dim == eval.None && dtv == eval.None && p != eval.None {
		if s, ok := p.(eval.Str); ok {
			if s == "fro" {
				return froNorm(vf(frobeniusNormSigs, []eval.Value{t}, eval.KwArg{Name: "dim", Value: eval.Tuple{}}, keepdim))
			}
		} else {
			return vectorNorm(vf(vfNormSigs, []eval.Value{t, p}, eval.KwArg{Name: "dim", Value: allDims()}, keepdim), t)
		}
	}
	switch dim.(type) {
	case eval.Int, eval.Bool: // isinstance(dim, int)
		dim = &eval.List{Elems: []eval.Value{dim}}
	}
	if s, ok := p.(eval.Str); ok {
		switch s {
		case "fro":
			if dtv != eval.None {
				eval.Throw("ValueError", errFroDType)
			}
			if dim == eval.None {
				dim = allDims()
			}
			return froNorm(vf(frobeniusNormSigs, []eval.Value{t, dim}, keepdim))
		case "nuc":
			if dtv != eval.None {
				eval.Throw("ValueError", errNucDType)
			}
			if dim == eval.None {
				r := vf(nuclearNormSigs, []eval.Value{t}, keepdim)
				return linalg.NuclearNorm(t, nil, r.bool("keepdim", false))
			}
			r := vf(nuclearNormSigs, []eval.Value{t, dim}, keepdim)
			return linalg.NuclearNorm(t, r.ints("dim"), r.bool("keepdim", false))
		}
		eval.Throw("RuntimeError", errNormStr, string(s))
	}
	if dim == eval.None {
		dim = allDims()
	}
	kw := []eval.KwArg{keepdim}
	if dtv != eval.None {
		kw = append(kw, eval.KwArg{Name: "dtype", Value: dtv})
	}
	return vectorNorm(vf(vfNormSigs, []eval.Value{t, p, dim}, kw...), t)
}

// froNorm finishes a call of _VF.frobenius_norm.
func froNorm(r *boundArgs) eval.Value {
	return tensor.FrobeniusNorm(r.tensor("input"), r.ints("dim"), r.bool("keepdim", false))
}

// vectorNorm finishes a call of _VF.norm: p may be None (2).
func vectorNorm(r *boundArgs, t *tensor.Tensor) eval.Value {
	if r.idx >= 4 {
		r.dimname("dim", t)
	}
	p := 2.0
	if r.has("p") {
		p = tensor.NormP(r.scalar("p"))
	}
	dims, keepdim := r.ints("dim"), r.bool("keepdim", false)
	if d, ok := r.dtype("dtype"); ok {
		return tensor.NormAs(t, p, dims, keepdim, d)
	}
	return tensor.Norm(t, p, dims, keepdim)
}
