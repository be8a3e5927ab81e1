package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// newTorchModule builds the torch namespace for a session: every function of
// the torchFuncs table, the dtypes and their aliases, the classes, and the
// writable settings under torch.utils.
func newTorchModule(s *eval.Session) *eval.Module {
	m := &eval.Module{Name: "torch", Origin: "from '/usr/lib/python3/dist-packages/torch/__init__.py'", Members: map[string]eval.Value{}, Getters: map[string]func() eval.Value{}, Setters: map[string]func(eval.Value){}}
	for name, b := range eval.TorchFuncs {
		m.Members[name] = b
	}
	for _, name := range tensor.DTypeAliases() {
		d, _ := tensor.DTypeByName(name)
		m.Members[name] = eval.DTypeValue{D: d}
	}
	m.Members["Tensor"] = eval.TensorClass
	m.Members["Size"] = eval.SizeClass
	m.Members["dtype"] = eval.DtypeClass
	m.Members["device"] = eval.DeviceClass
	m.Members["__version__"] = eval.Str("1.13.1")
	for name, c := range torchClasses {
		m.Members[name] = c
	}

	warning := &eval.Module{Name: "torch.utils.backcompat.broadcast_warning", Members: map[string]eval.Value{},
		Getters: map[string]func() eval.Value{"enabled": func() eval.Value { return eval.Bool(s.BroadcastWarning) }},
		Setters: map[string]func(eval.Value){"enabled": func(v eval.Value) { s.BroadcastWarning = s.Truth(v) }},
	}
	backcompat := &eval.Module{Name: "torch.utils.backcompat", Members: map[string]eval.Value{"broadcast_warning": warning}}
	m.Members["utils"] = &eval.Module{Name: "torch.utils", Members: map[string]eval.Value{"backcompat": backcompat, "data": utilsData(s)}}
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
var torchClasses = map[string]*eval.Class{}

// torchSubmodules build extra submodules of torch (cuda, ...) per session.
var torchSubmodules = map[string]func(s *eval.Session) *eval.Module{}

// torchValues make other members of torch per session (default_generator).
var torchValues = map[string]func(s *eval.Session) eval.Value{}
