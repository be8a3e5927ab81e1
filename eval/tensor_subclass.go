package eval

import "github.com/tensh/tensh/runtime/tensor"

// tensorSubclass is the class of a tensor that is an instance of a
// subclass of torch.Tensor a library defines (nn.Parameter: the tensor's
// Class), or nil.
func tensorSubclass(v Value) *Class {
	if t, ok := v.(*tensor.Tensor); ok && t.Class != nil {
		if c, ok := t.Class.(*Class); ok {
			return c
		}
	}
	return nil
}

// reprPrefixes are the texts the reprs of a tensor subclass's instances
// start with ("Parameter containing:\n").
var reprPrefixes = map[*Class]string{}

// SetTensorReprPrefix makes the reprs of c's tensors start with prefix.
func SetTensorReprPrefix(c *Class, prefix string) { reprPrefixes[c] = prefix }

func tensorReprPrefix(t *tensor.Tensor) string {
	if c := tensorSubclass(t); c != nil {
		return reprPrefixes[c]
	}
	return ""
}
