package magic

import (
	"fmt"
	"github.com/tensh/tensh/teach"
	"strings"

	"github.com/tensh/tensh/eval"
)

// %history and %prompt; transcriptOf writes what %save saves (files.go).

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "history",
		Usage: "%history [-n] [-p]",
		Doc:   "Prints this session's inputs; -n numbers them (as In [n]), -p writes them with >>> prompts.",
		Run:   func(s *eval.Session, arg string) { history(s, arg) },
	})
	eval.RegisterMagic(&eval.Magic{
		Name:  "prompt",
		Usage: "%prompt [python|ipython]",
		Doc:   "Switches the REPL between Python's prompts (>>> ) and IPython's (In [n]: and Out[n]: , with Out[n] and _n holding the values shown).",
		Run: func(s *eval.Session, arg string) {
			switch arg {
			case "":
				style := "python"
				if s.IPythonPrompts() {
					style = "ipython"
				}
				s.Print(fmt.Sprintf(teach.MsgStateIs, "prompt", style) + "\n")
			case "python":
				s.SetIPythonPrompts(false)
			case "ipython":
				s.SetIPythonPrompts(true)
			default:
				eval.Throw("UsageError", msgPromptUsage, arg)
			}
		},
	})
}

func history(s *eval.Session, arg string) {
	nums, prompts := false, false
	for _, f := range strings.Fields(arg) {
		switch f {
		case "-n":
			nums = true
		case "-p":
			prompts = true
		case "-np", "-pn":
			nums, prompts = true, true
		default:
			eval.Throw("UsageError", msgHistoryUsage, f)
		}
	}
	var b strings.Builder
	for _, h := range s.History() {
		in := strings.TrimRight(strings.ReplaceAll(h.Source(), "\t", "    "), " \n")
		multi := strings.Contains(in, "\n")
		if nums {
			sep := " "
			if multi {
				sep = "\n"
			}
			b.WriteString(fmt.Sprintf("%4d:%s", h.Number(), sep))
		}
		if prompts {
			b.WriteString(">>> ")
			if multi {
				in = strings.Join(strings.Split(in, "\n"), "\n... ") + "\n..."
			}
		}
		b.WriteString(in + "\n")
	}
	s.Print(b.String())
}
