//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package main

import (
	"io/fs"
	"os"
	"syscall"
)

// openNoBlock opens a file without blocking: opening a FIFO would wait
// for its other end.
func openNoBlock(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NONBLOCK, perm)
}

// writable reports whether the process may write the file, as access(2)
// says.
func writable(path string) bool { return syscall.Access(path, wOK) == nil }

// wOK is access(2)'s W_OK.
const wOK = 2

// keepOwner gives the file tmp the owner and group of fi's file (when
// tensh runs as root and rewrites another user's history).
func keepOwner(tmp string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || (int(st.Uid) == os.Geteuid() && int(st.Gid) == os.Getegid()) {
		return nil
	}
	return os.Chown(tmp, int(st.Uid), int(st.Gid))
}
