package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Searching and selecting: sort, argsort, msort, topk, kthvalue, nonzero,
// argwhere, unique, searchsorted, bucketize, bincount, histc.

var (
	sortSigs = newArgParser(
		"sort(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, TensorList[2] out=None)",
		"sort(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)",
		"sort(Tensor input, *, bool? stable, Dimname dim, bool descending=False, TensorList[2] out=None)",
		"sort(Tensor input, Dimname dim, bool descending=False, *, TensorList[2] out=None)")
	argsortSigs = newArgParser(
		"argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False)",
		"argsort(Tensor input, int64_t dim=-1, bool descending=False)",
		"argsort(Tensor input, Dimname dim, bool descending=False)")
	msortSigs    = newArgParser("msort(Tensor input, *, Tensor out=None)")
	topkSigs     = newArgParser("topk(Tensor input, int64_t k, int64_t dim=-1, bool largest=True, bool sorted=True, *, TensorList[2] out=None)")
	kthvalueSigs = newArgParser(
		"kthvalue(Tensor input, int64_t k, int64_t dim=-1, bool keepdim=False, *, TensorList[2] out=None)",
		"kthvalue(Tensor input, int64_t k, Dimname dim, bool keepdim=False, *, TensorList[2] out=None)")
	nonzeroSigs      = newArgParser("nonzero(Tensor input, *, bool as_tuple=False, Tensor out=None)")
	argwhereSigs     = newArgParser("argwhere(Tensor input)")
	searchsortedSigs = newArgParser(
		"searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, c10::string_view? side=None, Tensor? sorter=None, Tensor out=None)",
		"searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, c10::string_view? side=None, Tensor? sorter=None)")
	bucketizeSigs = newArgParser(
		"bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor out=None)",
		"bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)")
	bincountSigs = newArgParser("bincount(Tensor input, Tensor? weights=None, int64_t minlength=0)")
	histcSigs    = newArgParser("histc(Tensor input, int64_t bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)")
)

// valuesIndices returns a (values, indices) result, written into out= when
// given (the tuple is then named NAME_out); the values must keep the
// input's dtype and the indices be int64.
func valuesIndices(a *eval.Args, r *boundArgs, name string, v, i *tensor.Tensor) eval.Value {
	ov, oi := outPair(r)
	if ov == nil {
		return returnType(name, v, i)
	}
	if name == "kthvalue" && ov.DType() != v.DType() {
		eval.Throw("RuntimeError", errTopkOutDType)
	}
	checkOutDType(ov, v.DType())
	checkOutDType(oi, tensor.Int64)
	return returnType(name+"_out", writeOut(a, ov, v), writeOut(a, oi, i))
}

func init() {
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "sort", Kind: both, Sig: "sort(input, dim=-1, descending=False, *, stable=False) -> (Tensor, LongTensor)",
			Doc: "The values along dim in ascending (or descending) order, with the indices they came from, as a torch.return_types.sort. NaN sorts above every number. Equal values keep their order with stable=True; otherwise they come out as PyTorch's std::sort leaves them.",
			Fn: func(a *eval.Args) eval.Value {
				r := sortSigs.parse(a)
				t := r.tensor("input")
				if r.idx >= 2 {
					noDimname("sort")
				}
				v, i := tensor.Sort(t, r.int("dim", -1), r.bool("descending", false), r.bool("stable", false))
				return valuesIndices(a, r, "sort", v, i)
			}},
		&eval.Builtin{Name: "argsort", Kind: both, Sig: "argsort(input, dim=-1, descending=False, *, stable=False) -> LongTensor",
			Doc: "The indices that sort input along dim (sort's indices).",
			Fn: func(a *eval.Args) eval.Value {
				r := argsortSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 2 {
					noDimname("argsort")
				}
				return tensor.Argsort(t, r.int("dim", -1), r.bool("descending", false), r.bool("stable", false))
			}},
		&eval.Builtin{Name: "msort", Kind: both, Sig: "msort(input) -> Tensor",
			Doc: "The values sorted along the first dimension (sort(input, dim=0).values).",
			Fn: func(a *eval.Args) eval.Value {
				r := msortSigs.parse(a)
				v, _ := tensor.Sort(r.tensor("input"), 0, false, false)
				if out := r.tensor("out"); out != nil {
					checkOutDType(out, v.DType())
					return writeOut(a, out, v)
				}
				return v
			}},
		&eval.Builtin{Name: "topk", Kind: both, Sig: "topk(input, k, dim=-1, largest=True, sorted=True) -> (Tensor, LongTensor)",
			Doc: "The k largest (or, with largest=False, smallest) values along dim and their indices, as a torch.return_types.topk; NaN counts as the largest.",
			Fn: func(a *eval.Args) eval.Value {
				r := topkSigs.parse(a)
				v, i := tensor.Topk(r.tensor("input"), r.int("k", 0), r.int("dim", -1), r.bool("largest", true), r.bool("sorted", true))
				return valuesIndices(a, r, "topk", v, i)
			}},
		&eval.Builtin{Name: "kthvalue", Kind: both, Sig: "kthvalue(input, k, dim=-1, keepdim=False) -> (Tensor, LongTensor)",
			Doc: "The k-th smallest value along dim (k counts from 1) and its index, as a torch.return_types.kthvalue.",
			Fn: func(a *eval.Args) eval.Value {
				r := kthvalueSigs.parse(a)
				t := r.tensor("input")
				if r.idx == 1 {
					r.dimname("dim", t)
				}
				v, i := tensor.Kthvalue(t, r.int("k", 0), r.int("dim", -1), r.bool("keepdim", false))
				return valuesIndices(a, r, "kthvalue", v, i)
			}},
		&eval.Builtin{Name: "nonzero", Kind: both, Sig: "nonzero(input, *, as_tuple=False) -> LongTensor or tuple of LongTensors",
			Doc: "The coordinates of the non-zero elements, one row each (an (n, input.dim()) tensor); with as_tuple=True a tuple of one index tensor per dimension, as torch.where(condition) gives.",
			Fn: func(a *eval.Args) eval.Value {
				r := nonzeroSigs.parse(a)
				t := r.tensor("input")
				if r.bool("as_tuple", false) {
					if r.has("out") {
						eval.Throw("RuntimeError", errNonzeroTupleOut)
					}
					return nonzeroTuple(t)
				}
				res := tensor.Nonzero(t)
				if out := r.tensor("out"); out != nil {
					if out.DType() != tensor.Int64 {
						eval.Throw("RuntimeError", errNonzeroOutDType, out.DType().ScalarName())
					}
					return writeOut(a, out, res)
				}
				return res
			}},
		&eval.Builtin{Name: "argwhere", Kind: both, Sig: "argwhere(input) -> LongTensor",
			Doc: "The coordinates of the non-zero elements, one row each (nonzero(input)).",
			Fn: func(a *eval.Args) eval.Value {
				r := argwhereSigs.parse(a)
				return tensor.Nonzero(r.tensor("input"))
			}},
		&eval.Builtin{Name: "unique", Kind: both, Sig: "unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None) -> Tensor or tuple",
			Doc: "The distinct values in ascending order (with dim, the distinct slices along dim); return_inverse adds where each element (or slice) went, return_counts how often each value occurs.",
			Fn:  builtinUnique},
		&eval.Builtin{Name: "searchsorted", Kind: eval.TorchFunc, Sig: "searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None) -> LongTensor",
			Doc: "For every value of input, where it would be inserted into the innermost dimension of sorted_sequence to keep it sorted: the first such place, or the last with right=True (side='right').",
			Fn:  builtinSearchsorted},
		&eval.Builtin{Name: "bucketize", Kind: eval.TorchFunc, Sig: "bucketize(input, boundaries, *, out_int32=False, right=False) -> LongTensor",
			Doc: "The bucket of every element of input given the sorted 1-d boundaries: searchsorted(boundaries, input).",
			Fn:  builtinBucketize},
		&eval.Builtin{Name: "bincount", Kind: both, Sig: "bincount(input, weights=None, minlength=0) -> Tensor",
			Doc: "How often each value 0, 1, ... occurs in a 1-d tensor of non-negative integers (or the sum of the weights at its positions), at least minlength long.",
			Fn: func(a *eval.Args) eval.Value {
				r := bincountSigs.parse(a)
				return tensor.Bincount(r.tensor("input"), r.tensor("weights"), r.int("minlength", 0))
			}},
		&eval.Builtin{Name: "histc", Kind: both, Sig: "histc(input, bins=100, min=0, max=0) -> Tensor",
			Doc: "A histogram of bins equal-width bins from min to max (the data's smallest and largest elements when min == max); elements outside are ignored.",
			Fn: func(a *eval.Args) eval.Value {
				r := histcSigs.parse(a)
				t := r.tensor("input")
				res := tensor.Histc(t, r.int("bins", 100), r.scalar("min").Float(), r.scalar("max").Float())
				if out := r.tensor("out"); out != nil {
					if out.DType() != t.DType() {
						eval.Throw("RuntimeError", errHistcOutDType, tensor.CppTypeName(t.DType()), tensor.CppTypeName(out.DType()))
					}
					return writeOut(a, out, res)
				}
				return res
			}},
	)
	// Tensor.searchsorted has no such method in 1.13; torch.msort is a
	// function and a method.
}

// builtinUnique is torch.unique (torch/functional.py) and Tensor.unique.
func builtinUnique(a *eval.Args) eval.Value {
	var t *tensor.Tensor
	sorted, inverse, counts := true, false, false
	var dimV eval.Value = eval.None
	a.Unpack("input", &t, "sorted?", &sorted, "return_inverse?", &inverse, "return_counts?", &counts, "dim?", &dimV)
	var v, inv, cnt *tensor.Tensor
	if _, isNone := dimV.(eval.NoneType); isNone {
		v, inv, cnt = tensor.Unique(t, sorted)
	} else {
		v, inv, cnt = tensor.UniqueDim(t, int(a.ToInt("dim", dimV)))
	}
	if !inverse && !counts {
		return v
	}
	out := eval.Tuple{v}
	if inverse {
		out = append(out, inv)
	}
	if counts {
		out = append(out, cnt)
	}
	return out
}

// searchSide resolves right= and side=.
func searchSide(r *boundArgs) bool {
	right := r.bool("right", false)
	if s, ok := r.val("side").(eval.Str); ok {
		switch string(s) {
		case "left":
			if right {
				eval.Throw("RuntimeError", errSearchSideRight, "left")
			}
		case "right":
			right = true
		default:
			eval.Throw("RuntimeError", errSearchSide, string(s))
		}
	}
	return right
}

func builtinSearchsorted(a *eval.Args) eval.Value {
	r := searchsortedSigs.parse(a)
	seq := r.tensor("sorted_sequence")
	right := searchSide(r)
	outInt32 := r.bool("out_int32", false)
	var vals *tensor.Tensor
	if r.idx == 1 {
		vals = scalarTensor(r.scalar("self"))
	} else {
		vals = r.tensor("input")
	}
	res := tensor.Searchsorted(seq, vals, right, outInt32, r.tensor("sorter"))
	if out := r.tensor("out"); out != nil {
		if out.DType() != res.DType() {
			eval.Throw("RuntimeError", errSearchOutDType, out.DType().ScalarName(), pyBoolName(outInt32))
		}
		return writeOut(a, out, res)
	}
	return res
}

func pyBoolName(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

func builtinBucketize(a *eval.Args) eval.Value {
	r := bucketizeSigs.parse(a)
	b := r.tensor("boundaries")
	if b.Dim() != 1 {
		eval.Throw("RuntimeError", errBucketize1d, b.Dim())
	}
	var vals *tensor.Tensor
	if r.idx == 1 {
		vals = scalarTensor(r.scalar("self"))
	} else {
		vals = r.tensor("input")
	}
	outInt32 := r.bool("out_int32", false)
	res := tensor.Searchsorted(b, vals, r.bool("right", false), outInt32, nil)
	if out := r.tensor("out"); out != nil {
		if out.DType() != res.DType() {
			eval.Throw("RuntimeError", errSearchOutDType, out.DType().ScalarName(), pyBoolName(outInt32))
		}
		return writeOut(a, out, res)
	}
	return res
}

// scalarTensor is a Python number as a 0-d tensor of its own kind
// (int64, float64 or bool), as PyTorch wraps a Scalar argument.
func scalarTensor(s tensor.Scalar) *tensor.Tensor {
	switch s.Kind {
	case tensor.FloatScalar:
		return tensor.Scalar0(s, tensor.Float64)
	case tensor.BoolScalar:
		return tensor.Scalar0(s, tensor.Bool)
	}
	return tensor.Scalar0(s, tensor.Int64)
}
