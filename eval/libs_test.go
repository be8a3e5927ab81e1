package eval_test

// The library modules the transcripts import (numpy, paddle) register
// themselves with the core when linked into the test binary, as
// cmd/tensh links them into the command.
import (
	_ "github.com/tensh/tensh/lib/numpy"
	_ "github.com/tensh/tensh/lib/paddle"
	_ "github.com/tensh/tensh/lib/torch"
	_ "github.com/tensh/tensh/magic"
	_ "github.com/tensh/tensh/teach"
)
