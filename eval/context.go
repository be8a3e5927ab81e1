package eval

// ContextManager is a value that a `with` statement can enter: Python's
// __enter__/__exit__ pair. Libraries implement it for their context
// managers (torch.no_grad(), torch.enable_grad(), ...); the statement
// evaluator calls Enter before the block and Exit after it, with the
// exception that is leaving the block (nil when the block ended normally).
// Exit returns true to swallow that exception, as a true __exit__ result
// does in Python.
type ContextManager interface {
	Enter(s *Session) Value
	Exit(s *Session, exc *Exception) bool
}
