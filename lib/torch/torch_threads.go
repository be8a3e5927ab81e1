package torch

import (
	"math/big"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.set_num_threads and torch.get_num_threads (runtime/tensor's
// threads.go): the number of threads the CPU kernels split their work
// over; --threads sets it at start.

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "set_num_threads", Kind: eval.TorchFunc, Fn: torchSetNumThreads,
			Sig: "set_num_threads(int)",
			Doc: "Sets the number of threads used for intraop parallelism on CPU."},
		&eval.Builtin{Name: "get_num_threads", Kind: eval.TorchFunc, Fn: torchGetNumThreads,
			Sig: "get_num_threads() -> int",
			Doc: "Returns the number of threads used for parallelizing CPU operations."},
	)
}

func torchSetNumThreads(a *eval.Args) eval.Value {
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoKw, "torch.set_num_threads")
	}
	if len(a.Pos) != 1 {
		eval.Throw("TypeError", eval.ErrTakesOneArg, "torch.set_num_threads", len(a.Pos))
	}
	n, ok := a.Pos[0].(eval.Int)
	if !ok {
		eval.Throw("RuntimeError", errNumThreadsType, eval.TypeName(a.Pos[0]))
	}
	v := n.Big()
	if !v.IsInt64() {
		eval.Throw("RuntimeError", errLongOverflow)
	}
	if v.Cmp(big.NewInt(0)) <= 0 || v.Int64() > 1<<31-1 {
		eval.Throw("RuntimeError", errNumThreadsPositive)
	}
	tensor.SetNumThreads(int(v.Int64()))
	return eval.None
}

func torchGetNumThreads(a *eval.Args) eval.Value {
	if len(a.Kw) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoKw, "torch.get_num_threads")
	}
	if len(a.Pos) > 0 {
		eval.Throw("TypeError", eval.ErrTakesNoArgs, "torch.get_num_threads", len(a.Pos))
	}
	return eval.MakeInt(int64(tensor.NumThreads()))
}
