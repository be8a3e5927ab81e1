package eval

import "strings"

// pyArgs binds a call's arguments as a Python function's parameters bind,
// for the standard-library functions that random.py, functools.py and the
// other pure-Python modules define: spec lists the parameters, "name"
// required, "name=" optional (nil when absent), a "*" before the
// keyword-only ones. qual is the name the messages use
// ("Random.randrange"); self is 1 for a method (counted in "takes N
// positional arguments", as CPython counts it).
func pyArgs(a *Args, qual string, self int, spec string) []Value {
	type param struct {
		name     string
		optional bool
		kwOnly   bool
	}
	var params []param
	kwOnly := false
	for _, f := range strings.Split(spec, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if f == "*" {
			kwOnly = true
			continue
		}
		params = append(params, param{strings.TrimSuffix(f, "="), strings.HasSuffix(f, "="), kwOnly})
	}
	out := make([]Value, len(params))
	npos, nreq := 0, 0
	for _, p := range params {
		if !p.kwOnly {
			npos++
			if !p.optional {
				nreq++
			}
		}
	}
	if len(a.Pos) > npos {
		was := "were"
		if len(a.Pos)+self == 1 {
			was = "was"
		}
		if nreq < npos {
			throw("TypeError", errTakesFromToPos, qual, nreq+self, npos+self, len(a.Pos)+self, was)
		}
		throw("TypeError", errTakesPositional, qual, npos+self, pluralS(npos+self), len(a.Pos)+self, was)
	}
	copy(out, a.Pos)
	for _, kw := range a.Kw {
		i := -1
		for j, p := range params {
			if p.name == kw.Name {
				i = j
			}
		}
		if i < 0 {
			throw("TypeError", errUnexpectedKw, qual, kw.Name)
		}
		if out[i] != nil {
			throw("TypeError", errMultipleVals, qual, kw.Name)
		}
		out[i] = kw.Value
	}
	var missing, missingKw []string
	for i, p := range params {
		if out[i] == nil && !p.optional {
			if p.kwOnly {
				missingKw = append(missingKw, p.name)
			} else {
				missing = append(missing, p.name)
			}
		}
	}
	if len(missing) > 0 {
		throw("TypeError", errMissingPos, qual, len(missing), pluralS(len(missing)), nameList(missing))
	}
	if len(missingKw) > 0 {
		throw("TypeError", errMissingKwOnly, qual, len(missingKw), pluralS(len(missingKw)), nameList(missingKw))
	}
	return out
}

// orDefault is v, or d when v is absent.
func orDefault(v, d Value) Value {
	if v == nil {
		return d
	}
	return v
}

// registerPyHelper registers a hidden module of tensh-Python source that
// implements part of the standard-library module public (its classes and
// functions are public's: their __module__, and the reprs
// <class 'functools.cached_property'>).
func registerPyHelper(name, public, src string) {
	RegisterModule(name, func(s *Session) *Module {
		ns := map[string]Value{"__name__": Str(public), "__doc__": None}
		m := &Module{Name: public, Members: ns, Origin: "(built-in)"}
		if exc := s.runModuleSource(ns, src); exc != nil {
			panic(exc)
		}
		return m
	})
}

// registerPyStdlib registers a standard-library module written in
// tensh-Python source, located where CPython 3.11's is (for ImportError's
// "(/usr/lib/python3.11/enum.py)").
func registerPyStdlib(name, src string) {
	RegisterModule(name, func(s *Session) *Module {
		ns := map[string]Value{"__name__": Str(name), "__doc__": None}
		m := &Module{Name: name, Members: ns, Origin: "from '/usr/lib/python3.11/" + name + ".py'"}
		if exc := s.runModuleSource(ns, src); exc != nil {
			panic(exc)
		}
		return m
	})
}
