//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package main

// lockFile does not lock where flock is missing: two tensh processes that
// write their history at the same moment may lose one's lines (the file is
// still replaced atomically, never torn).
func lockFile(path string) (unlock func(), err error) {
	return func() {}, nil
}
