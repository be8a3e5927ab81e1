// tensh in the browser: loads tensh.wasm (cmd/tensh-wasm) with Go's
// wasm_exec.js and runs cells through tensh.run, which returns what the
// terminal prints as [{kind, text}, ...] (kinds: out, warn, error, hint,
// exit), shown with the terminal's colours (index.html's CSS). The page
// asks nothing of the network but its own files.
"use strict";

const statusEl = document.getElementById("status");
const cellsEl = document.getElementById("cells");
let ready = false;

// addCell appends a cell with the given source and returns its textarea.
function addCell(source = "") {
  const cell = document.createElement("div");
  cell.className = "cell";
  const input = document.createElement("textarea");
  input.spellcheck = false;
  input.value = source;
  const output = document.createElement("pre");
  output.className = "output";
  cell.append(input, output);
  cellsEl.append(cell);
  fit(input);
  input.addEventListener("input", () => fit(input));
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && ev.shiftKey) {
      ev.preventDefault();
      runCell(cell);
    }
  });
  return input;
}

// fit makes a textarea as tall as its lines.
function fit(input) {
  input.rows = Math.max(1, input.value.split("\n").length);
}

// runCell runs a cell, shows its output under it and moves to the next
// cell (a new one after the last).
function runCell(cell) {
  if (!ready) {
    return;
  }
  const input = cell.querySelector("textarea");
  const output = cell.querySelector(".output");
  output.textContent = "";
  for (const seg of globalThis.tensh.run(input.value)) {
    const span = document.createElement("span");
    span.className = seg.kind;
    span.textContent = seg.text;
    output.append(span);
  }
  const next = cell.nextElementSibling;
  (next ? next.querySelector("textarea") : addCell()).focus();
}

// tenshReady is called by tensh.wasm once tensh.run is defined.
globalThis.tenshReady = () => {
  ready = true;
  statusEl.textContent = "tensh " + globalThis.tensh.version;
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
  go.run(result.instance); // returns when the program exits: never
}

document.getElementById("add").addEventListener("click", () => addCell().focus());
addCell("a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])").focus();
load().catch((err) => {
  statusEl.textContent = "tensh.wasm did not load: " + err.message;
});
