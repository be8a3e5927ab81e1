package numpy

import (
	"github.com/tensh/tensh/eval"
)

// np.set_printoptions and np.get_printoptions: the options of
// arrayprint.py that tensh's printer follows. Like NumPy's they are
// process state; a new numpy module (a new session) starts from the
// defaults.

type npPrintOptions struct {
	precision, threshold, edgeitems, linewidth int
	suppress                                   bool
}

var npDefaultOpts = npPrintOptions{precision: 8, threshold: 1000, edgeitems: 3, linewidth: 75}

var npOpts = npDefaultOpts

func init() {
	npFunc("set_printoptions", "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None)",
		"Sets how arrays print: digits after the point, the size past which they are summarised, the items shown at each end, the line width, and whether small numbers print as 0.",
		func(a *eval.Args) eval.Value {
			var prec, thr, edge, width, sup eval.Value = eval.None, eval.None, eval.None, eval.None, eval.None
			a.Unpack("precision?", &prec, "threshold?", &thr, "edgeitems?", &edge, "linewidth?", &width, "suppress?", &sup)
			o := npOpts
			setInt := func(v eval.Value, dst *int, name string) {
				if _, none := v.(eval.NoneType); none {
					return
				}
				n := int(npIndexInt(v))
				if n < 0 && name != "precision" { // a negative precision fails when printing
					eval.Throw("ValueError", errNPOptionNegative, name)
				}
				*dst = n
			}
			setInt(prec, &o.precision, "precision")
			setInt(thr, &o.threshold, "threshold")
			setInt(edge, &o.edgeitems, "edgeitems")
			setInt(width, &o.linewidth, "linewidth")
			if _, none := sup.(eval.NoneType); !none {
				o.suppress = a.Session().Truth(sup)
			}
			npOpts = o
			return eval.None
		})
	npFunc("get_printoptions", "get_printoptions()", "The current print options, as a dict.", func(a *eval.Args) eval.Value {
		a.NoArgs()
		d := eval.NewDict()
		d.SetItem(eval.Str("edgeitems"), eval.MakeInt(int64(npOpts.edgeitems)))
		d.SetItem(eval.Str("threshold"), eval.MakeInt(int64(npOpts.threshold)))
		d.SetItem(eval.Str("floatmode"), eval.Str("maxprec"))
		d.SetItem(eval.Str("precision"), eval.MakeInt(int64(npOpts.precision)))
		d.SetItem(eval.Str("suppress"), eval.Bool(npOpts.suppress))
		d.SetItem(eval.Str("linewidth"), eval.MakeInt(int64(npOpts.linewidth)))
		d.SetItem(eval.Str("nanstr"), eval.Str("nan"))
		d.SetItem(eval.Str("infstr"), eval.Str("inf"))
		d.SetItem(eval.Str("sign"), eval.Str("-"))
		d.SetItem(eval.Str("formatter"), eval.None)
		d.SetItem(eval.Str("legacy"), eval.Bool(false))
		return d
	})
}
