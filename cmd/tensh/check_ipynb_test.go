//go:build !js

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tensh/tensh/eval"
)

// tensh check NOTEBOOK.ipynb compares the stored outputs: the guide's
// notebook passes, a changed output fails.
func TestCheckNotebook(t *testing.T) {
	src, err := os.ReadFile("../../docs/broadcasting.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	passed, failed, err := checkNotebook("broadcasting.ipynb", src, eval.Options{}, &out)
	if err != nil || failed != 0 || passed < 10 {
		t.Fatalf("passed %d, failed %d, %v:\n%s", passed, failed, err, out.String())
	}
	bad := strings.Replace(string(src), `"torch.Size([5, 7, 3])"`, `"torch.Size([5, 7, 4])"`, 1)
	if bad == string(src) {
		t.Fatal("the notebook has no torch.Size([5, 7, 3]) output to change")
	}
	name := filepath.Join(t.TempDir(), "bad.ipynb")
	os.WriteFile(name, []byte(bad), 0o644)
	var stdout, stderr strings.Builder
	if status := check([]string{name}, false, eval.Options{}, &stdout, &stderr); status != exitError || !strings.Contains(stdout.String(), "torch.Size([5, 7, 4])") {
		t.Errorf("status %d:\n%s%s", status, stdout.String(), stderr.String())
	}
}
