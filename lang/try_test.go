package lang

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// TestTry is a scratch harness: SRC parses one input, SRCFILE a file of
// JSON strings (one per line), printing results.
func TestTry(t *testing.T) {
	if src := os.Getenv("SRC"); src != "" {
		stmts, err := Parse(src, 1)
		fmt.Printf("err: %v\n", err)
		for _, s := range stmts {
			fmt.Println(Dump(s))
		}
		return
	}
	f := os.Getenv("SRCFILE")
	if f == "" {
		t.Skip()
	}
	fh, _ := os.Open(f)
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var s string
		json.Unmarshal(sc.Bytes(), &s)
		stmts, err := Parse(s, 1)
		if err != nil {
			e := err.(*Error)
			fmt.Printf("%s | %s %d %d\n", js(s), js(e.Msg), e.Pos.Line, e.Pos.Col)
			continue
		}
		out := ""
		for _, s := range stmts {
			out += Dump(s) + " "
		}
		fmt.Printf("%s | OK %s\n", js(s), out)
	}
}

func js(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return string(bytes.TrimSpace(b.Bytes()))
}
