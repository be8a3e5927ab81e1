package torch

import (
	. "github.com/tensh/tensh/eval"

	"github.com/tensh/tensh/runtime/tensor"
)

// newTorchModule builds the torch namespace for a session: every function of
// the torchFuncs table, the dtypes and their aliases, the classes, and the
// writable settings under torch.utils.
func newTorchModule(s *Session) *Module {
	m := &Module{Name: "torch", Origin: "from '/usr/lib/python3/dist-packages/torch/__init__.py'", Members: map[string]Value{}, Getters: map[string]func() Value{}, Setters: map[string]func(Value){}}
	for name, b := range TorchFuncs {
		m.Members[name] = b
	}
	for _, name := range tensor.DTypeAliases() {
		d, _ := tensor.DTypeByName(name)
		m.Members[name] = DTypeValue{D: d}
	}
	m.Members["Tensor"] = TensorClass
	m.Members["Size"] = SizeClass
	m.Members["dtype"] = DtypeClass
	m.Members["device"] = DeviceClass
	m.Members["__version__"] = Str("1.13.1")
	for name, c := range torchClasses {
		m.Members[name] = c
	}

	warning := &Module{Name: "torch.utils.backcompat.broadcast_warning", Members: map[string]Value{},
		Getters: map[string]func() Value{"enabled": func() Value { return Bool(s.BroadcastWarning) }},
		Setters: map[string]func(Value){"enabled": func(v Value) { s.BroadcastWarning = s.Truth(v) }},
	}
	backcompat := &Module{Name: "torch.utils.backcompat", Members: map[string]Value{"broadcast_warning": warning}}
	m.Members["utils"] = &Module{Name: "torch.utils", Members: map[string]Value{"backcompat": backcompat}}
	for name, sub := range torchSubmodules {
		m.Members[name] = sub(s)
	}
	for name, v := range torchValues {
		m.Members[name] = v(s)
	}
	return m
}

// torchClasses are extra classes of the torch namespace (finfo, iinfo, ...)
// registered by the files that implement them.
var torchClasses = map[string]*Class{}

// torchSubmodules build extra submodules of torch (cuda, ...) per session.
var torchSubmodules = map[string]func(s *Session) *Module{}

// torchValues make other members of torch per session (default_generator).
var torchValues = map[string]func(s *Session) Value{}
