package main

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// runMode switches the terminal on fd, for as long as the REPL runs, so
// that Ctrl-C typed while a statement runs arrives as a byte (ISIG off;
// ICANON off, so that it arrives at once) instead of as SIGINT to the
// terminal's whole foreground process group (at the prompt, readline's raw
// mode is made from this one). The process that started tensh (`go run`, a script) then never
// sees the interrupt, and tensh's exit status is its own however it was
// started. Echo and output processing stay as they are.
//
// restore puts the terminal back exactly as it was found; it must run
// after readline has let the terminal go (readline's Close puts back the
// mode it found, which is this one). It is also run when tensh is ended by
// SIGTERM, SIGHUP or SIGQUIT (then the signal is delivered again, with its
// default action); runREPL's deferred Close runs it on a normal return and
// when a panic unwinds the REPL (statements run under eval's recover).
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
	var once sync.Once
	put := func() { once.Do(func() { unix.IoctlSetTermios(fd, unix.TCSETS, old) }) }
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	stop := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			put()
			signal.Reset(sig)
			unix.Kill(os.Getpid(), sig.(syscall.Signal))
			time.Sleep(time.Second) // the signal ends the process
			os.Exit(128 + int(sig.(syscall.Signal)))
		case <-stop:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(stop)
		put()
	}
}
