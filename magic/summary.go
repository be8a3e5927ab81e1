package magic

import (
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
)

// %summary MODEL INPUT_SHAPE: each layer's output shape and parameter
// count, as torchsummary's summary(model, input_size) prints them.

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "summary",
		Usage: "%summary MODEL INPUT_SHAPE",
		Doc:   "Runs MODEL (an nn.Module) on zeros of INPUT_SHAPE (the batch left out) in eval mode without grad, and prints each layer's output shape and parameter count, with the totals, as torchsummary does.",
		Save:  true,
		Run: func(s *eval.Session, arg string) {
			arg = strings.TrimSpace(arg)
			i := strings.IndexAny(arg, " \t")
			if i < 0 {
				eval.Throw("UsageError", "%s", msgSummaryUsage)
			}
			vals := make([]eval.Value, 2)
			for k, src := range []string{arg[:i], strings.TrimSpace(arg[i:])} {
				e, err := lang.ParseExpr(src)
				if err != nil {
					eval.Throw("UsageError", msgSummaryExpr, src, err)
				}
				vals[k] = s.Eval(e)
			}
			// torch.nn's Python part (lib/torch/nnpy) has the table
			m, ok := s.ImportModule("torch._nnpy")
			if !ok {
				eval.Throw("UsageError", "%s", msgSummaryNoNN)
			}
			r := s.Call(m.Members["summary._summary"], &eval.Args{Pos: vals})
			s.Print(string(r.(eval.Str)) + "\n")
		},
	})
}
