package lang

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestPerfDbg(t *testing.T) {
	if os.Getenv("PERF") == "" {
		t.Skip()
	}
	inputs := map[string]string{
		"plus":    strings.Repeat("1+", 5<<20) + "1",
		"plus100k": strings.Repeat("1+", 100000) + "1",
		"list":    "[" + strings.Repeat("1,", 5<<20) + "]",
		"list120k":    "[" + strings.Repeat("1,", 120000) + "]",
		"str":     `"` + strings.Repeat("a", 10<<20) + `"`,
		"ident":   strings.Repeat("x", 10<<20),
		"comment": "#" + strings.Repeat("x", 10<<20),
		"nest":    strings.Repeat("(", 10000) + strings.Repeat(")", 10000),
		"not":     strings.Repeat("not ", 2<<20) + "x",
		"neg":     strings.Repeat("-", 10<<20) + "x",
		"attr":    "x" + strings.Repeat(".a", 5<<20),
		"fstr":    `f"` + strings.Repeat("{x}", 3<<20) + `"`,
		"fstr50k":    `f"` + strings.Repeat("{x}", 50000) + `"`,
		"esc":     `"` + strings.Repeat(`\n`, 5<<20) + `"`,
		"nl":      strings.Repeat("x\n", 5<<20),
		"semi":      strings.Repeat("x;", 5<<20),
		"bad":     strings.Repeat("\xff", 10<<20),
		"cond":    strings.Repeat("a if b else ", 100000) + "c",
		"pow":     strings.Repeat("2**", 100000) + "2",
		"call":    "f" + strings.Repeat("()", 100000),
	}
	for name, src := range inputs {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		t0 := time.Now()
		_, err := Parse(src, 1)
		d := time.Since(t0)
		runtime.ReadMemStats(&m1)
		msg := "ok"
		if err != nil {
			msg = err.Error()
			if len(msg) > 80 {
				msg = msg[:80]
			}
		}
		fmt.Printf("%-10s %8v alloc=%6dMB %s\n", name, d.Round(time.Millisecond), (m1.TotalAlloc-m0.TotalAlloc)>>20, msg)
	}
}

func BenchmarkParseTypical(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Parse("y = torch.randn(3, 4) @ w + b", 1)
	}
}

func BenchmarkParseFString(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Parse(`print(f"{x.shape} {v:.3f}")`, 1)
	}
}
