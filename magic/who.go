package magic

import (
	"fmt"
	"github.com/tensh/tensh/teach"
	"sort"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// %who, %whos and %reset, as IPython has them.

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "who",
		Usage: "%who [TYPE ...]",
		Doc:   "Lists the variables you defined (names starting with _ are left out), or those of the given types (e.g. %who Tensor int).",
		Save:  true,
		Run: func(s *eval.Session, arg string) {
			names := userVars(s, strings.Fields(arg))
			if len(names) == 0 {
				if arg != "" {
					s.Print(msgWhoNoMatch + "\n")
				} else {
					s.Print(msgWhoEmpty + "\n")
				}
				return
			}
			// IPython: each name followed by a tab and a space, nine a line.
			var b strings.Builder
			for i, n := range names {
				b.WriteString(n + "\t ")
				if (i+1)%9 == 0 {
					b.WriteString("\n")
				}
			}
			s.Print(b.String() + "\n")
		},
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "whos",
		Usage: "%whos [TYPE ...]",
		Doc:   "Like %who, as a table: each variable's type and data; for a tensor its shape, number of elements, dtype, device and whether it is contiguous.",
		Save:  true,
		Run:   func(s *eval.Session, arg string) { s.Print(whos(s, strings.Fields(arg))) },
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "reset",
		Usage: "%reset [-f]",
		Doc:   "Deletes every variable you defined (tensh does not ask for confirmation; -f is accepted for IPython's sake), and the Out[n] cache.",
		Save:  true,
		Run: func(s *eval.Session, arg string) {
			if arg != "" && arg != "-f" {
				eval.Throw("UsageError", "%s", msgResetUsage)
			}
			for _, n := range userVars(s, nil) {
				delete(s.Globals(), n)
			}
			for n := range s.Globals() {
				if strings.HasPrefix(n, "_") {
					if _, initial := s.InitialBinding(n); !initial {
						delete(s.Globals(), n)
					}
				}
			}
			s.ClearOut()
		},
	})
}

// userVars lists the user's variables, sorted, optionally only those of
// the given type names.
func userVars(s *eval.Session, types []string) []string {
	var out []string
	for n, v := range s.Globals() {
		if strings.HasPrefix(n, "_") || (n == "Out" && v == s.OutObject()) {
			continue
		}
		if iv, ok := s.InitialBinding(n); ok && iv == v {
			continue
		}
		if len(types) > 0 {
			match := false
			for _, t := range types {
				if eval.ShortTypeName(v) == t || (t == "Tensor" && eval.ShortTypeName(v) == "Tensor") {
					match = true
				}
			}
			if !match {
				continue
			}
		}
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// whos is IPython's table: Variable, Type, Data/Info.
func whos(s *eval.Session, types []string) string {
	names := userVars(s, types)
	if len(names) == 0 {
		if len(types) > 0 {
			return msgWhoNoMatch + "\n"
		}
		return msgWhoEmpty + "\n"
	}
	const colsep = 3
	varw, typew := len("Variable"), len("Type")
	for _, n := range names {
		varw = max(varw, len(n))
		typew = max(typew, len(eval.ShortTypeName(s.Globals()[n])))
	}
	varw += colsep
	typew += colsep
	var b strings.Builder
	b.WriteString(pad("Variable", varw) + pad("Type", typew) + " Data/Info\n")
	b.WriteString(strings.Repeat("-", varw+typew+len("Data/Info")+1) + "\n")
	for _, n := range names {
		v := s.Globals()[n]
		b.WriteString(pad(n, varw) + pad(eval.ShortTypeName(v), typew) + " " + whosInfo(v) + "\n")
	}
	return b.String()
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return s + strings.Repeat(" ", w-len(s))
}

// whosInfo is a variable's Data/Info: for a tensor its geometry, for a
// list or tuple its length, otherwise its str (shortened as IPython does).
func whosInfo(v eval.Value) string {
	if w, ok := v.(eval.WhosInfoer); ok { // protocols.go
		return w.WhosInfo()
	}
	switch x := v.(type) {
	case *tensor.Tensor:
		cont := "contiguous"
		if !x.IsContiguous() {
			cont = "not contiguous"
		}
		return fmt.Sprintf(msgWhosTensor, teach.FmtShape(x.Shape()), x.Numel(), x.DType().Name(), x.Device().String(), cont)
	case *eval.List:
		return fmt.Sprintf("n=%d", len(x.Elems))
	case eval.Tuple:
		return fmt.Sprintf("n=%d", len(x))
	}
	str := strings.ReplaceAll(eval.ToStr(v), "\n", "\\n")
	if len(str) < 50 {
		return str
	}
	return str[:25] + "<...>" + str[len(str)-25:]
}
