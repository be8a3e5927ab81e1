package teach

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
	"github.com/tensh/tensh/runtime/tensor"
)

// tensorQuery answers size(), dim(), numel(), stride(), is_contiguous().
func (ex *explainer) tensorQuery(e lang.Expr, name string, t *opnd, rest []aval) (aval, bool) {
	switch name {
	case "size":
		if len(rest) == 0 {
			return aval{v: eval.Size(append([]int{}, t.shape...)), node: e}, true
		}
		d, ok := ex.intArg(rest[0])
		if d, ok2 := wrapDim(d, len(t.shape)); ok && ok2 && len(t.shape) > 0 {
			return aval{v: eval.MakeInt(int64(t.shape[d])), node: e}, true
		}
	case "dim", "ndimension":
		return aval{v: eval.MakeInt(int64(len(t.shape))), node: e}, true
	case "numel", "nelement":
		return aval{v: eval.MakeInt(int64(prod(t.shape))), node: e}, true
	case "stride":
		st := t.stridesOr()
		if len(rest) == 0 {
			vals := make(eval.Tuple, len(st))
			for i, s := range st {
				vals[i] = eval.MakeInt(int64(s))
			}
			return aval{v: vals, node: e}, true
		}
		d, ok := ex.intArg(rest[0])
		if d, ok2 := wrapDim(d, len(t.shape)); ok && ok2 && len(t.shape) > 0 {
			return aval{v: eval.MakeInt(int64(st[d])), node: e}, true
		}
	case "is_contiguous":
		return aval{v: eval.Bool(tensor.IsContiguous(t.shape, t.stridesOr())), node: e}, true
	}
	return aval{}, false
}

// reduction works out the shape of sum(dim, keepdim) and friends.
func (ex *explainer) reduction(e lang.Expr, name string, t *opnd, rest []aval, args *callArgs) (aval, bool) {
	if prod(t.shape) == 0 {
		// some reductions refuse empty dims: real evaluation (cheap here)
		// says which
		return aval{}, false
	}
	dt := t.dtype
	switch name {
	case "mean", "std", "var", "norm", "logsumexp", "nanmean":
	case "all", "any":
		dt = tensor.Bool
	case "argmax", "argmin", "count_nonzero":
		dt = tensor.Int64
	case "sum", "prod", "nansum":
		if dt.IsIntegral(true) {
			dt = tensor.Int64
		}
	}
	var dimArg *aval
	keep := false
	if len(rest) > 0 {
		dimArg = &rest[0]
	}
	if d, ok := args.kw["dim"]; ok {
		dimArg = &d
	}
	if k, ok := args.kw["keepdim"]; ok {
		b, isB := k.v.(eval.Bool)
		if !isB {
			return aval{}, false
		}
		keep = bool(b)
	}
	if len(rest) > 1 {
		b, isB := rest[1].v.(eval.Bool)
		if !isB {
			return aval{}, false
		}
		keep = bool(b)
	}
	for k := range args.kw {
		if k != "dim" && k != "keepdim" && k != "dtype" {
			return aval{}, false
		}
	}
	var dims []int // none: every dim
	if dimArg != nil && dimArg.v != eval.None {
		if d, ok := ex.intArg(*dimArg); ok {
			dims = []int{d}
		} else if dimArg.v != nil {
			switch dimArg.v.(type) {
			case eval.Tuple, *eval.List:
				dims = ex.ints(name, []aval{*dimArg})
			default:
				return aval{}, false
			}
		} else {
			return aval{}, false
		}
	}
	var shape []int
	if exc := ex.s.Guard(func() { shape = tensor.ReduceShape(t.shape, dims, keep) }); exc != nil {
		return aval{}, false // real evaluation raises it
	}
	return ex.abstract(e, shape, nil, dt), true
}

// creation works out the shape of torch.empty(5, 3) and friends without
// allocating.
func (ex *explainer) creation(e *lang.CallExpr, name string, args *callArgs) (aval, bool) {
	def := tensor.DefaultFloat()
	switch {
	case creationNames[name]:
		sizes := args.pos
		if s, ok := args.kw["size"]; ok && len(sizes) == 0 {
			sizes = []aval{s}
		}
		shape := ex.ints(name, sizes)
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, def))
	case name == "full":
		if len(args.pos) < 1 {
			return aval{}, false
		}
		shape := ex.ints(name, args.pos[:1])
		dt := def
		if len(args.pos) > 1 {
			switch args.pos[1].v.(type) {
			case eval.Int:
				dt = tensor.Int64
			case eval.Bool:
				dt = tensor.Bool
			}
		}
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, dt))
	case name == "randint":
		var size aval
		if s, ok := args.kw["size"]; ok {
			size = s
		} else if len(args.pos) >= 2 {
			size = args.pos[len(args.pos)-1]
		} else {
			return aval{}, false
		}
		shape := ex.ints(name, []aval{size})
		return ex.checkedShape(e, name, shape, ex.dtypeKw(args, tensor.Int64))
	case name == "empty_like" || name == "zeros_like" || name == "ones_like" || name == "rand_like" || name == "randn_like" || name == "full_like":
		if len(args.pos) < 1 || !args.pos[0].isTensor() {
			return aval{}, false
		}
		t := args.pos[0].t
		return ex.abstract(e, t.shape, nil, ex.dtypeKw(args, t.dtype)), true
	case name == "arange":
		var nums []tensor.Scalar
		isFloat := false
		for _, a := range args.pos {
			switch v := a.v.(type) {
			case eval.Int:
				i, ok := v.Int64()
				if !ok {
					return aval{}, false
				}
				nums = append(nums, tensor.IntS(i))
			case eval.Float:
				nums = append(nums, tensor.FloatS(float64(v)))
				isFloat = true
			default:
				return aval{}, false
			}
		}
		start, end, step := tensor.IntS(0), tensor.IntS(0), tensor.IntS(1)
		switch len(nums) {
		case 1:
			end = nums[0]
		case 2:
			start, end = nums[0], nums[1]
		case 3:
			start, end, step = nums[0], nums[1], nums[2]
		default:
			return aval{}, false
		}
		dt := tensor.Int64
		if isFloat {
			dt = def
		}
		dt = ex.dtypeKw(args, dt)
		var n int
		if exc := ex.s.Guard(func() { n = tensor.ArangeLength(start, end, step, dt) }); exc != nil {
			return aval{}, false // real evaluation raises it
		}
		return ex.checkedShape(e, name, []int{n}, dt)
	}
	return aval{}, false
}

// checkedShape returns a tensor of the given shape, leaving invalid
// sizes to real evaluation (for PyTorch's error).
func (ex *explainer) checkedShape(e lang.Expr, name string, shape []int, dt tensor.DType) (aval, bool) {
	for _, s := range shape {
		if s < 0 {
			return aval{}, false
		}
	}
	return ex.abstract(e, shape, nil, dt), true
}
