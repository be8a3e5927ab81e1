package magic

import "github.com/tensh/tensh/eval"

func init() {
	eval.RegisterMagic(&eval.Magic{
		Name:  "compat",
		Usage: "%compat [docs|current]",
		Doc:   "Shows or sets the compat mode: 'docs' prints what the seed documents print, 'current' what PyTorch 1.13 and 2.x print.",
		Save:  true,
		Run: func(s *eval.Session, arg string) {
			if arg == "" {
				s.Print("compat mode: " + s.Compat.String() + "\n")
				return
			}
			c, ok := eval.ParseCompat(arg)
			if !ok {
				eval.Throw("UsageError", msgCompatUsage, arg)
			}
			s.Compat = c
		},
	})
}
