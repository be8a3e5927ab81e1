package web

import (
	"os"
	"path/filepath"
	"strings"
)

// Lesson is a guide of the docs as notebook cells (the page's lesson
// menu): its code blocks' statements, without their output.
type Lesson struct {
	Title string   `json:"title"`
	File  string   `json:"file"`
	Cells []string `json:"cells"`
}

// LessonFiles are the guides of the lesson menu, in its order, relative
// to the repository's root; the README's tour comes first.
var LessonFiles = []string{
	"README.md",
	"docs/broadcasting.md",
	"docs/views.md",
	"docs/autograd.md",
	"docs/frameworks.md",
	"docs/numpy.md",
	"docs/surface.md",
	"docs/language.md",
	"docs/builtins.md",
	"docs/magics.md",
}

// msgTourTitle is the README's title in the lesson menu.
const msgTourTitle = "A short tour (README)"

// Lessons reads LessonFiles under root (scripts/build-web writes them as
// lessons.json, which the page loads).
func Lessons(root string) ([]Lesson, error) {
	var out []Lesson
	for _, f := range LessonFiles {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, err
		}
		src := string(b)
		title := msgTourTitle
		if f != "README.md" {
			first, _, _ := strings.Cut(src, "\n")
			title = strings.TrimSpace(strings.TrimPrefix(first, "#"))
		}
		out = append(out, Lesson{Title: title, File: f, Cells: Cells(f, src)})
	}
	return out, nil
}
