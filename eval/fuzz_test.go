package eval

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tensh/tensh/runtime/tensor"
)

// FuzzEval runs random sequences of statements, built from the fuzzer's
// bytes with a small grammar (names bound to small tensors and Python
// values, operators, torch functions, Tensor methods and properties,
// indexing, in-place and augmented assignment, del, a few magics), and
// fails on any Go panic (InternalError) and on exceptions of other kinds
// than Python's and PyTorch's. Runs are bounded: a small memory cap, and
// each statement is interrupted after statementBudget.
//
//	go test ./eval -run '^$' -fuzz FuzzEval -fuzztime 20s -parallel 1
//
// A failure prints the statements; add them to fuzzRegressions.
func FuzzEval(f *testing.F) {
	for _, seed := range [][]byte{
		nil,
		[]byte("\x05\x01\x02\x03\x04\x05\x06\x07"),
		[]byte("\x01\x00\x06\x00\x03\x01\x07\x02\x02\x05\x06"),
		[]byte("\x03\x07\x01\x02\x00\x09\x03\x04\x05\x01\x02\x03\x0a\x0b"),
		[]byte("\x02\x03\x06\x01\x04\x05\x00\x07\x08\x09\x02\x03\x01\x05\x06\x07\x08\x09\x0a"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &stmtGen{data: data}
		var stmts []string
		for k := 0; k < maxFuzzStatements && !g.done(); k++ {
			stmts = append(stmts, g.stmt())
		}
		runFuzzStatements(t, stmts)
	})
}

// fuzzRegressions are statement sequences that once failed FuzzEval (or
// the hand-run checks of issue 6).
var fuzzRegressions = [][]string{
	{"l = [1]", "l.append(l)", "repr(l)", "l == l", "str(l)", "f'{l}'", "torch.tensor(l)"},
	{"a = [1]", "a.append(a)", "b = [1]", "b.append(b)", "a == b"},
	{"a = [1]", "a.append(a)", "b = [1]", "b.append(b)", "a < b", "max(a, b)"},
	{"len(range(-2**63, 2**63-1))", "range(-2**63, 2**63-1)[5]", "list(range(-2**63, 2**63-1))"},
	{"[] * 10**12", "'' * 10**12", "[1] * 10**12", "(1,) * -5", "'ab' * 10**18"},
	{"%explain i[..., ...]", "%explain x[..., 0, ...]", "x[..., 0, ...]"},
	{"%explain fl @ (x).abs(dim=x)", "%explain x + y.sum(dim=x)"},
	{"l = [1]", "l.append(l)", "x[l]", "x[[l]]", "x[0, l]", "x[[l]] = 1", "a = [1]", "b = [a]", "a.append(b)", "x[[a]]", "torch.tensor(a)"},
	{"f'{1:10000000000}'", "f'{1:99999999999999999999}'", "f'{1.5:.999999999}'", "f'{1.5:.2147483648}'",
		"f'{1.5:.2147483647f}'", "f'{1:,>9223372036854775807}'", "f'{st:^10000000000}'"},
	{"not " + strings.Repeat("-", 3000) + "1", "%timeit -n 1 " + strings.Repeat("+", 3000) + "1", "%explain " + strings.Repeat("-", 3000) + "x"},
	{"def f(n):\n    return f(n + 1)\n", "f(0)", "g = (x for x in range(3))", "list(g)", "[x for x in g]",
		"def c():\n    v = 0\n    def i():\n        nonlocal v\n        v += 1\n        return v\n    return i\n", "c()()",
		"try:\n    raise ValueError(1)\nexcept ValueError as e:\n    raise\n", "with 5:\n    pass\n",
		"for a, *b in [[1], [2, 3]]:\n    print(a, b)\n", "{**{1: 2}}", "[*range(3)]", "raise ValueError from KeyError()"},
	{"torch.ones(3).as_strided((), (), 2**62)", "round(1, -2**63)", "x[1::2**63-1] = torch.ones(2)", "round(10, -(2**31))", "torch.ones(3)[::2**63]"},
	{"10**12 in range(10**13)", "True in range(2)", "2.0 in range(3)", "'a' in range(3)", "-4 in range(0, -10, -2)"},
}

// TestFuzzRegressions runs fuzzRegressions as FuzzEval would.
func TestFuzzRegressions(t *testing.T) {
	for _, stmts := range fuzzRegressions {
		runFuzzStatements(t, stmts)
	}
}

const (
	maxFuzzStatements = 8
	statementBudget   = time.Second
	fuzzMemoryLimit   = 64 << 20
	// interruptSlack is how long past its budget a statement may run: it
	// should stop within 100 ms of the interrupt, but the machine may be
	// busy.
	interruptSlack = 3 * time.Second
)

// allowedExceptions are the exception types a statement may raise.
var allowedExceptions = map[string]bool{
	"RuntimeError": true, "IndexError": true, "TypeError": true, "ValueError": true,
	"NameError": true, "AttributeError": true, "ZeroDivisionError": true,
	"SyntaxError": true, "OverflowError": true, "MemoryError": true,
	"NotImplementedError": true, "KeyError": true, "UsageError": true,
	"RecursionError": true, "ModuleNotFoundError": true, "ImportError": true,
	"AssertionError": true, "KeyboardInterrupt": true,
	"UnboundLocalError": true, "IndentationError": true, "StopIteration": true,
}

func runFuzzStatements(t *testing.T, stmts []string) {
	t.Helper()
	// The cap counts the whole Go heap, which holds the fuzzing engine's
	// own data too: the statements get fuzzMemoryLimit above that.
	old := tensor.MemoryLimit()
	tensor.SetMemoryLimit(tensor.HeapInUse() + fuzzMemoryLimit)
	defer tensor.SetMemoryLimit(old)
	defer tensor.ClearInterrupt()
	s := NewSession(Options{Out: io.Discard, Warn: io.Discard})
	for _, src := range fuzzSetup {
		if e := s.Exec(src, 1); e != nil {
			t.Fatalf("setup %q: %v", src, e)
		}
	}
	for i, src := range stmts {
		tensor.ClearInterrupt()
		timer := time.AfterFunc(statementBudget, tensor.Interrupt)
		start := time.Now()
		e := s.Exec(src, 1)
		took := time.Since(start)
		timer.Stop()
		if took > statementBudget+interruptSlack {
			t.Fatalf("statement %d ran %v: it did not stop when interrupted\nstatements:\n\t%s", i+1, took, strings.Join(stmts[:i+1], "\n\t"))
		}
		if e != nil && !allowedExceptions[e.Type] {
			t.Fatalf("statement %d raised %s\nstatements:\n\t%s", i+1, e.FirstLine(), strings.Join(stmts[:i+1], "\n\t"))
		}
	}
	// The session is still usable.
	if e := s.Exec("1 + 1", 1); e != nil {
		t.Fatalf("after the statements: %v\nstatements:\n\t%s", e, strings.Join(stmts, "\n\t"))
	}
}

// fuzzSetup binds the names the statements use.
var fuzzSetup = []string{
	"x = torch.arange(6.).reshape(2, 3)",
	"y = torch.tensor([1., -2., 0.5])",
	"z = torch.zeros(2, 1, 3, dtype=torch.float64)",
	"b = x > 2",
	"i = torch.tensor([0, 1, -1])",
	"h = torch.ones(2, 2, dtype=torch.float16)",
	"u = torch.tensor([1, 2, 255], dtype=torch.uint8)",
	"e = torch.empty(0, 3)",
	"s0 = torch.tensor(3.5)",
	"w = x.t()",
	"g = torch.rand(300, 200)", // above the kernels' parallel grain
	"n = 2; l = [1, [2, 3]]; tp = (1, 2); st = 'ab'; fl = 1.5",
}

var (
	fuzzNames   = []string{"x", "y", "z", "b", "i", "h", "u", "e", "s0", "w", "g", "n", "l", "tp", "st", "fl", "torch", "q"}
	fuzzTargets = []string{"x", "y", "z", "b", "i", "h", "w", "n", "l", "q", "r"}
	fuzzInts    = append([]string{"0", "1", "2", "3", "-1", "-2", "5", "10", "100", "10**20", "True"}, fuzzHugeInts...)
	// fuzzHugeInts are the integers at the edges of the int32 and int64
	// ranges (and past them), which args also puts in any argument
	// position.
	fuzzHugeInts = []string{"2**31", "-(2**31)", "2**31-1", "2**62", "-(2**62)", "2**63-1", "2**63", "-(2**63)", "-(2**63)-1", "2**64", "-(2**64)"}
	fuzzFloats   = []string{"0.5", "-1.5", "0.0", "-0.0", "1e308", "1e-320", "float('nan')", "float('inf')", "-float('inf')", "3.0"}
	fuzzDTypes   = []string{"torch.bool", "torch.uint8", "torch.int8", "torch.int16", "torch.int32", "torch.int64",
		"torch.float16", "torch.bfloat16", "torch.float32", "torch.float64"}
	fuzzStrings     = []string{"'ab'", "''", "'cpu'", "'cuda'", "'floor'", "'trunc'", "'x'", "'cuda:0'"}
	fuzzFormatSpecs = []string{"", ">5", "^9.3e", ".2f", ",", "_x", "#o", "c", "+.1%", "010.4g", ".999999999", "10000000000",
		".2147483647f", "99999999999999999999", "s", "=10", "z.1f"}
	fuzzKwargs = []string{"dim", "keepdim", "dtype", "out", "alpha", "rounding_mode", "min", "max", "value",
		"device", "size", "start", "end", "step", "requires_grad", "decimals", "other", "input", "sep", "end"}
	fuzzBinOps  = []string{"+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "and", "or", "is", "in", "not in"}
	fuzzAugOps  = []string{"+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "&=", "|=", "^=", "<<=", ">>="}
	fuzzUnOps   = []string{"-", "+", "~", "not "}
	fuzzBuiltin = []string{"len", "list", "tuple", "sum", "max", "min", "abs", "int", "float", "bool", "str", "repr",
		"round", "range", "type", "isinstance", "sorted", "reversed", "enumerate", "zip", "print",
		"dict", "set", "frozenset", "map", "filter", "iter", "next", "divmod", "pow", "hex", "chr", "ord", "format",
		"hash", "id", "dir", "getattr", "hasattr", "callable", "vars", "any", "all", "'a{}b'.format", "'x-y'.split", "'%s' %"}
)

// fuzzProps are the Tensor properties (registered by init functions, so
// read when the generator runs).
func fuzzProps() []string {
	var p []string
	for k := range tensorProps {
		p = append(p, k)
	}
	sort.Strings(p)
	return p
}

// stmtGen turns bytes into statements: each choice takes one byte (0 once
// the bytes run out), so that similar inputs give similar programs.
type stmtGen struct {
	data  []byte
	pos   int
	depth int
}

func (g *stmtGen) done() bool { return g.pos >= len(g.data) }

func (g *stmtGen) n(k int) int {
	if g.pos >= len(g.data) {
		return 0
	}
	b := g.data[g.pos]
	g.pos++
	return int(b) % k
}

func (g *stmtGen) pick(xs []string) string { return xs[g.n(len(xs))] }

func (g *stmtGen) stmt() string {
	if g.depth < 2 && g.n(4) == 0 {
		return g.compound()
	}
	switch g.n(10) {
	case 0, 1:
		return g.expr()
	case 2:
		return g.pick(fuzzTargets) + " = " + g.expr()
	case 3:
		return g.pick(fuzzTargets) + " " + g.pick(fuzzAugOps) + " " + g.expr()
	case 4:
		return g.pick(fuzzTargets) + "[" + g.index() + "] = " + g.expr()
	case 5:
		return g.pick(fuzzTargets) + ", " + g.pick(fuzzTargets) + " = " + g.expr()
	case 6:
		return "del " + g.pick(fuzzTargets)
	case 7:
		switch g.n(4) {
		case 0:
			return "%explain " + g.expr()
		case 1:
			return "%strides " + g.expr()
		case 2:
			return "%who"
		}
		return "%compat " + g.pick([]string{"current", "docs"})
	case 8:
		return g.pick(fuzzTargets) + "[" + g.index() + "] " + g.pick(fuzzAugOps) + " " + g.expr()
	}
	return g.expr() + "." + g.pick(TensorMethodNames()) + "(" + g.args() + ")"
}

func (g *stmtGen) expr() string {
	if g.depth >= 3 {
		return g.atom()
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.n(16) {
	case 0, 1:
		return g.atom()
	case 2:
		return g.expr() + " " + g.pick(fuzzBinOps) + " " + g.expr()
	case 3:
		return g.pick(fuzzUnOps) + g.expr()
	case 4, 5:
		return "torch." + g.pick(TorchFunctionNames()) + "(" + g.args() + ")"
	case 6, 7:
		return g.primary() + "." + g.pick(TensorMethodNames()) + "(" + g.args() + ")"
	case 8, 9:
		return g.primary() + "[" + g.index() + "]"
	case 10:
		return g.primary() + "." + g.pick(fuzzProps())
	case 11:
		return "[" + g.list() + "]"
	case 12:
		if l := g.list(); l != "" {
			return "(" + l + ",)"
		}
		return "()"
	case 13:
		return g.pick(fuzzBuiltin) + "(" + g.args() + ")"
	case 14:
		return g.expr() + " if " + g.expr() + " else " + g.expr()
	case 15:
		switch g.n(4) {
		case 0:
			return "f'{" + g.expr() + ":" + g.pick(fuzzFormatSpecs) + "}'"
		case 1:
			return "[" + g.expr() + " for " + g.pick(fuzzTargets) + " in " + g.expr() + " if " + g.expr() + "]"
		case 2:
			return "(lambda " + g.pick(fuzzTargets) + ", *a, k=1: " + g.expr() + ")(" + g.args() + ")"
		}
		return "{" + g.expr() + ": " + g.expr() + " for " + g.pick(fuzzTargets) + " in " + g.expr() + "}"
	}
	return "(" + g.expr() + ")"
}

// compound is a compound statement over generated statements: loops,
// conditionals, functions (defined and called), try and with.
func (g *stmtGen) compound() string {
	g.depth++
	defer func() { g.depth-- }()
	body := func() string {
		return strings.ReplaceAll(g.stmt(), "\n", "\n    ")
	}
	switch g.n(8) {
	case 0:
		return "for " + g.pick(fuzzTargets) + " in " + g.expr() + ":\n    " + body() + "\n    " + g.pick([]string{"break", "continue", "pass"}) + "\n"
	case 1:
		return "if " + g.expr() + ":\n    " + body() + "\nelif " + g.expr() + ":\n    " + body() + "\nelse:\n    " + body() + "\n"
	case 2:
		return "k = 0\nwhile k < 3:\n    k += 1\n    " + body() + "\n"
	case 3:
		return "def fz(x, y=1, *r, **kw):\n    " + body() + "\n    return " + g.expr() + "\n"
	case 4:
		return "fz(" + g.args() + ")"
	case 5:
		return "try:\n    " + body() + "\nexcept (" + g.pick([]string{"ValueError", "RuntimeError", "TypeError", "Exception", "IndexError"}) + ") as e:\n    " + body() + "\nfinally:\n    " + body() + "\n"
	case 6:
		return "with " + g.expr() + " as " + g.pick(fuzzTargets) + ":\n    " + body() + "\n"
	}
	return g.pick(fuzzTargets) + ", *" + g.pick(fuzzTargets) + " = " + g.expr()
}

// primary is an expression that can take a method call or a subscript
// without parentheses.
func (g *stmtGen) primary() string {
	if g.n(3) == 0 {
		return "(" + g.expr() + ")"
	}
	return g.pick(fuzzNames)
}

func (g *stmtGen) atom() string {
	switch g.n(8) {
	case 0, 1, 2:
		return g.pick(fuzzNames)
	case 3:
		return g.pick(fuzzInts)
	case 4:
		return g.pick(fuzzFloats)
	case 5:
		return g.pick(fuzzDTypes)
	case 6:
		return g.pick(fuzzStrings)
	}
	return g.pick([]string{"None", "True", "False", "...", "[]", "()", "[1, 2]", "[[1, 2], [3, 4]]", "[True, False]", "(2, 3)"})
}

func (g *stmtGen) list() string {
	k := g.n(4)
	parts := make([]string, k)
	for j := range parts {
		parts[j] = g.expr()
	}
	return strings.Join(parts, ", ")
}

// args are mostly simple (names and numbers), so that calls get past
// their argument checks often enough to run.
func (g *stmtGen) args() string {
	arg := func() string {
		switch k := g.n(10); {
		case k == 0:
			return g.pick(fuzzHugeInts)
		case k < 7:
			return g.atom()
		}
		return g.expr()
	}
	var parts []string
	for range g.n(4) {
		parts = append(parts, arg())
	}
	if g.n(4) == 0 {
		parts = append(parts, g.pick(fuzzKwargs)+"="+arg())
	}
	return strings.Join(parts, ", ")
}

func (g *stmtGen) index() string {
	k := 1 + g.n(3)
	parts := make([]string, k)
	for j := range parts {
		switch g.n(7) {
		case 0:
			parts[j] = g.pick(fuzzInts)
		case 1:
			parts[j] = g.slice()
		case 2:
			parts[j] = "None"
		case 3:
			parts[j] = "..."
		case 4:
			parts[j] = g.expr()
		case 5:
			parts[j] = "[" + g.pick(fuzzInts) + ", " + g.pick(fuzzInts) + "]"
		default:
			parts[j] = g.pick([]string{"b", "i", "x > 0", "y < 0", "u"})
		}
	}
	return strings.Join(parts, ", ")
}

func (g *stmtGen) slice() string {
	part := func() string {
		if g.n(2) == 0 {
			return ""
		}
		return g.pick(fuzzInts)
	}
	s := part() + ":" + part()
	if g.n(2) == 1 {
		s += ":" + part()
	}
	return s
}

// TestFuzzEvalGenerator prints what the generator makes of some inputs
// (TENSH_FUZZ_SHOW=1), to see that it covers the grammar.
func TestFuzzEvalGenerator(t *testing.T) {
	if os.Getenv("TENSH_FUZZ_SHOW") == "" {
		t.Skip("TENSH_FUZZ_SHOW=1 prints generated statements")
	}
	for seed := range 20 {
		data := make([]byte, 64)
		for j := range data {
			data[j] = byte((seed*131 + j*17 + j*j*7) % 251)
		}
		g := &stmtGen{data: data}
		for !g.done() {
			fmt.Println(g.stmt())
		}
	}
}
