//go:build js && wasm

// Command tensh-wasm is tensh's engine for the browser (web/): built with
// GOOS=js GOARCH=wasm (scripts/build-web), it defines on the page's global
// object
//
//	tensh.run(source)  runs a cell; returns [{kind, text}, ...]
//	                   (kinds: out, warn, error, hint, exit; see web.Segment;
//	                   a call without one string gets one error segment)
//	tensh.version      "0.2.0 (abc1234)", as stamped by scripts/release
//
// and then calls tenshReady() when the page defined it. The cells share
// one session (web.Notebook), as statements at the terminal prompt do.
package main

import (
	"syscall/js"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/web"
)

// msgRunArgs is tensh.run's answer to a call without one string.
const msgRunArgs = "TypeError: tensh.run takes one argument, the cell's source (a string)\n"

// Stamped by scripts/build-web (-ldflags -X).
var (
	version = "devel"
	commit  = ""
)

func main() {
	nb := web.NewNotebook(eval.CompatDocs)
	api := js.Global().Get("Object").New()
	api.Set("run", js.FuncOf(func(this js.Value, args []js.Value) any {
		segs := []web.Segment{{Kind: web.Error, Text: msgRunArgs}}
		if len(args) == 1 && args[0].Type() == js.TypeString {
			segs = nb.Run(args[0].String())
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
