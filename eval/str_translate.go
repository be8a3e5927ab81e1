package eval

import (
	"math/big"
	"strings"
)

var bigInt0x110000 = big.NewInt(0x110000)

// str.maketrans and str.translate.

func init() {
	registerMethods("str", &Builtin{Name: "translate", Sig: "translate(table)",
		Doc: "Replaces each character through table[ord(c)]: a str, a code point, or None (deleted); characters the table lacks stay.",
		Fn: func(a *Args) Value {
			argCount(a, "str.translate", 1, 1)
			table := a.Pos[0]
			var b strings.Builder
			for _, r := range string(a.Self.(Str)) {
				var v Value
				found := true
				func() {
					defer func() {
						if rec := recover(); rec != nil {
							if e, ok := rec.(*Exception); ok && excSubclass(e.Type, "LookupError") {
								found = false
								return
							}
							panic(rec)
						}
					}()
					v = a.s.getItem(table, MakeInt(int64(r)))
				}()
				if !found {
					b.WriteRune(r)
					continue
				}
				switch x := v.(type) {
				case NoneType:
				case Str:
					b.WriteString(string(x))
				case Int, Bool:
					n := toIndexInt(x)
					if n.Sign() < 0 || n.Cmp(bigInt0x110000) >= 0 {
						throw("ValueError", errTranslateRange)
					}
					b.WriteRune(rune(n.Int64()))
				default:
					throw("TypeError", errTranslateResult)
				}
			}
			return Str(b.String())
		}})
	if classAttrs["str"] == nil {
		classAttrs["str"] = map[string]Value{}
	}
	classAttrs["str"]["maketrans"] = &Builtin{Name: "maketrans", Sig: "maketrans(x, y=None, z=None)",
		Doc: "Returns a translation table for str.translate: from a dict, or from two equal-length strings (and a third of characters to delete).",
		Fn: func(a *Args) Value {
			argCount(a, "maketrans", 1, 3)
			d := NewDict()
			if len(a.Pos) == 1 {
				m, ok := a.Pos[0].(*Dict)
				if !ok {
					throw("TypeError", errMaketransOneArg)
				}
				for i, k := range m.Keys {
					switch x := k.(type) {
					case Str:
						rs := []rune(string(x))
						if len(rs) != 1 {
							throw("ValueError", errMaketransKeyLen)
						}
						d.SetItem(MakeInt(int64(rs[0])), m.Vals[i])
					case Int, Bool:
						d.SetItem(MakeBigInt(toIndexInt(x)), m.Vals[i])
					default:
						throw("TypeError", errMaketransKeyType)
					}
				}
				return d
			}
			x, ok := a.Pos[0].(Str)
			if !ok {
				throw("TypeError", errMaketransOneArg)
			}
			y, ok := a.Pos[1].(Str)
			if !ok {
				throw("TypeError", errMaketransArg2, TypeName(a.Pos[1]))
			}
			xs, ys := []rune(string(x)), []rune(string(y))
			if len(xs) != len(ys) {
				throw("ValueError", errMaketransLen)
			}
			for i, r := range xs {
				d.SetItem(MakeInt(int64(r)), MakeInt(int64(ys[i])))
			}
			if len(a.Pos) == 3 {
				z, ok := a.Pos[2].(Str)
				if !ok {
					throw("TypeError", errMaketransArg3, TypeName(a.Pos[2]))
				}
				for _, r := range string(z) {
					d.SetItem(MakeInt(int64(r)), None)
				}
			}
			return d
		}}
}
