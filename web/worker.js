// tensh's engine in a Web Worker: loads tensh.wasm (cmd/tensh-wasm) with
// Go's wasm_exec.js and answers the page's messages (main.js), so that the
// page stays responsive while a cell runs and can interrupt it.
//
// page -> worker: {op: "init", flag}   flag: an Int32Array on a
//                                      SharedArrayBuffer, or null
//                 {op, id, args}       op: run, complete, transcript, cells
// worker -> page: {op: "ready", version, timing: {load, init}} (ms to
//                 fetch and compile tensh.wasm, then to start the engine)
//                 {op: "result", id, value}
//                 {op: "failed", message}   tensh.wasm did not load
"use strict";

importScripts("wasm_exec.js");

const started = performance.now();
let instantiated = 0;
const pending = []; // messages that came before tensh was ready
let ready = false;
let flag = null; // the interrupt flag shared with the page

function handle(msg) {
  const t = globalThis.tensh;
  if (msg.op === "init") {
    flag = msg.flag || null;
    t.setInterruptFlag(flag);
    return;
  }
  let value;
  switch (msg.op) {
    case "run":
      if (flag) Atomics.store(flag, 0, 0); // an interrupt while no cell ran
      value = t.run(...msg.args);
      break;
    case "complete":
      value = t.complete(...msg.args);
      break;
    case "transcript":
      value = t.transcript();
      break;
    case "cells":
      value = t.cells(...msg.args);
      break;
    default:
      value = null;
  }
  postMessage({ op: "result", id: msg.id, value });
}

onmessage = (ev) => {
  if (!ready) {
    pending.push(ev.data);
    return;
  }
  handle(ev.data);
};

globalThis.tenshReady = () => {
  ready = true;
  const timing = { load: instantiated - started, init: performance.now() - instantiated };
  postMessage({ op: "ready", version: globalThis.tensh.version, timing });
  for (const msg of pending.splice(0)) handle(msg);
};

async function load() {
  const go = new Go();
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch("tensh.wasm"), go.importObject);
  } catch (err) {
    // A server that does not send application/wasm: instantiate from bytes.
    const resp = await fetch("tensh.wasm");
    if (!resp.ok) {
      throw new Error("tensh.wasm: " + resp.status + " " + resp.statusText);
    }
    result = await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject);
  }
  instantiated = performance.now();
  await go.run(result.instance); // returns when the program exits: never, unless it fails
  throw new Error("the engine stopped (out of memory?)");
}

load().catch((err) => postMessage({ op: "failed", message: String(err && err.message || err) }));
