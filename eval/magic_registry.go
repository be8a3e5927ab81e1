package eval

import (
	"sort"
	"strings"
)

// Magic is a line command starting with '%' (IPython's "line magics").
// Magics are tensh's own, not Python.
type Magic struct {
	Name  string
	Usage string // "%compat docs|current"
	Doc   string
	Run   func(s *Session, arg string)
	// Save is set for the magics that %save keeps in a saved session
	// (those whose output is the same when the session is run again).
	Save bool
}

var magics = map[string]*Magic{}

// registerMagic adds magics to the dispatch table.
func registerMagic(ms ...*Magic) {
	for _, m := range ms {
		magics[m.Name] = m
	}
}

// MagicNames lists the magics, sorted (for completion and %help).
func MagicNames() []string {
	out := make([]string, 0, len(magics))
	for n := range magics {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// LookupMagic returns a magic by name.
func LookupMagic(name string) *Magic { return magics[name] }

// runMagic runs a line that starts with '%'.
func (s *Session) runMagic(line string) {
	body := strings.TrimPrefix(strings.TrimSpace(line), "%")
	name, arg, _ := strings.Cut(body, " ")
	m, ok := magics[name]
	if !ok {
		throw("UsageError", msgMagicNotFound, name)
	}
	m.Run(s, strings.TrimSpace(arg))
}

// RegisterMagic adds magics to the dispatch table (from a package's init:
// the magics, the teaching layer).
func RegisterMagic(ms ...*Magic) { registerMagic(ms...) }
