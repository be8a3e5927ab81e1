//go:build tensh_web && !js

package web

import "embed"

// The browser version that scripts/build-web placed in web/ (tensh.wasm.gz,
// wasm_exec.js, lessons.json), embedded for `tensh serve` in a tensh built with
// -tags tensh_web. Without the tag tensh builds without them (a fresh clone
// has none), and `tensh serve` says how to get them.
//
//go:embed tensh.wasm.gz wasm_exec.js lessons.json
var builtFS embed.FS

func init() { built = builtFS }
