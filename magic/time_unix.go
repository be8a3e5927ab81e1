//go:build unix

package magic

import (
	"syscall"
)

type cpuTime struct{ user, sys float64 }

// cpuTimes is the process's user and system CPU time, as IPython's
// clock2 reads it (resource.getrusage).
func cpuTimes() (cpuTime, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return cpuTime{}, false
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return cpuTime{user: tv(ru.Utime), sys: tv(ru.Stime)}, true
}
