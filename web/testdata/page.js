// node page.js DIR: loads DIR/main.js (the page's script, with DIR/wasm_exec.js
// and DIR/tensh.wasm) on a minimal stand-in for the DOM, runs two cells with
// Shift-Enter and prints what the page shows (web's TestPageUnderNode). It
// is no browser: the page in a real browser is not tested yet (docs/web.md).
"use strict";
const fs = require("fs");
const web = process.argv[2];
class El {
  constructor(tag) { this.tag = tag; this.children = []; this.listeners = {}; this.className = ""; this.value = ""; this._text = ""; this.parent = null; }
  append(...cs) { for (const c of cs) { c.parent = this; this.children.push(c); } }
  addEventListener(t, f) { this.listeners[t] = f; }
  set textContent(v) { this._text = v; this.children = []; }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(""); }
  querySelector(sel) {
    for (const c of this.children) {
      if ((sel.startsWith(".") && c.className === sel.slice(1)) || c.tag === sel) return c;
      const r = c.querySelector(sel); if (r) return r;
    }
    return null;
  }
  get nextElementSibling() { const s = this.parent.children; const i = s.indexOf(this); return s[i + 1] || null; }
  focus() { globalThis.focused = this; }
}
const els = { status: new El("span"), cells: new El("div"), add: new El("button") };
globalThis.document = { getElementById: (id) => els[id], createElement: (t) => new El(t) };
globalThis.fetch = async (name) => ({ ok: true, arrayBuffer: async () => fs.readFileSync(web + "/" + name) });
globalThis.require = require; globalThis.fs = fs; globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder; globalThis.TextDecoder = require("util").TextDecoder;
globalThis.crypto ??= require("crypto");
require(web + "/wasm_exec.js");
require(web + "/main.js");
globalThis.tenshReady = ((ready) => () => { ready(); setTimeout(check, 0); })(globalThis.tenshReady);
function check() {
  console.log("status:", els.status.textContent);
  const cell = els.cells.children[0];
  cell.querySelector("textarea").listeners.keydown({ key: "Enter", shiftKey: true, preventDefault() {} });
  console.log("out:", JSON.stringify(cell.querySelector(".output").children.map((s) => [s.className, s.textContent])));
  const next = focused; next.value = "a + torch.ones(2)";
  next.listeners.keydown({ key: "Enter", shiftKey: true, preventDefault() {} });
  console.log("out2:", JSON.stringify(next.parent.querySelector(".output").children.map((s) => [s.className, s.textContent])));
  console.log("cells:", els.cells.children.length);
  process.exit(0);
}
