package torch

import (
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// gather and scatter, scatter_add, index_select, index_add, index_copy,
// masked_select, masked_scatter, take and put.

func scatterSpecs(name string) []string {
	specs := []string{
		name + "(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)",
		name + "(Tensor input, int64_t dim, Tensor index, Tensor src, *, c10::string_view reduce, Tensor out=None)",
		name + "(Tensor input, Dimname dim, Tensor index, Tensor src)",
		name + "(Tensor input, int64_t dim, Tensor index, Scalar value, *, Tensor out=None)",
		name + "(Tensor input, int64_t dim, Tensor index, Scalar value, *, c10::string_view reduce, Tensor out=None)",
		name + "(Tensor input, Dimname dim, Tensor index, Scalar value)",
	}
	if strings.HasSuffix(name, "_") { // the in-place method has no Dimname forms
		return []string{specs[0], specs[1], specs[3], specs[4]}
	}
	return specs
}

var (
	gatherSigs = newArgParser(
		"gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
		"gather(Tensor input, Dimname dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)")
	scatterSigs       = newArgParser(scatterSpecs("scatter")...)
	scatterInSigs     = newArgParser(scatterSpecs("scatter_")...)
	scatterAddSigs    = newArgParser("scatter_add(Tensor input, int64_t dim, Tensor index, Tensor src, *, Tensor out=None)", "scatter_add(Tensor input, Dimname dim, Tensor index, Tensor src)")
	scatterAddInSigs  = newArgParser("scatter_add_(Tensor input, int64_t dim, Tensor index, Tensor src)", "scatter_add_(Tensor input, Dimname dim, Tensor index, Tensor src)")
	indexSelectSigs   = newArgParser("index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)", "index_select(Tensor input, Dimname dim, Tensor index, *, Tensor out=None)")
	indexAddSigs      = newArgParser("index_add(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)", "index_add(Tensor input, Dimname dim, Tensor index, Tensor source, *, Scalar alpha=1)")
	indexAddInSigs    = newArgParser("index_add_(Tensor input, int64_t dim, Tensor index, Tensor source, *, Scalar alpha=1)", "index_add_(Tensor input, Dimname dim, Tensor index, Tensor source, *, Scalar alpha=1)")
	indexCopySigs     = newArgParser("index_copy(Tensor input, int64_t dim, Tensor index, Tensor source, *, Tensor out=None)", "index_copy(Tensor input, Dimname dim, Tensor index, Tensor source)")
	indexCopyInSigs   = newArgParser("index_copy_(Tensor input, int64_t dim, Tensor index, Tensor source)", "index_copy_(Tensor input, Dimname dim, Tensor index, Tensor source)")
	maskedSelectSigs  = newArgParser("masked_select(Tensor input, Tensor mask, *, Tensor out=None)")
	maskedScatterSigs = newArgParser("masked_scatter(Tensor input, Tensor mask, Tensor source)")
	maskedScatInSigs  = newArgParser("masked_scatter_(Tensor input, Tensor mask, Tensor source)")
	takeSigs          = newArgParser("take(Tensor input, Tensor index, *, Tensor out=None)")
	putSigs           = newArgParser("put(Tensor input, Tensor index, Tensor source, bool accumulate=False)")
	putInSigs         = newArgParser("put_(Tensor input, Tensor index, Tensor source, bool accumulate=False)")
)

// withOut returns res, or writes it into out= after check (which raises
// the function's dtype error).
func withOut(a *eval.Args, r *boundArgs, res *tensor.Tensor, check func(out *tensor.Tensor)) eval.Value {
	out := r.tensor("out")
	if out == nil {
		return res
	}
	if check != nil {
		check(out)
	}
	return writeOut(a, out, res)
}

// scatterCall binds scatter and scatter_ (in place when inplace).
func scatterCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.sig.params[r.index("dim")].typ == "Dimname" {
		noDimname(p.name)
	}
	red := tensor.ScatterNone
	if s, ok := r.val("reduce").(eval.Str); ok {
		switch string(s) {
		case "add":
			red = tensor.ScatterAdd
		case "multiply":
			red = tensor.ScatterMultiply
		default:
			eval.Throw("RuntimeError", errScatterReduce)
		}
	}
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	src := r.tensor("src")
	var v tensor.Scalar
	if src == nil {
		v = r.scalar("value")
	}
	tensor.Scatter("scatter", dst, r.int("dim", 0), r.tensor("index"), src, v, red)
	if inplace {
		return t
	}
	return withOut(a, r, dst, func(out *tensor.Tensor) { checkOutDType(out, dst.DType()) })
}

func scatterAddCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.idx == 1 {
		noDimname(p.name)
	}
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	tensor.Scatter("scatter", dst, r.int("dim", 0), r.tensor("index"), r.tensor("src"), tensor.Scalar{}, tensor.ScatterAdd)
	if inplace {
		return t
	}
	return withOut(a, r, dst, func(out *tensor.Tensor) { checkOutDType(out, dst.DType()) })
}

func indexAddCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.idx == 1 {
		noDimname(p.name)
	}
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	alpha := tensor.IntS(1)
	if r.has("alpha") {
		alpha = r.scalar("alpha")
	}
	tensor.IndexAdd(dst, r.int("dim", 0), r.tensor("index"), r.tensor("source"), alpha)
	if inplace {
		return t
	}
	return withOut(a, r, dst, func(out *tensor.Tensor) { checkOutDType(out, dst.DType()) })
}

func indexCopyCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	if r.idx == 1 {
		noDimname(p.name)
	}
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	tensor.IndexCopy(dst, r.int("dim", 0), r.tensor("index"), r.tensor("source"))
	if inplace {
		return t
	}
	return withOut(a, r, dst, func(out *tensor.Tensor) { checkOutDType(out, dst.DType()) })
}

func maskedScatterCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t, mask := r.tensor("input"), r.tensor("mask")
	checkMask(a, mask, false)
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	tensor.MaskedScatter(dst, mask, r.tensor("source"))
	return dst
}

// checkMask raises masked_select's error for a mask that is neither bool
// nor uint8, and warns for uint8.
func checkMask(a *eval.Args, mask *tensor.Tensor, warn bool) {
	switch mask.DType() {
	case tensor.Bool:
	case tensor.Uint8:
		if warn {
			a.Session().Warn("UserWarning", warnMaskedSelectU8)
		}
	default:
		eval.Throw("RuntimeError", errMaskedSelectMask)
	}
}

func putCall(a *eval.Args, p *argParser, inplace bool) eval.Value {
	r := p.parse(a)
	t := r.tensor("input")
	dst := t
	if !inplace {
		dst = t.ContiguousClone()
	}
	tensor.Put(dst, r.tensor("index"), r.tensor("source"), r.bool("accumulate", false))
	return dst
}

func init() {
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "gather", Kind: both, Sig: "gather(input, dim, index) -> Tensor",
			Doc: "Values of input picked along dim by index (int64, as many dimensions as input, no larger elsewhere): out[i][j] = input[index[i][j]][j] for dim 0, input[i][index[i][j]] for dim 1. The result has index's shape.",
			Fn: func(a *eval.Args) eval.Value {
				r := gatherSigs.parse(a)
				t := r.tensor("input")
				if r.bool("sparse_grad", false) {
					eval.Throw("RuntimeError", errSparseGrad)
				}
				if r.idx == 1 {
					noDimname("gather")
				}
				res := tensor.Gather(t, r.int("dim", 0), r.tensor("index"))
				return withOut(a, r, res, func(out *tensor.Tensor) { checkOutDType(out, res.DType()) })
			}},
		&eval.Builtin{Name: "scatter", Kind: both, Sig: "scatter(input, dim, index, src, *, reduce=None) -> Tensor",
			Doc: "A copy of input with src's values (or one value) written along dim at index's positions: out[index[i][j]][j] = src[i][j] for dim 0. reduce='add' or 'multiply' combines with what is there.",
			Fn:  func(a *eval.Args) eval.Value { return scatterCall(a, scatterSigs, false) }},
		&eval.Builtin{Name: "scatter_", Kind: eval.TensorMethod, Sig: "scatter_(dim, index, src, *, reduce=None) -> Tensor",
			Doc: "scatter in place.",
			Fn:  func(a *eval.Args) eval.Value { return scatterCall(a, scatterInSigs, true) }},
		&eval.Builtin{Name: "scatter_add", Kind: both, Sig: "scatter_add(input, dim, index, src) -> Tensor",
			Doc: "A copy of input with src's values added along dim at index's positions (repeated positions add up).",
			Fn:  func(a *eval.Args) eval.Value { return scatterAddCall(a, scatterAddSigs, false) }},
		&eval.Builtin{Name: "scatter_add_", Kind: eval.TensorMethod, Sig: "scatter_add_(dim, index, src) -> Tensor",
			Doc: "scatter_add in place.",
			Fn:  func(a *eval.Args) eval.Value { return scatterAddCall(a, scatterAddInSigs, true) }},
		&eval.Builtin{Name: "index_select", Kind: both, Sig: "index_select(input, dim, index) -> Tensor",
			Doc: "The slices of input along dim at the positions of a 1-d int64 or int32 index.",
			Fn: func(a *eval.Args) eval.Value {
				r := indexSelectSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					noDimname("index_select")
				}
				res := tensor.IndexSelect(t, r.int("dim", 0), r.tensor("index"))
				return withOut(a, r, res, func(out *tensor.Tensor) {
					if out.DType() != res.DType() {
						eval.Throw("RuntimeError", errIndexSelectOut)
					}
				})
			}},
		&eval.Builtin{Name: "index_add", Kind: both, Sig: "index_add(input, dim, index, source, *, alpha=1) -> Tensor",
			Doc: "A copy of input with alpha times source's slices added along dim at index's positions.",
			Fn:  func(a *eval.Args) eval.Value { return indexAddCall(a, indexAddSigs, false) }},
		&eval.Builtin{Name: "index_add_", Kind: eval.TensorMethod, Sig: "index_add_(dim, index, source, *, alpha=1) -> Tensor",
			Doc: "index_add in place.",
			Fn:  func(a *eval.Args) eval.Value { return indexAddCall(a, indexAddInSigs, true) }},
		&eval.Builtin{Name: "index_copy", Kind: both, Sig: "index_copy(input, dim, index, source) -> Tensor",
			Doc: "A copy of input with source's slices written along dim at index's positions.",
			Fn:  func(a *eval.Args) eval.Value { return indexCopyCall(a, indexCopySigs, false) }},
		&eval.Builtin{Name: "index_copy_", Kind: eval.TensorMethod, Sig: "index_copy_(dim, index, source) -> Tensor",
			Doc: "index_copy in place.",
			Fn:  func(a *eval.Args) eval.Value { return indexCopyCall(a, indexCopyInSigs, true) }},
		&eval.Builtin{Name: "masked_select", Kind: both, Sig: "masked_select(input, mask) -> Tensor",
			Doc: "The elements of input where the bool mask (broadcast with input) is true, as a 1-d tensor.",
			Fn: func(a *eval.Args) eval.Value {
				r := maskedSelectSigs.parse(a)
				mask := r.tensor("mask")
				checkMask(a, mask, true)
				res := tensor.MaskedSelect(r.tensor("input"), mask)
				return withOut(a, r, res, func(out *tensor.Tensor) {
					if out.DType() != res.DType() {
						eval.Throw("RuntimeError", errMaskedSelectOut)
					}
				})
			}},
		&eval.Builtin{Name: "masked_scatter", Kind: both, Sig: "masked_scatter(input, mask, source) -> Tensor",
			Doc: "A copy of input whose elements where mask is true take source's elements, in order.",
			Fn:  func(a *eval.Args) eval.Value { return maskedScatterCall(a, maskedScatterSigs, false) }},
		&eval.Builtin{Name: "masked_scatter_", Kind: eval.TensorMethod, Sig: "masked_scatter_(mask, source) -> Tensor",
			Doc: "masked_scatter in place.",
			Fn:  func(a *eval.Args) eval.Value { return maskedScatterCall(a, maskedScatInSigs, true) }},
		&eval.Builtin{Name: "take", Kind: both, Sig: "take(input, index) -> Tensor",
			Doc: "The elements of input, seen as 1-d, at the int64 index's positions (negative ones count from the end); shaped as index.",
			Fn: func(a *eval.Args) eval.Value {
				r := takeSigs.parse(a)
				t := r.tensor("input")
				res := tensor.Take(t, r.tensor("index"))
				return withOut(a, r, res, func(out *tensor.Tensor) {
					if out.DType() != res.DType() {
						eval.Throw("RuntimeError", errTakeOut, t.DType().ScalarName(), out.DType().ScalarName())
					}
				})
			}},
		&eval.Builtin{Name: "put", Kind: both, Sig: "put(input, index, source, accumulate=False) -> Tensor",
			Doc: "A copy of input, seen as 1-d, with source's elements written (or added, with accumulate=True) at index's positions.",
			Fn:  func(a *eval.Args) eval.Value { return putCall(a, putSigs, false) }},
		&eval.Builtin{Name: "put_", Kind: eval.TensorMethod, Sig: "put_(index, source, accumulate=False) -> Tensor",
			Doc: "put in place.",
			Fn:  func(a *eval.Args) eval.Value { return putCall(a, putInSigs, true) }},
	)
}
