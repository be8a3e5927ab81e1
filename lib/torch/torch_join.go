package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// Joining and shaping: cat (concat, concatenate), stack, hstack, vstack
// (row_stack), dstack, column_stack, repeat, tile, flip, fliplr, flipud,
// roll, tril, triu.

var (
	catSigs = func(name string) *argParser {
		return newArgParser(
			name+"(TensorList tensors, int64_t dim=0, *, Tensor out=None)",
			name+"(TensorList tensors, Dimname dim, *, Tensor out=None)")
	}
	stackSigs  = newArgParser("stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)")
	repeatSigs = newArgParser("repeat(Tensor input, SymIntArrayRef repeats)")
	tileSigs   = newArgParser("tile(Tensor input, IntArrayRef dims)")
	flipSigs   = newArgParser("flip(Tensor input, IntArrayRef dims)")
	fliplrSigs = newArgParser("fliplr(Tensor input)")
	flipudSigs = newArgParser("flipud(Tensor input)")
	rollSigs   = newArgParser("roll(Tensor input, IntArrayRef[1] shifts, IntArrayRef[1] dims=[])")
	trilSigs   = newArgParser("tril(Tensor input, int64_t diagonal=0, *, Tensor out=None)")
	triuSigs   = newArgParser("triu(Tensor input, int64_t diagonal=0, *, Tensor out=None)")
)

// stackLike makes the binding of an hstack-like function.
func stackLike(name, doc string, fn func([]*tensor.Tensor) *tensor.Tensor) *eval.Builtin {
	sigs := newArgParser(name + "(TensorList tensors, *, Tensor out=None)")
	return &eval.Builtin{Name: name, Kind: eval.TorchFunc, Sig: name + "(tensors) -> Tensor", Doc: doc,
		Fn: func(a *eval.Args) eval.Value {
			r := sigs.parse(a)
			return catOut(a, r, fn(r.tensors("tensors")))
		}}
}

func init() {
	for _, name := range []string{"cat", "concat", "concatenate"} {
		sigs := catSigs(name)
		eval.RegisterTorch(&eval.Builtin{Name: name, Kind: eval.TorchFunc, Sig: name + "(tensors, dim=0) -> Tensor",
			Doc: "Joins tensors along an existing dimension; they must match in every other dimension (1-d empty tensors are skipped). The result has the promoted dtype.",
			Fn: func(a *eval.Args) eval.Value {
				r := sigs.parse(a)
				if r.idx == 1 {
					ts := r.tensors("tensors")
					var t *tensor.Tensor
					if len(ts) > 0 {
						t = ts[0]
					} else {
						t = tensor.Empty([]int{0}, tensor.DefaultFloat())
					}
					r.dimname("dim", t)
				}
				return catOut(a, r, tensor.Cat(r.tensors("tensors"), r.int("dim", 0)))
			}})
	}
	eval.RegisterTorch(
		&eval.Builtin{Name: "stack", Kind: eval.TorchFunc, Sig: "stack(tensors, dim=0) -> Tensor",
			Doc: "Joins equal-sized tensors along a new dimension dim.",
			Fn: func(a *eval.Args) eval.Value {
				r := stackSigs.parse(a)
				return catOut(a, r, tensor.Stack(r.tensors("tensors"), r.int("dim", 0)))
			}},
		stackLike("hstack", "Joins tensors column-wise: along dim 1, or dim 0 for 1-d tensors.", tensor.Hstack),
		stackLike("vstack", "Joins tensors row-wise (along dim 0) after making them at least 2-d.", tensor.Vstack),
		stackLike("row_stack", "Alias of vstack.", tensor.Vstack),
		stackLike("dstack", "Joins tensors depth-wise (along dim 2) after making them at least 3-d.", tensor.Dstack),
		stackLike("column_stack", "Joins 1-d tensors as columns (and 2-d ones as they are) into a matrix.", tensor.ColumnStack),
		&eval.Builtin{Name: "repeat", Kind: eval.TensorMethod, Sig: "repeat(*sizes) -> Tensor",
			Doc: "Tiles the tensor sizes[i] times along each dimension; sizes may add leading dimensions.",
			Fn: func(a *eval.Args) eval.Value {
				r := repeatSigs.parse(a)
				return tensor.Repeat(r.tensor("input"), r.ints("repeats"))
			}},
		&eval.Builtin{Name: "tile", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "tile(input, dims) -> Tensor",
			Doc: "Like repeat, with dims padded with leading 1s when shorter than the tensor's rank.",
			Fn: func(a *eval.Args) eval.Value {
				r := tileSigs.parse(a)
				return tensor.Tile(r.tensor("input"), r.ints("dims"))
			}},
		&eval.Builtin{Name: "flip", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "flip(input, dims) -> Tensor",
			Doc: "A copy with the order of elements reversed along the given dimensions.",
			Fn: func(a *eval.Args) eval.Value {
				r := flipSigs.parse(a)
				return tensor.Flip(r.tensor("input"), r.ints("dims"))
			}},
		&eval.Builtin{Name: "fliplr", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "fliplr(input) -> Tensor",
			Doc: "Flips a tensor of at least 2 dimensions left to right (along dim 1).",
			Fn: func(a *eval.Args) eval.Value {
				return tensor.Fliplr(fliplrSigs.parse(a).tensor("input"))
			}},
		&eval.Builtin{Name: "flipud", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "flipud(input) -> Tensor",
			Doc: "Flips a tensor of at least 1 dimension upside down (along dim 0).",
			Fn: func(a *eval.Args) eval.Value {
				return tensor.Flipud(flipudSigs.parse(a).tensor("input"))
			}},
		&eval.Builtin{Name: "roll", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "roll(input, shifts, dims=None) -> Tensor",
			Doc: "Shifts elements circularly by shifts along dims; with no dims, over the flattened tensor.",
			Fn: func(a *eval.Args) eval.Value {
				r := rollSigs.parse(a)
				return tensor.Roll(r.tensor("input"), r.ints("shifts"), r.ints("dims"))
			}},
		&eval.Builtin{Name: "tril", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "tril(input, diagonal=0) -> Tensor",
			Doc: "A copy with the elements above the given diagonal of the last two dimensions set to zero.",
			Fn: func(a *eval.Args) eval.Value {
				r := trilSigs.parse(a)
				return sameDTypeOut(a, r, tensor.Tril(r.tensor("input"), r.int("diagonal", 0)))
			}},
		&eval.Builtin{Name: "triu", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "triu(input, diagonal=0) -> Tensor",
			Doc: "A copy with the elements below the given diagonal of the last two dimensions set to zero.",
			Fn: func(a *eval.Args) eval.Value {
				r := triuSigs.parse(a)
				return sameDTypeOut(a, r, tensor.Triu(r.tensor("input"), r.int("diagonal", 0)))
			}},
	)
}
