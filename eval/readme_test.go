package eval

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMESelfContained (issue 15, item 10): what the README tells a
// stranger is in the repository: it names no path outside it (../shared),
// no install command that cannot work (the module is not published), and
// every file or directory it names exists.
func TestREADMESelfContained(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, bad := range []string{"../", "@latest", "SCOPE.md"} {
		if strings.Contains(readme, bad) {
			t.Errorf("README.md mentions %q", bad)
		}
	}
	// Markdown links and `code` spans that look like repository paths.
	paths := regexp.MustCompile("\\]\\(([^)#]+)\\)|`((?:docs|testdata|scripts|cmd|eval|runtime|lang)/[^` *]*)`")
	n := 0
	for _, m := range paths.FindAllStringSubmatch(readme, -1) {
		p := m[1] + m[2]
		if strings.Contains(p, "://") {
			continue
		}
		n++
		if _, err := os.Stat(filepath.Join("..", p)); err != nil {
			t.Errorf("README.md names %s, which is not in the repository", p)
		}
	}
	if n < 5 {
		t.Errorf("only %d repository paths found in README.md", n)
	}
}
