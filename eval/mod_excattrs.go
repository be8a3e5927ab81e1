package eval

import "sync"

// Attributes of the exceptions the standard-library modules raise
// (JSONDecodeError's msg, doc, pos, lineno, colno), and those modules'
// exception classes.

var excAttrTable sync.Map // *Exception -> map[string]Value

func setExcAttrs(e *Exception, attrs map[string]Value) { excAttrTable.Store(e, attrs) }

func excExtraAttr(e *Exception, name string) (Value, bool) {
	m, ok := excAttrTable.Load(e)
	if !ok {
		return nil, false
	}
	v, ok := m.(map[string]Value)[name]
	return v, ok
}

// defExcClass adds an exception class of a module (full name, as
// tracebacks print it) deriving from the builtin parent.
func defExcClass(name, parent string) *Class {
	excParent[name] = parent
	c := defClass(name, name[lastDot(name)+1:], func(a *Args) Value { return newException(name, a) })
	excClasses[name] = c
	return c
}

// The classes, made after exceptions.go's init made the builtin ones.
var jsonDecodeErrorCls, statisticsErrorCls *Class

func init() {
	jsonDecodeErrorCls = defExcClass(jsonDecodeErrorClass, "ValueError")
	statisticsErrorCls = defExcClass("statistics.StatisticsError", "ValueError")
}
