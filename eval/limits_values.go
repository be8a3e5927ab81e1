package eval

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Memory for Python values (issue 16): every value the evaluator builds
// (strings, lists, dicts, ints, formatted and printed text, reprs) is
// checked against the memory cap before it is made, with the cheap checks
// of limits.go: the size of what is about to be allocated, counted in full
// for big requests and summed for small ones until a megabyte has gone by
// (tensor.HaveMemory), so that the check costs an addition, not a pass
// over the bytes. Loops over long strings and lists poll for Ctrl-C.
// Helpers here are called from the few places that allocate, one line
// each.

// checkStrSum raises MemoryError when a string of a+b bytes (a
// concatenation) does not fit.
func checkStrSum(a, b int) {
	if a > math.MaxInt-b {
		throw("MemoryError", "")
	}
	checkStrBytes(a + b)
}

// growStr makes room for n more bytes in b, checking the memory first:
// strings.Builder would otherwise double its buffer unchecked.
func growStr(b *strings.Builder, n int) {
	if n <= b.Cap()-b.Len() {
		return
	}
	if b.Cap() > (math.MaxInt-n)/2 {
		throw("MemoryError", "")
	}
	checkStrBytes(2*b.Cap() + n)
	b.Grow(n)
}

// joinChecked is strings.Join(parts, sep) + end, made once after a
// memory check (print's output).
func joinChecked(parts []string, sep, end string) string {
	total := len(end)
	for i, p := range parts {
		if i > 0 {
			total = addLen(total, len(sep))
		}
		total = addLen(total, len(p))
	}
	checkStrBytes(total)
	var b strings.Builder
	b.Grow(total)
	for i, p := range parts {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(p)
	}
	b.WriteString(end)
	return b.String()
}

// addLen is a+b for lengths, with MemoryError past the int range.
func addLen(a, b int) int {
	if a > math.MaxInt-b {
		throw("MemoryError", "")
	}
	return a + b
}

// padded is body with count fill runes before it, after it, or split
// around it (align '<', '>', '^'; '=' puts them between prefix and body),
// built once after a memory check (format's width).
func padded(prefix, body string, fill rune, count int, align byte) string {
	fillBytes := repeatedLen(count, utf8.RuneLen(fill))
	checkStrBytes(addLen(fillBytes, len(prefix)+len(body)))
	var b strings.Builder
	b.Grow(fillBytes + len(prefix) + len(body))
	pad := func(k int) {
		if fill < utf8.RuneSelf {
			for ; k > 0; k -= min(k, 1<<16) {
				poll()
				b.WriteString(strings.Repeat(string(fill), min(k, 1<<16)))
			}
			return
		}
		for i := 0; i < k; i++ {
			pollAt(i)
			b.WriteRune(fill)
		}
	}
	switch align {
	case '<':
		b.WriteString(prefix + body)
		pad(count)
	case '^':
		pad(count / 2)
		b.WriteString(prefix + body)
		pad(count - count/2)
	case '=':
		b.WriteString(prefix)
		pad(count)
		b.WriteString(body)
	default:
		pad(count)
		b.WriteString(prefix + body)
	}
	return b.String()
}

// pollEveryItems is how many items (characters, list slots) the
// evaluator's own long loops handle between two polls for Ctrl-C.
const pollEveryItems = 1 << 16

// pollAt polls for Ctrl-C on every pollEveryItems-th iteration i.
func pollAt(i int) {
	if i&(pollEveryItems-1) == 0 {
		poll()
	}
}

// isASCII reports whether s has only ASCII bytes (then byte i is
// character i).
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// strItem is s[idx] for a str: one character, or a slice. ASCII strings
// are indexed by byte; others are decoded once. The result's size is
// checked before it is built, and long slices poll for Ctrl-C.
func strItem(s Str, idx Value) Value {
	str := string(s)
	var rs []rune
	n := len(str)
	if !isASCII(str) {
		checkMemory(utf8.RuneCountInString(str), 4)
		rs = []rune(str)
		n = len(rs)
	}
	at := func(i int) string {
		if rs == nil {
			return string(rune(str[i])) // not str[i:i+1], which keeps str alive
		}
		return string(rs[i])
	}
	sl, ok := idx.(*Slice)
	if !ok {
		return Str(at(seqIndex("string", idx, n)))
	}
	start, stop, step := sliceIndices(sl, n)
	count := 0
	if step > 0 && stop > start {
		count = (stop-start-1)/step + 1
	} else if step < 0 && start > stop {
		count = (start-stop-1)/-step + 1
	}
	if step == 1 && rs == nil {
		if count == len(str) {
			return s
		}
		// A copy, as in Python: a substring would keep all of a big
		// string alive.
		checkStrBytes(count)
		return Str(strings.Clone(str[start : start+count]))
	}
	if step == 1 {
		checkMemory(count, 4)
		return Str(string(rs[start : start+count]))
	}
	size := count
	if rs != nil {
		size = repeatedLen(count, 4)
	}
	checkStrBytes(size)
	var b strings.Builder
	b.Grow(size)
	for k, i := 0, start; k < count; k, i = k+1, i+step {
		pollAt(k)
		if rs == nil {
			b.WriteByte(str[i])
		} else {
			b.WriteRune(rs[i])
		}
	}
	return Str(b.String())
}

// checkIntValue counts a big int's bytes against the memory cap.
func checkIntValue(bits int) {
	if bits > 1<<16 {
		checkStrBytes(bits / 8)
	}
}

// copyElems is a new slice with the items of elems (list(), sorted()),
// after a memory check.
func copyElems(elems []Value) []Value {
	checkSlots(len(elems))
	return append([]Value{}, elems...)
}

// checkTupleItem checks the memory for the i-th tuple of n slots that a
// loop makes (enumerate, zip), and polls for Ctrl-C.
func checkTupleItem(i, n int) {
	pollAt(i)
	checkMemory(n+2, slotBytes)
}

// sliceLen is how many indices start, start+step, ... lie before stop
// (the indices of slice.indices).
func sliceLen(start, stop, step int) int {
	switch {
	case step > 0 && stop > start:
		return (stop-start-1)/step + 1
	case step < 0 && start > stop:
		return (start-stop-1)/-step + 1
	}
	return 0
}

// assignSlice is elems[start:stop:step] = vals for a list: Python's
// ValueError when an extended slice and vals differ in length; a plain
// slice is replaced by vals, after a memory check.
func assignSlice(elems []Value, start, stop, step int, vals []Value) []Value {
	if step != 1 {
		n := sliceLen(start, stop, step)
		if n != len(vals) {
			throw("ValueError", errExtSliceAssign, len(vals), n)
		}
		for k, i := 0, start; k < n; k, i = k+1, i+step {
			pollAt(k)
			elems[i] = vals[k]
		}
		return elems
	}
	stop = max(stop, start)
	checkSlots(addLen(len(elems)-(stop-start), len(vals)))
	out := make([]Value, 0, len(elems)-(stop-start)+len(vals))
	out = append(out, elems[:start]...)
	out = append(out, vals...)
	return append(out, elems[stop:]...)
}

// deleteSlice is del elems[start:stop:step] for a list, in place and in
// one pass.
func deleteSlice(elems []Value, start, stop, step int) []Value {
	n := sliceLen(start, stop, step)
	if n == 0 {
		return elems
	}
	if step < 0 {
		// The same indices, ascending.
		start, step = start+(n-1)*step, -step
	}
	out := elems[:start]
	next := start // the next index to drop
	for i := start; i < len(elems); i++ {
		pollAt(i)
		if i == next && n > 0 {
			next += step
			n--
			continue
		}
		out = append(out, elems[i])
	}
	clear(elems[len(out):]) // let the dropped items go
	return out
}
