package tensor

// glibc's double-precision exp, log, sin and cos (exp and log ported in
// libm_glibc*.go; sin and cos as glibc computes them, see
// random_sincos.go), for callers outside this package that reproduce C
// code calling the C library: NumPy's legacy Gaussian and its float64
// ufuncs.

// Log is glibc's log.
func Log(x float64) float64 { return GlibcLog(x) }

// Exp is glibc's exp.
func Exp(x float64) float64 { return GlibcExp(x) }

// Sin is glibc's sin.
func Sin(x float64) float64 { return libmSin(x) }

// Cos is glibc's cos.
func Cos(x float64) float64 { return libmCos(x) }
