package torch

import (
	"strings"

	"github.com/tensh/tensh/eval"
)

// The "invalid combination of arguments" message of PyTorch's argument
// parser (torch/csrc/utils/invalid_arguments.cpp, format_invalid_args):
// the options are the visible signatures as FunctionSignature::toString
// prints them, re-read as invalid_arguments.cpp reads them (split at ", ",
// so that "*" and the empty "()" count as arguments), and the arguments
// are checked against an option only by their Python type's name.

const (
	errInvalidOption     = " * %s\n"
	errOptionKeywords    = "      didn't match because some of the keywords were incorrect: %s\n"
	errOptionInvalidType = "      didn't match because some of the arguments have invalid types: %s\n"
)

// optArg is one argument of a printed option: its type and name as
// _parseOption splits them.
type optArg struct{ typ, name string }

// option is _parseOption on the printed signature.
func (sig *signature) option() []optArg {
	var opt []optArg
	for _, part := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sig.String(), "("), ")"), ", ") {
		sp := strings.LastIndexByte(part, ' ')
		if sp < 0 {
			opt = append(opt, optArg{part, part})
			continue
		}
		opt = append(opt, optArg{part[:sp], part[sp+1:]})
	}
	return opt
}

// argcountMatch is _argcountMatch.
func argcountMatch(opt []optArg, a *eval.Args) bool {
	return len(a.Pos)+len(a.Kw) == len(opt)
}

// tryMatchKwargs is _tryMatchKwargs: the keywords that are not among the
// option's last arguments.
func tryMatchKwargs(opt []optArg, a *eval.Args) []string {
	var unmatched []string
	start := max(len(opt)-len(a.Kw), 0)
	for _, kw := range kwargsOrder(a) {
		found := false
		for _, o := range opt[start:] {
			found = found || o.name == kw.Name
		}
		if !found {
			unmatched = append(unmatched, kw.Name)
		}
	}
	return unmatched
}

// typeMatches is the Type::is_matching of an option's argument type: the
// Python type's name, where float also takes an int.
func typeMatches(typ string, v eval.Value) bool {
	name := eval.TypeName(v)
	if typ == "float" {
		return name == "float" || name == "int" || name == "long"
	}
	if typ == "int" {
		return name == "int" || name == "long"
	}
	return name == typ
}

// formattedArgDesc is _formattedArgDesc without colours (Python's prompt
// is not a terminal on both stdout and stderr when transcripts are made):
// each argument's type, marked !like this! where it does not match the
// option's; keyword arguments in the option's order. ok is false where
// PyTorch would look up a keyword the call does not have.
func formattedArgDesc(opt []optArg, a *eval.Args) (string, bool) {
	var b strings.Builder
	b.WriteByte('(')
	for i := 0; i < len(a.Pos)+len(a.Kw); i++ {
		var v eval.Value
		prefix := ""
		if i < len(a.Pos) {
			v = a.Pos[i]
		} else {
			if i >= len(opt) {
				return "", false
			}
			kv, ok := a.Kwarg(opt[i].name)
			if !ok {
				return "", false
			}
			v, prefix = kv, opt[i].name+"="
		}
		match := i < len(opt) && typeMatches(opt[i].typ, v)
		if !match {
			b.WriteByte('!')
		}
		b.WriteString(prefix + eval.TypeName(v))
		if !match {
			b.WriteByte('!')
		}
		if i < len(a.Pos)+len(a.Kw)-1 || len(a.Pos) == 0 {
			b.WriteString(", ")
		}
	}
	b.WriteByte(')')
	return b.String(), true
}

// invalidCombination raises format_invalid_args's message for several
// visible signatures: each option, and under each whose argument count
// matches the call, why it did not match.
func invalidCombination(name string, sigs []*signature, a *eval.Args) {
	var b strings.Builder
	b.WriteString(eval.Sprintf(eval.ErrInvalidCombination, name, eval.InvalidArgsDesc(a)))
	b.WriteByte('\n')
	for _, sig := range sigs {
		b.WriteString(eval.Sprintf(errInvalidOption, sig.String()))
		opt := sig.option()
		if !argcountMatch(opt, a) {
			continue
		}
		if unmatched := tryMatchKwargs(opt, a); len(unmatched) > 0 {
			b.WriteString(eval.Sprintf(errOptionKeywords, strings.Join(unmatched, ", ")))
			continue
		}
		desc, ok := formattedArgDesc(opt, a)
		if !ok {
			desc = "(" + eval.InvalidArgsDesc(a) + ")"
		}
		b.WriteString(eval.Sprintf(errOptionInvalidType, desc))
	}
	eval.Throw("TypeError", "%s", b.String())
}

// finfoSigs are torch.finfo's signatures, for its argument errors
// (torch_print.go reads the argument itself).
var finfoSigs = newArgParser("finfo(ScalarType type)", "finfo()")

// invalid raises the invalid-combination error of a call that binds to
// none of p's signatures, listing the visible ones (for a method call, the
// method's).
func (p *argParser) invalid(a *eval.Args) {
	var options []*signature
	for _, sig := range p.sigs {
		if !sig.hidden && !(a.Self != nil && sig.fnOnly) {
			options = append(options, sig.forCall(a))
		}
	}
	invalidCombination(p.name, options, a)
}
