package main

import "golang.org/x/sys/unix"

// runMode switches the terminal on fd, for as long as the REPL runs, so
// that Ctrl-C typed while a statement runs arrives as a byte (ISIG off;
// ICANON off, so that it arrives at once) instead of as SIGINT to the
// terminal's whole foreground process group (at the prompt, readline's raw
// mode is made from this one). The process that started tensh (`go run`, a script) then never
// sees the interrupt, and tensh's exit status is its own however it was
// started. Echo and output processing stay as they are. restore puts the
// terminal back.
func runMode(fd int) (restore func()) {
	old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return func() {}
	}
	t := *old
	t.Lflag &^= unix.ISIG | unix.ICANON
	t.Cc[unix.VMIN], t.Cc[unix.VTIME] = 1, 0
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, &t); err != nil {
		return func() {}
	}
	return func() { unix.IoctlSetTermios(fd, unix.TCSETS, old) }
}
