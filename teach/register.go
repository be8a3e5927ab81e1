package teach

import "github.com/tensh/tensh/eval"

// The teaching layer answers the core's hooks (eval.Teaching).
func init() {
	eval.Teaching.Hint = Hint
	eval.Teaching.CauseOf = CauseOf
	eval.Teaching.Explain = Explain
	eval.Teaching.Strides = Strides
	eval.Teaching.Graph = Graph
	eval.Teaching.TraceOperator = traceOperator
	eval.Teaching.TraceInplace = traceInplaceOf
	eval.Teaching.TraceCall = traceCallOf
}
