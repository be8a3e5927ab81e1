package tensor

// Log is the natural logarithm as glibc's log computes it (correctly
// rounded; see random_libm.go), for the samplers outside this package
// that call the C library's log (NumPy's legacy Gaussian).
func Log(x float64) float64 { return crLog(x) }
