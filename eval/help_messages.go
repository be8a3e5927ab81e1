package eval

// The texts of help(), %help, the magic registry and %save's header.
const (
	msgMagicNotFound = "Line magic function `%%%s` not found."
	msgHelpUnknown   = "%%help: no magic named '%s'"
	msgHelpHeader    = "Magics (tensh's own commands: lines that start with %); %help NAME tells more:"
	msgHelpFooter    = "help(f) describes a function or method, e.g. help(torch.add) or help(x.view)."
	msgSaveHeader    = "# A tensh session saved by %save: tensh --echo FILE replays it, tensh check FILE tests it."
	msgHelpFunc      = "Help on built-in function %s in module %s:"
	msgHelpMethod    = "Help on built-in method %s of %s object:"
	msgHelpNoDoc     = "No description."
	msgHelpObject    = "Help on %s object:\n\n%s"
)
