package lang

import "testing"

// BenchmarkParseStatement parses a typical 40-character statement
// (without Parse's memory of the last input).
func BenchmarkParseStatement(b *testing.B) {
	srcs := []string{"y = torch.zeros(3, 4) + x.sum(dim=1) * 2", "z = torch.ones(3, 4) - x.mean(dim=0) / 2"}
	for i := 0; i < b.N; i++ {
		if _, err := parse(srcs[i%2], 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseBlock parses a small function definition.
func BenchmarkParseBlock(b *testing.B) {
	srcs := []string{
		"def f(a, b=2):\n    s = 0\n    for i in range(a):\n        if i % b:\n            s += i\n    return s\n",
		"def g(a, b=3):\n    s = 0\n    for i in range(a):\n        if i % b:\n            s -= i\n    return s\n",
	}
	for i := 0; i < b.N; i++ {
		if _, err := parse(srcs[i%2], 1); err != nil {
			b.Fatal(err)
		}
	}
}
