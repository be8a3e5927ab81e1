// node worker.js DIR < requests.json: runs the page's Web Worker
// (DIR/worker.js, with DIR/wasm_exec.js and DIR/tensh.wasm) under Node.js,
// on stand-ins for the worker's globals (importScripts, postMessage,
// fetch), sends it the requests (a JSON array of [op, ...args]) and prints
// the answers as one JSON object (web's TestWorkerUnderNode):
// {"ready": version, "results": [value, ...], "interrupted": [{kind, text}...]}.
// The last request runs an endless loop while a second thread sets the
// shared interrupt flag after 300 ms, as the page's Interrupt button does.
"use strict";
const fs = require("fs");
const path = require("path");
const { Worker } = require("worker_threads");
const dir = process.argv[2];
globalThis.require = require;
globalThis.fs = fs;
globalThis.path = path;
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("perf_hooks").performance;
globalThis.crypto ??= require("crypto");
globalThis.importScripts = (...files) => files.forEach((f) => require(path.join(dir, f)));
globalThis.fetch = async (name) => ({ ok: true, arrayBuffer: async () => fs.readFileSync(path.join(dir, name)) });
globalThis.onmessage = null;

const requests = JSON.parse(fs.readFileSync(0, "utf8"));
const out = { ready: null, results: [] };
const flag = new Int32Array(new SharedArrayBuffer(4));
let id = 0;
globalThis.postMessage = (m) => {
  if (m.op === "failed") {
    console.error("failed:", m.message);
    process.exit(1);
  }
  if (m.op === "ready") {
    out.ready = m.version;
    return;
  }
  if (m.id === "loop") {
    out.interrupted = m.value;
    out.after = null;
    onmessage({ data: { op: "run", id: "after", args: ["print(i > 0)"] } });
    return;
  }
  if (m.id === "after") {
    out.after = m.value;
    process.stdout.write(JSON.stringify(out));
    process.exit(0);
  }
  out.results[m.id] = m.value;
  if (m.id === requests.length - 1) {
    // The Interrupt button, from another thread while the engine runs.
    new Worker("const {workerData} = require('worker_threads'); setTimeout(() => Atomics.store(workerData, 0, 1), 300);",
      { eval: true, workerData: flag });
    onmessage({ data: { op: "run", id: "loop", args: ["i = 0\nwhile True:\n    i += 1"] } });
  }
};
require(path.join(dir, "worker.js"));
onmessage({ data: { op: "init", flag } });
requests.forEach(([op, ...args]) => onmessage({ data: { op, id: id++, args } }));
