package broadcast

// Error is a broadcasting error; its message is PyTorch's. Its fields say
// where the rule failed, so that an explanation can name the operands and
// dimensions without replaying the rule.
type Error struct {
	Msg string
	// SizeA and SizeB are the sizes that clash: tensor a's (the shape
	// accumulated so far, A) and tensor b's (operand Operand).
	SizeA, SizeB int
	// Dim is the failing dimension of the result, counted from the left
	// (the "dimension" of the message).
	Dim int
	// Operand is the index of the operand at which a fold (Shapes) failed:
	// tensor b; 1 for InferSize.
	Operand int
	// A is tensor a: the broadcast of the operands before Operand.
	A []int
}

func (e *Error) Error() string { return e.Msg }

// Message formats (PyTorch's text), so that a reader can grep for them.
const (
	errSizeMismatch = "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d"
)
