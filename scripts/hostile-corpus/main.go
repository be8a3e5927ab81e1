//go:build unix

// Command hostile-corpus runs a large generated corpus of hostile
// statements through tensh and reports what must never happen (issue 16):
// Go panics (the process dies), InternalErrors (a panic caught per
// statement), hangs (a statement that Ctrl-C does not stop) and messages
// in Go's words instead of Python's or PyTorch's.
//
//	go run ./scripts/hostile-corpus [-n 330000] [-j 1] [-chunk 2000] [-keep DIR] [-sample N]
//
// It builds ./cmd/tensh (or takes -tensh BIN), writes the statements in
// chunks, and runs each chunk with `tensh --echo --max-memory=512M`. A
// statement that prints nothing for -idle gets SIGINT: if tensh stops it
// (KeyboardInterrupt on stdout) it is only slow, and counted as such; if
// not, it is a hang. After a crash or a stop the chunk goes on from the
// next statement in a new process. It takes a while (about an hour for
// 330,000 statements on two cores), so it is not part of go test; .ci/run
// runs a -sample of it (every part of the corpus, a few minutes).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
)

var (
	nStmts    = flag.Int("n", 330000, "statements in the corpus")
	chunkSize = flag.Int("chunk", 2000, "statements per tensh process")
	jobs      = flag.Int("j", 1, "tensh processes at once")
	seed      = flag.Uint64("seed", 16, "generator seed")
	tenshBin  = flag.String("tensh", "", "tensh binary (default: build ./cmd/tensh)")
	maxMemory = flag.String("max-memory", "512M", "tensh's --max-memory")
	idle      = flag.Duration("idle", 10*time.Second, "interrupt a statement silent for this long")
	keep      = flag.String("keep", "", "write the chunks and tensh's output in this directory")
	examples  = flag.Int("examples", 10, "examples shown of each kind")
	from      = flag.Int("from", 0, "skip the corpus's first statements (the sweep is about the first 44,000)")
	sample    = flag.Int("sample", 0, "run only this many statements, drawn evenly from the corpus (CI's short run; 0: all)")
)

// goText matches messages in Go's words: runtime errors, fmt's bad verbs,
// Go type names, lower-case errno texts.
var goText = regexp.MustCompile(`runtime error|interface conversion|invalid memory address|index out of range \[|slice bounds out of range|makeslice|makemap|strconv\.|%!|<nil>|\*?eval\.[A-Z]|\*?tensor\.[A-Z]|goroutine |: no such file or directory|: permission denied|: is a directory|: invalid argument$|bufio\.|unexpected EOF`)

// errorLine is tensh --echo's "Type: message" line of an exception.
var errorLine = regexp.MustCompile(`^([A-Z][A-Za-z]*(Error|Exception|Interrupt|Iteration))(: |$)`)

type report struct {
	mu                                    sync.Mutex
	stmts, errors, slow                   int
	panics, internal, hangs, goMsgs, runs int
	ex                                    map[string][]string
}

func (r *report) add(kind, example string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch kind {
	case "panic":
		r.panics++
	case "InternalError":
		r.internal++
	case "hang":
		r.hangs++
	case "Go text":
		r.goMsgs++
	case "slow":
		r.slow++
	}
	if len(r.ex[kind]) < *examples {
		r.ex[kind] = append(r.ex[kind], example)
	}
}

func main() {
	flag.Parse()
	bin := *tenshBin
	if bin == "" {
		dir, err := os.MkdirTemp("", "hostile")
		check(err)
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "tensh")
		build := exec.Command("go", "build", "-o", bin, "./cmd/tensh")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		check(build.Run())
	}
	work := *keep
	if work == "" {
		dir, err := os.MkdirTemp("", "hostile-chunks")
		check(err)
		defer os.RemoveAll(dir)
		work = dir
	}
	check(os.MkdirAll(work, 0o755))
	corpus := sampled(newGenerator(*seed).corpus(*nStmts)[min(*from, *nStmts):], *sample)
	start := time.Now()
	rep := &report{ex: map[string][]string{}}
	sem := make(chan struct{}, max(*jobs, 1))
	var wg sync.WaitGroup
	for lo, k := 0, 0; lo < len(corpus); lo, k = lo+*chunkSize, k+1 {
		stmts := corpus[lo:min(lo+*chunkSize, len(corpus))]
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			runChunk(bin, filepath.Join(work, fmt.Sprintf("chunk%04d", k)), stmts, rep)
		}()
	}
	wg.Wait()
	fmt.Printf("%d statements in %d tensh runs (%v): %d raised Python exceptions, %d were slow but stopped by Ctrl-C\n",
		rep.stmts, rep.runs, time.Since(start).Round(time.Second), rep.errors, rep.slow)
	fmt.Printf("panics: %d\nInternalErrors: %d\nhangs: %d\nGo-text messages: %d\n", rep.panics, rep.internal, rep.hangs, rep.goMsgs)
	for _, kind := range []string{"panic", "InternalError", "hang", "Go text", "slow"} {
		for _, e := range rep.ex[kind] {
			fmt.Printf("  %s: %s\n", kind, e)
		}
	}
	if rep.panics+rep.internal+rep.hangs+rep.goMsgs > 0 {
		os.Exit(1)
	}
}

// runChunk runs stmts, in as many tensh processes as crashes and stops
// need.
func runChunk(bin, base string, stmts []string, rep *report) {
	for part := 0; len(stmts) > 0; part++ {
		done := runOnce(bin, fmt.Sprintf("%s.%d", base, part), stmts, rep)
		stmts = stmts[min(done+1, len(stmts)):]
	}
}

// runOnce runs stmts (with the setup lines between them) in one tensh
// process and returns how many of stmts it finished; the statement at that
// index, if any, crashed, hung or was interrupted.
func runOnce(bin, base string, stmts []string, rep *report) int {
	var src strings.Builder
	var srcLines []string
	isSetup := map[int]bool{} // line numbers (0-based) of setup lines
	for k, st := range stmts {
		if k%setupEvery == 0 {
			for _, s := range setup {
				isSetup[len(srcLines)] = true
				srcLines = append(srcLines, s)
			}
		}
		srcLines = append(srcLines, st)
	}
	for _, l := range srcLines {
		src.WriteString(l + "\n")
	}
	script := base + ".py"
	check(os.WriteFile(script, []byte(src.String()), 0o644))
	cmd := exec.Command(bin, "--echo", "--max-memory="+*maxMemory, script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	check(err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	check(cmd.Start())
	rep.mu.Lock()
	rep.runs++
	rep.mu.Unlock()

	var log io.Writer = io.Discard
	if *keep != "" {
		f, err := os.Create(base + ".out")
		check(err)
		defer f.Close()
		log = f
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		io.Copy(io.Discard, stdout) // a line too long for the scanner
		close(lines)
	}()
	echoed := -1 // index of the source line being run
	done := 0    // corpus statements finished
	current := ""
	interrupted := false
	timer := time.NewTimer(*idle)
	for open := true; open; {
		select {
		case l, ok := <-lines:
			if !ok {
				open = false
				break
			}
			fmt.Fprintln(log, l)
			timer.Reset(*idle)
			// The echo of the next statement (after output without a
			// final newline, it ends a line).
			if echoed+1 < len(srcLines) && strings.HasSuffix(l, ">>> "+srcLines[echoed+1]) {
				if echoed >= 0 && !isSetup[echoed] {
					done++
				}
				echoed++
				current = srcLines[echoed]
				continue
			}
			classify(l, current, isSetup[echoed], rep)
		case <-timer.C:
			if !interrupted {
				interrupted = true
				syscall.Kill(cmd.Process.Pid, syscall.SIGINT)
				timer.Reset(*idle)
			} else {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			}
		}
	}
	err = cmd.Wait()
	finished := err == nil
	if finished && echoed >= 0 && !isSetup[echoed] {
		done++
	}
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	}
	switch {
	case finished:
	case interrupted && strings.Contains(stderr.String(), "KeyboardInterrupt") && confirmHang(bin, base, current):
		rep.add("hang", current) // Ctrl-C did not stop it, twice
	case interrupted:
		rep.add("slow", current)
	default:
		rep.add("panic", fmt.Sprintf("%s (status %d: %.200s)", current, status, stderr.String()))
	}
	rep.mu.Lock()
	rep.stmts += done
	if !finished {
		rep.stmts++ // the one that stopped the run
	}
	rep.mu.Unlock()
	return done
}

// confirmHang runs stmt alone after the setup and interrupts it after a
// second: a busy machine can delay a statement's stop past tensh's grace
// period once, a statement that does not poll misses it every time.
func confirmHang(bin, base, stmt string) bool {
	script := base + ".hang.py"
	check(os.WriteFile(script, []byte(strings.Join(append(append([]string{}, setup...), stmt), "\n")+"\n"), 0o644))
	cmd := exec.Command(bin, "--echo", "--max-memory="+*maxMemory, script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	check(cmd.Start())
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return false // it finished
	case <-time.After(time.Second):
		syscall.Kill(cmd.Process.Pid, syscall.SIGINT)
	}
	select {
	case <-done:
	case <-time.After(time.Minute):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
	}
	return strings.Contains(stderr.String(), "KeyboardInterrupt")
}

// classify counts one output line of a statement.
func classify(l, stmt string, setupLine bool, rep *report) {
	m := errorLine.FindStringSubmatch(l)
	if m == nil {
		return
	}
	if setupLine {
		rep.add("Go text", "setup failed: "+stmt+" -> "+l)
		return
	}
	rep.mu.Lock()
	rep.errors++
	rep.mu.Unlock()
	ex := fmt.Sprintf("%.300s -> %.300s", stmt, l)
	switch {
	case m[1] == "InternalError":
		rep.add("InternalError", ex)
	case goText.MatchString(l):
		rep.add("Go text", ex)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile-corpus:", err)
		os.Exit(2)
	}
}
