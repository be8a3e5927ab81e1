//go:build js && wasm

// Command tensh-wasm is tensh's engine for the browser (web/): built with
// GOOS=js GOARCH=wasm (scripts/build-web), it runs in the page's Web
// Worker (web/worker.js), and defines on its global object
//
//	tensh.run(source)          runs a cell; returns [{kind, text}, ...]
//	                           (kinds: out, warn, error, hint, exit, svg; see
//	                           web.Segment; a call without one string gets one
//	                           error segment)
//	tensh.complete(before, after)
//	                           completes the word before the cursor of a line
//	                           (before and after it): {word, items}
//	tensh.transcript()         the session as a .tsh transcript
//	tensh.cells(name, text)    a transcript's (or a .md guide's) cells
//	tensh.setInterruptFlag(a)  a: an Int32Array on a SharedArrayBuffer;
//	                           storing 1 in a[0] interrupts the running cell
//	tensh.version              "0.2.0 (abc1234)", as stamped by scripts/release
//
// and then calls tenshReady() when the page defined it. The cells share
// one session (web.Notebook), as statements at the terminal prompt do.
package main

import (
	"syscall/js"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
	"github.com/tensh/tensh/web"
)

// msgRunArgs is tensh.run's answer to a call without one string.
const msgRunArgs = "TypeError: tensh.run takes one argument, the cell's source (a string)\n"

// memoryLimit is the engine's memory cap in the browser (tensor's
// --max-memory): a page's WebAssembly gets at most a few GiB, and past
// what the browser gives, the Go runtime stops the program; under the cap
// a statement that asks for more fails with PyTorch's allocator error (or
// MemoryError), and the session goes on.
const memoryLimit = 1 << 30

// Stamped by scripts/build-web (-ldflags -X).
var (
	version = "devel"
	commit  = ""
)

// stringArgs returns the call's arguments when they are n strings.
func stringArgs(args []js.Value, n int) ([]string, bool) {
	if len(args) != n {
		return nil, false
	}
	out := make([]string, n)
	for i, a := range args {
		if a.Type() != js.TypeString {
			return nil, false
		}
		out[i] = a.String()
	}
	return out, true
}

func array(items []string) js.Value {
	out := js.Global().Get("Array").New()
	for _, s := range items {
		out.Call("push", s)
	}
	return out
}

func main() {
	tensor.SetMemoryLimit(memoryLimit)
	nb := web.NewNotebook(eval.CompatCurrent)
	api := js.Global().Get("Object").New()
	api.Set("run", js.FuncOf(func(this js.Value, args []js.Value) any {
		segs := []web.Segment{{Kind: web.Error, Text: msgRunArgs}}
		if a, ok := stringArgs(args, 1); ok {
			segs = nb.Run(a[0])
		}
		out := js.Global().Get("Array").New()
		for _, s := range segs {
			seg := js.Global().Get("Object").New()
			seg.Set("kind", s.Kind)
			seg.Set("text", s.Text)
			out.Call("push", seg)
		}
		return out
	}))
	api.Set("complete", js.FuncOf(func(this js.Value, args []js.Value) any {
		res := js.Global().Get("Object").New()
		a, ok := stringArgs(args, 2)
		if !ok {
			return js.Null()
		}
		word, items := nb.Complete(a[0]+a[1], len(a[0]))
		res.Set("word", word)
		res.Set("items", array(items))
		return res
	}))
	api.Set("transcript", js.FuncOf(func(this js.Value, args []js.Value) any {
		return nb.Transcript()
	}))
	api.Set("cells", js.FuncOf(func(this js.Value, args []js.Value) any {
		a, ok := stringArgs(args, 2)
		if !ok {
			return js.Null()
		}
		return array(web.Cells(a[0], a[1]))
	}))
	api.Set("setInterruptFlag", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].IsNull() || args[0].IsUndefined() {
			tensor.SetInterruptPoller(nil)
			return nil
		}
		flag, atomics := args[0], js.Global().Get("Atomics")
		tensor.SetInterruptPoller(func() bool {
			return atomics.Call("exchange", flag, 0, 0).Int() != 0
		})
		return nil
	}))
	v := version
	if commit != "" {
		v += " (" + commit + ")"
	}
	api.Set("version", v)
	js.Global().Set("tensh", api)
	if ready := js.Global().Get("tenshReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the page calls tensh.run for as long as it is open
}
