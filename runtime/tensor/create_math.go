package tensor

import "math"

// Pow is C's pow(x, y) as glibc computes it.
func Pow(x, y float64) float64 { return math.Pow(x, y) }
