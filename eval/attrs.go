package eval

import (
	"github.com/tensh/tensh/runtime/tensor"
)

// tensorProps are the Tensor attributes that are not methods (shape,
// dtype, T, ...), filled by the files that implement them.
var tensorProps = map[string]func(s *Session, t *tensor.Tensor) Value{}

// typeMethods are the methods of the non-tensor types, keyed by shortTypeName:
// typeMethods["Size"]["numel"].
var typeMethods = map[string]map[string]*Builtin{}

// registerMethods adds methods to a Python type's table.
func registerMethods(typeName string, bs ...*Builtin) {
	m := typeMethods[typeName]
	if m == nil {
		m = map[string]*Builtin{}
		typeMethods[typeName] = m
	}
	for _, b := range bs {
		m[b.Name] = b
	}
}

// getAttr is x.name.
func (s *Session) getAttr(x Value, name string) Value {
	switch o := x.(type) {
	case *Instance:
		return s.instanceAttr(o, name)
	case *Exception:
		if v, ok := s.excGetAttr(o, name); ok {
			return v
		}
		throwNoAttr(x, name)
	case *Class:
		if o.classInfo != nil {
			if v, ok := s.classGetAttr(o, name); ok {
				return v
			}
			e := &Exception{Type: "AttributeError", Msg: sprintf(errTypeNoAttr, o.PyName, name)}
			e.suggestion = suggest(classAttrNames(o, nil), name)
			panic(e)
		}
	case *Function:
		if o.Dict != nil {
			if v, ok := o.Dict.getStr(name); ok {
				return v
			}
		}
	}
	if at, ok := x.(Attributer); ok {
		if v, ok := at.Attr(s, name); ok {
			return v
		}
	}
	switch v := x.(type) {
	case *tensor.Tensor:
		if p, ok := tensorProps[name]; ok {
			return p(s, v)
		}
		if m, ok := tensorMethods[name]; ok {
			return &BoundMethod{Self: v, Fn: m}
		}
	case *Module:
		if g, ok := v.Getters[name]; ok {
			return g()
		}
		if m, ok := v.Members[name]; ok {
			return m
		}
		if name == "__name__" {
			return Str(v.Name)
		}
		throwNoAttr(v, name)
	case *NamedTuple:
		if v.Type != nil {
			if a, ok := namedTupleAttr(v, name); ok {
				return a
			}
		}
		for i, f := range v.Fields {
			if f == name {
				return v.Elems[i]
			}
		}
	case *Object:
		if a, ok := v.Attrs[name]; ok {
			return a
		}
	case DTypeValue:
		switch name {
		case "is_floating_point":
			return Bool(v.D.IsFloat())
		case "is_signed":
			return Bool(v.D.IsSigned())
		case "is_complex":
			return Bool(v.D.IsComplex())
		}
	case DeviceValue:
		switch name {
		case "type":
			return Str(v.D.Type)
		case "index":
			if v.D.Index < 0 {
				return None
			}
			return MakeInt(int64(v.D.Index))
		}
	case *Slice:
		switch name {
		case "start":
			return v.Start
		case "stop":
			return v.Stop
		case "step":
			return v.Step
		}
	case Range:
		switch name {
		case "start":
			return MakeInt(v.Start)
		case "stop":
			return MakeInt(v.Stop)
		case "step":
			return MakeInt(v.Step)
		}
	case *Builtin:
		switch name {
		case "__name__":
			return Str(v.Name)
		case "__doc__":
			return Str(v.Doc)
		}
	case *Class:
		if name == "__name__" {
			return Str(v.Name[lastDot(v.Name)+1:])
		}
		if a, ok := classAttr(v, name); ok {
			return a
		}
		if a, ok := s.classGetAttr(v, name); ok {
			return a
		}
	}
	if m, ok := typeMethods[shortTypeName(x)][name]; ok {
		return &BoundMethod{Self: x, Fn: m}
	}
	if r, ok := s.stmtAttr(x, name); ok {
		return r
	}
	if a, ok := numberAttr(x, name); ok {
		return a
	}
	if g, ok := x.(attrGetter); ok {
		if a, ok := g.pyGetAttr(name); ok {
			return a
		}
	}
	throwNoAttr(x, name)
	return nil
}

// setAttr is x.name = v.
func (s *Session) setAttr(x Value, name string, v Value) {
	switch o := x.(type) {
	case *Instance:
		s.objSetAttr(o, o.Class, o.Dict, name, v)
		return
	case *Exception:
		s.excSetAttr(o, name, v)
		return
	case *Class:
		s.classSetAttr(o, name, v)
		return
	case *Function:
		if s.setFunctionAttr(o, name, v) {
			return
		}
	case *Module:
		if set, ok := o.Setters[name]; ok {
			set(v)
			return
		}
		if _, ok := o.Getters[name]; ok {
			throw("AttributeError", errReadOnlyAttr, "module", name)
		}
		o.Members[name] = v
		return
	case *Object:
		if _, ok := o.Attrs[name]; ok {
			throw("AttributeError", errAttrNotWritable, name, o.TypeName)
		}
	case *tensor.Tensor:
		if set, ok := tensorSetters[name]; ok {
			set(s, o, v)
			return
		}
		if _, ok := tensorProps[name]; ok {
			throw("AttributeError", errAttrNotWritable, name, "torch._C._TensorBase")
		}
		throw("AttributeError", errNoAttr, "Tensor", name)
	case attrSetter:
		if o.pySetAttr(name, v) {
			return
		}
	}
	refuseBuiltinSetAttr(x, name) // attrs_readonly.go
	throw("AttributeError", errNoAttr, TypeName(x), name)
}

// tensorSetters are the writable tensor attributes.
var tensorSetters = map[string]func(s *Session, t *tensor.Tensor, v Value){}
