package torch

import (
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// scatter_reduce(_) and index_reduce(_): reductions of src into self at
// the positions index names (sum, prod, mean, amax, amin), with or
// without self's own values (include_self).

const (
	errScatterReduceOp = "reduce argument must be either sum, prod, mean, amax or amin."
	errIndexReduceOp   = "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got %s."
	warnScatterReduce  = "scatter_reduce() is in beta and the API may change at any time. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1615.)"
	warnIndexReduce    = "index_reduce() is in beta and the API may change at any time. (Triggered internally at  ./aten/src/ATen/native/TensorAdvancedIndexing.cpp:1008.)"
)

// reduceInto folds the values vals into the flat positions pos of self
// (a copy, float64 for float dtypes and int64 otherwise) and returns
// the result in self's dtype.
func reduceInto(self *tensor.Tensor, pos []int, vals *tensor.Tensor, op string, includeSelf bool) *tensor.Tensor {
	d := self.DType()
	isFloat := d.IsFloat()
	n := self.Numel()
	var f []float64
	var iv []int64
	var sf []float64
	var si []int64
	if isFloat {
		f = append([]float64{}, tensor.Slice[float64](self.To(tensor.Float64).ContiguousClone().Storage())...)
		sf = tensor.Slice[float64](vals.To(tensor.Float64).ContiguousClone().Storage())
	} else {
		iv = append([]int64{}, tensor.Slice[int64](self.To(tensor.Int64).ContiguousClone().Storage())...)
		si = tensor.Slice[int64](vals.To(tensor.Int64).ContiguousClone().Storage())
	}
	count := make([]int64, n)
	touched := make([]bool, n)
	for k, p := range pos {
		if !touched[p] {
			touched[p] = true
			if includeSelf {
				count[p] = 1
			} else {
				count[p] = 0
				if isFloat {
					f[p] = map[string]float64{"sum": 0, "mean": 0, "prod": 1, "amax": math.Inf(-1), "amin": math.Inf(1)}[op]
				} else {
					iv[p] = map[string]int64{"sum": 0, "mean": 0, "prod": 1, "amax": math.MinInt64, "amin": math.MaxInt64}[op]
				}
			}
		}
		count[p]++
		if isFloat {
			x := sf[k]
			switch op {
			case "sum", "mean":
				f[p] += x
			case "prod":
				f[p] *= x
			case "amax":
				if x > f[p] || math.IsNaN(x) {
					f[p] = x
				}
			case "amin":
				if x < f[p] || math.IsNaN(x) {
					f[p] = x
				}
			}
			continue
		}
		x := si[k]
		switch op {
		case "sum", "mean":
			iv[p] += x
		case "prod":
			iv[p] *= x
		case "amax":
			iv[p] = max(iv[p], x)
		case "amin":
			iv[p] = min(iv[p], x)
		}
	}
	if op == "mean" {
		for p := range count {
			if !touched[p] || count[p] == 0 {
				continue
			}
			if isFloat {
				f[p] /= float64(count[p])
			} else {
				iv[p] = int64(math.Floor(float64(iv[p]) / float64(count[p])))
			}
		}
	}
	if isFloat {
		return tensor.FromSlice(f, self.Shape()...).To(d)
	}
	return tensor.FromSlice(iv, self.Shape()...).To(d)
}

var (
	scatterReduceSigs  = newArgParser("scatter_reduce(Tensor input, int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True, Tensor out=None)")
	scatterReduceISigs = newArgParser("scatter_reduce_(Tensor input, int64_t dim, Tensor index, Tensor src, c10::string_view reduce, *, bool include_self=True)")
	indexReduceSigs    = newArgParser("index_reduce(Tensor input, int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, bool include_self=True, Tensor out=None)")
	indexReduceISigs   = newArgParser("index_reduce_(Tensor input, int64_t dim, Tensor index, Tensor source, c10::string_view reduce, *, bool include_self=True)")
)

func scatterReduceRun(a *eval.Args, r *boundArgs, inplace bool) eval.Value {
	if a.Session().FirstWarning("scatter_reduce beta", "") {
		a.Session().Warn("UserWarning", warnScatterReduce)
	}
	self, index, src := r.tensor("input"), r.tensor("index"), r.tensor("src")
	op := string(r.val("reduce").(eval.Str))
	switch op {
	case "sum", "prod", "mean", "amax", "amin":
	default:
		eval.Throw("RuntimeError", errScatterReduceOp)
	}
	dim := tensor.WrapDim(r.int("dim", 0), max(self.Dim(), 1))
	// scatter's own checks and positions: scatter arange(numel) into a
	// -1-filled tensor to read where each index element lands
	ids := tensor.Arange(tensor.IntS(0), tensor.IntS(int64(self.Numel())), tensor.IntS(1), tensor.Int64).Reshape(append([]int{}, self.Shape()...))
	idx := index.To(tensor.Int64).ContiguousClone()
	posT := tensor.Gather(ids, dim, idx)
	pos := tensor.Slice[int64](posT.ContiguousClone().Storage())
	pi := make([]int, len(pos))
	for i, p := range pos {
		pi[i] = int(p)
	}
	vals := src
	if !eqInts(src.Shape(), index.Shape()) {
		// src may be larger than index: its leading block is used
		v := src
		for d := 0; d < index.Dim(); d++ {
			v = v.Narrow(d, 0, index.Size(d))
		}
		vals = v
	}
	res := reduceInto(self, pi, vals, op, r.bool("include_self", true))
	if inplace {
		tensor.CopyInto(self, res)
		return self
	}
	return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
}

func indexReduceRun(a *eval.Args, r *boundArgs, inplace bool) eval.Value {
	if a.Session().FirstWarning("index_reduce beta", "") {
		a.Session().Warn("UserWarning", warnIndexReduce)
	}
	self, index, src := r.tensor("input"), r.tensor("index"), r.tensor("source")
	op := string(r.val("reduce").(eval.Str))
	switch op {
	case "prod", "mean", "amax", "amin":
	default:
		eval.Throw("RuntimeError", errIndexReduceOp, op)
	}
	dim := tensor.WrapDim(r.int("dim", 0), max(self.Dim(), 1))
	ids := tensor.Arange(tensor.IntS(0), tensor.IntS(int64(self.Numel())), tensor.IntS(1), tensor.Int64).Reshape(append([]int{}, self.Shape()...))
	posT := tensor.IndexSelect(ids, dim, index.To(tensor.Int64))
	if !eqInts(posT.Shape(), src.Shape()) {
		eval.Throw("RuntimeError", errIndexReduceShape)
	}
	pos := tensor.Slice[int64](posT.ContiguousClone().Storage())
	pi := make([]int, len(pos))
	for i, p := range pos {
		pi[i] = int(p)
	}
	res := reduceInto(self, pi, src, op, r.bool("include_self", true))
	if inplace {
		tensor.CopyInto(self, res)
		return self
	}
	return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
}

const errIndexReduceShape = "index_reduce_(): Source/destination tensor must have same slice shapes."

func init() {
	for _, n := range []string{"scatter_reduce", "index_reduce"} {
		gradUnsupported[n] = true
	}
	eval.RegisterTorch(
		&eval.Builtin{Name: "scatter_reduce", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "scatter_reduce(input, dim, index, src, reduce, *, include_self=True) -> Tensor",
			Doc: "A copy of input with src's values reduced (sum, prod, mean, amax, amin) into the positions index names along dim, input's own values included unless include_self=False.",
			Fn:  func(a *eval.Args) eval.Value { return scatterReduceRun(a, scatterReduceSigs.parse(a), false) }},
		&eval.Builtin{Name: "scatter_reduce_", Kind: eval.TensorMethod, Sig: "scatter_reduce_(dim, index, src, reduce, *, include_self=True) -> Tensor",
			Doc: "In-place scatter_reduce().", Fn: func(a *eval.Args) eval.Value { return scatterReduceRun(a, scatterReduceISigs.parse(a), true) }},
		&eval.Builtin{Name: "index_reduce", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "index_reduce(input, dim, index, source, reduce, *, include_self=True) -> Tensor",
			Doc: "A copy of input with the slices of source reduced (prod, mean, amax, amin) into the slices index names along dim.",
			Fn:  func(a *eval.Args) eval.Value { return indexReduceRun(a, indexReduceSigs.parse(a), false) }},
		&eval.Builtin{Name: "index_reduce_", Kind: eval.TensorMethod, Sig: "index_reduce_(dim, index, source, reduce, *, include_self=True) -> Tensor",
			Doc: "In-place index_reduce().", Fn: func(a *eval.Args) eval.Value { return indexReduceRun(a, indexReduceISigs.parse(a), true) }},
	)
}
