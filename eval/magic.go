package eval

func init() {
	registerMagic(&Magic{
		Name:  "compat",
		Usage: "%compat [docs|current]",
		Doc:   "Shows or sets the compat mode: 'docs' prints what the seed documents print, 'current' what PyTorch 1.13 and 2.x print.",
		Save:  true,
		Run: func(s *Session, arg string) {
			if arg == "" {
				s.write("compat mode: " + s.Compat.String() + "\n")
				return
			}
			c, ok := ParseCompat(arg)
			if !ok {
				throw("UsageError", msgCompatUsage, arg)
			}
			s.Compat = c
		},
	})
}
