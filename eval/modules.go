package eval

import "github.com/tensh/tensh/lang"

// Modules are the library modules that `import NAME` and `from NAME import
// x` bind besides torch (numpy, paddle): each builds its module for a
// session. A session builds a module once and keeps it (see importModule).
var Modules = map[string]func(s *Session) *Module{}

// ModuleFiles are the files CPython names in an ImportError for a
// library module.
var ModuleFiles = map[string]string{}

// errCannotImportFrom is CPython's ImportError for a missing name.
const errCannotImportFrom = "cannot import name '%s' from '%s' (%s)"

// importAlias is the name `from m import x [as y]` binds for Names[i].
func importAlias(st *lang.ImportStmt, i int, n string) string {
	if i < len(st.Aliases) && st.Aliases[i] != "" {
		return st.Aliases[i]
	}
	return n
}

// importModule returns the session's instance of a library module.
func (s *Session) importModule(name string) (*Module, bool) {
	mk, ok := Modules[name]
	if !ok {
		return nil, false
	}
	if s.mods == nil {
		s.mods = map[string]*Module{}
	}
	m := s.mods[name]
	if m == nil {
		m = mk(s)
		s.mods[name] = m
	}
	return m, true
}

// bindModule binds an imported library module: `import m as n` binds the
// module, `from m import a, b` its members (ImportError for a name it
// lacks, as CPython words it).
func (s *Session) bindModule(st *lang.ImportStmt, m *Module) {
	if st.Names == nil {
		name := st.Alias
		if name == "" {
			name = st.Module
		}
		s.globals[name] = m
		return
	}
	for i, n := range st.Names {
		if n == "*" {
			for k, v := range m.Members {
				s.globals[k] = v
			}
			continue
		}
		v, ok := m.Members[n]
		if !ok {
			throw("ImportError", errCannotImportFrom, n, m.Name, ModuleFiles[m.Name])
		}
		s.globals[importAlias(st, i, n)] = v
	}
}
