package eval

import (
	"sort"
	"strings"

	"github.com/tensh/tensh/lang"
)

// The module registry. A module is a *Module built by a loader the first
// time a session imports it; `import NAME`, `import NAME as X`, `from NAME
// import a, b as c` and `from NAME import *` bind its members. A module
// that no loader provides fails as CPython fails for a module that is not
// installed:
//
//	ModuleNotFoundError: No module named 'x'
//	ImportError: cannot import name 'y' from 'math' (unknown location)
//
// To add a module (numpy, say), register its loader from an init function
// of the file that implements it:
//
//	func init() {
//		eval.RegisterModule("numpy", func(s *eval.Session) *eval.Module {
//			return &eval.Module{Name: "numpy", Members: map[string]eval.Value{...}}
//		})
//	}
//
// A dotted name ("torch.nn", "numpy.linalg") is a submodule: registered
// under its full name, or found as a *Module member of its parent. The
// loader runs once per session; later imports bind the same module.
// ImportFrom, the text after the module name in ImportError's message, is
// taken from the module's Origin ("(built-in)" -> "(unknown location)").

var moduleLoaders = map[string]func(s *Session) *Module{}

// RegisterModule makes the module name importable; load builds it for a
// session.
func RegisterModule(name string, load func(s *Session) *Module) {
	moduleLoaders[name] = load
}

// ModuleNames lists the importable top-level modules, sorted.
func ModuleNames() []string {
	out := []string{"torch"}
	for n := range moduleLoaders {
		if !strings.Contains(n, ".") {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// importModule returns the module called name (dotted for a submodule),
// loading it on first use, or raises ModuleNotFoundError.
func (s *Session) importModule(name string) *Module {
	if s.torch != nil && name == s.torch.Name {
		return s.torch
	}
	if m, ok := s.modules[name]; ok {
		return m
	}
	var m *Module
	if load, ok := moduleLoaders[name]; ok {
		m = load(s)
	} else if i := strings.LastIndexByte(name, '.'); i > 0 {
		parent := s.importModule(name[:i])
		sub, ok := parent.Members[name[i+1:]].(*Module)
		if !ok {
			if parent.Origin == "(built-in)" {
				throw("ModuleNotFoundError", errNoModuleNotPackage, name, parent.Name)
			}
			throw("ModuleNotFoundError", errNoModule, name)
		}
		m = sub
	} else {
		throw("ModuleNotFoundError", errNoModule, name)
	}
	if s.modules == nil {
		s.modules = map[string]*Module{}
	}
	s.modules[name] = m
	return m
}

// importLocation is how ImportError names where a module came from.
func importLocation(m *Module) string {
	switch {
	case m.Origin == "(built-in)" || m.Origin == "":
		return "(unknown location)"
	case strings.HasPrefix(m.Origin, "from '"):
		return "(" + strings.TrimSuffix(strings.TrimPrefix(m.Origin, "from '"), "'") + ")"
	}
	return m.Origin
}

func (s *Session) importStmt(st *lang.ImportStmt) {
	if strings.HasPrefix(st.Module, ".") {
		throw("ImportError", errRelativeImport)
	}
	m := s.importModule(st.Module)
	if st.Names == nil {
		if st.Alias != "" {
			s.globals[st.Alias] = m
			return
		}
		top := st.Module
		if i := strings.IndexByte(top, '.'); i >= 0 {
			top = top[:i]
		}
		s.globals[top] = s.importModule(top)
		return
	}
	if len(st.Names) == 1 && st.Names[0] == "*" {
		if m == s.torch {
			return // torch's names are always visible
		}
		for name, v := range m.Members {
			if !strings.HasPrefix(name, "_") {
				s.globals[name] = v
			}
		}
		return
	}
	// As in CPython, the names before one that fails stay bound.
	for i, name := range st.Names {
		v, ok := m.Members[name]
		if !ok && m.Getters != nil {
			if g, isGetter := m.Getters[name]; isGetter {
				v, ok = g(), true
			}
		}
		if !ok {
			if _, sub := moduleLoaders[st.Module+"."+name]; sub {
				v, ok = s.importModule(st.Module+"."+name), true
			}
		}
		if !ok {
			throw("ImportError", errCannotImportFrom, name, m.Name, importLocation(m))
		}
		bind := name
		if st.Aliases != nil && st.Aliases[i] != "" {
			bind = st.Aliases[i]
		}
		s.globals[bind] = v
	}
}
