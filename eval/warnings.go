package eval

import (
	"strings"
)

// warnSourceLine is the line a warning in a script points at, as Python's
// warnings module shows it under the location: stripped, indented by two
// spaces, on its own line. Interactive sessions and `-c` code ("<string>")
// show none.
func (s *Session) warnSourceLine(fr TraceFrame) string {
	if s.opts.Filename == "" || strings.HasPrefix(s.opts.Filename, "<") {
		return ""
	}
	l := strings.TrimSpace(fr.Text)
	if l == "" {
		return ""
	}
	return "  " + l + "\n"
}

// The warnings module: warn(message, category=UserWarning), shown as the
// session shows PyTorch's warnings (once per location and message).
func init() {
	RegisterModule("warnings", func(s *Session) *Module {
		return &Module{Name: "warnings", Origin: "from '/usr/lib/python3.11/warnings.py'", Members: map[string]Value{
			"warn": &Builtin{Name: "warn", Sig: "warnings.warn(message, category=None, stacklevel=1)",
				Doc: "Shows a warning: LOCATION: Category: message (once per location and message).",
				Fn: func(a *Args) Value {
					var msg, cat Value
					cat = None
					stack := int64(1)
					a.Unpack("message", &msg, "category?", &cat, "stacklevel?", &stack)
					category := "UserWarning"
					switch c := cat.(type) {
					case NoneType:
					case *Class:
						category = c.Name[lastDot(c.Name)+1:]
					default:
						throw("TypeError", errWarnCategory, TypeName(cat))
					}
					a.s.warnFrame(a.s.callerFrame(int(stack)), category, ToStr(msg))
					return None
				}},
		}}
	})
}

// callerFrame is the frame warnings.warn's stacklevel names: 1 the code
// calling warn, 2 its caller, ...; past the outermost call, the module
// level.
func (s *Session) callerFrame(level int) TraceFrame {
	frames := s.stack
	if s.frame != nil && (len(frames) == 0 || frames[len(frames)-1] != s.frame) {
		frames = append(frames[:len(frames):len(frames)], s.frame)
	}
	if level <= 1 {
		return s.hereFrame()
	}
	i := len(frames) - level
	if i < 0 {
		line := s.line
		if len(s.stack) > 0 {
			line = s.moduleLine // the module-level statement making the outermost call
		}
		return TraceFrame{Func: "<module>", Line: line, Text: sourceLine(s.src, s.chunkLine, line)}
	}
	f := frames[i]
	return TraceFrame{Func: f.code.name, Line: f.line, Text: sourceLine(f.code.src, f.code.firstLine, f.line)}
}
