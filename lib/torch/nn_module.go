package torch

import (
	"embed"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// torch.nn's classes (Module, the layers, the losses), torch.nn.init,
// torch.optim and torch.utils.data are tensh-Python source (nnpy/*.py),
// run once per session when first used: each file is a function
// _build(env) whose closures hold its names, returning what it exports.
// The math of the layers is torch.nn.functional's (Go); nn.Parameter is
// a Go class: a tensor whose Class is parameterClass.

//go:embed nnpy/*.py
var nnSources embed.FS

// parameterClass is torch.nn.Parameter: Parameter(data=None,
// requires_grad=True) is a leaf sharing data's storage.
var parameterClass *eval.Class

func newParameter(a *eval.Args) eval.Value {
	var data eval.Value = eval.None
	rg := true
	a.Unpack("data?", &data, "requires_grad?", &rg)
	s := a.Session()
	var t *tensor.Tensor
	if _, none := data.(eval.NoneType); none {
		t = tensor.Empty([]int{0}, tensor.DefaultFloat())
	} else {
		d, _ := s.Call(s.GetAttr(data, "detach"), &eval.Args{}).(*tensor.Tensor)
		if d == nil {
			eval.Throw("TypeError", errParamData, eval.TypeName(data))
		}
		t = d.Alias()
	}
	autograd.SetRequiresGrad(t, rg, false)
	t.Class = parameterClass
	return t
}

func init() {
	parameterClass = eval.DefClass("torch.nn.parameter.Parameter", "Parameter", newParameter)
	eval.SetTensorReprPrefix(parameterClass, "Parameter containing:\n")
}

// The Python part of the libraries is loaded once per session, as the
// members of a module of the session's (torch._nnpy, named FILE.NAME), so
// that it goes with the session.
const pyModule = "torch._nnpy"

func init() {
	eval.RegisterModule(pyModule, func(s *eval.Session) *eval.Module {
		m := &eval.Module{Name: pyModule, Members: map[string]eval.Value{}}
		for file, names := range loadPyLibs(s) {
			for n, v := range names {
				m.Members[file+"."+n] = v
			}
		}
		return m
	})
}

// pyFiles are the source files in load order; each one's env has the
// exports of the files before it.
var pyFiles = []string{"init", "module", "container", "layers", "layers2", "loss", "rnn", "optim", "sched", "data", "autograd", "summary", "utils"}

// pyExport returns the value name of the Python file file, loading the
// session's Python libraries on first use.
func pyExport(s *eval.Session, file, name string) eval.Value {
	m, _ := s.ImportModule(pyModule)
	if m == nil {
		return nil
	}
	return m.Members[file+"."+name]
}

func loadPyLibs(s *eval.Session) map[string]map[string]eval.Value {
	out := map[string]map[string]eval.Value{}
	torchMod, _ := s.ImportModule("torch")
	env := eval.NewDict()
	env.SetItem(eval.Str("torch"), torchMod)
	if nn, ok := torchMod.Members["nn"].(*eval.Module); ok {
		env.SetItem(eval.Str("F"), nn.Members["functional"])
	}
	env.SetItem(eval.Str("Parameter"), parameterClass)
	env.SetItem(eval.Str("_C"), nnHelpers(s))
	if col, ok := s.ImportModule("collections"); ok {
		env.SetItem(eval.Str("OrderedDict"), col.Members["OrderedDict"])
	}
	for _, f := range pyFiles {
		src, err := nnSources.ReadFile("nnpy/" + f + ".py")
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		ns := s.LibrarySource("<tensh>/lib/torch/nnpy/"+f+".py", string(src))
		res := s.Call(ns["_build"], &eval.Args{Pos: []eval.Value{env}})
		d, ok := res.(*eval.Dict)
		if !ok {
			panic("nnpy/" + f + ".py: _build must return a dict")
		}
		out[f] = map[string]eval.Value{}
		for i, k := range d.Keys {
			name := string(k.(eval.Str))
			out[f][name] = d.Vals[i]
			env.SetItem(k, d.Vals[i])
		}
	}
	return out
}

// lazyModule is a module whose members are the exports names of file,
// loaded on first access.
func lazyModule(s *eval.Session, name, file string, names []string, members map[string]eval.Value) *eval.Module {
	m := &eval.Module{Name: name, Members: members, Getters: map[string]func() eval.Value{}}
	if m.Members == nil {
		m.Members = map[string]eval.Value{}
	}
	for _, n := range names {
		n := n
		m.Getters[n] = func() eval.Value {
			v := pyExport(s, file, n)
			if v == nil {
				eval.Throw("AttributeError", errNoModuleAttr, name, n)
			}
			return v
		}
	}
	return m
}
