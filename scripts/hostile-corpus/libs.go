//go:build unix

package main

// The libraries register their functions with eval when linked: the
// generator draws torch functions and Tensor methods from eval's
// registries, so it links what cmd/tensh links.
import (
	_ "github.com/tensh/tensh/lib/numpy"
	_ "github.com/tensh/tensh/lib/paddle"
	_ "github.com/tensh/tensh/lib/torch"
	_ "github.com/tensh/tensh/magic"
	_ "github.com/tensh/tensh/teach"
)
