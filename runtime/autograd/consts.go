package autograd

import "math"

var nan = math.NaN()
