//go:build !js

package main

import (
	"os"
	"os/signal"
	"syscall"
)

// notifySIGPIPE makes a write to a broken standard output an error
// (BrokenPipeError) rather than the end of the process.
func notifySIGPIPE() { signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE) }
