package torch

import (
	"fmt"
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// Shaping and combining: meshgrid, cartesian_prod, tril_indices,
// triu_indices, repeat_interleave, kron, tensordot, block_diag, rot90,
// diag_embed, trace, diff, cross.

var (
	triIndicesSpec = "(int64_t row, int64_t col, int64_t offset=0, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
	trilIdxSigs    = newArgParser("tril_indices" + triIndicesSpec)
	triuIdxSigs    = newArgParser("triu_indices" + triIndicesSpec)
	repIntSigs     = newArgParser(
		"repeat_interleave(Tensor input, Tensor repeats, int64_t? dim=None, *, int64_t? output_size=None)",
		"repeat_interleave(Tensor input, int64_t repeats, int64_t? dim=None, *, int64_t? output_size=None)",
		"repeat_interleave(Tensor repeats, *, int64_t? output_size=None)")
	kronSigs      = newArgParser("kron(Tensor input, Tensor other, *, Tensor out=None)")
	rot90Sigs     = newArgParser("rot90(Tensor input, int64_t k=1, IntArrayRef dims=[0,1])")
	diagEmbedSigs = newArgParser("diag_embed(Tensor input, int64_t offset=0, int64_t dim1=-2, int64_t dim2=-1)")
	traceSigs     = newArgParser("trace(Tensor input)")
	diffSigs      = newArgParser("diff(Tensor input, int64_t n=1, int64_t dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor out=None)")
	crossSigs     = newArgParser("cross(Tensor input, Tensor other, int64_t? dim=None, *, Tensor out=None)")
	vfTensordot   = newArgParser("tensordot(Tensor input, Tensor other, IntArrayRef dims_self, IntArrayRef dims_other, *, Tensor out=None)")
)

// tensorArgs collects *tensors for the functions that take them
// varargs-style (a single list or tuple stands for them all).
func tensorArgs(a *eval.Args, name string) []*tensor.Tensor {
	vals := a.All()
	if len(vals) == 1 {
		switch vals[0].(type) {
		case eval.Tuple, *eval.List:
			vals = eval.IterateAll(vals[0])
		}
	}
	out := make([]*tensor.Tensor, len(vals))
	for i, v := range vals {
		t, ok := v.(*tensor.Tensor)
		if !ok {
			eval.Throw("TypeError", errTensorListElem, i, 1, eval.TypeName(v))
		}
		out[i] = t
	}
	return out
}

func builtinMeshgrid(a *eval.Args) eval.Value {
	var indexing eval.Value = eval.None
	kw := a.Kw
	for _, k := range kw {
		if k.Name != "indexing" {
			eval.Throw("TypeError", eval.ErrNoKwArg, "meshgrid", k.Name)
		}
		indexing = k.Value
	}
	ts := tensorArgs((&eval.Args{Name: a.Name, Pos: a.Pos}).Bind(a.Session()), "meshgrid")
	xy := false
	switch x := indexing.(type) {
	case eval.NoneType:
		warnFrom(a.Session(), warnMeshgridLoc, "UserWarning", warnMeshgridIndexing, warnMeshgridSrc)
	case eval.Str:
		switch string(x) {
		case "ij":
		case "xy":
			xy = true
		default:
			eval.Throw("RuntimeError", errMeshgridIndexing, string(x))
		}
	default:
		eval.Throw("TypeError", eval.ErrArgMustBeKw, "meshgrid", "indexing", "str", eval.TypeName(indexing))
	}
	grid := tensor.Meshgrid(ts, xy)
	out := make(eval.Tuple, len(grid))
	for i, g := range grid {
		out[i] = g
	}
	return out
}

// warnFrom prints a warning raised in PyTorch's Python code: its file and
// line, and the source line under it, as Python's warnings module shows
// it (once per location and message).
func warnFrom(s *eval.Session, loc, category, msg, src string) {
	if s.WarnedAt(loc, category, msg) {
		return
	}
	fmt.Fprintf(s.WarnOut(), "%s: %s: %s\n  %s\n", loc, category, msg, src)
}

func builtinTensordot(a *eval.Args) eval.Value {
	x, y, da, db, out := tensordotArgs(a)
	res := tensordot(x, y, da, db)
	if o, ok := out.(*tensor.Tensor); ok {
		checkOutDType(o, res.DType())
		return writeOut(a, o, res)
	}
	return res
}

// tensordotArgs are tensordot's tensors, contracted dims and out.
func tensordotArgs(a *eval.Args) (x, y *tensor.Tensor, da, db []int, out eval.Value) {
	out = eval.None
	var dims eval.Value = eval.MakeInt(2)
	a.Unpack("a", &x, "b", &y, "dims?", &dims, "out?", &out)
	switch d := dims.(type) {
	case eval.Int:
		n := int(a.ToInt("dims", d))
		if n < 0 {
			eval.Throw("RuntimeError", errTensordotNeg, n)
		}
		da, db = tensordotCount(x, n)
	case eval.Tuple, *eval.List:
		parts := eval.IterateAll(d)
		if len(parts) > 2 {
			eval.Throw("ValueError", eval.ErrTooManyUnpack, 2)
		}
		if len(parts) < 2 {
			eval.Throw("ValueError", eval.ErrNotEnoughUnpack, 2, len(parts))
		}
		r := vfTensordot.parse((&eval.Args{Name: "tensordot", Pos: []eval.Value{x, y, parts[0], parts[1]}}).Bind(a.Session()))
		da, db = r.ints("dims_self"), r.ints("dims_other")
	case *tensor.Tensor:
		if d.Numel() == 1 {
			da, db = tensordotCount(x, int(d.Item().Int()))
		} else {
			l := d.Reshape([]int{2, -1})
			for i := 0; i < l.Shape()[1]; i++ {
				da = append(da, int(l.At(0, i).Int()))
				db = append(db, int(l.At(1, i).Int()))
			}
		}
	default:
		eval.Throw("RuntimeError", errTensordotDims, eval.ToStr(dims))
	}
	return x, y, da, db, out
}

// tensordotCount is dims=n: the last n dims of x and the first n of y.
// PyTorch's Python wrapper builds the two lists (list(range(-n, 0)),
// list(range(n))), which must fit in memory (MemoryError, issue 27);
// past x's dims only the first, out of range, matters (its IndexError).
func tensordotCount(x *tensor.Tensor, n int) (da, db []int) {
	if n <= 0 {
		return nil, nil
	}
	eval.CheckItems(2 * min(n, math.MaxInt/4))
	if n > x.Dim() {
		return []int{-n}, []int{0}
	}
	for i := -n; i < 0; i++ {
		da = append(da, i)
	}
	for i := 0; i < n; i++ {
		db = append(db, i)
	}
	return da, db
}

// tensordot is ATen's tensordot: the contracted dimensions permuted last
// (first for b) and one matrix product.
func tensordot(x, y *tensor.Tensor, da, db []int) *tensor.Tensor {
	eval.TensordotShape(x.Shape(), y.Shape(), da, db) // its checks
	t1, t2 := x, y
	csize := 1
	for i := range da {
		s1 := x.Size(da[i])
		s2 := y.Size(db[i])
		switch {
		case s2 == 1:
			t1 = tensor.Sum(t1, []int{da[i]}, true)
		case s1 == 1:
			t2 = tensor.Sum(t2, []int{db[i]}, true)
		default:
			csize *= s1
		}
	}
	c1 := make([]bool, x.Dim())
	for _, d := range da {
		c1[tensor.WrapDim(d, x.Dim())] = true
	}
	c2 := make([]bool, y.Dim())
	for _, d := range db {
		c2[tensor.WrapDim(d, y.Dim())] = true
	}
	var p1, p2, rs []int
	size1, size2 := 1, 1
	for i := 0; i < x.Dim(); i++ {
		if !c1[i] {
			p1 = append(p1, i)
			size1 *= t1.Shape()[i]
			rs = append(rs, t1.Shape()[i])
		}
	}
	p1 = append(p1, da...)
	p2 = append(p2, db...)
	for i := 0; i < y.Dim(); i++ {
		if !c2[i] {
			p2 = append(p2, i)
			size2 *= t2.Shape()[i]
			rs = append(rs, t2.Shape()[i])
		}
	}
	m1 := t1.Permute(p1).Reshape([]int{size1, csize})
	m2 := t2.Permute(p2).Reshape([]int{csize, size2})
	return linalg.Mm(m1, m2).Reshape(rs)
}

func triIndices(a *eval.Args, p *argParser, lower bool) eval.Value {
	r := p.parse(a)
	res := tensor.TriIndices(r.int("row", 0), r.int("col", 0), r.int("offset", 0), r.dtypeOr("dtype", tensor.Int64), lower)
	return res
}

func builtinRepeatInterleave(a *eval.Args) eval.Value {
	r := repIntSigs.parse(a)
	var res *tensor.Tensor
	if r.idx == 2 {
		res = tensor.RepeatIndex(tensor.RepeatCounts(r.tensor("repeats")))
	} else {
		t := r.tensor("input")
		reps := r.tensor("repeats")
		if r.idx == 1 {
			reps = tensor.Scalar0(tensor.IntS(r.int64("repeats", 0)), tensor.Int64)
		}
		var dim *int
		if r.has("dim") {
			d := r.int("dim", 0)
			dim = &d
		}
		res = tensor.RepeatInterleave(t, reps, dim)
	}
	if r.has("output_size") {
		want := r.int("output_size", 0)
		got := res.Numel()
		if r.idx != 2 && res.Dim() > 0 {
			if d, ok := r.val("dim").(eval.Int); ok {
				got = res.Size(int(eval.UnpackLong(d)))
			}
		}
		if want != got {
			eval.Throw("RuntimeError", errRepeatOutputSize)
		}
	}
	return res
}

func init() {
	both := eval.TorchFunc | eval.TensorMethod
	eval.RegisterTorch(
		&eval.Builtin{Name: "meshgrid", Kind: eval.TorchFunc, Sig: "meshgrid(*tensors, indexing=None) -> tuple of Tensors",
			Doc: "Grids of coordinates from 0-d or 1-d tensors: views expanded to the sizes of all of them. indexing='ij' puts the first tensor along dim 0, 'xy' along dim 1 (without indexing, 'ij' and PyTorch's warning).",
			Fn:  builtinMeshgrid},
		&eval.Builtin{Name: "cartesian_prod", Kind: eval.TorchFunc, Sig: "cartesian_prod(*tensors) -> Tensor",
			Doc: "The Cartesian product of 1-d tensors, one combination a row (itertools.product order).",
			Fn: func(a *eval.Args) eval.Value {
				for _, k := range a.Kw {
					eval.Throw("TypeError", eval.ErrNoKwArg, "cartesian_prod", k.Name)
				}
				return tensor.CartesianProd(tensorArgs(a, "cartesian_prod"))
			}},
		&eval.Builtin{Name: "block_diag", Kind: eval.TorchFunc, Sig: "block_diag(*tensors) -> Tensor",
			Doc: "A block-diagonal matrix of the given 0-, 1- or 2-d tensors (zeros elsewhere), in their promoted dtype.",
			Fn: func(a *eval.Args) eval.Value {
				for _, k := range a.Kw {
					eval.Throw("TypeError", eval.ErrNoKwArg, "block_diag", k.Name)
				}
				return tensor.BlockDiag(tensorArgs(a, "block_diag"))
			}},
		&eval.Builtin{Name: "tril_indices", Kind: eval.TorchFunc, Sig: "tril_indices(row, col, offset=0, *, dtype=torch.long) -> Tensor",
			Doc: "The coordinates (a 2 x N tensor) of the lower triangle of a row x col matrix, diagonal included (moved by offset).",
			Fn:  func(a *eval.Args) eval.Value { return triIndices(a, trilIdxSigs, true) }},
		&eval.Builtin{Name: "triu_indices", Kind: eval.TorchFunc, Sig: "triu_indices(row, col, offset=0, *, dtype=torch.long) -> Tensor",
			Doc: "The coordinates (a 2 x N tensor) of the upper triangle of a row x col matrix, diagonal included (moved by offset).",
			Fn:  func(a *eval.Args) eval.Value { return triIndices(a, triuIdxSigs, false) }},
		&eval.Builtin{Name: "repeat_interleave", Kind: both, Sig: "repeat_interleave(input, repeats, dim=None, *, output_size=None) -> Tensor",
			Doc: "Each element (or slice along dim) repeated: repeats is an int or a tensor of one count per slice; without dim the input is flattened. repeat_interleave(repeats) gives 0, 1, ... each repeated.",
			Fn:  builtinRepeatInterleave},
		&eval.Builtin{Name: "kron", Kind: both, Sig: "kron(input, other) -> Tensor",
			Doc: "The Kronecker product: every element of input times all of other, in blocks.",
			Fn: func(a *eval.Args) eval.Value {
				r := kronSigs.parse(a)
				res := tensor.Kron(r.tensor("input"), r.tensor("other"))
				return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
			}},
		&eval.Builtin{Name: "tensordot", Kind: eval.TorchFunc, Sig: "tensordot(a, b, dims=2) -> Tensor",
			Doc: "Sum of products over the last dims dimensions of a and the first of b, or over the dimension lists dims=([...], [...]).",
			Fn:  builtinTensordot},
		&eval.Builtin{Name: "rot90", Kind: both, Sig: "rot90(input, k=1, dims=[0, 1]) -> Tensor",
			Doc: "The tensor rotated by k quarter turns in the plane of dims, from the first towards the second.",
			Fn: func(a *eval.Args) eval.Value {
				r := rot90Sigs.parse(a)
				dims := []int{0, 1}
				if r.has("dims") {
					dims = r.ints("dims")
				}
				return tensor.Rot90(r.tensor("input"), r.int("k", 1), dims)
			}},
		&eval.Builtin{Name: "diag_embed", Kind: both, Sig: "diag_embed(input, offset=0, dim1=-2, dim2=-1) -> Tensor",
			Doc: "A tensor whose diagonals (in dims dim1 and dim2, moved by offset) hold input's last dimension; zeros elsewhere.",
			Fn: func(a *eval.Args) eval.Value {
				r := diagEmbedSigs.parse(a)
				return tensor.DiagEmbed(r.tensor("input"), r.int("offset", 0), r.int("dim1", -2), r.int("dim2", -1))
			}},
		&eval.Builtin{Name: "trace", Kind: both, Sig: "trace(input) -> Tensor",
			Doc: "The sum of a matrix's main diagonal (int64 for integer matrices).",
			Fn: func(a *eval.Args) eval.Value {
				return tensor.Trace(tensorOnly(traceSigs, a))
			}},
		&eval.Builtin{Name: "diff", Kind: both, Sig: "diff(input, n=1, dim=-1, prepend=None, append=None) -> Tensor",
			Doc: "The n-th forward difference along dim (x[i+1] - x[i]; logical xor for bool), after prepending and appending the given tensors.",
			Fn: func(a *eval.Args) eval.Value {
				r := diffSigs.parse(a)
				res := tensor.Diff(r.tensor("input"), r.int("n", 1), r.int("dim", -1), r.tensor("prepend"), r.tensor("append"))
				return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
			}},
		&eval.Builtin{Name: "cross", Kind: both, Sig: "cross(input, other, dim=None) -> Tensor",
			Doc: "The cross product of 3-vectors along dim (without dim, the first dimension of size 3).",
			Fn: func(a *eval.Args) eval.Value {
				r := crossSigs.parse(a)
				res := tensor.Cross(r.tensor("input"), r.tensor("other"), r.int("dim", -1), !r.has("dim"))
				return withOut(a, r, res, func(o *tensor.Tensor) { checkOutDType(o, res.DType()) })
			}},
	)
}

var vfCdist = newArgParser("cdist(Tensor x1, Tensor x2, double p=2, int64_t? compute_mode=None)")

func init() {
	eval.RegisterTorch(&eval.Builtin{Name: "cdist", Kind: eval.TorchFunc, Sig: "cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary') -> Tensor",
		Doc: "The p-norm distances between the rows of x1 (..., P, M) and of x2 (..., R, M), batch dimensions broadcast; for p=2 with more than 25 rows, PyTorch's matrix-product formula.",
		Fn: func(a *eval.Args) eval.Value {
			var x1, x2, p eval.Value
			p = eval.Float(2)
			var mode eval.Value = eval.Str("use_mm_for_euclid_dist_if_necessary")
			a.Unpack("x1", &x1, "x2", &x2, "p?", &p, "compute_mode?", &mode)
			m := 0
			switch eval.ToStr(mode) {
			case "use_mm_for_euclid_dist_if_necessary":
			case "use_mm_for_euclid_dist":
				m = 1
			case "donot_use_mm_for_euclid_dist":
				m = 2
			default:
				eval.Throw("ValueError", errCdistMode, eval.ToStr(mode))
			}
			r := vfCdist.parse((&eval.Args{Name: "cdist", Pos: []eval.Value{x1, x2, p}}).Bind(a.Session()))
			return linalg.Cdist(r.tensor("x1"), r.tensor("x2"), r.double("p", 2), m)
		}})
}
