package eval

import (
	"math"
	"math/big"
	"strings"

	"github.com/tensh/tensh/runtime/tensor"
)

// Limits on the evaluator's own work (issue 6): Python objects whose size
// the user controls are checked against the runtime's memory cap before
// they are built (MemoryError, as Python raises when its allocator
// fails), Python-level loops poll for Ctrl-C, and recursion over values
// (repr of nested lists, ==, <) stops at Python's recursion limit.

// Estimated sizes, in bytes, for the memory checks: a slot of a list or
// tuple (an interface value), and an item made for it (a slot and the
// boxed number or string it holds).
const (
	slotBytes = 16
	itemBytes = 48
)

// checkSlots raises MemoryError when a list or tuple of n slots (sharing
// items that exist already) does not fit in memory.
func checkSlots(n int) { checkMemory(n, slotBytes) }

// appendSlot is append(elems, v) with the memory check charged as the list
// grows: nothing while there is capacity left, and the new backing array
// (what append allocates) when there is not, so that building a list of n
// items costs O(n) checks of O(1) each, not one of the whole list per item.
func appendSlot(elems []Value, v Value) []Value {
	if len(elems) == cap(elems) {
		checkSlots(max(2*len(elems), 4))
	}
	return append(elems, v)
}

// checkItems raises MemoryError when n new items (a list from range() or
// tolist(), say) do not fit in memory.
func checkItems(n int) { checkMemory(n, itemBytes) }

// checkStrBytes raises MemoryError when a string of n bytes does not fit.
func checkStrBytes(n int) { checkMemory(n, 1) }

func checkMemory(n, size int) {
	if n < 0 || n > math.MaxInt64/size {
		throw("MemoryError", "")
	}
	tensor.CheckMemory(int64(n) * int64(size))
}

// repeatedLen is n*count for sequence repetition, with MemoryError when the
// product overflows (Python's OverflowError needs a count past an index,
// which repeatCount rejects first).
func repeatedLen(n, count int) int {
	if n == 0 || count == 0 {
		return 0
	}
	if count > math.MaxInt/n {
		throw("MemoryError", "")
	}
	return n * count
}

// tensorViewBytes estimates a tensor view made for iteration (the Tensor
// and its sizes and strides).
const tensorViewBytes = 256

// rangeContains is `n in r` for an int n, in constant time as in Python.
func rangeContains(r Range, n Int) bool {
	v, start, stop := n.Big(), big.NewInt(r.Start), big.NewInt(r.Stop)
	if r.Step > 0 {
		if v.Cmp(start) < 0 || v.Cmp(stop) >= 0 {
			return false
		}
	} else if v.Cmp(start) > 0 || v.Cmp(stop) <= 0 {
		return false
	}
	d := new(big.Int).Sub(v, start)
	return d.Rem(d, big.NewInt(r.Step)).Sign() == 0
}

func boolInt(b Bool) Int {
	if b {
		return MakeInt(1)
	}
	return MakeInt(0)
}

// poll raises KeyboardInterrupt when Ctrl-C was pressed; Python-level loops
// call it on every iteration (it is one atomic load). They run before an
// in-place operation starts to write (inplace_whole.go), so they stop
// even then.
func poll() { tensor.CheckInterruptAlways() }

// forEachItem calls fn with each item of the iterable v, in order, until
// fn returns false. Ranges are not materialized, and the loop polls for
// Ctrl-C, so that sum(range(10**12)) runs in constant memory and can be
// interrupted.
func forEachItem(v Value, fn func(Value) bool) {
	if r, ok := v.(Range); ok {
		n := r.Len()
		for i := int64(0); i < n; i++ {
			poll()
			if !fn(MakeInt(r.Start + i*r.Step)) {
				return
			}
		}
		return
	}
	for _, x := range iterate(v) {
		poll()
		if !fn(x) {
			return
		}
	}
}

// maxRecursion is Python's default recursion limit
// (sys.getrecursionlimit()).
const maxRecursion = 1000

// recursion counts nested calls of one recursive walk over values and
// raises RecursionError past maxRecursion. The zero value is ready; every
// enter is paired with a deferred leave.
type recursion struct{ depth int }

func (r *recursion) enter(msg string) {
	r.depth++
	if r.depth > maxRecursion {
		r.depth = 0 // the panic unwinds every level without leave
		panic(&Exception{Type: "RecursionError", Msg: msg})
	}
}

func (r *recursion) leave() {
	if r.depth > 0 {
		r.depth--
	}
}

// parseErrorType is the Python exception type of a parse error: CPython's
// compiler raises RecursionError for expressions nested too deeply, and
// SyntaxError for everything else.
// indentationErrors start the messages of CPython's IndentationErrors.
var indentationErrors = []string{"unexpected indent", "expected an indented block", "unindent does not match", "unexpected unindent", "too many levels of indentation"}

func parseErrorType(msg string) string {
	if strings.HasPrefix(msg, errRecursion) {
		return "RecursionError"
	}
	for _, p := range indentationErrors {
		if strings.HasPrefix(msg, p) {
			return "IndentationError"
		}
	}
	return "SyntaxError"
}
