//go:build !unix

package magic

type cpuTime struct{ user, sys float64 }

// cpuTimes is not available here: %time prints the wall time only.
func cpuTimes() (cpuTime, bool) { return cpuTime{}, false }
