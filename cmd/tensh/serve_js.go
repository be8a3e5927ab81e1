//go:build js

package main

import (
	"fmt"
	"io"
)

// serveCommand: a tensh compiled for js/wasm cannot listen on a network;
// the browser version is served by a native tensh.
func serveCommand(args []string, stdout, stderr io.Writer, ready func(addr string)) int {
	fmt.Fprintln(stderr, "tensh serve: not in the js/wasm build of tensh (run it with a native tensh)")
	return exitUsage
}

// kernelCommand: nor can it be a Jupyter kernel (ZeroMQ sockets).
func kernelCommand(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tensh kernel: not in the js/wasm build of tensh (run it with a native tensh)")
	return exitUsage
}
