package svg

// The pictures' words, as format strings, so that grep finds them.
const (
	msgStretched    = "stretched along dim %s"
	msgStretchedN   = "stretched along dims %s"
	msgGhostLegend  = "dashed cells: copies of a size-1 or missing dim, stretched to the result's size (no copy is made in memory)"
	msgFailInPlace  = "red: dim %d, where the result does not fit into %s, which is written in place"
	msgFailLegend   = "red: dim %d of the result, where the sizes differ and neither is 1"
	msgResult       = "result"
	msgWritten      = "written in place: not stretched"
	msgNotDrawn     = "only the last %d dims are drawn (index 0 of the dims before them)"
	msgFailHidden   = "the failing dim %d is not among the dims drawn"
	msgStridesTitle = "%s: shape %s, strides %s, offset %d"
	msgStorageHead  = "storage: %d elements of %d bytes%s"
	msgStorageDType = " (%s)"
	msgStorageWin   = "storage cells %d to %d of %d are drawn"
	msgElemsHead    = "%s's elements, numbered in the order they are visited (row-major), with the storage cell each reads"
	msgStrideArrow  = "dim %d: +%d"
	msgStrideZero   = "dim %d: stride 0, the same cell read %d times"
	msgStrideOut    = "dim %d: +%d (past the cells drawn)"
	msgStrideOne    = "dims of size 1 (%s) step nowhere: their stride does not matter"
	msgRepeatLegend = "orange: a storage cell read by several elements"
	msgUnusedLegend = "white: a storage cell no element reads"
	msgManyElems    = "the first %d of %d elements are numbered"
)
