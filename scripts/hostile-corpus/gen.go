//go:build unix

package main

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/tensh/tensh/eval"
)

// The generator: hostile statements built from every torch function,
// Tensor method and Python builtin tensh has, called with extreme
// arguments (integers at and past the int32 and int64 edges, huge sizes,
// NaN and infinities, empty and huge strings, nested and self-containing
// lists, odd dtypes), plus indexing, slicing, operators, formatting and
// string and list methods on big values. Two parts:
//
//   - a sweep: every callable with each extreme integer in each of its
//     first three argument positions (the other arguments small);
//   - random statements from a seeded generator, for the rest.

// setup binds the names the statements use; it runs at the start of each
// chunk and again every setupEvery statements (statements rebind and
// delete names).
var setup = []string{
	"x = torch.arange(6.).reshape(2, 3)",
	"y = torch.tensor([1., -2., 0.5])",
	"i = torch.tensor([0, 1, -1])",
	"b = x > 2",
	"h = torch.ones(2, 2, dtype=torch.float16)",
	"u = torch.tensor([1, 2, 255], dtype=torch.uint8)",
	"e = torch.empty(0, 3)",
	"z = torch.tensor(3.5)",
	"v = torch.zeros(1).expand(10**6)",
	"s = 'ab'; l = [1, [2, 3]]; t = (1, 2); n = 3; f = 1.5; q = [1]; q.append(q)",
}

const setupEvery = 40

var (
	hugeInts  = []string{"2**31", "-(2**31)", "2**31-1", "2**62", "-(2**62)", "2**63-1", "2**63", "-(2**63)", "-(2**63)-1", "2**64", "-(2**64)", "10**100"}
	smallInts = []string{"0", "1", "-1", "2", "3", "-2", "True", "False"}
	floats    = []string{"float('nan')", "float('inf')", "-float('inf')", "1e308", "-1e308", "5e-324", "-0.0", "0.5", "1e20"}
	strs      = []string{"''", "'ab'", "'x' * 10**6", "'é' * 1000", "'\\x00'", "'%s%d{}'", "'cpu'", "'cuda'", "'floor'", "'sum'", "'nuc'", "'fro'", "s * 2**20"}
	seqs      = []string{"[]", "()", "[1, 2]", "[[1, 2], [3]]", "q", "l", "t", "[2**63]", "[1.5, 'a']", "(2**31, 2**31)", "[0] * 10**5", "range(2**62)", "range(-2**63, 2**63-1)"}
	tensors   = []string{"x", "y", "i", "b", "h", "u", "e", "z", "v", "x.t()", "x[:, ::2]", "torch.zeros(0)", "torch.zeros(1).expand(2**40)", "torch.zeros(2**20)", "torch.tensor(float('nan'))"}
	dtypes    = []string{"torch.bool", "torch.uint8", "torch.int8", "torch.int32", "torch.int64", "torch.float16", "torch.bfloat16", "torch.float32", "torch.float64"}
	others    = []string{"None", "...", "slice(2**63)", "slice(None, None, 2**63)", "torch", "print", "len"}
	kwNames   = []string{"dim", "keepdim", "dtype", "out", "alpha", "rounding_mode", "min", "max", "value", "size", "start", "end", "step", "decimals", "p", "n", "k", "sep", "end", "reverse", "ndigits", "offset", "diagonal", "repeats", "chunks", "sections"}
	specs     = []string{">1000000", "^999999999", "010000000000", ".2147483647", ".999999999f", ",", "_x", "#o", "c", "+.1%", "z.1f", "=-2147483648", "99999999999999999999", "é^100000"}
	binOps    = []string{"+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>", "==", "<", "in", "is", "and"}
	augOps    = []string{"+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|="}
	strMeths  = []string{"upper()", "lower()", "strip()", "split()", "split('a')", "replace('a', 'bb' * 1000)", "join([s] * 10**5)", "startswith('a')", "count('a')", "find('b')", "format(2**63)"}
	listMeths = []string{"append(l)", "extend(l * 1000)", "insert(2**63, 1)", "pop(2**63)", "index(2**64)", "count(q)", "copy()", "reverse()", "sort()"}
	magics    = []string{"%who", "%whos", "%history", "%strides x", "%explain x + y", "%time x + 1", "%timeit -n 1 x + 1", "%compat current", "%compat docs"}
)

type generator struct {
	r       *rand.Rand
	torch   []string
	methods []string
	builtin []string
}

func newGenerator(seed uint64) *generator {
	return &generator{
		r:       rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		torch:   eval.TorchFunctionNames(),
		methods: eval.TensorMethodNames(),
		builtin: eval.BuiltinNames(),
	}
}

func (g *generator) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

// sweep is every callable with each huge integer in each of its first
// three argument positions.
func (g *generator) sweep() []string {
	var calls []string
	for _, f := range g.torch {
		calls = append(calls, "torch."+f)
	}
	for _, m := range g.methods {
		calls = append(calls, "x."+m, "i."+m)
	}
	for _, b := range g.builtin {
		calls = append(calls, b)
	}
	var out []string
	for _, c := range calls {
		for pos := 0; pos < 3; pos++ {
			for _, n := range hugeInts {
				args := make([]string, pos+1)
				for k := range args {
					args[k] = g.pick([]string{"x", "1", "0", "2"})
				}
				args[pos] = n
				if strings.HasPrefix(c, "torch.") && pos == 0 && g.r.IntN(2) == 0 {
					args = append([]string{"x"}, args...)
				}
				out = append(out, c+"("+strings.Join(args, ", ")+")")
			}
		}
	}
	return out
}

// atom is one hostile value.
func (g *generator) atom() string {
	switch g.r.IntN(10) {
	case 0, 1:
		return g.pick(hugeInts)
	case 2:
		return g.pick(smallInts)
	case 3:
		return g.pick(floats)
	case 4:
		return g.pick(strs)
	case 5:
		return g.pick(seqs)
	case 6, 7:
		return g.pick(tensors)
	case 8:
		return g.pick(dtypes)
	}
	return g.pick(others)
}

func (g *generator) args() string {
	var parts []string
	for range g.r.IntN(4) {
		parts = append(parts, g.atom())
	}
	if g.r.IntN(3) == 0 {
		parts = append(parts, g.pick(kwNames)+"="+g.atom())
	}
	return strings.Join(parts, ", ")
}

func (g *generator) index() string {
	part := func() string {
		if g.r.IntN(3) == 0 {
			return ""
		}
		return g.pick(append(hugeInts, smallInts...))
	}
	switch g.r.IntN(6) {
	case 0:
		return part() + ":" + part() + ":" + part()
	case 1:
		return part() + ":" + part()
	case 2:
		return g.atom()
	case 3:
		return "..., " + g.pick(hugeInts)
	case 4:
		return "None, " + part() + "::" + part()
	}
	return "[" + g.pick(hugeInts) + ", 0]"
}

// statement is one random hostile statement.
func (g *generator) statement() string {
	switch g.r.IntN(16) {
	case 0, 1, 2:
		return "torch." + g.pick(g.torch) + "(" + g.args() + ")"
	case 3, 4, 5:
		return g.pick(tensors) + "." + g.pick(g.methods) + "(" + g.args() + ")"
	case 6:
		return g.pick(g.builtin) + "(" + g.args() + ")"
	case 7:
		return g.pick(append(tensors, seqs...)) + "[" + g.index() + "]"
	case 8:
		return g.pick([]string{"x", "y", "i", "l", "q", "v", "h"}) + "[" + g.index() + "] = " + g.atom()
	case 9:
		return g.atom() + " " + g.pick(binOps) + " " + g.atom()
	case 10:
		return g.pick([]string{"x", "y", "s", "l", "n", "f", "h"}) + " " + g.pick(augOps) + " " + g.atom()
	case 11:
		return "f'{" + g.atom() + ":" + g.pick(specs) + "}'"
	case 12:
		return g.pick([]string{"s", "('ab' * 10**6)", "str(l)", "repr(q)"}) + "." + g.pick(strMeths)
	case 13:
		return g.pick([]string{"l", "q", "([1, 2] * 10**5)"}) + "." + g.pick(listMeths)
	case 14:
		return g.pick([]string{"repr", "str", "print", "len", "round", "int", "float", "sorted", "list", "tuple"}) + "(" + g.atom() + ", " + g.atom() + ")"
	}
	if g.r.IntN(4) == 0 {
		return g.pick(magics)
	}
	return fmt.Sprintf("%s = %s", g.pick([]string{"x", "s", "l", "w"}), g.atom())
}

// corpus is n statements: the sweep first, then random ones.
func (g *generator) corpus(n int) []string {
	out := g.sweep()
	if len(out) > n {
		out = out[:n]
	}
	for len(out) < n {
		out = append(out, g.statement())
	}
	return out
}

// sampled is k statements of corpus drawn at even steps (all of it when k
// is 0 or not smaller), so a short run still reaches the sweep's every
// part and the random statements.
func sampled(corpus []string, k int) []string {
	if k <= 0 || k >= len(corpus) {
		return corpus
	}
	out := make([]string, 0, k)
	for j := range k {
		out = append(out, corpus[j*len(corpus)/k])
	}
	return out
}
