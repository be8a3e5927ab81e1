package eval

// The messages of tensordot's shape rule (tensordot_rule.go), which
// torch.tensordot and %explain share.
const (
	errTensordotLens  = "both dimension lists should have same length"
	errTensordotMatch = "contracted dimensions need to match, but first has size %d in dim %d and second has size %d in dim %d"
)
