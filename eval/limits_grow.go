package eval

// grow is append for the slices that a loop fills an item at a time (the
// items of an iterable, the parts of a split string): when the array must
// grow, the new one (about twice as long, each item itemSize bytes with
// what it holds) is checked against the memory cap first, and every
// growItems items the loop polls (Ctrl-C, and the memory watch of
// runtime/tensor, which stops what grows past the cap). So no such slice
// reaches past the cap, however it is filled (issue 27).
func grow[T any](out []T, x T, itemSize int) []T {
	n := len(out)
	if n == cap(out) && n >= growItems {
		checkMemory(n+n/2+growItems, itemSize)
	}
	if n%growItems == growItems-1 {
		poll()
	}
	return append(out, x)
}

// growItems is how many items grow appends between two polls.
const growItems = 1024
