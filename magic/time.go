package magic

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/lang"
)

// %time and %timeit, with IPython's output formats and %timeit's rule
// for the number of loops.

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "time",
		Usage: "%time STMT",
		Doc:   "Runs STMT once and prints the CPU and wall-clock time it took (IPython's format), then its value.",
		Run:   func(s *eval.Session, arg string) { timeOnce(s, arg) },
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "timeit",
		Usage: "%timeit [-n N] [-r R] [-q] STMT",
		Doc: "Times STMT as IPython does: without -n, the number of loops is the first of 1, 10, 100, ... " +
			"whose run takes at least 0.2 s; then R runs (default 7) of that many loops; prints the mean " +
			"and standard deviation per loop. Values are not printed.",
		Run: func(s *eval.Session, arg string) { timeit(s, arg) },
	})
}

// formatTime is IPython's _format_time: 3 significant digits and a unit
// (s, ms, µs, ns), or days/hours/minutes past a minute.
func formatTime(t float64, precision int) string {
	if t >= 60 {
		parts := []struct {
			suffix string
			length float64
		}{{"d", 86400}, {"h", 3600}, {"min", 60}, {"s", 1}}
		var out []string
		left := t
		for _, p := range parts {
			v := math.Floor(left / p.length)
			if v > 0 {
				left = math.Mod(left, p.length)
				out = append(out, strconv.Itoa(int(v))+p.suffix)
			}
			if left < 1 {
				break
			}
		}
		return strings.Join(out, " ")
	}
	units := []string{"s", "ms", "\u00b5s", "ns"}
	scaling := []float64{1, 1e3, 1e6, 1e9}
	order := 3
	if t > 0 {
		order = min(-int(math.Floor(math.Floor(math.Log10(t))/3)), 3)
		order = max(order, 0)
	}
	return pyG(t*scaling[order], precision) + " " + units[order]
}

// pyG is Python's "%.*g".
func pyG(v float64, precision int) string {
	s := strconv.FormatFloat(v, 'g', precision, 64)
	// Go writes exponents with at least two digits, as Python does.
	return s
}

// parseStatements parses the statement(s) of a timing magic.
func parseStatements(s *eval.Session, src string) []lang.Stmt {
	stmts, err := lang.Parse(src, 1)
	if err != nil {
		panic(eval.SyntaxError(err))
	}
	return stmts
}

// runQuiet runs statements without printing expression values.
func runQuiet(s *eval.Session, stmts []lang.Stmt) {
	defer s.SetQuiet(true)()
	for _, st := range stmts {
		s.ExecStmt(st)
	}
}

func timeOnce(s *eval.Session, src string) {
	if strings.TrimSpace(src) == "" {
		eval.Throw("UsageError", msgTimeUsage, "time", "time")
	}
	stmts := parseStatements(s, src)
	defer s.SetSource(src)()
	var value eval.Value
	defer s.SetQuiet(true)()
	cpu0, cpuOK := cpuTimes()
	t0 := time.Now()
	for i, st := range stmts {
		if es, ok := st.(*lang.ExprStmt); ok && i == len(stmts)-1 {
			value = s.Eval(es.X)
			continue
		}
		s.ExecStmt(st)
	}
	wall := time.Since(t0).Seconds()
	cpu1, _ := cpuTimes()
	if cpuOK {
		user, sys := cpu1.user-cpu0.user, cpu1.sys-cpu0.sys
		s.Print(fmt.Sprintf("CPU times: user %s, sys: %s, total: %s\n", formatTime(user, 3), formatTime(sys, 3), formatTime(user+sys, 3)))
	}
	s.Print(fmt.Sprintf("Wall time: %s\n", formatTime(wall, 3)))
	if value != nil {
		if _, isNone := value.(eval.NoneType); !isNone {
			s.Display(value)
		}
	}
}

// timeit is %timeit [-n N] [-r R] [-q] STMT.
func timeit(s *eval.Session, arg string) {
	number, repeat, quiet := 0, 7, false
	fields := strings.Fields(arg)
	i := 0
	intOpt := func(opt string) int {
		var v string
		if len(fields[i]) > 2 {
			v = fields[i][2:]
		} else if i+1 < len(fields) {
			i++
			v = fields[i]
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			eval.Throw("UsageError", msgTimeitBadOpt, fmt.Sprintf("option %s needs a positive number", opt))
		}
		return n
	}
	for ; i < len(fields) && strings.HasPrefix(fields[i], "-"); i++ {
		switch {
		case strings.HasPrefix(fields[i], "-n"):
			number = intOpt("-n")
		case strings.HasPrefix(fields[i], "-r"):
			repeat = intOpt("-r")
		case fields[i] == "-q":
			quiet = true
		default:
			eval.Throw("UsageError", msgTimeitBadOpt, "unknown option "+fields[i])
		}
	}
	// The statement is the rest of the line as written.
	rest := arg
	for k := 0; k < i; k++ {
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), fields[k]))
	}
	if rest == "" {
		eval.Throw("UsageError", msgTimeUsage, "timeit", "timeit")
	}
	stmts := parseStatements(s, rest)
	defer s.SetSource(rest)()
	run := func(n int) float64 {
		t0 := time.Now()
		for k := 0; k < n; k++ {
			eval.Poll()
			runQuiet(s, stmts)
		}
		return time.Since(t0).Seconds()
	}
	if number == 0 {
		for index := 0; index < 10; index++ {
			number = int(math.Pow10(index))
			if run(number) >= 0.2 {
				break
			}
		}
	}
	// Mean and deviation as the runs come (Welford's), in constant memory
	// whatever -r is (issue 27 item 6: an array of -r floats was made up
	// front).
	best, worst := math.Inf(1), 0.0
	mean, m2 := 0.0, 0.0
	for r := 1; r <= repeat; r++ {
		t := run(number) / float64(number)
		best = math.Min(best, t)
		worst = math.Max(worst, t)
		d := t - mean
		mean += d / float64(r)
		m2 += d * (t - mean)
	}
	std := math.Sqrt(m2 / float64(repeat))
	if quiet {
		return
	}
	if worst > 4*best && best > 0 && worst > 1e-6 {
		s.Print(fmt.Sprintf(msgSlowest, worst/best) + "\n")
	}
	s.Print(timeitLine(mean, std, repeat, number) + "\n")
}

// timeitLine is IPython's TimeitResult text.
func timeitLine(mean, std float64, repeat, loops int) string {
	plural := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	return fmt.Sprintf("%s \u00b1 %s per loop (mean \u00b1 std. dev. of %d run%s, %s loop%s each)",
		formatTime(mean, 3), formatTime(std, 3), repeat, plural(repeat), thousands(loops), plural(loops))
}

// thousands is Python's "{:,}".
func thousands(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
