package teach

// The teaching layer's tests run torch, NumPy and Paddle statements, as
// cmd/tensh links them.
import (
	_ "github.com/tensh/tensh/lib/numpy"
	_ "github.com/tensh/tensh/lib/paddle"
	_ "github.com/tensh/tensh/lib/torch"
)
