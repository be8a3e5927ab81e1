//go:build js

package eval

import "time"

// processCPUTime is the time since the start: the browser has no CPU
// clock for the page.
func processCPUTime() time.Duration { return time.Since(processStart) }
