package eval

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The transcripts under testdata/ (and the shared corpus beside the
// repository, ../shared/conformance, when it is there; the environment
// variable TENSH_SHARED_DIR names another place for ../shared) are run statement by
// statement. Statements that do not pass yet are listed in testdata/PENDING:
//
//	conformance/views.tsh        every statement of the file
//	conformance/views.tsh:12     the 12th statement (counting ">>> " lines)
//
// A pending statement that fails is skipped and counted; one that passes
// fails the test, so that the list only shrinks. To rewrite the list from
// what fails now (then read the diff):
//
//	go test ./eval -run TestTranscripts -args -update-pending

var updatePending = flag.Bool("update-pending", false, "rewrite testdata/PENDING with the statements that fail now")

const (
	repoRoot    = ".."
	pendingPath = "../testdata/PENDING"
	// perFileTimeout bounds one transcript, so that a hung statement fails
	// the test instead of hanging it.
	perFileTimeout = 2 * time.Minute
)

type pendingEntry struct {
	whole bool
	stmts map[int]bool
}

// readPending parses testdata/PENDING: one "FILE" or "FILE:N" a line,
// "#" starts a comment.
func readPending(t *testing.T) (map[string]*pendingEntry, []string) {
	b, err := os.ReadFile(pendingPath)
	if err != nil {
		t.Fatal(err)
	}
	entries := map[string]*pendingEntry{}
	var header []string
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "#") && len(entries) == 0 {
			header = append(header, l)
		}
		l, _, _ = strings.Cut(l, "#")
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		name, num, hasNum := strings.Cut(l, ":")
		e := entries[name]
		if e == nil {
			e = &pendingEntry{stmts: map[int]bool{}}
			entries[name] = e
		}
		if !hasNum {
			e.whole = true
			continue
		}
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 {
			t.Fatalf("testdata/PENDING:%d: %q: want FILE or FILE:STATEMENT-NUMBER", i+1, l)
		}
		e.stmts[n] = true
	}
	return entries, header
}

type transcriptFile struct {
	key  string // name in testdata/PENDING
	path string
}

// transcriptFiles lists the project's transcripts: every .tsh under
// testdata/ and the README's examples.
func transcriptFiles(t *testing.T) []transcriptFile {
	var out []transcriptFile
	err := filepath.WalkDir(filepath.Join(repoRoot, "testdata"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".tsh") {
			return err
		}
		rel, _ := filepath.Rel(filepath.Join(repoRoot, "testdata"), p)
		out = append(out, transcriptFile{key: filepath.ToSlash(rel), path: p})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(repoRoot, "README.md")); err == nil {
		out = append(out, transcriptFile{key: "README.md", path: filepath.Join(repoRoot, "README.md")})
	}
	return out
}

// checkFile runs one transcript, failing t if it takes too long.
func checkFile(t *testing.T, path string) []StmtResult {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan []StmtResult, 1)
	go func() { done <- Check(ParseTranscript(path, string(src)), Options{}) }()
	select {
	case res := <-done:
		return res
	case <-time.After(perFileTimeout):
		t.Fatalf("%s: still running after %v", path, perFileTimeout)
		return nil
	}
}

// judge compares the results of one file with its pending entry; it
// returns the problems (each fails the test) and how many of the file's
// statements are pending and still failing.
func judge(key, path string, res []StmtResult, p *pendingEntry) (problems []string, pendingFailing int) {
	if p == nil {
		p = &pendingEntry{}
	}
	allOK := true
	for _, r := range res {
		switch {
		case r.OK && p.stmts[r.N]:
			problems = append(problems, fmt.Sprintf("%s statement %d (line %d) passes now: remove %s:%d from testdata/PENDING", path, r.N, r.Chunk.Line, key, r.N))
		case !r.OK && (p.whole || p.stmts[r.N]):
			pendingFailing++
		case !r.OK:
			problems = append(problems, fmt.Sprintf("%s statement %d does not print what the transcript says:\n%s", path, r.N, r.Diff(path)))
		}
		allOK = allOK && r.OK
	}
	if p.whole && allOK {
		problems = append(problems, fmt.Sprintf("every statement of %s passes now: remove %s from testdata/PENDING", path, key))
	}
	for n := range p.stmts {
		if n > len(res) {
			problems = append(problems, fmt.Sprintf("testdata/PENDING: %s:%d: the file has %d statements", key, n, len(res)))
		}
	}
	return problems, pendingFailing
}

// judgeT reports judge's problems on t.
func judgeT(t *testing.T, key, path string, res []StmtResult, p *pendingEntry) int {
	problems, n := judge(key, path, res, p)
	for _, msg := range problems {
		t.Error(msg)
	}
	return n
}

func TestTranscripts(t *testing.T) {
	pending, header := readPending(t)
	files := transcriptFiles(t)
	known := map[string]bool{}
	results := map[string][]StmtResult{}
	nPending, nPendingFiles, nStmts := 0, 0, 0
	for _, f := range files {
		known[f.key] = true
		t.Run(f.key, func(t *testing.T) {
			res := checkFile(t, f.path)
			results[f.key] = res
			nStmts += len(res)
			if *updatePending {
				return
			}
			if n := judgeT(t, f.key, f.path, res, pending[f.key]); n > 0 {
				nPending += n
				nPendingFiles++
			}
		})
	}
	for key := range pending {
		if !known[key] {
			t.Errorf("testdata/PENDING names %s, which is not a transcript under testdata/", key)
		}
	}

	// The shared corpus, when it is beside the repository, must agree with
	// the project's copy in testdata/conformance; its pending entries are
	// the copy's.
	sharedDir := filepath.Join(repoRoot, "..", "shared")
	if d := os.Getenv("TENSH_SHARED_DIR"); d != "" {
		sharedDir = d
	}
	shared, _ := filepath.Glob(filepath.Join(sharedDir, "conformance", "*.tsh"))
	for _, p := range shared {
		key := "conformance/" + filepath.Base(p)
		t.Run("shared/"+filepath.Base(p), func(t *testing.T) {
			if !known[key] {
				t.Errorf("%s has no copy in testdata/conformance", p)
			}
			if *updatePending {
				return
			}
			judgeT(t, key, p, checkFile(t, p), pending[key])
		})
	}

	if *updatePending {
		writePending(t, header, files, results, pending)
		return
	}
	t.Logf("pending: %d statements in %d files (of %d statements in %d files; see testdata/PENDING)", nPending, nPendingFiles, nStmts, len(files))
}

// writePending rewrites testdata/PENDING from the results: a file entry
// when most of a file's statements fail, else one entry per failing
// statement.
func writePending(t *testing.T, header []string, files []transcriptFile, results map[string][]StmtResult, old map[string]*pendingEntry) {
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	keys := make([]string, 0, len(files))
	for _, f := range files {
		keys = append(keys, f.key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		res := results[key]
		var failing []int
		for _, r := range res {
			if !r.OK {
				failing = append(failing, r.N)
			}
		}
		switch {
		case len(failing) == 0:
		case 2*len(failing) > len(res):
			fmt.Fprintf(&b, "%s # %d of %d statements fail\n", key, len(failing), len(res))
		default:
			for _, n := range failing {
				fmt.Fprintf(&b, "%s:%d\n", key, n)
			}
		}
		if e := old[key]; e != nil || len(failing) > 0 {
			wasPending := 0
			if e != nil && e.whole {
				wasPending = len(res)
			} else if e != nil {
				wasPending = len(e.stmts)
			}
			t.Logf("%s: %d failing (%d were pending)", key, len(failing), wasPending)
		}
	}
	if err := os.WriteFile(pendingPath, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestJudge: the pending list only shrinks.
func TestJudge(t *testing.T) {
	tr := ParseTranscript("t.tsh", ">>> %compat\ncompat mode: current\n>>> %compat\nwrong\n>>> %compat docs\n")
	res := Check(tr, Options{})
	check := func(p *pendingEntry, wantPending int, want ...string) {
		t.Helper()
		problems, n := judge("t.tsh", "t.tsh", res, p)
		if n != wantPending || len(problems) != len(want) {
			t.Fatalf("pending %d, problems %q; want %d pending, %d problems", n, problems, wantPending, len(want))
		}
		for i, w := range want {
			if !strings.Contains(problems[i], w) {
				t.Errorf("problem %q does not say %q", problems[i], w)
			}
		}
	}
	check(nil, 0, "statement 2 does not print what the transcript says")
	check(&pendingEntry{stmts: map[int]bool{2: true}}, 1)
	check(&pendingEntry{whole: true}, 1)
	check(&pendingEntry{stmts: map[int]bool{1: true, 2: true}}, 1, "remove t.tsh:1 from testdata/PENDING")
	check(&pendingEntry{stmts: map[int]bool{2: true, 9: true}}, 1, "t.tsh:9: the file has 3 statements")

	tr = ParseTranscript("t.tsh", ">>> %compat\ncompat mode: current\n")
	res = Check(tr, Options{})
	check(&pendingEntry{whole: true}, 0, "remove t.tsh from testdata/PENDING")
}
