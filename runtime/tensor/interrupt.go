package tensor

import (
	"sync"
	"sync/atomic"
	"time"
)

// interrupted is set by Interrupt (the REPL's Ctrl-C handler) and read by
// long-running kernels between chunks of work.
var interrupted atomic.Bool

// pollCount, when tests set it, counts every interrupt poll (Interrupted
// and CheckInterrupt calls), so that a test can check that a kernel polls
// all through its work without timing it. It is nil otherwise.
var pollCount *atomic.Int64

// pollEvery is how many elements sequential loops handle between two
// interrupt polls.
const pollEvery = 64 << 10

// Interrupt asks running kernels to stop early; the goroutine that started
// them then raises KeyboardInterrupt (see CheckInterrupt). It is safe to
// call from a signal-handling goroutine.
func Interrupt() {
	if interrupted.Swap(true) {
		forced.Store(true) // a second Ctrl-C: no more waiting for writes
	} else {
		interruptAt.Store(time.Now().UnixNano())
	}
}

// ClearInterrupt forgets a pending interrupt (the REPL calls it before each
// statement).
func ClearInterrupt() {
	interrupted.Store(false)
	forced.Store(false)
}

// Interrupted reports whether an interrupt is pending, without clearing it.
// Worker goroutines poll it between chunks and simply stop early. It is
// false while interrupts are held (Uninterrupted).
func Interrupted() bool {
	pollOutside()
	if c := pollCount; c != nil {
		c.Add(1)
	}
	return interrupted.Load() && !holding()
}

var (
	// held counts the Uninterrupted calls running.
	held atomic.Int32
	// interruptAt is when the pending interrupt came (Unix nanoseconds).
	interruptAt atomic.Int64
	// forced is set by a second interrupt while one is pending.
	forced atomic.Bool
)

// HoldGrace is how long an interrupt waits for an Uninterrupted write to
// finish: less than the second that scripts give a statement to stop
// after Ctrl-C.
const HoldGrace = time.Second

// holding reports whether a pending interrupt still waits for an
// Uninterrupted write: for HoldGrace, and until a second interrupt.
func holding() bool {
	return held.Load() != 0 && !forced.Load() && time.Now().UnixNano()-interruptAt.Load() < int64(HoldGrace)
}

// Uninterrupted runs f, which writes into tensors that exist (an in-place
// operation, out=, an assignment to an index): kernels do not stop for an
// interrupt while it runs, as PyTorch's kernels always finish, so that no
// tensor is left half-written; the interrupt is raised once f is done.
// A write that is still running HoldGrace after Ctrl-C (a huge one, such
// as filling a view of 2**40 elements), or when Ctrl-C comes again, stops
// anyway, and its KeyboardInterrupt says that the tensor is partly
// updated: never silently. Only the statement's goroutine may call it.
func Uninterrupted(f func()) {
	held.Add(1)
	func() {
		defer held.Add(-1)
		f()
	}()
	CheckInterrupt()
}

// CheckInterruptAlways is CheckInterrupt even while interrupts are held:
// for the evaluator's Python-level loops (converting a list or a range to
// a tensor, say), which run before an operation's write starts, so that a
// statement such as x[:] = range(2**62) can still be stopped.
func CheckInterruptAlways() {
	pollOutside()
	if c := pollCount; c != nil {
		c.Add(1)
	}
	if interrupted.Load() && interrupted.Swap(false) {
		forced.Store(false)
		panic(&Error{Kind: KeyboardInterrupt})
	}
	pollMemory()
}

// InterruptsHeld reports whether an Uninterrupted call is running.
func InterruptsHeld() bool { return held.Load() != 0 }

// CheckInterrupt raises KeyboardInterrupt on the calling goroutine when an
// interrupt is pending, and clears it. Call it only from the goroutine that
// runs the statement, never from a kernel worker. It costs one atomic load
// when no interrupt is pending, so loops may call it on every iteration.
func CheckInterrupt() {
	pollOutside()
	if c := pollCount; c != nil {
		c.Add(1)
	}
	if interrupted.Load() && !holding() && interrupted.Swap(false) {
		forced.Store(false)
		if held.Load() != 0 {
			panic(&Error{Kind: KeyboardInterrupt, Msg: errPartialWrite})
		}
		panic(&Error{Kind: KeyboardInterrupt})
	}
	if held.Load() == 0 {
		pollMemory() // not in the middle of a write (Uninterrupted)
	}
}

// pollAt polls for an interrupt on every pollEvery-th iteration i of a
// sequential loop.
func pollAt(i int) {
	if i&(pollEvery-1) == 0 {
		CheckInterrupt()
	}
}

// WorkerPanic carries a panic of a kernel worker goroutine to the
// goroutine that started the workers. Kernels must not panic (their
// inputs are checked first); should one still do so, the statement fails
// with that panic (InternalError, for the evaluator) instead of the whole
// process, as a panic on another goroutine would.
type WorkerPanic struct {
	mu  sync.Mutex
	val any
}

// Catch is deferred by each worker goroutine (and around the caller's own
// share of the work).
func (w *WorkerPanic) Catch() {
	if r := recover(); r != nil {
		w.mu.Lock()
		if w.val == nil {
			w.val = r
		}
		w.mu.Unlock()
		Interrupt() // the other workers stop early
	}
}

// Rethrow re-raises a worker's panic on the calling goroutine, after all
// workers are done; the interrupt that stopped the others is cleared.
func (w *WorkerPanic) Rethrow() {
	if w.val != nil {
		ClearInterrupt()
		panic(w.val)
	}
}
