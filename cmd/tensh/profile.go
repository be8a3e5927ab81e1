package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// startProfile starts a CPU profile of the run into $TENSH_CPUPROFILE
// when it is set (for docs/performance.md's profiles: `go tool pprof
// tensh FILE`); the returned function stops it. nil when not profiling.
func startProfile(stderr io.Writer) func() {
	path := os.Getenv("TENSH_CPUPROFILE")
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "tensh: TENSH_CPUPROFILE: %v\n", err)
		return nil
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "tensh: TENSH_CPUPROFILE: %v\n", err)
		f.Close()
		return nil
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
