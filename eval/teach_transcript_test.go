package eval

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTeachTranscripts runs the transcripts of testdata/teach (the
// teaching features: %explain, %trace, %strides, hints, the notebook
// magics) statement by statement in one session per file, as `tensh
// check` does, and compares what each statement prints with the lines
// under it (trailing spaces and trailing blank lines ignored).
func TestTeachTranscripts(t *testing.T) {
	files, err := filepath.Glob("../testdata/teach/*.tsh")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in testdata/teach: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			runTeachTranscript(t, f, string(src))
		})
	}
}

func trimLines(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimRight(l, " \t")
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

func runTeachTranscript(t *testing.T, name, src string) {
	var buf bytes.Buffer
	s := NewSession(Options{Out: &buf})
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	for i := 0; i < len(lines); {
		if !strings.HasPrefix(lines[i], ">>> ") && lines[i] != ">>>" {
			i++
			continue
		}
		first := i + 1
		code := []string{strings.TrimPrefix(strings.TrimPrefix(lines[i], ">>>"), " ")}
		i++
		for i < len(lines) && (strings.HasPrefix(lines[i], "... ") || lines[i] == "...") {
			code = append(code, strings.TrimPrefix(strings.TrimPrefix(lines[i], "..."), " "))
			i++
		}
		var want []string
		for i < len(lines) && !strings.HasPrefix(lines[i], ">>> ") && lines[i] != ">>>" && !strings.HasPrefix(lines[i], "#") {
			want = append(want, lines[i])
			i++
		}
		buf.Reset()
		if e := s.Exec(strings.Join(code, "\n"), first); e != nil {
			buf.WriteString(e.FirstLine() + "\n")
		}
		got := trimLines(strings.Split(buf.String(), "\n"))
		want = trimLines(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s:%d: >>> %s\n--- want\n%s\n--- got\n%s", name, first, code[0], strings.Join(want, "\n"), strings.Join(got, "\n"))
		}
	}
}
