package eval

import "github.com/tensh/tensh/runtime/tensor"

// Exceptions as values: the builtin exception classes and their
// hierarchy, exception objects (e.args, str(e), repr(e)), raising and
// catching them.

// excParent is the builtin exception hierarchy of Python 3.11: each class's
// base class.
var excParent = map[string]string{
	"Exception": "BaseException", "SystemExit": "BaseException",
	"KeyboardInterrupt": "BaseException", "GeneratorExit": "BaseException",
	"StopIteration": "Exception", "ArithmeticError": "Exception",
	"FloatingPointError": "ArithmeticError", "OverflowError": "ArithmeticError",
	"ZeroDivisionError": "ArithmeticError", "AssertionError": "Exception",
	"AttributeError": "Exception", "BufferError": "Exception", "EOFError": "Exception",
	"ImportError": "Exception", "ModuleNotFoundError": "ImportError",
	"LookupError": "Exception", "IndexError": "LookupError", "KeyError": "LookupError",
	"MemoryError": "Exception", "NameError": "Exception", "UnboundLocalError": "NameError",
	"OSError": "Exception", "FileNotFoundError": "OSError", "FileExistsError": "OSError",
	"PermissionError": "OSError", "IsADirectoryError": "OSError", "NotADirectoryError": "OSError",
	"TimeoutError": "OSError", "ReferenceError": "Exception", "RuntimeError": "Exception",
	"NotImplementedError": "RuntimeError", "RecursionError": "RuntimeError",
	"SyntaxError": "Exception", "IndentationError": "SyntaxError", "TabError": "IndentationError",
	"SystemError": "Exception", "TypeError": "Exception", "ValueError": "Exception",
	"UnicodeError": "ValueError", "Warning": "Exception", "UserWarning": "Warning",
	"DeprecationWarning": "Warning", "PendingDeprecationWarning": "Warning",
	"RuntimeWarning": "Warning", "FutureWarning": "Warning", "SyntaxWarning": "Warning",
	"ImportWarning": "Warning", "UnicodeWarning": "Warning", "BytesWarning": "Warning",
	"ResourceWarning": "Warning", "EncodingWarning": "Warning",
	"StopAsyncIteration": "Exception", "BlockingIOError": "OSError", "ChildProcessError": "OSError",
	"ConnectionError": "OSError", "BrokenPipeError": "ConnectionError",
	"ConnectionAbortedError": "ConnectionError", "ConnectionRefusedError": "ConnectionError",
	"ConnectionResetError": "ConnectionError", "InterruptedError": "OSError",
	"ProcessLookupError": "OSError", "UnicodeDecodeError": "UnicodeError",
	"UnicodeEncodeError": "UnicodeError", "UnicodeTranslateError": "UnicodeError",
	"BaseExceptionGroup": "BaseException", "ExceptionGroup": "BaseExceptionGroup",
	// PyTorch's (torch.linalg.LinAlgError) and Paddle 2.0's error summary.
	"torch._C._LinAlgError": "RuntimeError", "InvalidArgumentError": "Exception",
	// NumPy's (numpy/core/_exceptions.py): catchable as their bases.
	"numpy.AxisError": "ValueError", "numpy.TooHardError": "RuntimeError",
	"numpy.core._exceptions._ArrayMemoryError":        "MemoryError",
	"numpy.core._exceptions._UFuncNoLoopError":        "TypeError",
	"numpy.core._exceptions._UFuncOutputCastingError": "TypeError",
	// tensh's own: a Go panic that is not a Python exception (a bug).
	"InternalError": "Exception",
}

// Messages of raising and catching.
const (
	errMustDeriveBase  = "exceptions must derive from BaseException"
	errNoActiveExc     = "No active exception to reraise"
	errCatchNonExc     = "catching classes that do not inherit from BaseException is not allowed"
	errCauseMustDerive = "exception causes must derive from BaseException"
)

// libraryExceptions are the exception classes of libraries, not Python
// builtins.
var libraryExceptions = map[string]bool{"InvalidArgumentError": true}

// excClasses are the exception classes by name.
var excClasses = map[string]*Class{}

func init() {
	names := []string{"BaseException"}
	for n := range excParent {
		names = append(names, n)
	}
	for _, n := range names {
		name := n
		excClasses[name] = defClass(name, name, func(a *Args) Value { return newException(name, a) })
		if libraryExceptions[name] {
			delete(builtinClasses, name)
		}
	}
	builtinClasses["EnvironmentError"] = excClasses["OSError"]
	builtinClasses["IOError"] = excClasses["OSError"]
}

// ExcClass is the builtin exception class of that name (nil if none).
func ExcClass(name string) *Class { return excClasses[name] }

// isExcClass reports whether c is an exception class.
func isExcClass(c *Class) bool { return excClasses[c.Name] == c }

// excSubclass reports whether the exception type typ is base or derives
// from it.
func excSubclass(typ, base string) bool {
	if base == "Exception" && typ == "ExceptionGroup" {
		return true // ExceptionGroup(BaseExceptionGroup, Exception)
	}
	for t := typ; t != ""; t = excParent[t] {
		if t == base {
			return true
		}
	}
	return false
}

// newException is a call of an exception class: ValueError("msg", 42).
func newException(typ string, a *Args) *Exception {
	if typ == "BaseExceptionGroup" || typ == "ExceptionGroup" {
		return newExceptionGroup(typ, a)
	}
	if len(a.Kw) > 0 {
		throw("TypeError", errTakesNoKw, typ)
	}
	args := Tuple(append([]Value{}, a.Pos...))
	e := &Exception{Type: typ, Msg: excStr(typ, args), Args: args, HasArgs: true}
	if excSubclass(typ, "OSError") && len(args) >= 2 && len(args) <= 5 {
		// OSError(errno, strerror): the subclass of the errno, and the
		// message "[Errno N] strerror".
		if n, ok := args[0].(Int); ok {
			if sub, ok := osErrorByErrno[n.String()]; ok && typ == "OSError" {
				e.Type = sub
			}
			e.Msg = "[Errno " + n.String() + "] " + ToStr(args[1])
		}
	}
	return e
}

// osErrorByErrno are the subclasses OSError(errno, ...) makes (Linux's
// errno numbers).
var osErrorByErrno = map[string]string{
	"2": "FileNotFoundError", "17": "FileExistsError", "1": "PermissionError", "13": "PermissionError",
	"21": "IsADirectoryError", "20": "NotADirectoryError", "110": "TimeoutError",
	"32": "BrokenPipeError", "104": "ConnectionResetError", "111": "ConnectionRefusedError",
	"103": "ConnectionAbortedError", "11": "BlockingIOError", "4": "InterruptedError",
	"3": "ProcessLookupError", "10": "ChildProcessError",
}

// excStr is str(e) of an exception with these args.
func excStr(typ string, args Tuple) string {
	switch len(args) {
	case 0:
		return ""
	case 1:
		if typ == "KeyError" {
			return Repr(args[0])
		}
		return ToStr(args[0])
	}
	return Repr(args)
}

// ExcArgs is e.args: the arguments it was made with, or its message.
func (e *Exception) ExcArgs() Tuple {
	if e.HasArgs {
		return e.Args
	}
	if e.Msg == "" {
		return Tuple{}
	}
	return Tuple{Str(e.Msg)}
}

// excRepr is repr(e): ValueError('msg').
func excRepr(e *Exception) string {
	args := e.ExcArgs()
	if len(args) == 1 {
		return e.Type + "(" + Repr(args[0]) + ")"
	}
	r := Repr(args)
	if len(args) == 0 {
		return e.Type + "()"
	}
	return e.Type + r
}

// toException turns what a raise statement raises into an exception.
func (s *Session) toException(v Value, msg string) *Exception {
	switch x := v.(type) {
	case *Exception:
		if x.cls != nil {
			x.Msg = s.excMessage(x)
		}
		return x
	case *Class:
		if x.classInfo != nil && isExceptionClass(x) {
			return s.toException(s.Call(x, &Args{}), msg)
		}
		if isExcClass(x) {
			return newException(x.Name, &Args{s: s})
		}
	}
	throw("TypeError", "%s", msg)
	return nil
}

// excMatches reports whether e is caught by the class (or tuple of
// classes) of an except clause.
func excMatches(e *Exception, cls Value) bool {
	switch c := cls.(type) {
	case *Class:
		if !isExceptionClass(c) {
			throw("TypeError", errCatchNonExc)
		}
		if e.cls != nil || c.classInfo != nil {
			return e.objClass().subclassOf(c)
		}
		return excSubclass(e.Type, c.Name)
	case Tuple:
		for _, x := range c {
			if excMatches(e, x) {
				return true
			}
		}
		return false
	}
	throw("TypeError", errCatchNonExc)
	return false
}

// catch runs f and returns the Python exception that escaped it (a
// runtime error converted), or nil. Other panics go through.
func (s *Session) catch(f func()) (exc *Exception) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		switch e := r.(type) {
		case *Exception:
			exc = e
		case *tensor.Error:
			exc = fromTensorError(e)
		default:
			panic(r)
		}
	}()
	f()
	return nil
}

// excAttr is the attributes of exception objects.
func excAttr(e *Exception, name string) (Value, bool) {
	switch name {
	case "args":
		return e.ExcArgs(), true
	case "code":
		if excSubclass(e.Type, "SystemExit") {
			return exitCode(e), true
		}
	case "__cause__":
		if e.Cause == nil {
			return None, true
		}
		return e.Cause, true
	case "__context__":
		if e.Context == nil {
			return None, true
		}
		return e.Context, true
	case "__suppress_context__":
		return Bool(e.SuppressContext), true
	case "__traceback__":
		return None, true
	case "__notes__":
		if e.notes != nil {
			return e.notes, true
		}
	}
	return excExtraAttr(e, name)
}

// stmtAttr gives the attributes of the values of the statement language
// (exceptions, functions).
func (s *Session) stmtAttr(x Value, name string) (Value, bool) {
	switch v := x.(type) {
	case *Exception:
		return excAttr(v, name)
	case *Function:
		switch name {
		case "__name__":
			return Str(v.Name), true
		case "__qualname__":
			return Str(v.qualName()), true
		case "__doc__":
			return v.Doc, true
		case "__annotations__":
			if v.annotations == nil {
				v.annotations = NewDict()
			}
			return v.annotations, true
		case "__module__":
			if n, ok := v.globals["__name__"]; ok {
				return n, true
			}
			return Str("__main__"), true // the prompt's (and a script's) namespace
		case "__dict__":
			if v.Dict == nil {
				v.Dict = NewDict()
			}
			return v.Dict, true
		case "__defaults__":
			if len(v.defaults) == 0 {
				return None, true
			}
			return Tuple(append([]Value(nil), v.defaults...)), true
		case "__globals__":
			d := NewDict()
			for _, k := range sortedKeys(v.globals) {
				d.SetItem(Str(k), v.globals[k])
			}
			return d, true
		case "__wrapped__":
			if v.Dict != nil {
				if w, ok := v.Dict.getStr(name); ok {
					return w, true
				}
			}
		}
	}
	return nil, false
}

// Messages of issubclass.
const (
	errIsSubclassArg1 = "issubclass() arg 1 must be a class"
	errIsSubclassArg2 = "issubclass() arg 2 must be a class, a tuple of classes, or a union"
)

func init() {
	register(&Builtin{Name: "issubclass", Kind: PythonBuiltin, Sig: "issubclass(cls, class_or_tuple)",
		Doc: "Tells whether cls is the class (or one of a tuple of classes), or derives from it: ZeroDivisionError from ArithmeticError, bool from int.",
		Fn: func(a *Args) Value {
			var c, base Value
			a.Unpack("cls", &c, "class_or_tuple", &base)
			cls, ok := c.(*Class)
			if !ok {
				throw("TypeError", errIsSubclassArg1)
			}
			if b, ok := base.(*Class); ok {
				if f, ok := metaMethod(b, "__subclasscheck__"); ok {
					return Bool(a.s.truth(a.s.callMeta(b, f, cls)))
				}
			}
			return Bool(isSubclass(cls, base))
		}})
}

// isSubclass is issubclass(cls, base) over the builtin classes.
func isSubclass(cls *Class, base Value) bool {
	switch b := base.(type) {
	case *Class:
		if cls.classInfo != nil || b.classInfo != nil || goClassBase[cls] != nil {
			return cls.subclassOf(b)
		}
		return cls == b || excSubclass(cls.Name, b.Name) && isExcClass(b) ||
			cls == boolClass && b == intClass || b.Name == "object"
	case Tuple:
		for _, x := range b {
			if _, ok := x.(*Class); !ok {
				if _, ok := x.(Tuple); !ok {
					throw("TypeError", errIsSubclassArg2)
				}
			}
			if isSubclass(cls, x) {
				return true
			}
		}
		return false
	}
	throw("TypeError", errIsSubclassArg2)
	return false
}

// raiseKeyError raises KeyError(k): its message is repr(k) and its args
// (k,), as Python's dict lookups raise it.
func raiseKeyError(k Value) {
	panic(&Exception{Type: "KeyError", Msg: Repr(k), Args: Tuple{k}, HasArgs: true})
}
