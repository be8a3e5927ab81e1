package eval

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// The json module: dumps (and JSONEncoder) as json/encoder.py writes
// (separators, indent, sort_keys, ensure_ascii, allow_nan, default,
// skipkeys, check_circular; keys in the dict's order), loads as
// json/decoder.py and scanner.py parse, with their error texts and
// positions (mod_json_decode.go).

// jsonEncoder holds dumps' options.
type jsonEncoder struct {
	s               *Session
	skipKeys        bool
	ensureASCII     bool
	checkCircular   bool
	allowNaN        bool
	sortKeys        bool
	indent          string
	hasIndent       bool
	itemSep, keySep string
	dflt            func(v Value) Value // default(o); nil raises TypeError
	markers         map[any]bool
}

func (e *jsonEncoder) encode(v Value) string {
	var b strings.Builder
	e.write(&b, v, 0)
	return b.String()
}

func jsonFloat(f float64, allowNaN bool) string {
	var s string
	switch {
	case math.IsNaN(f):
		s = "NaN"
	case math.IsInf(f, 1):
		s = "Infinity"
	case math.IsInf(f, -1):
		s = "-Infinity"
	default:
		return FloatRepr(f)
	}
	if !allowNaN {
		throw("ValueError", errJSONFloatRange)
	}
	return s
}

// jsonString is a JSON string literal of s (py_encode_basestring and its
// _ascii form).
func jsonString(s string, ascii bool) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20 || ascii && r > 0x7e:
				if r > 0xffff {
					r -= 0x10000
					fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800|(r>>10)&0x3ff, 0xdc00|r&0x3ff)
				} else {
					fmt.Fprintf(&b, `\u%04x`, r)
				}
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

func (e *jsonEncoder) enter(v any) {
	if !e.checkCircular {
		return
	}
	if e.markers[v] {
		throw("ValueError", errJSONCircular)
	}
	e.markers[v] = true
}

func (e *jsonEncoder) leave(v any) {
	if e.checkCircular {
		delete(e.markers, v)
	}
}

func (e *jsonEncoder) newline(b *strings.Builder, level int) {
	if e.hasIndent {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(e.indent, level))
	}
}

func (e *jsonEncoder) write(b *strings.Builder, v Value, level int) {
	poll()
	if o, ok := v.(*Instance); ok && o.Base != nil {
		// a subclass of str, int, float, list, tuple or dict (a namedtuple,
		// an IntEnum member) is encoded as its builtin value
		if _, isBool := o.Base.(Bool); !isBool {
			v = o.Base
		}
	}
	switch x := v.(type) {
	case Str:
		b.WriteString(jsonString(string(x), e.ensureASCII))
		return
	case NoneType:
		b.WriteString("null")
		return
	case Bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
		return
	case Int:
		b.WriteString(x.Decimal())
		return
	case Float:
		b.WriteString(jsonFloat(float64(x), e.allowNaN))
		return
	case *List, Tuple, *NamedTuple:
		elems := iterate(x)
		if len(elems) == 0 {
			b.WriteString("[]")
			return
		}
		key := memoKey(x)
		e.enter(key)
		b.WriteByte('[')
		for i, el := range elems {
			if i > 0 {
				b.WriteString(e.itemSep)
			}
			e.newline(b, level+1)
			e.write(b, el, level+1)
		}
		e.newline(b, level)
		b.WriteByte(']')
		e.leave(key)
		return
	case *Dict:
		e.writeDict(b, x, level)
		return
	}
	if e.dflt == nil {
		throw("TypeError", errJSONNotSerializable, shortTypeName(v))
	}
	e.enter(memoKey(v))
	e.write(b, e.dflt(v), level)
	e.leave(memoKey(v))
}

func (e *jsonEncoder) writeDict(b *strings.Builder, d *Dict, level int) {
	if d.Len() == 0 {
		b.WriteString("{}")
		return
	}
	e.enter(d)
	keys, vals := d.Keys, d.Vals
	if e.sortKeys {
		// sorted(d.items()): the keys differ, so they alone decide.
		idx := make([]Value, len(keys))
		for i := range keys {
			idx[i] = MakeInt(int64(i))
		}
		sortKeys := append([]Value(nil), keys...)
		e.s.sortValues(idx, sortKeys, false)
		keys, vals = make([]Value, len(idx)), make([]Value, len(idx))
		for j, iv := range idx {
			i, _ := iv.(Int).Int64()
			keys[j], vals[j] = d.Keys[i], d.Vals[i]
		}
	}
	b.WriteByte('{')
	first := true
	for i, k := range keys {
		var ks string
		switch kv := k.(type) {
		case Str:
			ks = string(kv)
		case Float:
			ks = jsonFloat(float64(kv), e.allowNaN)
		case Bool:
			ks = map[bool]string{true: "true", false: "false"}[bool(kv)]
		case NoneType:
			ks = "null"
		case Int:
			ks = kv.Decimal()
		default:
			if e.skipKeys {
				continue
			}
			throw("TypeError", errJSONKeyType, shortTypeName(k))
		}
		if !first {
			b.WriteString(e.itemSep)
		}
		first = false
		e.newline(b, level+1)
		b.WriteString(jsonString(ks, e.ensureASCII))
		b.WriteString(e.keySep)
		e.write(b, vals[i], level+1)
	}
	e.newline(b, level)
	b.WriteByte('}')
	e.leave(d)
}

// newJSONEncoder reads JSONEncoder's (and dumps') keyword options.
func newJSONEncoder(s *Session, opts map[string]Value) *jsonEncoder {
	flag := func(name string, def bool) bool {
		if v, ok := opts[name]; ok {
			return s.truth(v)
		}
		return def
	}
	e := &jsonEncoder{s: s, skipKeys: flag("skipkeys", false), ensureASCII: flag("ensure_ascii", true),
		checkCircular: flag("check_circular", true), allowNaN: flag("allow_nan", true), sortKeys: flag("sort_keys", false),
		itemSep: ", ", keySep: ": ", markers: map[any]bool{}}
	if ind, ok := opts["indent"]; ok && ind != None {
		e.hasIndent = true
		switch x := ind.(type) {
		case Str:
			e.indent = string(x)
		case Int, Bool:
			e.indent = strings.Repeat(" ", int(max(toIndexInt(x).Int64(), 0)))
		default:
			throw("TypeError", errJSONIndentType, TypeName(ind))
		}
		e.itemSep = ","
	}
	if sep, ok := opts["separators"]; ok && sep != None {
		parts := iterate(sep)
		if len(parts) != 2 {
			if len(parts) < 2 {
				throw("ValueError", errNotEnoughUnpack, 2, len(parts))
			}
			throw("ValueError", errTooManyUnpack, 2)
		}
		e.itemSep, e.keySep = ToStr(parts[0]), ToStr(parts[1])
	}
	if d, ok := opts["default"]; ok && d != None {
		e.dflt = func(v Value) Value { return s.callFn(d, v) }
	}
	return e
}

var _ = utf8.RuneError
