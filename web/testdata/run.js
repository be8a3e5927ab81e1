// node run.js WASM_EXEC_JS TENSH_WASM < cells.json
//
// Loads tensh.wasm (cmd/tensh-wasm) as the page does, runs the cells (a
// JSON array of strings) through tensh.run and prints
// {"version": ..., "out": [[{kind, text}, ...], ...]} (web's
// TestWasmMatchesNative). The globals are those that Go's
// wasm_exec_node.js sets for wasm_exec.js.
"use strict";
const fs = require("fs");
const [wasmExec, wasmFile] = process.argv.slice(2);
globalThis.require = require;
globalThis.fs = fs;
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
require(wasmExec);

const cells = JSON.parse(fs.readFileSync(0, "utf8"));
globalThis.tenshReady = () => {
  const out = cells.map((c) => globalThis.tensh.run(c));
  out.push(globalThis.tensh.run()); // no argument: an error segment
  process.stdout.write(JSON.stringify({ version: globalThis.tensh.version, out }));
  process.exit(0);
};
const go = new Go();
WebAssembly.instantiate(fs.readFileSync(wasmFile), go.importObject)
  .then((r) => go.run(r.instance))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
