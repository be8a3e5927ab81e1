// Command tensh is an interactive shell for a small PyTorch-like language.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tensh/tensh/eval"
)

func main() {
	echo := flag.Bool("echo", false, "transcript mode: print each statement and its output")
	code := flag.String("c", "", "run CODE")
	compat := flag.String("compat", "docs", "docs|current")
	flag.Parse()
	c, ok := eval.ParseCompat(*compat)
	if !ok {
		fmt.Fprintln(os.Stderr, "tensh: --compat must be docs or current")
		os.Exit(2)
	}
	var src, name string
	switch {
	case *code != "":
		src, name = *code, "<string>"
	case flag.NArg() == 1:
		b, err := os.ReadFile(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "tensh:", err)
			os.Exit(2)
		}
		src, name = string(b), flag.Arg(0)
	default:
		fmt.Fprintln(os.Stderr, "usage: tensh [--echo] FILE | -c CODE")
		os.Exit(2)
	}
	if *echo {
		s := eval.NewSession(eval.Options{Out: os.Stdout, Compat: c})
		s.RunEcho(src)
		return
	}
	s := eval.NewSession(eval.Options{Out: os.Stdout, Warn: os.Stderr, Filename: name, Compat: c})
	if s.RunScript(name, src, os.Stderr) != nil {
		os.Exit(1)
	}
}
