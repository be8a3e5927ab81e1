package numpy

import (
	"github.com/tensh/tensh/eval"
)

// The initial= and where= keywords of sum, prod, max and min (methods and
// functions): where= replaces the masked-out elements by the reduction's
// identity (max and min have none: initial stands in, and is required);
// initial= joins the reduction as one more element.

const errNPWhereNoIdentity = "reduction operation '%s' does not have an identity, so to use a where mask one has to specify 'initial'"

func init() {
	for name, ufunc := range map[string]string{"sum": "add", "prod": "multiply", "max": "maximum", "min": "minimum"} {
		name, ufunc := name, ufunc
		orig := npMethods[name]
		wrapped := *orig
		wrapped.Sig = orig.Sig[:len(orig.Sig)-1] + ", initial=<no value>, where=True)"
		wrapped.Fn = func(a *eval.Args) eval.Value {
			var initial, where eval.Value
			rest := a.Kw[:0:0]
			for _, k := range a.Kw {
				switch k.Name {
				case "initial":
					initial = k.Value
				case "where":
					where = k.Value
				default:
					rest = append(rest, k)
				}
			}
			if initial == nil && where == nil {
				return orig.Fn(a)
			}
			x := a.Self.(*NDArray)
			s := a.Session()
			if where != nil {
				if b, ok := where.(eval.Bool); !ok || !bool(b) {
					var fill eval.Value
					switch name {
					case "sum":
						fill = eval.MakeInt(0)
					case "prod":
						fill = eval.MakeInt(1)
					default:
						if initial == nil {
							eval.Throw("ValueError", errNPWhereNoIdentity, ufunc)
						}
						fill = initial
					}
					mask := npArgAny(where).expandTo(x.shape())
					fv := npCast(npNumber(fill), x.dtype())
					vals, mv := x.values(), mask.values()
					t := npEmpty(append([]int{}, x.shape()...), x.dtype())
					for i := range vals {
						v := vals[i]
						if !mv[i].Bool() {
							v = fv
						}
						t.Storage().Set(i, v)
					}
					x = newND(t)
				}
			}
			if initial != nil && x.size() == 0 && (name == "max" || name == "min") {
				return scalarValue(npCast(npNumber(initial), x.dtype()), x.dtype())
			}
			b := *a
			b.Self, b.Kw = x, rest
			r := orig.Fn(&b)
			if initial == nil {
				return r
			}
			ra := npArgAny(r)
			d := ra.dtype()
			iv := npCast(npNumber(initial), d)
			res := npUfuncs[ufunc].call(s, ra, npScalar(iv, d), nil)
			out := npArgAny(res)
			if out.dtype() != d {
				out = out.copyAs(d)
				out.scalar = ra.scalar
			}
			if out.scalar {
				return scalarValue(out.item(), d)
			}
			return out
		}
		npMethods[name] = &wrapped
	}

}
