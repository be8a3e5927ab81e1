package web

// The library modules `import numpy` and `import paddle` bind, as in the
// terminal (cmd/tensh/libs.go): each registers itself with the
// interpreter core (eval.RegisterModule) when linked.
import (
	_ "github.com/tensh/tensh/lib/numpy"
	_ "github.com/tensh/tensh/lib/paddle"
	_ "github.com/tensh/tensh/lib/torch"
	_ "github.com/tensh/tensh/magic"
	_ "github.com/tensh/tensh/teach"
)
