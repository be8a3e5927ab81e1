package eval

import (
	"strings"

	"github.com/tensh/tensh/lang"
)

// Binding a call's arguments to a function's parameters.

// bindArgs binds a call's arguments to the parameters, with Python's
// errors.
func (s *Session) bindArgs(f *Function, fr *frame, a *Args) {
	params := f.code.params
	if len(a.Kw) == 0 && len(a.Pos) == len(params) && f.code.plain {
		// The common call: one positional argument per parameter (whose
		// slots come first, in order).
		for i, v := range a.Pos {
			fr.cells[i].v = v
		}
		return
	}
	set := func(name string, v Value) { fr.cells[f.code.locals[name]].v = v }
	isSet := func(name string) bool { return fr.cells[f.code.locals[name]].v != nil }
	var varArgs, varKw *lang.Param
	var positional []lang.Param // parameters that take positional arguments
	nDefaults := len(f.defaults)
	for i := range params {
		p := &params[i]
		switch p.Kind {
		case lang.ParamNormal, lang.ParamPosOnly:
			positional = append(positional, *p)
		case lang.ParamVarArgs:
			varArgs = p
		case lang.ParamVarKw:
			varKw = p
		}
	}
	// Positional arguments.
	n := min(len(a.Pos), len(positional))
	for i := 0; i < n; i++ {
		set(positional[i].Name, a.Pos[i])
	}
	if varArgs != nil {
		rest := Tuple{}
		if len(a.Pos) > n {
			rest = append(Tuple(nil), a.Pos[n:]...)
		}
		set(varArgs.Name, rest)
	} else if len(a.Pos) > len(positional) {
		was := "were"
		if len(a.Pos) == 1 {
			was = "was"
		}
		given := len(a.Pos)
		if nDefaults > 0 {
			throw("TypeError", errTakesFromToPos, f.qualName(), len(positional)-nDefaults, len(positional), given, was)
		}
		throw("TypeError", errTakesPositional, f.qualName(), len(positional), pluralS(len(positional)), given, was)
	}
	// Keyword arguments.
	var kwDict *Dict
	if varKw != nil {
		kwDict = NewDict()
	}
	var posOnlyAsKw []string
	for _, kw := range a.Kw {
		i := paramIndex(params, kw.Name)
		if i < 0 || params[i].Kind == lang.ParamVarArgs || params[i].Kind == lang.ParamVarKw || params[i].Kind == lang.ParamPosOnly {
			if kwDict != nil {
				kwDict.SetItem(Str(kw.Name), kw.Value)
				continue
			}
			if i >= 0 && params[i].Kind == lang.ParamPosOnly {
				posOnlyAsKw = append(posOnlyAsKw, kw.Name)
				continue
			}
			throw("TypeError", errUnexpectedKw, f.qualName(), kw.Name)
		}
		if isSet(kw.Name) {
			throw("TypeError", errMultipleVals, f.qualName(), kw.Name)
		}
		set(kw.Name, kw.Value)
	}
	if len(posOnlyAsKw) > 0 {
		throw("TypeError", errPosOnlyAsKw, f.qualName(), strings.Join(posOnlyAsKw, ", "))
	}
	if varKw != nil {
		set(varKw.Name, kwDict)
	}
	// Defaults, and what is missing.
	var missing []string
	for i, p := range positional {
		if isSet(p.Name) {
			continue
		}
		if d := i - (len(positional) - nDefaults); d >= 0 {
			set(p.Name, f.defaults[d])
			continue
		}
		missing = append(missing, p.Name)
	}
	if len(missing) > 0 {
		throw("TypeError", errMissingPos, f.qualName(), len(missing), pluralS(len(missing)), nameList(missing))
	}
	for _, p := range params {
		if p.Kind != lang.ParamKwOnly || isSet(p.Name) {
			continue
		}
		if v, ok := f.kwDefs[p.Name]; ok {
			set(p.Name, v)
			continue
		}
		missing = append(missing, p.Name)
	}
	if len(missing) > 0 {
		throw("TypeError", errMissingKwOnly, f.qualName(), len(missing), pluralS(len(missing)), nameList(missing))
	}
}

func paramIndex(params []lang.Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// nameList is Python's list of missing arguments: 'a', 'b' and 'c'.
func nameList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}
