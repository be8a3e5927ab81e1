package eval

// help is, as in CPython, an object (site's _Helper) whose repr says how
// to use it; calling it is the builtin help (help.go). Its Builtin entry
// (builtins.go) keeps the signature and description for the reference.

const msgHelpRepr = "Type help() for interactive help, or help(object) for help about object."

type helper struct{}

func (helper) pyTypeName() string       { return "_Helper" }
func (helper) pyRepr(*reprState) string { return msgHelpRepr }
func (helper) pyCallable() bool         { return true }
func (helper) pyCall(a *Args) Value     { return builtinHelp(a) }

func init() { builtinValues["help"] = helper{} }
