package eval

import "fmt"

// json's functions and classes: dumps, loads, JSONEncoder, JSONDecoder,
// JSONDecodeError.

var jsonEncoderOpts = []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent", "separators", "default"}

// JSONEncoderObj is a json.JSONEncoder instance.
type JSONEncoderObj struct {
	opts map[string]Value
}

func (j *JSONEncoderObj) pyTypeName() string { return "json.encoder.JSONEncoder" }
func (j *JSONEncoderObj) pyRepr(*reprState) string {
	return fmt.Sprintf("<json.encoder.JSONEncoder object at %#x>", objectID(j))
}

func (j *JSONEncoderObj) pyGetAttr(name string) (Value, bool) {
	switch name {
	case "encode":
		return &Builtin{Name: "encode", Fn: func(a *Args) Value {
			p := pyArgs(a, "JSONEncoder.encode", 1, "o")
			return Str(newJSONEncoder(a.s, j.opts).encode(p[0]))
		}}, true
	case "default":
		return &Builtin{Name: "default", Fn: func(a *Args) Value {
			p := pyArgs(a, "JSONEncoder.default", 1, "o")
			throw("TypeError", errJSONNotSerializable, shortTypeName(p[0]))
			return nil
		}}, true
	}
	for _, o := range jsonEncoderOpts {
		if o == name {
			if v, ok := j.opts[name]; ok {
				return v, true
			}
		}
	}
	return nil, false
}

var jsonEncoderClass = &Class{Name: "json.encoder.JSONEncoder", Call: func(a *Args) Value {
	p := pyArgs(a, "JSONEncoder.__init__", 1, "*, skipkeys=, ensure_ascii=, check_circular=, allow_nan=, sort_keys=, indent=, separators=, default=")
	opts := map[string]Value{}
	for i, n := range jsonEncoderOpts {
		if p[i] != nil {
			opts[n] = p[i]
		}
	}
	return &JSONEncoderObj{opts: opts}
}}

func init() {
	classOf["JSONEncoder"] = jsonEncoderClass
	classAttrs[jsonEncoderClass.Name] = map[string]Value{
		"default": &Builtin{Name: "default", Fn: func(a *Args) Value {
			p := pyArgs(a, "JSONEncoder.default", 0, "self, o")
			throw("TypeError", errJSONNotSerializable, shortTypeName(p[1]))
			return nil
		}},
	}
	RegisterModule("json", func(s *Session) *Module {
		m := map[string]Value{
			"JSONEncoder":     jsonEncoderClass,
			"JSONDecodeError": jsonDecodeErrorCls,
		}
		m["dumps"] = &Builtin{Name: "dumps", Module: "json",
			Sig: "dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw)",
			Doc: "Serializes obj to a JSON formatted str.",
			Fn: func(a *Args) Value {
				if len(a.Pos) == 0 {
					throw("TypeError", errMissingPos, "dumps", 1, "", "'obj'")
				}
				if len(a.Pos) > 1 {
					throw("TypeError", errTakesPositional, "dumps", 1, "", len(a.Pos), "were")
				}
				opts := map[string]Value{}
				var cls Value
				var extra []KwArg
				for _, kw := range a.Kw {
					known := kw.Name == "cls"
					for _, o := range jsonEncoderOpts {
						known = known || o == kw.Name
					}
					switch {
					case kw.Name == "cls":
						cls = kw.Value
					case known:
						opts[kw.Name] = kw.Value
					default:
						extra = append(extra, kw)
					}
				}
				if cls == nil || cls == None || cls == jsonEncoderClass {
					if len(extra) > 0 {
						throw("TypeError", errUnexpectedKw, "JSONEncoder.__init__", extra[0].Name)
					}
					return Str(newJSONEncoder(a.s, opts).encode(a.Pos[0]))
				}
				var kws []KwArg
				for _, o := range jsonEncoderOpts {
					if v, ok := opts[o]; ok {
						kws = append(kws, KwArg{Name: o, Value: v})
					}
				}
				enc := a.s.Call(cls, &Args{Kw: append(kws, extra...)})
				return a.s.callMethod(enc, "encode", a.Pos[0])
			}}
		m["loads"] = &Builtin{Name: "loads", Module: "json",
			Sig: "loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None, object_pairs_hook=None, **kw)",
			Doc: "Deserializes s (a str holding a JSON document) to a Python object.",
			Fn: func(a *Args) Value {
				p := pyArgs(a, "loads", 0, "s, *, object_hook=, parse_float=, parse_int=, parse_constant=, object_pairs_hook=, strict=")
				text, ok := p[0].(Str)
				if !ok {
					throw("TypeError", errJSONLoadsType, shortTypeName(p[0]))
				}
				d := &jsonDecoder{s: a.s, objectHook: p[1], parseFloat: p[2], parseInt: p[3], parseConst: p[4], pairsHook: p[5], strict: p[6] == nil || a.s.truth(p[6])}
				return d.decode(string(text))
			}}
		return &Module{Name: "json", Origin: "from '/usr/lib/python3.11/json/__init__.py'", Members: m}
	})
}
