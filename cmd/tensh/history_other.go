//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package main

import (
	"io/fs"
	"os"
)

// openNoBlock opens a file (FIFOs do not block opens here).
func openNoBlock(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}

// writable: the mode bits (readHistoryFile) are all there is to check.
func writable(path string) bool { return true }

// keepOwner: no owners to keep.
func keepOwner(tmp string, fi fs.FileInfo) error { return nil }
