package eval

import (
	"github.com/tensh/tensh/lang"
	"strings"
	"testing"
)

// A class defined in Go (as torch.nn.Module is), subclassed in Python,
// and a module whose body is Python source.
func init() {
	counter := NewClass(ClassSpec{
		Name: "Counter", Module: "tenshtest.counter",
		Methods: map[string]GoMethod{
			"__init__": func(s *Session, self Value, a *Args) Value {
				s.SetAttr(self, "n", MakeInt(0))
				return None
			},
			"step": func(s *Session, self Value, a *Args) Value {
				// Calls the (possibly overridden) increment of self.
				inc := s.CallMethod(self, "increment", nil, nil)
				s.SetAttr(self, "n", s.Binary(lang.Plus, s.GetAttr(self, "n"), inc))
				return s.GetAttr(self, "n")
			},
			"increment": func(s *Session, self Value, a *Args) Value { return MakeInt(1) },
		},
		Properties: map[string]GoProperty{
			"double": {Get: func(s *Session, self Value) Value {
				return s.Binary(lang.Plus, s.GetAttr(self, "n"), s.GetAttr(self, "n"))
			}},
		},
	})
	RegisterPyModule("tenshtest", `
class Tens(Counter):
    """Counts by tens."""
    def increment(self):
        return 10
def make():
    return Tens()
`, func(s *Session) map[string]Value { return map[string]Value{"Counter": counter} })
}

func TestGoClassSubclassed(t *testing.T) {
	var out strings.Builder
	s := NewSession(Options{Out: &out})
	for _, src := range []string{
		"import tenshtest",
		"c = tenshtest.Counter()",
		"print(c.step(), c.step(), c.double, type(c), tenshtest.Counter.__module__)",
		"t = tenshtest.make()",
		"print(t.step(), t.step(), type(t), isinstance(t, tenshtest.Counter), tenshtest.Tens.__doc__)",
		"class Mine(tenshtest.Counter):\n    def increment(self):\n        return super().increment() + 100\n",
		"m = Mine()",
		"print(m.step(), Mine.__mro__)",
	} {
		if e := s.Exec(src, 1); e != nil {
			t.Fatalf("%s: %v", src, e)
		}
	}
	want := "1 2 4 <class 'tenshtest.counter.Counter'> tenshtest.counter\n" +
		"10 20 <class 'tenshtest.Tens'> True Counts by tens.\n" +
		"101 (<class '__main__.Mine'>, <class 'tenshtest.counter.Counter'>, <class 'object'>)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
