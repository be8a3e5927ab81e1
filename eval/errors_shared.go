package eval

// Messages that both the torch bindings (torch.tensordot) and %explain
// print.
const (
	errTensordotLens  = "both dimension lists should have same length"
	errTensordotMatch = "contracted dimensions need to match, but first has size %d in dim %d and second has size %d in dim %d"

	// ErrTensordotLens and ErrTensordotMatch are the same, for lib/torch.
	ErrTensordotLens  = errTensordotLens
	ErrTensordotMatch = errTensordotMatch
)
