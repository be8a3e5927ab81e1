package broadcast

// Error is a broadcasting error; its message is PyTorch's.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Message formats (PyTorch's text), so that a reader can grep for them.
const (
	errSizeMismatch = "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d"
)
