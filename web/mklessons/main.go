// Command mklessons writes the lesson menu of tensh's browser page: the
// guides of the docs (web.LessonFiles) as cells, in JSON
// ([{title, file, cells}, ...]). scripts/build-web runs it:
//
//	go run ./web/mklessons [-root DIR] -o OUT/lessons.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/tensh/tensh/web"
)

func main() {
	root := flag.String("root", ".", "the repository's root")
	out := flag.String("o", "", "the file to write (default: stdout)")
	flag.Parse()
	lessons, err := web.Lessons(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mklessons:", err)
		os.Exit(1)
	}
	b, err := json.Marshal(lessons)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mklessons:", err)
		os.Exit(1)
	}
	b = append(b, '\n')
	if *out == "" {
		os.Stdout.Write(b)
		return
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "mklessons:", err)
		os.Exit(1)
	}
}
