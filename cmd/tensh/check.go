package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tensh/tensh/eval"
)

// check runs each transcript in a fresh session and compares what every
// statement prints with its expected output (eval.Check); it prints a
// unified diff per mismatching statement and "N passed, M failed". With
// update, the files get what tensh printed instead.
func check(files []string, update bool, opts eval.Options, stdout, stderr io.Writer) int {
	srcs := make([]string, len(files))
	for i, name := range files {
		b, err := readTranscript(name)
		if err != nil {
			fmt.Fprintf(stderr, "tensh: cannot open %s: %v\n", name, unwrapPathError(err))
			return exitUsage
		}
		srcs[i] = string(b)
	}
	passed, failed, updated := 0, 0, 0
	for i, name := range files {
		if strings.HasSuffix(name, ".ipynb") {
			if update {
				fmt.Fprintf(stderr, "tensh: %s: check --update does not rewrite notebooks (run them in Jupyter)\n", name)
				return exitUsage
			}
			p, f, err := checkNotebook(name, []byte(srcs[i]), opts, stdout)
			if err != nil {
				fmt.Fprintf(stderr, "tensh: %v\n", err)
				return exitUsage
			}
			passed, failed = passed+p, failed+f
			continue
		}
		t := eval.ParseTranscript(name, srcs[i])
		got := map[int][]string{}
		for i, r := range eval.Check(t, opts) {
			if r.Interrupted {
				// Ctrl-C: nothing is updated, and no summary is printed.
				fmt.Fprintf(stderr, "%s:%d: KeyboardInterrupt\n", name, r.Chunk.Line)
				return exitInterrupted
			}
			if r.OK {
				passed++
				continue
			}
			failed++
			got[i] = r.Printed
			if !update {
				fmt.Fprint(stdout, r.Diff(name))
			}
		}
		if update && len(got) > 0 {
			if err := writeFileAtomic(name, []byte(t.Rewrite(got))); err != nil {
				fmt.Fprintf(stderr, "tensh: %v\n", err)
				return exitError
			}
			fmt.Fprintf(stdout, "%s: updated %d statements\n", name, len(got))
			updated += len(got)
		}
	}
	if update {
		fmt.Fprintf(stdout, "%d passed, %d updated\n", passed, updated)
		return exitOK
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitError
	}
	return exitOK
}

// maxTranscriptBytes bounds the transcripts check reads (whole, to rewrite
// them): 64 MiB, far past any real one, and short of /dev/zero.
const maxTranscriptBytes = 64 << 20

// readTranscript reads a transcript file of at most maxTranscriptBytes.
func readTranscript(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxTranscriptBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxTranscriptBytes {
		return nil, fmt.Errorf("bigger than %d MiB: not a transcript", maxTranscriptBytes>>20)
	}
	return b, nil
}
