package eval

// json's functions and classes: dumps, loads, JSONEncoder, JSONDecoder,
// JSONDecodeError.

var jsonEncoderOpts = []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent", "separators", "default"}

// jsonEncoderClass is json.JSONEncoder: a class Python code subclasses
// (overriding default), defined in Go.
var jsonEncoderClass *Class

// encoderOf reads a JSONEncoder object's options as encode() uses them:
// its attributes, so that a subclass's are seen, and its default method.
func encoderOf(s *Session, self Value) *jsonEncoder {
	opts := map[string]Value{}
	for _, n := range []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent"} {
		opts[n] = s.getAttr(self, n)
	}
	e := newJSONEncoder(s, opts)
	e.itemSep = ToStr(s.getAttr(self, "item_separator"))
	e.keySep = ToStr(s.getAttr(self, "key_separator"))
	def := s.getAttr(self, "default")
	e.dflt = func(v Value) Value { return s.callFn(def, v) }
	return e
}

func init() {
	jsonEncoderClass = NewClass(ClassSpec{Name: "JSONEncoder", Module: "json.encoder",
		Doc:   "Extensible JSON encoder for Python data structures.",
		Attrs: map[string]Value{"item_separator": Str(", "), "key_separator": Str(": ")},
		Methods: map[string]GoMethod{
			"__init__": func(s *Session, self Value, a *Args) Value {
				p := pyArgs(a, "JSONEncoder.__init__", 1, "*, skipkeys=, ensure_ascii=, check_circular=, allow_nan=, sort_keys=, indent=, separators=, default=")
				defaults := []Value{Bool(false), Bool(true), Bool(true), Bool(true), Bool(false), None}
				for i, n := range []string{"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "sort_keys", "indent"} {
					s.setAttr(self, n, orDefault(p[i], defaults[i]))
				}
				if p[6] != nil && p[6] != None {
					parts := iterate(p[6])
					if len(parts) != 2 {
						if len(parts) < 2 {
							throw("ValueError", errNotEnoughUnpack, 2, len(parts))
						}
						throw("ValueError", errTooManyUnpack, 2)
					}
					s.setAttr(self, "item_separator", parts[0])
					s.setAttr(self, "key_separator", parts[1])
				} else if p[5] != nil && p[5] != None {
					s.setAttr(self, "item_separator", Str(","))
				}
				if p[7] != nil && p[7] != None {
					s.setAttr(self, "default", p[7])
				}
				return None
			},
			"default": func(s *Session, self Value, a *Args) Value {
				p := pyArgs(a, "JSONEncoder.default", 1, "o")
				throw("TypeError", errJSONNotSerializable, shortTypeName(p[0]))
				return nil
			},
			"encode": func(s *Session, self Value, a *Args) Value {
				p := pyArgs(a, "JSONEncoder.encode", 1, "o")
				return Str(encoderOf(s, self).encode(p[0]))
			},
			"iterencode": func(s *Session, self Value, a *Args) Value {
				p := pyArgs(a, "JSONEncoder.iterencode", 1, "o, _one_shot=")
				return Iterate(Tuple{Str(encoderOf(s, self).encode(p[0]))})
			},
		}})
}

func init() {
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
				if cls == nil || cls == None {
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
				if len(kws) == 0 && len(extra) == 0 && cls == jsonEncoderClass {
					return Str(newJSONEncoder(a.s, opts).encode(a.Pos[0]))
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
