//go:build !unix

package eval

type cpuTime struct{ user, sys float64 }

// cpuTimes is not available here: %time prints the wall time only.
func cpuTimes() (cpuTime, bool) { return cpuTime{}, false }
