//go:build unix

package magic

import (
	"syscall"
)

// Open flags of %save and %run: never follow a symbolic link for
// writing; never wait on a FIFO.
const (
	openNoFollow = syscall.O_NOFOLLOW
	openNonBlock = syscall.O_NONBLOCK
)
