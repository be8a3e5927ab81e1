package numpy

import (
	"strconv"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// StrArray is a NumPy array of dtype '<Un' (fixed-width Unicode strings):
// np.array(['a', 'bc']). It is C-ordered; what tensh does with it is
// making one, printing it, its shape and dtype, tolist, indexing (to an
// element, a numpy.str_, or a row), reshape, == and !=, and torch's
// refusal of it. Every other ndarray operation raises errNPStrArrayOp.
type StrArray struct {
	data  []string
	shape []int
	width int // n of '<Un'
}

// npStrDTypeWidth reports whether a dtype argument names a str dtype
// (str, 'str', 'U', 'U5', '<U5') and its width (0: from the data).
func npStrDTypeWidth(v eval.Value) (int, bool) {
	switch x := v.(type) {
	case *eval.Class:
		return 0, x.Name == "str"
	case NPStrDType:
		return x.W, true
	case eval.Str:
		s := strings.TrimPrefix(string(x), "<")
		if s == "str" || s == "U" {
			return 0, true
		}
		if strings.HasPrefix(s, "U") {
			if n, err := strconv.Atoi(s[1:]); err == nil && n >= 0 {
				return n, true
			}
		}
	}
	return 0, false
}

// npStrLeafText is a leaf as a str array stores it, and the width NumPy
// gives an array whose widest element it is (numbers: their str, in a
// field of 21 for ints, 32 for floats, 5 for bools).
func npStrLeafText(v eval.Value) (string, int) {
	switch x := v.(type) {
	case eval.Str:
		s := string(x)
		return s, len([]rune(s))
	case eval.Bool:
		return eval.ToStr(x), 5
	case eval.Int:
		return eval.ToStr(x), 21
	case eval.Float:
		return eval.ToStr(x), 32
	}
	eval.Throw("TypeError", errNPUnsupportedDType, "object")
	return "", 0
}

// npStrFromValue is np.array(v, dtype) when it makes a str array: a str
// dtype, or (without dtype) some str element.
func npStrFromValue(v, dt eval.Value) (*StrArray, bool) {
	width, isStr := 0, false
	if dt != nil {
		if _, none := dt.(eval.NoneType); !none {
			if width, isStr = npStrDTypeWidth(dt); !isStr {
				return nil, false
			}
		}
	}
	if sa, ok := v.(*StrArray); ok && (dt == nil || isStr) {
		out := &StrArray{data: append([]string{}, sa.data...), shape: append([]int{}, sa.shape...), width: sa.width}
		if width > 0 {
			out.width = width
			out.truncate()
		}
		return out, true
	}
	if !isStr && !npHasStrLeaf(v, 0) {
		return nil, false
	}
	shape := npDiscoverShape(v)
	var leaves []eval.Value
	npLeaves(v, len(shape), &leaves)
	out := &StrArray{shape: shape, data: make([]string, len(leaves)), width: width}
	w := 1
	for i, e := range leaves {
		s, n := npStrLeafText(e)
		if isStr { // str(x) itself for an explicit str dtype
			n = len([]rune(s))
		}
		out.data[i] = s
		w = max(w, n)
	}
	if width == 0 {
		out.width = w
	}
	out.truncate()
	return out, true
}

// npHasStrLeaf reports whether nested sequences hold a str.
func npHasStrLeaf(v eval.Value, depth int) bool {
	switch x := v.(type) {
	case eval.Str:
		return true
	case *eval.List, eval.Tuple:
		if depth > 32 {
			return false
		}
		for _, e := range eval.IterateAll(x) {
			if npHasStrLeaf(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func (a *StrArray) truncate() {
	for i, s := range a.data {
		if r := []rune(s); len(r) > a.width {
			a.data[i] = string(r[:a.width])
		}
	}
}

func (a *StrArray) size() int {
	n := 1
	for _, d := range a.shape {
		n *= d
	}
	return n
}

// PyTypeName is numpy.ndarray.
func (a *StrArray) PyTypeName() string { return "numpy.ndarray" }

// TorchTensor is torch's refusal (torch.tensor, torch.as_tensor).
func (a *StrArray) TorchTensor() *tensor.Tensor {
	eval.Throw("TypeError", errNPTorchConvert, "str_")
	return nil
}

// NPStrDType is the dtype of a str array: dtype('<U5').
type NPStrDType struct{ W int }

// Repr is dtype('<U5').
func (d NPStrDType) Repr() string { return "dtype('<U" + strconv.Itoa(d.W) + "')" }

// Str is <U5.
func (d NPStrDType) Str() string { return "<U" + strconv.Itoa(d.W) }

// PyTypeName is numpy.dtype[str_].
func (d NPStrDType) PyTypeName() string { return "numpy.dtypes.StrDType" }

// Attr gives name, itemsize, kind, char, str.
func (d NPStrDType) Attr(s *eval.Session, name string) (eval.Value, bool) {
	switch name {
	case "name":
		return eval.Str("str" + strconv.Itoa(d.W*32)), true
	case "itemsize":
		return eval.MakeInt(int64(4 * d.W)), true
	case "kind", "char":
		return eval.Str("U"), true
	case "str":
		return eval.Str(d.Str()), true
	}
	return nil, false
}
