//go:build !js

package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"net/http"
	"net/http/httptest"

	"github.com/tensh/tensh/eval"
)

// chromium finds Debian's chromium (or another Chrome): the browser test
// skips without one, except in CI (CI=true), where .ci/run installs it.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium in CI (.ci/run installs Debian's chromium)")
	}
	t.Skip("no chromium to run the page in (apt-get install -y --no-install-recommends chromium)")
	return ""
}

// builtDir makes what scripts/build-web makes, in a temporary folder.
func builtDir(t *testing.T) string {
	wasm, err := os.ReadFile(buildWasm(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(wasm)
	zw.Close()
	lessons, err := Lessons("..")
	if err != nil {
		t.Fatal(err)
	}
	lj, _ := json.Marshal(lessons)
	wasmExec, err := os.ReadFile(goWasmExec(t))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"tensh.wasm.gz": gz.Bytes(), "lessons.json": lj, "wasm_exec.js": wasmExec} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("tensh.wasm: %d bytes, %d with gzip -9", len(wasm), gz.Len())
	return dir
}

// TestBrowser loads the page from the server of `tensh serve` in headless
// chromium: the first result's time after the page loads (issue 13's
// budget: 1 s), cells typed and run as the native engine runs them (the
// README's tour and a guide from the lesson menu), completion, an endless
// loop interrupted with the session kept, a share link followed, and a
// screenshot of an %explain picture (in $TENSH_ARTIFACTS when set).
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	h, err := NewHandler(os.DirFS(builtDir(t)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	ctx, cancel := browser(t, exe)
	defer cancel()

	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	str := func(js string) string { t.Helper(); return jsValue[string](t, ctx, js) }
	// waitFor polls a JavaScript condition.
	waitFor := func(what, cond string, limit time.Duration) {
		t.Helper()
		deadline := time.Now().Add(limit)
		for {
			if jsValue[bool](t, ctx, "!!("+cond+")") {
				return
			}
			if time.Now().After(deadline) {
				status := str(`document.getElementById("status").textContent`)
				t.Fatalf("%s: not after %v (status: %s)", what, limit, status)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	cell := func(i int) string { return fmt.Sprintf("#cells .cell:nth-child(%d)", i) }
	output := func(i int) string {
		return str(fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e => e.textContent).join("")`, cell(i)+" .output > span"))
	}
	// typeCell types src into cell i (a real key press for each character)
	// and runs it with Shift+Enter.
	typeCell := func(i int, src string) {
		t.Helper()
		sel := cell(i) + " textarea"
		jsValue[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).value = "", true)`, sel))
		do(chromedp.Focus(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), src), shiftEnter)
	}
	// ran waits until n more cells have run than when it was made.
	ran := func(n int) func(what string) {
		before := jsValue[int](t, ctx, `tenshPage.results()`)
		return func(what string) {
			t.Helper()
			waitFor(what, fmt.Sprintf("tenshPage.results() >= %d", before+n), time.Minute)
		}
	}

	// Load the page and run its first cell at once: it waits for the engine.
	start := time.Now()
	do(chromedp.Navigate(srv.URL), shiftEnter)
	waitFor("the first result", "tenshPage.results() > 0", time.Minute)
	times := jsValue[struct {
		First  float64            `json:"first"`
		Ready  float64            `json:"ready"`
		Loaded float64            `json:"loaded"`
		Engine map[string]float64 `json:"engine"`
	}](t, ctx, `({first: tenshPage.firstResultMs(), ready: tenshPage.readyMs(), engine: tenshPage.engineTiming(),
		loaded: performance.getEntriesByType("navigation")[0].loadEventEnd})`)
	after := times.First - times.Loaded
	t.Logf("first result %.0f ms after the page loaded (%.0f ms after navigation started; the engine: %.0f ms to fetch and compile tensh.wasm, %.0f ms to start, ready at %.0f ms; %v in all)",
		after, times.First, times.Engine["load"], times.Engine["init"], times.Ready, time.Since(start).Round(time.Millisecond))
	switch {
	case after > firstResultLimit.Seconds()*1000:
		t.Errorf("the first result came %.0f ms after the page loaded: over %v (the budget is %v)", after, firstResultLimit, firstResultBudget)
	case after > firstResultBudget.Seconds()*1000:
		t.Logf("over issue 13's budget of %v (the machine may be busy: the test fails only past %v)", firstResultBudget, firstResultLimit)
	}
	if !jsValue[bool](t, ctx, `tenshPage.isolated`) {
		t.Error("the page served by tensh serve is not cross-origin isolated")
	}

	// The README's tour, typed cell by cell, prints what the native engine prints.
	nb := NewNotebook(eval.CompatCurrent)
	text := func(segs []Segment) string {
		var b strings.Builder
		for _, s := range segs {
			if s.Kind != SVG {
				b.WriteString(s.Text)
			}
		}
		return b.String()
	}
	nb.Run("a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])") // the page's first cell
	tour := Cells("README.md", readFile(t, "../README.md"))
	for k, src := range tour[:min(len(tour), 6)] {
		i := k + 2
		wait := ran(1)
		typeCell(i, src)
		wait("cell " + src)
		if got, want := output(i), text(nb.Run(src)); got != want {
			t.Errorf("cell %q shows\n%s\nwant (native)\n%s", src, got, want)
		}
	}

	n := len(tour[:min(len(tour), 6)]) + 2

	// Download .tsh: the session as a transcript that tensh check passes;
	// uploading it gives back the cells.
	jsValue[bool](t, ctx, `((make) => { URL.createObjectURL = (blob) => { globalThis.downloaded = blob; return make.call(URL, blob); }; return true; })(URL.createObjectURL)`)
	do(chromedp.Click(chromedp.ID("download")))
	waitFor("the download", "globalThis.downloaded", 30*time.Second)
	tsh, err := chromedp.Run(ctx, chromedp.Evaluate[string](`globalThis.downloaded.text()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	checked := eval.Check(eval.ParseTranscript("tensh-session.tsh", tsh), eval.Options{})
	for _, r := range checked {
		if !r.OK {
			t.Errorf("tensh check fails on the downloaded session:\n%s", r.Diff("tensh-session.tsh"))
		}
	}
	// The native binary agrees: `tensh check` of the page's session passes.
	sessionFile := filepath.Join(t.TempDir(), "tensh-session.tsh")
	if err := os.WriteFile(sessionFile, []byte(tsh), 0o644); err != nil {
		t.Fatal(err)
	}
	native := filepath.Join(t.TempDir(), "tensh")
	if out, err := exec.Command("go", "build", "-o", native, "../cmd/tensh").CombinedOutput(); err != nil {
		t.Fatalf("go build ../cmd/tensh: %v\n%s", err, out)
	}
	if out, err := exec.Command(native, "check", sessionFile).CombinedOutput(); err != nil {
		t.Errorf("the tensh binary's check of the page's session: %v\n%s", err, out)
	}
	ranCells := append([]string{"a = torch.arange(6).view(2, 3)\na + torch.tensor([10, 20, 30])"}, tour[:min(len(tour), 6)]...)
	if len(checked) < len(ranCells) {
		t.Errorf("the downloaded session has %d statements:\n%s", len(checked), tsh)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`upload(new File([%q], "tensh-session.tsh")).then(() => true)`, tsh), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	// (A compound statement's closing blank line is not part of it.)
	noBlank := func(cells []string) []string {
		out := make([]string, len(cells))
		for i, c := range cells {
			out[i] = strings.ReplaceAll(c, "\n\n", "\n")
		}
		return out
	}
	if got := jsValue[[]string](t, ctx, `[...document.querySelectorAll("#cells textarea")].map(t => t.value)`); !slices.Equal(got, noBlank(ranCells)) {
		t.Errorf("the uploaded session's cells:\n%q\nwant\n%q", got, ranCells)
	}
	jsValue[bool](t, ctx, `(addCell(), true)`)
	n = len(ranCells) + 1

	// History: ↑ in the empty cell after them recalls the last one that ran.
	sel := cell(n) + " textarea"
	do(chromedp.Focus(chromedp.CSS(sel)), chromedp.KeyEvent(kb.ArrowUp))
	if got, want := str(fmt.Sprintf(`document.querySelector(%q).value`, sel)), tour[min(len(tour), 6)-1]; got != want {
		t.Errorf("↑ in an empty cell recalls %q, want %q", got, want)
	}
	jsValue[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).value = "", true)`, sel))

	// Completion: Tab after "torch.aran" completes to torch.arange(.
	do(chromedp.Focus(chromedp.CSS(sel)), chromedp.SendKeys(chromedp.CSS(sel), "torch.aran"), chromedp.KeyEvent(kb.Tab))
	waitFor("completion", fmt.Sprintf(`document.querySelector(%q).value !== "torch.aran"`, sel), 10*time.Second)
	if completed := str(fmt.Sprintf(`document.querySelector(%q).value`, sel)); completed != "torch.arange(" {
		t.Errorf("Tab completed torch.aran to %q", completed)
	}

	// An endless loop, interrupted: KeyboardInterrupt, and the session goes on.
	wait := ran(1)
	typeCell(n, "i = 0\nwhile True:\n    i += 1")
	waitFor("the loop to start", fmt.Sprintf(`document.querySelector(%q).classList.contains("running")`, cell(n)), 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	do(chromedp.Click(chromedp.ID("interrupt")))
	wait("the interrupt")
	if got := output(n); got != "KeyboardInterrupt\n" {
		t.Errorf("the interrupted loop shows %q", got)
	}
	wait = ran(1)
	typeCell(n+1, "print(i > 1000, a.shape)")
	wait("the cell after the interrupt")
	if got := output(n + 1); got != "True torch.Size([2, 3])\n" {
		t.Errorf("after the interrupt: %q, want the session to go on", got)
	}

	// A guide from the lesson menu, run whole, prints what the native engine prints.
	jsValue[bool](t, ctx, `(() => { const s = document.getElementById("lessons"); s.value = "2"; return s.dispatchEvent(new Event("change")); })()`)
	lessons, _ := Lessons("..")
	views := lessons[2]
	if count := jsValue[int](t, ctx, `document.querySelectorAll("#cells .cell").length`); count != len(views.Cells) {
		t.Fatalf("the lesson %s has %d cells on the page, want %d", views.File, count, len(views.Cells))
	}
	wait = ran(len(views.Cells))
	do(chromedp.Click(chromedp.ID("run-all")))
	wait("the lesson to run")
	for i, src := range views.Cells {
		if got, want := output(i+1), text(nb.Run(src)); got != want {
			t.Errorf("%s, cell %q shows\n%s\nwant (native)\n%s", views.File, src, got, want)
		}
	}

	// A share link, followed: the cells come back.
	wait = ran(1)
	typeCell(1, "%explain torch.empty(5, 2, 4, 1) + torch.empty(3, 1, 1)")
	wait("the %explain cell")
	do(chromedp.Click(chromedp.ID("share")))
	link, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(link, "#cells=") {
		t.Fatalf("the share link: %s", link)
	}
	picture, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(cell(1)+" .picture svg")))
	if err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("TENSH_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err == nil {
		shot := filepath.Join(dir, "explain-picture.png")
		if err := os.WriteFile(shot, picture, 0o644); err == nil {
			t.Logf("the %%explain picture: %s", shot)
		}
	}
	ctx2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	if err := chromedp.Do(ctx2, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	cells := jsValue[[]string](t, ctx2, `[...document.querySelectorAll("#cells textarea")].map(t => t.value)`)
	if len(cells) != len(views.Cells) || cells[0] != "%explain torch.empty(5, 2, 4, 1) + torch.empty(3, 1, 1)" || cells[1] != views.Cells[1] {
		t.Errorf("the share link's page has %d cells, starting %q", len(cells), cells[:min(2, len(cells))])
	}

	// Run all with a picture on the page (its <rect class="cell">s are
	// not cells): every cell runs, none stays queued (issue 21).
	wait = ran(len(views.Cells))
	do(chromedp.Click(chromedp.ID("run-all")))
	wait("Run all with a picture on the page")
	waitFor("no queued cell", `!document.querySelector("#cells .queued")`, 10*time.Second)
}

// TestBrowserNotIsolated: served without the headers that make it
// cross-origin isolated (as most static hosts serve it), the page has no
// shared memory with its worker, so Interrupt stops the worker and starts
// a new session, and the cell says that the variables are lost.
func TestBrowserNotIsolated(t *testing.T) {
	exe := chromium(t)
	h, err := NewHandler(os.DirFS(builtDir(t)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(notIsolated{w}, r)
	}))
	defer srv.Close()
	ctx, cancel := browser(t, exe)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	if jsValue[bool](t, ctx, `tenshPage.isolated`) {
		t.Fatal("the page is isolated without the headers")
	}
	run := func(src string) string {
		t.Helper()
		n := jsValue[int](t, ctx, `tenshPage.results()`)
		jsValue[bool](t, ctx, fmt.Sprintf(`(() => { const ta = document.querySelector("#cells textarea"); ta.value = %q;
			ta.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", ctrlKey: true})); return true; })()`, src))
		if strings.Contains(src, "while") {
			time.Sleep(500 * time.Millisecond)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("interrupt"))); err != nil {
				t.Fatal(err)
			}
			return jsValue[string](t, ctx, `document.querySelector("#cells .output").textContent`)
		}
		for deadline := time.Now().Add(time.Minute); jsValue[int](t, ctx, `tenshPage.results()`) == n; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: no result", src)
			}
		}
		return jsValue[string](t, ctx, `document.querySelector("#cells .output").textContent`)
	}
	if got := run("a = 1\na"); got != "1\n" {
		t.Fatalf("a = 1: %q", got)
	}
	if got := run("while True:\n    pass"); !strings.HasPrefix(got, "KeyboardInterrupt\n(the page is not cross-origin isolated") {
		t.Errorf("the interrupted loop: %q", got)
	}
	if got := run("a"); got != "NameError: name 'a' is not defined\n" {
		t.Errorf("after the restart: %q, want a NameError", got)
	}
}

// notIsolated drops the cross-origin isolation headers of a response.
type notIsolated struct{ http.ResponseWriter }

func (w notIsolated) strip() {
	w.Header().Del("Cross-Origin-Opener-Policy")
	w.Header().Del("Cross-Origin-Embedder-Policy")
}

func (w notIsolated) WriteHeader(code int) { w.strip(); w.ResponseWriter.WriteHeader(code) }

func (w notIsolated) Write(b []byte) (int, error) { w.strip(); return w.ResponseWriter.Write(b) }

// browser starts headless chromium.
func browser(t *testing.T, exe string) (context.Context, context.CancelFunc) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe),
		chromedp.NoSandbox, chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1200, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	return ctx, func() { cancelT(); cancelC(); cancelA() }
}

// shiftEnter presses Shift+Enter as a keyboard does: one keyDown with its
// text, which the page's keydown handler cancels (chromedp.KeyEvent sends
// the text as a separate char event, which no handler can cancel, so the
// newline would land in the cell that has the focus next).
var shiftEnter = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter", Text: "\r", UnmodifiedText: "\r",
		WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, Modifiers: int64(chromedp.ModifierShift)}
	up := down
	up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
	for _, k := range []input.DispatchKeyEventParams{down, up} {
		if _, err := cdp.Call(ctx, t, input.DispatchKeyEvent, k); err != nil {
			return err
		}
	}
	return nil
})

// jsValue evaluates a JavaScript expression in the page.
func jsValue[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// firstResultBudget is issue 13's budget for the first result after the
// page loads (on one core of the project's machines): the test logs the
// time it took, and fails past firstResultLimit, a margin for a machine
// busy with other work.
const (
	firstResultBudget = time.Second
	firstResultLimit  = 5 * firstResultBudget
)
