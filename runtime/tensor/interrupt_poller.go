package tensor

import "sync/atomic"

// An interrupt can also come from outside the process's signals: in the
// browser (cmd/tensh-wasm) the page's Interrupt button sets a flag in
// memory that the engine's Web Worker shares with the page, and nothing
// else runs while a statement runs there (js/wasm has one thread, so no
// goroutine could watch the flag). The interrupt polls below (Interrupted,
// CheckInterrupt, CheckInterruptAlways) therefore also ask a poller, now
// and then, whether an interrupt was requested.

// poller is SetInterruptPoller's function (nil: none).
var poller atomic.Pointer[func() bool]

// pollTicks counts the polls, so that the poller is asked every
// pollerEvery-th time (it may cost a call into JavaScript).
var pollTicks atomic.Uint32

const pollerEvery = 128

// SetInterruptPoller installs f (nil removes it): every pollerEvery-th
// interrupt poll calls it, and when it reports true, the poll acts as if
// Interrupt had been called.
func SetInterruptPoller(f func() bool) {
	if f == nil {
		poller.Store(nil)
		return
	}
	poller.Store(&f)
}

// pollOutside asks the poller, when there is one, every pollerEvery-th time.
func pollOutside() {
	if f := poller.Load(); f != nil && pollTicks.Add(1)%pollerEvery == 0 && (*f)() {
		Interrupt()
	}
}
