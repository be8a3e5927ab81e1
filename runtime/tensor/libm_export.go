package tensor

// glibc's double-precision exp, log, sin and cos (correctly rounded exp
// and log, which glibc is in practice; sin and cos as glibc computes
// them, see random_sincos.go), for callers outside this package that
// reproduce C code calling the C library: NumPy's legacy Gaussian and its
// float64 ufuncs.

// Log is glibc's log.
func Log(x float64) float64 { return crLog(x) }

// Exp is glibc's exp.
func Exp(x float64) float64 { return expCorrect(x) }

// Sin is glibc's sin.
func Sin(x float64) float64 { return libmSin(x) }

// Cos is glibc's cos.
func Cos(x float64) float64 { return libmCos(x) }
