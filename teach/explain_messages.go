package teach

// The text of tensh's teaching features (%explain, hints, %trace,
// %strides and the notebook magics), in one place for review. PyTorch's own
// messages are not here: they come from the runtime packages, whose shape
// rules %explain calls to predict an error without running the operation.

// %explain: broadcasting verdicts, in the seed documents' words.
const (
	msgTrailing        = "%s trailing dimension: %s"
	msgBothSize1       = "both have size 1"
	msgAllSize1        = "all have size 1"
	msgHasSize1        = "%s has size 1"
	msgHaveSize1       = "%s have size 1"
	msgDimMissing      = "%s dimension doesn't exist"
	msgDimsMissing     = "%s dimensions don't exist"
	msgSizeEq          = "%s size" // joined with " == "
	msgHasSize         = "%s has size %d"
	msgMismatch2       = "%s: %d != %d and neither is 1"
	msgMismatchN       = "%s: the sizes differ and only a size of 1 can stretch"
	msgBroadcastable   = "%s are broadcastable."
	msgNotBroadcast    = "%s are not broadcastable: in the %s trailing dimension %s."
	msgExpandedAlong   = "%s is expanded along %s of the result (stride 0): strides %s -> %s"
	msgUsedAsIs        = "%s is used as it is"
	msgGradSummed      = "%s's gradient is summed over result %s, where %s has size 1 or no dimension, back to its shape %s"
	msgPyTorchSays     = "PyTorch: %s"
	msgDocsSay         = "PyTorch's broadcasting notes print: %s" // %compat docs: the documents' text, not today's PyTorch's
	msgDocsEraSays     = "The documents' PyTorch printed: %s"     // %compat docs, a case the notes do not show
	msgTensorAB        = "(tensor a is %s and tensor b is %s; \"dimension %d\" counts the %d dims of the result from the left: it is %s and %s)"
	msgAccumulated     = "the broadcast of %s, %s"
	msgOwnDim          = "%s's dim %d"
	msgAccDim          = "dim %d of %s"
	msgResultLabel     = "result"
	msgNoSteps         = "%s: no broadcasting, matrix product or view step; its shape is %s"
	msgNoStepsUnknown  = "%s: no broadcasting, matrix product or view step"
	msgStepHeader      = "step %d: %s"
	msgShapeOfWhole    = "shape of %s: %s"
	msgValueOfWhole    = "%s is %s"
	msgExplainUsage    = "%explain: give an expression, e.g. %explain x + y"
	msgCannotTell      = "(tensh cannot tell the shape of %s without running it%s)"
	msgCannotTellWhy   = ": %s"
	msgEvalFailed      = "evaluating %s raised %s"
	msgStandIn         = "(%s has random or in-place parts: tensh used zeros of shape %s in its place, so values are not the real ones)"
	msgExplainOneLine  = "%explain: only the first statement of the line is explained"
	msgExplainStmtKind = "%explain: give an expression or an assignment"
)

// %explain: in-place operations.
const (
	msgInplaceHeader     = "%s: in place, so the result is written into %s and must keep its shape %s"
	msgInplaceCantGrow   = "%s has size 1, %s has size %d: %s cannot grow in place"
	msgInplaceNoDim      = "%s dimension doesn't exist: %s cannot gain a dimension in place"
	msgInplaceFail       = "%s must keep its shape %s, but %s"
	msgMaskedValueHeader = "%s: the value %s must be a number or a 0-dim tensor, not a %d-dim one"
	msgOutReadWrite      = "%s: out=%s is also an input, so PyTorch does not resize it: it must have the result's shape"
	msgOutResized        = "out=%s has shape %s: PyTorch resizes it to %s, with a UserWarning"
	msgPartialHeader     = "%s: writes into %s while reading %s, and the two share part of their storage"
	msgPartialLayout     = "%s  shape %s, strides %s, storage offset %d"
	msgPartialWhy        = "some elements of %s are also elements of %s, at other positions: the result would depend on the order of the writes, so PyTorch refuses; clone() the input first"
	msgOverlapHeader     = "%s: writes into %s, and some elements of %s are one memory location"
	msgOverlapLayout     = "%s  shape %s, strides %s"
	msgOverlapDim        = "dim %d has size %d but stride 0: its %d positions all read and write the same number"
	msgOverlapWhy        = "writing a different result into each of them is impossible, so PyTorch refuses; write into %s.clone() instead"
	msgInplaceBcast      = "the broadcast shape is %s"
	msgInplaceNoBcast    = "the operands do not even broadcast together"
	msgInplaceDocsNote   = "(tensh's docs mode expands %s to %s's shape before the operation, as the seed documents' PyTorch did, so \"dimension %d\" counts %s's dims: it is %s and %s; %%compat current prints today's message)"
	msgInplaceDocsMore   = "(tensh's docs mode expands %s to %s's shape before the operation, as the seed documents' PyTorch did: %s has more dims than %s; %%compat current prints today's message)"
)

// %explain: matrix products.
const (
	msgMatmulHeader   = "%s: matrix product"
	msgMatmulBatch    = "batch dims %s and %s broadcast:"
	msgMatmulNoBatch  = "no batch dims to broadcast"
	msgMatmulOneBatch = "batch dims %s: only %s has them"
	msgMatmulVec1     = "%s is 1-D: it is used as a row [1, %d], and that 1 is dropped from the result"
	msgMatmulVec2     = "%s is 1-D: it is used as a column [%d, 1], and that 1 is dropped from the result"
	msgMatmulInner    = "matrix dims: [%d, %d] @ [%d, %d]: %s's columns (%d) %s %s's rows (%d)"
	msgMatmulDot      = "both are 1-D: a dot product of %d and %d elements"
	msgMatmul0d       = "%s is 0-dim: matmul needs at least one dimension on each side"
	msgMatmulFold     = "(PyTorch folds %s's batch dims into its rows: %s is %s as one matrix)"
	msgMatmulFoldT    = "(PyTorch folds %s's batch dims, transposed, into one matrix: %s is %s)"
	msgMatmulMv       = "(%s is %s as a matrix, %d is the length of %s)"
	msgMatmulBmm      = "(%d is the number of matrices once the batch dims broadcast to %s; batch2 is %s)"
	msgMatmulBatchAB  = "(tensor a is %s's batch dims %s and tensor b is %s's batch dims %s; \"dimension %d\" counts the broadcast batch dims from the left: it is %s and %s)"
	msgBmmBatch       = "batch sizes: %d and %d: bmm does not broadcast, they must be equal"
	msgMatmulBadDims  = "%s needs %s, but %s is %d-D"
)

// %explain: expand.
const (
	msgExpandHeader  = "%s: expand (a view: size-1 dims grow with stride 0, nothing is copied)"
	msgExpandTarget  = "target"
	msgExpandNew     = "a new dimension of size %d (stride 0)"
	msgExpandNew1    = "a new dimension of size 1"
	msgExpandKeep    = "-1 keeps %s's size %d"
	msgExpandSame    = "%s size == target size"
	msgExpandGrow    = "%s has size 1: it grows to %d (stride 0)"
	msgExpandBad     = "%s has size %d, the target %d: only a size-1 dim can grow"
	msgExpandBadNew  = "-1 is not allowed in a new leading dimension"
	msgExpandTooFew  = "the target has %s, fewer than %s's %d: expand cannot remove dims"
	msgExpandResult  = "result  %s, strides %s"
	msgExpandDimNote = "(\"dimension %d\" counts the target's dims from the left: it is %s)"
)

// %explain and %strides: views.
const (
	msgViewHeader     = "%s: %s"
	msgViewWhatView   = "view (the same storage, new sizes and strides: never copies)"
	msgViewWhatReshp  = "reshape (a view when possible, otherwise a copy)"
	msgViewInput      = "%s: shape %s, strides %s, %d elements"
	msgViewInfer      = "-1 is inferred: %d elements / %d = %d"
	msgViewNumel      = "%s has %d elements, but %s holds %d"
	msgViewNumelInfer = "%s has %d elements, which the other sizes (product %d) do not divide"
	msgViewTwoInfer   = "only one size may be -1"
	msgViewBadSize    = "%d is not a valid size"
	msgViewZeroInfer  = "-1 is ambiguous when the tensor has 0 elements"
	msgViewChunks1    = "%s is one chunk: its %s are evenly spaced in storage (every %d), so view can give it any shape with as many elements"
	msgViewChunks     = "%s's dims form %d chunks, each evenly spaced in storage:"
	msgViewChunk      = "  chunk %d: %s, %s, every %d"
	msgViewBreak      = "dims %d and %d cannot be merged: from dim %d on, the elements cover %d x %d = %d storage cells (%d elements, every %d cells), so a step along dim %d would have to move %d cells to follow on; it moves %d"
	msgViewSpans      = "%s does not split into chunks of %s elements: its dim %d (size %d) would need elements from two chunks"
	msgViewResult     = "result  %s, strides %s: a view of %s's storage"
	msgViewCopy       = "reshape copies: the result is a new contiguous tensor %s, strides %s"
	msgViewAdvice     = "use %s.reshape(%s), which copies here, or %s.contiguous().view(%s)"
	msgViewDimsList   = "dims %s"
	msgViewDimOne     = "dim %d"
)

// %explain: where.
const (
	msgWhereHeader = "%s: where (condition, then the two choices, broadcast together)"
)

// Hints: the cause line printed under an error in the REPL.
const (
	hintOperands    = "%s: %s"   // "x + y: x is [..], y is [..]"
	hintIs          = "%s is %s" // "x is [5, 2, 4, 1]"
	hintResultDim   = "result dim %d: %s"
	hintVs          = "%d vs %d"
	hintInplace     = "%s keeps its shape, but the broadcast shape is %s"
	hintInplaceDim  = "%s's dim %d: %d vs %d, and %s cannot grow in place"
	hintInplaceMore = "%s has more dims than %s, which cannot grow in place"
	hintPartial     = "%s: %s and %s share part of their storage, so PyTorch refuses to write one while reading the other"
	hintOverlap     = "%s: %s repeats its elements along dim %d (stride 0), so PyTorch refuses to write into it"
	hintMatmul      = "%s's columns (%d) vs %s's rows (%d)"
	hintMatmulBatch = "batch dim %d: %d vs %d"
	hintExpand      = "target dim %d: %d vs %d (only size-1 dims expand)"
	hintExpandFew   = "%d target sizes for %d dims"
	hintView        = "strides %s: %s"
	hintViewSpan    = "dims %d and %d are not one contiguous chunk; reshape copies"
	hintViewNumel   = "%d elements vs %s"
)

// %trace: one line per implicit broadcast, on the warnings stream.
const (
	traceBinary  = "broadcast: %s %s %s %s %s -> %s"
	traceCall    = "broadcast: %s: %s -> %s"
	traceOperand = "%s %s"
	traceInplace = "broadcast: %s %s= %s: %s %s -> %s"
	traceMatmul  = "broadcast: %s %s @ %s %s -> %s (batch dims %s and %s -> %s)"
)

// %hints and %trace: usage and state messages.
const (
	msgOnOff   = "%%%s: expected 'on' or 'off', got '%s'"
	msgStateIs = "%s: %s"
)

// %strides.
const (
	msgStridesHead     = "%s: shape %s, strides %s, offset %d, %s"
	msgStridesContig   = "contiguous: yes (row-major: each dim's stride is the product of the sizes after it)"
	msgStridesNotCont  = "contiguous: no (a contiguous %s tensor has strides %s)"
	msgStridesShares   = "shares storage with: %s"
	msgStridesOwn      = "shares storage with: no other variable"
	msgStridesStorage  = "storage: %s of %s"
	msgStridesIndex    = "index"
	msgStridesValue    = "value"
	msgStridesVisit    = "element"
	msgStridesOrder    = "(element n is the n-th element of %s read row by row, counting from 0 as index does)"
	msgStridesWindow   = "(storage cells %d to %d are shown)"
	msgStridesAddr     = "element %s is storage[%s]"
	msgStridesRepeat   = "(n+: the cell holds element n and later elements too: a stride of 0 repeats it)"
	msgStridesGaps     = "(a '.' cell is not part of this tensor)"
	msgStridesViewOK   = "view: works for any shape of %s: the elements are visited in storage order, evenly spaced"
	msgStridesViewSome = "view: can split or merge dims only within a chunk:"
	msgStridesViewNo   = "so e.g. %s.view(%d) fails (a dimension would span two chunks); %s.reshape(%d) copies"
	msgStridesNotT     = "%%strides: %s is not a tensor"
	msgStridesUsage    = "%strides: give a tensor expression, e.g. %strides x.t()"
	msgStridesMany     = "(the first %d of %d elements are numbered)"
)

// %explain: library arrays (NumPy, Paddle; explain_lib.go).
const (
	msgLibSays      = "%s: %s"
	msgAxisAligned  = "axis=%d: %s's dimensions line up with %s's from dimension %d, left to right (NumPy's rule, axis=-1, would line them up at the end)"
	msgAxisDim      = "dimension %d: %s"
	msgAxisNotBcast = "%s are not broadcastable: in dimension %d %s."
	msgAxisOutside  = "axis=%d is outside %s's dimensions"
)
