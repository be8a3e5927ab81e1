package teach

import . "github.com/tensh/tensh/eval"

// The teaching layer answers the core's hooks (eval.Teaching).
func init() {
	Teaching.Hint = Hint
	Teaching.CauseOf = CauseOf
	Teaching.Explain = Explain
	Teaching.Strides = Strides
	Teaching.Graph = Graph
	Teaching.TraceOperator = traceOperator
	Teaching.TraceInplace = traceInplaceOf
	Teaching.TraceCall = traceCallOf
}
