// tensh in the browser: the page. The engine (tensh.wasm, cmd/tensh-wasm)
// runs in a Web Worker (worker.js), so that the page stays responsive while
// a cell runs and the Interrupt button (or Esc) can stop it: through a flag
// in memory shared with the worker when the page is cross-origin isolated
// (tensh serve sends the headers for it), else by stopping the worker and
// starting a new session. Outputs are what the terminal prints, in pieces
// ({kind, text}: out, warn, error, hint, exit, svg) coloured as the
// terminal colours them (index.html's CSS), and the pictures of %explain
// and %strides. The page asks nothing of the network but its own files.
"use strict";

const $ = (id) => document.getElementById(id);
const statusEl = $("status");
const cellsEl = $("cells");
const noticeEl = $("notice");
const interruptBtn = $("interrupt");

const msgLost = "(the page is not cross-origin isolated, so the engine was stopped and restarted: " +
  "the session's variables are lost; tensh serve sends the headers that avoid this)\n";
const msgStuck = "(the engine did not stop within 2 s, so it was stopped and restarted: the session's variables are lost)\n";
const msgRestarted = "(a new session started: the variables are lost)\n";
const defaultCell = "a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])";

// ---- The engine, in its worker.

const isolated = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
let worker = null;
let engineReady = false;
let nextId = 1;
const waiting = new Map(); // message id -> resolve
let flag = null; // Int32Array on a SharedArrayBuffer: 1 asks the engine to stop
let firstResultMs = null; // performance.now() when the first result came
let results = 0; // how many cells have run
let readyMs = null; // performance.now() when the engine was ready
let engineTiming = null; // {load, init}: ms to fetch and compile tensh.wasm, then start it

function startWorker() {
  engineReady = false;
  waiting.clear();
  worker = new Worker("worker.js");
  flag = isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.op === "ready") {
      engineReady = true;
      readyMs ??= performance.now();
      engineTiming ??= m.timing;
      statusEl.textContent = "tensh " + m.version + (isolated ? "" : " (interrupting restarts the session)");
      pump();
    } else if (m.op === "failed") {
      statusEl.textContent = "tensh failed: " + m.message;
      if (running) {
        restart([{ kind: "error", text: "tensh failed: " + m.message + "\n" }, { kind: "note", text: msgRestarted }]);
      }
    } else if (m.op === "result") {
      const resolve = waiting.get(m.id);
      waiting.delete(m.id);
      if (resolve) resolve(m.value);
    }
  };
  worker.onerror = (ev) => {
    statusEl.textContent = "the engine failed: " + (ev.message || "an error");
  };
  worker.postMessage({ op: "init", flag });
}

// call sends a request to the engine; the promise has its answer.
function call(op, ...args) {
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ op, id, args });
  });
}

// ---- Running cells, one at a time, in the order asked.

const queue = [];
let running = null; // the cell running now
let interruptAt = 0;

function runCell(cell) {
  if (running === cell || queue.includes(cell)) {
    return;
  }
  cell.classList.add("queued");
  queue.push(cell);
  pump();
}

async function pump() {
  if (running || !engineReady || queue.length === 0) {
    return;
  }
  const cell = queue.shift();
  cell.classList.remove("queued");
  cell.classList.add("running");
  running = cell;
  interruptBtn.disabled = false;
  const source = cell.querySelector("textarea").value;
  remember(source);
  const w = worker;
  const segs = await call("run", source);
  if (w !== worker || running !== cell) {
    return; // the worker was replaced meanwhile
  }
  if (firstResultMs === null) {
    firstResultMs = performance.now();
  }
  show(cell, segs);
  results++;
  cell.classList.remove("running");
  running = null;
  interruptAt = 0;
  interruptBtn.disabled = true;
  pump();
}

// show puts a cell's output under it.
function show(cell, segs) {
  const output = cell.querySelector(".output");
  output.textContent = "";
  for (const seg of segs) {
    if (seg.kind === "svg") {
      const pic = document.createElement("div");
      pic.className = "picture";
      const doc = new DOMParser().parseFromString(seg.text, "image/svg+xml");
      pic.append(document.importNode(doc.documentElement, true));
      output.append(pic);
      continue;
    }
    const span = document.createElement("span");
    span.className = seg.kind;
    span.textContent = seg.text;
    output.append(span);
  }
}

// interrupt stops the running cell: through the shared flag (the cell
// ends with KeyboardInterrupt, the session goes on), or, without shared
// memory or when the engine does not stop within 2 s, by replacing the
// worker (the session is lost, and the page says so).
function interrupt() {
  if (!running) {
    return;
  }
  const now = performance.now();
  if (flag && (interruptAt === 0 || now - interruptAt < 2000)) {
    if (interruptAt === 0) {
      interruptAt = now;
    }
    Atomics.store(flag, 0, 1);
    return;
  }
  restart([{ kind: "error", text: "KeyboardInterrupt\n" }, { kind: "note", text: flag ? msgStuck : msgLost }]);
}

// restart replaces the worker, a new session, showing segs under the
// cell that was running; the cells waiting to run do not.
function restart(segs) {
  worker.terminate();
  const cell = running;
  running = null;
  interruptAt = 0;
  for (const c of queue) {
    c.classList.remove("queued");
  }
  queue.length = 0;
  cell.classList.remove("running");
  show(cell, segs);
  interruptBtn.disabled = true;
  statusEl.textContent = "restarting tensh…";
  startWorker();
}

// ---- Cells.

function addCell(source = "", after = null) {
  const cell = document.createElement("div");
  cell.className = "cell";
  const input = document.createElement("textarea");
  input.spellcheck = false;
  input.value = source;
  const output = document.createElement("div");
  output.className = "output";
  cell.append(input, output);
  if (after && after.nextSibling) {
    cellsEl.insertBefore(cell, after.nextSibling);
  } else {
    cellsEl.append(cell);
  }
  fit(input);
  input.addEventListener("input", () => {
    fit(input);
    delete cell.dataset.hist;
  });
  input.addEventListener("keydown", (ev) => keydown(ev, cell, input));
  input.addEventListener("blur", () => setTimeout(closeCompletions, 150));
  return input;
}

// fit makes a textarea as tall as its lines.
function fit(input) {
  input.rows = Math.max(1, input.value.split("\n").length);
}

function setCells(sources) {
  closeCompletions();
  cellsEl.textContent = "";
  for (const s of sources.length ? sources : [""]) {
    addCell(s);
  }
  cellsEl.querySelector("textarea").focus();
}

function cellSources() {
  return [...cellsEl.querySelectorAll("textarea")].map((t) => t.value);
}

function keydown(ev, cell, input) {
  if (completions && completionKey(ev)) {
    return;
  }
  if (ev.key === "Enter" && (ev.shiftKey || ev.ctrlKey)) {
    ev.preventDefault();
    runCell(cell);
    if (ev.shiftKey) {
      const next = cell.nextElementSibling;
      (next ? next.querySelector("textarea") : addCell()).focus();
    }
  } else if (ev.key === "Escape") {
    ev.preventDefault();
    ev.stopPropagation();
    interrupt();
  } else if (ev.key === "Tab" && !ev.shiftKey) {
    ev.preventDefault();
    complete(cell, input);
  } else if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
    recall(ev, cell, input);
  }
}

// ---- History: what ran before, kept in the browser (localStorage).

const historyKey = "tensh.history";
const historyMax = 500;

function pastSources() {
  try {
    const h = JSON.parse(localStorage.getItem(historyKey) || "[]");
    return Array.isArray(h) ? h : [];
  } catch (err) {
    return [];
  }
}

function remember(source) {
  if (!source.trim()) {
    return;
  }
  const h = pastSources();
  if (h[h.length - 1] !== source) {
    h.push(source);
  }
  try {
    localStorage.setItem(historyKey, JSON.stringify(h.slice(-historyMax)));
  } catch (err) {
    // no storage (a private window): no history
  }
}

// recall: ↑ on the first line of an empty cell (or of one showing history)
// shows the previous source that ran, ↓ on its last line the next one.
function recall(ev, cell, input) {
  const before = input.value.slice(0, input.selectionStart);
  const after = input.value.slice(input.selectionEnd);
  const browsing = cell.dataset.hist !== undefined;
  if (!browsing && input.value !== "") {
    return;
  }
  const h = pastSources();
  let i = browsing ? Number(cell.dataset.hist) : h.length;
  if (ev.key === "ArrowUp" && !before.includes("\n") && i > 0) {
    i--;
  } else if (ev.key === "ArrowDown" && browsing && !after.includes("\n")) {
    i++;
  } else {
    return;
  }
  ev.preventDefault();
  input.value = i < h.length ? h[i] : "";
  fit(input);
  if (i < h.length) {
    cell.dataset.hist = String(i);
  } else {
    delete cell.dataset.hist;
  }
}

// ---- Completion: the REPL's (eval's CompleteMarked), on Tab.

let completions = null; // {list, cell, input, word, items, selected}

async function complete(cell, input) {
  closeCompletions();
  const pos = input.selectionStart;
  const lineStart = input.value.lastIndexOf("\n", pos - 1) + 1;
  let lineEnd = input.value.indexOf("\n", pos);
  if (lineEnd < 0) {
    lineEnd = input.value.length;
  }
  const before = input.value.slice(lineStart, pos);
  if (before.trim() === "") {
    insert(input, "    ", 0); // indentation
    return;
  }
  const res = await call("complete", before, input.value.slice(pos, lineEnd));
  if (!res || res.items.length === 0 || input.selectionStart !== pos) {
    return;
  }
  const prefix = commonPrefix(res.items);
  if (res.items.length === 1 || prefix.length > res.word.length) {
    insert(input, prefix, res.word.length);
    if (res.items.length === 1) {
      return;
    }
  }
  const list = document.createElement("ul");
  list.className = "completions";
  res.items.forEach((item, i) => {
    const li = document.createElement("li");
    li.textContent = item;
    li.addEventListener("mousedown", (ev) => {
      ev.preventDefault();
      choose(i);
    });
    list.append(li);
  });
  cell.insertBefore(list, cell.querySelector(".output"));
  completions = { list, input, word: prefix.length > res.word.length ? prefix : res.word, items: res.items, selected: -1 };
}

function commonPrefix(items) {
  let p = items[0];
  for (const s of items) {
    while (!s.startsWith(p)) {
      p = p.slice(0, -1);
    }
  }
  return p;
}

// insert replaces the n characters before the cursor with text.
function insert(input, text, n) {
  const pos = input.selectionStart;
  input.setRangeText(text, pos - n, pos, "end");
  fit(input);
}

function choose(i) {
  const c = completions;
  closeCompletions();
  insert(c.input, c.items[i], c.word.length);
  c.input.focus();
}

function closeCompletions() {
  if (completions) {
    completions.list.remove();
    completions = null;
  }
}

// completionKey handles a key while the list is open; true when it did.
function completionKey(ev) {
  const c = completions;
  const n = c.items.length;
  const select = (i) => {
    c.selected = (i + n) % n;
    [...c.list.children].forEach((li, k) => li.classList.toggle("selected", k === c.selected));
    c.list.children[c.selected].scrollIntoView({ block: "nearest" });
  };
  if (ev.key === "ArrowDown" || (ev.key === "Tab" && !ev.shiftKey)) {
    select(c.selected + 1);
  } else if (ev.key === "ArrowUp" || (ev.key === "Tab" && ev.shiftKey)) {
    select(c.selected - 1);
  } else if (ev.key === "Enter" && c.selected >= 0 && !ev.shiftKey) {
    choose(c.selected);
  } else if (ev.key === "Escape") {
    closeCompletions();
  } else {
    closeCompletions();
    return false;
  }
  ev.preventDefault();
  ev.stopPropagation();
  return true;
}

// ---- Share links: the cells in the URL's fragment (never sent to a server).

function encodeCells(sources) {
  const bytes = new TextEncoder().encode(JSON.stringify(sources));
  let bin = "";
  for (const b of bytes) {
    bin += String.fromCharCode(b);
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCells(s) {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const cells = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  if (!Array.isArray(cells) || !cells.every((c) => typeof c === "string")) {
    throw new Error("not a list of cells");
  }
  return cells;
}

// cellsFromLink is the cells of the page's address (#cells=...), or null.
function cellsFromLink() {
  const m = /^#cells=([A-Za-z0-9_-]*)$/.exec(location.hash);
  if (!m) {
    return null;
  }
  try {
    return decodeCells(m[1]);
  } catch (err) {
    notice("the link's cells could not be read: " + err.message);
    return null;
  }
}

function share() {
  history.replaceState(null, "", "#cells=" + encodeCells(cellSources()));
  const done = () => notice("the link to these cells is in the address bar");
  if (navigator.clipboard) {
    navigator.clipboard.writeText(location.href).then(
      () => notice("the link to these cells is in the address bar and the clipboard"), done);
  } else {
    done();
  }
}

// ---- Download and upload of the session as a transcript (.tsh).

async function download() {
  const text = await call("transcript");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = "tensh-session.tsh";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  notice("the session as a transcript: tensh check tensh-session.tsh tests it");
}

async function upload(file) {
  const cells = await call("cells", file.name, await file.text());
  if (!cells || cells.length === 0) {
    notice(file.name + " has no statements (a script, a >>> transcript, a .md guide or a .ipynb notebook)");
    return;
  }
  setCells(cells);
  notice(file.name + ": " + cells.length + " cells (Run all runs them)");
}

// ---- Lessons: the docs' guides as cells (lessons.json, from scripts/build-web).

let lessons = [];

async function loadLessons() {
  const select = $("lessons");
  try {
    const resp = await fetch("lessons.json");
    if (!resp.ok) {
      throw new Error(resp.status + " " + resp.statusText);
    }
    lessons = await resp.json();
  } catch (err) {
    select.options[0].textContent = "Lessons (lessons.json did not load)";
    return;
  }
  lessons.forEach((l, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = l.title;
    select.append(o);
  });
}

function openLesson(i) {
  const l = lessons[i];
  if (!l) {
    return;
  }
  setCells(l.cells);
  notice(l.title + " (" + l.file + "): " + l.cells.length + " cells; Shift+Enter runs one, Run all runs them all");
}

function notice(text) {
  noticeEl.textContent = text;
}

// ---- The page.

$("add").addEventListener("click", () => addCell().focus());
$("run-all").addEventListener("click", () => cellsEl.querySelectorAll(":scope > .cell").forEach(runCell));
interruptBtn.addEventListener("click", interrupt);
$("share").addEventListener("click", share);
$("download").addEventListener("click", download);
$("upload").addEventListener("click", () => $("upload-file").click());
$("upload-file").addEventListener("change", (ev) => {
  const f = ev.target.files[0];
  ev.target.value = "";
  if (f) {
    upload(f);
  }
});
$("clear").addEventListener("click", () => setCells([""]));
$("lessons").addEventListener("change", (ev) => {
  openLesson(Number(ev.target.value));
  ev.target.value = "";
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && !completions) {
    interrupt();
  }
});
window.addEventListener("hashchange", () => {
  const cells = cellsFromLink();
  if (cells) {
    setCells(cells);
  }
});

// For tests and the curious: when the engine was ready and the first
// result came (ms after the page started loading), how long the engine
// took to load and to start, how many cells have run, and whether
// interrupting keeps the session.
globalThis.tenshPage = {
  firstResultMs: () => firstResultMs,
  readyMs: () => readyMs,
  engineTiming: () => engineTiming,
  results: () => results,
  isolated,
};

startWorker();
setCells(cellsFromLink() || [defaultCell]);
loadLessons();
