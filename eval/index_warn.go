package eval

import "github.com/tensh/tensh/runtime/tensor"

// IndexWarner is a value whose __index__ warns (np.bool_: "In future, it
// will be an error for 'np.bool_' scalars to be interpreted as an
// index"). PyTorch calls __index__ on it where it stores it into an
// element of a bool tensor (THPUtils_unpackNumberAsBool), so
// torch.tensor(np.bool_(True)) warns and torch.tensor(np.bool_(True),
// dtype=torch.float32) does not.
type IndexWarner interface {
	IndexWarning() (category, msg string, ok bool)
}

// warnBoolStores warns, before torch.tensor or torch.as_tensor runs, for
// every IndexWarner in data that the call stores into a bool tensor.
func (s *Session) warnBoolStores(fn Value, a *Args) {
	b, ok := fn.(*Builtin)
	if !ok || (b.Name != "tensor" && b.Name != "as_tensor") || b.Kind&TorchFunc == 0 {
		return
	}
	var data, dt Value
	if len(a.Pos) > 0 {
		data = a.Pos[0]
	}
	if len(a.Pos) > 1 && b.Name == "as_tensor" {
		dt = a.Pos[1]
	}
	for _, kw := range a.Kw {
		switch kw.Name {
		case "data":
			data = kw.Value
		case "dtype":
			dt = kw.Value
		}
	}
	if data == nil || !hasIndexWarner(data, 0) {
		return
	}
	d, given := dt.(DTypeValue)
	if !given {
		if _, none := dt.(NoneType); dt != nil && !none {
			return // the call raises its TypeError
		}
		var inferred tensor.DType
		if caught(func() { inferred = Tensors.ScalarType(data) }) {
			return
		}
		d = DTypeValue{inferred}
	}
	if d.D == tensor.Bool {
		s.warnIndexWarners(data, 0)
	}
}

func hasIndexWarner(v Value, depth int) bool {
	if w, ok := v.(IndexWarner); ok {
		_, _, warns := w.IndexWarning()
		return warns
	}
	switch x := v.(type) {
	case *List, Tuple:
		if depth > 64 {
			return false
		}
		for _, e := range iterate(x) {
			if hasIndexWarner(e, depth+1) {
				return true
			}
		}
	}
	return false
}

func (s *Session) warnIndexWarners(v Value, depth int) {
	if w, ok := v.(IndexWarner); ok {
		if cat, msg, warns := w.IndexWarning(); warns {
			s.Warn(cat, msg)
		}
		return
	}
	switch x := v.(type) {
	case *List, Tuple:
		if depth > 64 {
			return
		}
		for _, e := range iterate(x) {
			s.warnIndexWarners(e, depth+1)
		}
	}
}

// caught runs f and reports whether it raised a Python exception.
func caught(f func()) (raised bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Exception); !ok {
				panic(r)
			}
			raised = true
		}
	}()
	f()
	return false
}
