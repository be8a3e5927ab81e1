//go:build !linux && !js

package main

// runMode leaves the terminal as it is: Ctrl-C is SIGINT while a statement
// runs (see ctrlc_linux.go).
func runMode(fd int) (restore func()) { return func() {} }
