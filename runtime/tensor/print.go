package tensor

import (
	"strconv"
	"strings"
)

// String is repr(t), as torch/_tensor_str.py prints it.
func (t *Tensor) String() string {
	var b strings.Builder
	b.WriteString("tensor(")
	b.WriteString(formatNested(t, 0))
	b.WriteString(")")
	return b.String()
}

func formatNested(t *Tensor, depth int) string {
	if t.Dim() == 0 {
		s := t.Item()
		switch s.Kind {
		case FloatScalar:
			return strconv.FormatFloat(s.F, 'f', 4, 64)
		case BoolScalar:
			if s.I != 0 {
				return "True"
			}
			return "False"
		}
		return strconv.FormatInt(s.I, 10)
	}
	parts := make([]string, t.shape[0])
	for i := range parts {
		parts[i] = formatNested(t.Select(0, i), depth+1)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// StorageString is repr(t.storage()).
func (t *Tensor) StorageString() string {
	var b strings.Builder
	for i := 0; i < t.st.Len(); i++ {
		b.WriteString(" " + strconv.FormatFloat(t.st.Get(i).Float(), 'g', -1, 64) + "\n")
	}
	b.WriteString("[torch.storage.TypedStorage(dtype=" + t.DType().String() + ", device=cpu) of size " + strconv.Itoa(t.st.Len()) + "]")
	return b.String()
}
