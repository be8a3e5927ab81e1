//go:build js

package main

// notifySIGPIPE: js/wasm has no SIGPIPE; a write to a broken output is
// already an error there.
func notifySIGPIPE() {}
