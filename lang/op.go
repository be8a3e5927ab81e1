package lang

// Op is an operator token.
type Op int

// Operators, in no particular order.
const (
	IllegalOp  Op = iota
	Plus          // +
	Minus         // -
	Star          // *
	Slash         // /
	SlashSlash    // //
	Percent       // %
	StarStar      // **
	At            // @
	Amp           // &
	Pipe          // |
	Caret         // ^
	Tilde         // ~
	LtLt          // <<
	GtGt          // >>
	Eq            // ==
	Ne            // !=
	Lt            // <
	Le            // <=
	Gt            // >
	Ge            // >=
	Is            // is
	IsNot         // is not
	In            // in
	NotIn         // not in
	Not           // not
	And           // and
	Or            // or
)

var opNames = [...]string{
	IllegalOp: "?", Plus: "+", Minus: "-", Star: "*", Slash: "/",
	SlashSlash: "//", Percent: "%", StarStar: "**", At: "@", Amp: "&",
	Pipe: "|", Caret: "^", Tilde: "~", LtLt: "<<", GtGt: ">>", Eq: "==",
	Ne: "!=", Lt: "<", Le: "<=", Gt: ">", Ge: ">=", Is: "is",
	IsNot: "is not", In: "in", NotIn: "not in", Not: "not", And: "and",
	Or: "or",
}

// String returns the operator as written in source.
func (op Op) String() string {
	if op >= 0 && int(op) < len(opNames) {
		return opNames[op]
	}
	return "?"
}
