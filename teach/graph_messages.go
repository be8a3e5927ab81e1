package teach

// %graph's text.
const (
	msgGraphUsage     = "%graph: give a tensor expression, e.g. %graph loss"
	msgGraphNotTensor = "%%graph: %s is not a tensor"
	msgGraphLeaf      = "%s is a leaf %s that requires grad: backward fills its .grad"
	msgGraphNone      = "%s has no grad_fn and does not require grad: no backward graph"
	msgGraphHead      = "backward graph of %s %s (gradients flow down):"
	msgGraphNode      = "%s (gradient %s)"
	msgGraphAccum     = "AccumulateGrad: .grad of a leaf %s"
	msgGraphNames     = "= %s"
	msgGraphSeen      = "%s: [%d] again (gradients add up there)"
	msgGraphNoGrad    = "(an input that does not require grad: no gradient)"
	msgGraphMore      = "... and %d more nodes (%%graph draws the first %d)"
	msgGraphFlat      = "(levels deeper than %d are drawn at that indent)"
)
