package teach

// The teaching layer's texts and helpers that the magics (package magic:
// %whos, %prompt, the --svg option) use.

// FmtShape is a shape as %whos and the explanations print it: [2, 3].
func FmtShape(s []int) string { return fmtShape(s) }

// MsgExplainUsage is msgExplainUsage.
const MsgExplainUsage = msgExplainUsage

// MsgStateIs is msgStateIs.
const MsgStateIs = msgStateIs

// MsgStridesNotT is msgStridesNotT.
const MsgStridesNotT = msgStridesNotT
