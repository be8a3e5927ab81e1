package eval

import "strings"

// collections.namedtuple as collections/__init__.py makes it: a real
// subclass of tuple (so that Python code subclasses it, adds properties
// and __slots__), with _fields, _field_defaults, _make, _replace,
// _asdict, __match_args__ and CPython's messages; and typing.NamedTuple,
// the class form. In tensh-Python source. (The namedtuples the library
// makes itself, functools' CacheInfo and the like, are Go values:
// mod_collections_nt.go.)

const collectionsPySource = `
import keyword as _keyword

class _tuplegetter:
    def __init__(self, index, doc):
        self.index = index
        self.__doc__ = doc
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj[self.index]
    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")
    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")
    def __repr__(self):
        return '_tuplegetter(%d, %r)' % (self.index, self.__doc__)

def _names(names):
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]

def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new subclass of tuple with named fields."""
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier()
                or _keyword.iskeyword(name)
                or name.startswith('_')
                or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             f'identifiers: {name!r}')
        if _keyword.iskeyword(name):
            raise ValueError('Type names and field names cannot be a '
                             f'keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             f'{name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names),
                                                reversed(defaults)))))
    field_names = tuple(field_names)
    num_fields = len(field_names)
    arg_list = ', '.join(field_names)
    nreq = num_fields - len(field_defaults)
    qual = typename + '.__new__'

    def __new__(_cls, *args, **kwargs):
        if len(args) > num_fields:
            if nreq == num_fields:
                raise TypeError(f'{qual}() takes {num_fields + 1} positional argument{"" if num_fields == 0 else "s"} but {len(args) + 1} {"was" if len(args) == 0 else "were"} given')
            raise TypeError(f'{qual}() takes from {nreq + 1} to {num_fields + 1} positional arguments but {len(args) + 1} were given')
        values = list(args)
        for name in field_names[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                values.append(_MISSING)
        for name in kwargs:
            if name in field_names:
                raise TypeError(f"{qual}() got multiple values for argument '{name}'")
            raise TypeError(f"{qual}() got an unexpected keyword argument '{name}'")
        missing = [n for n, v in zip(field_names, values) if v is _MISSING]
        if missing:
            raise TypeError(f'{qual}() missing {len(missing)} required positional argument{"s" if len(missing) > 1 else ""}: {_names(missing)}')
        return tuple.__new__(_cls, values)
    __new__.__doc__ = f'Create new instance of {typename}({arg_list})'

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError(f'Expected {num_fields} arguments, got {len(result)}')
        return result
    _make.__doc__ = f'Make a new {typename} object from a sequence or iterable'

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else v for name, v in zip(field_names, self)])
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return result
    _replace.__doc__ = f'Return a new {typename} object replacing specified fields with new values'

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(f'{n}={v!r}' for n, v in zip(field_names, self)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    for method in (__new__, _make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f'{typename}.{method.__name__}'

    class_namespace = {
        '__doc__': f'{typename}({arg_list})',
        '__slots__': (),
        '_fields': field_names,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': classmethod(_make),
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': field_names,
    }
    for index, name in enumerate(field_names):
        class_namespace[name] = _tuplegetter(index, f'Alias for field number {index}')
    result = type(typename, (tuple,), class_namespace)
    result.__module__ = '__main__' if module is None else module
    return result

class _MISSING_TYPE:
    pass

_MISSING = _MISSING_TYPE()

class _NamedTupleMeta(type):
    def __new__(cls, typename, bases, ns):
        if ns.get('_root', False):
            return super().__new__(cls, typename, bases, ns)
        types = ns.get('__annotations__', {})
        default_names = []
        for field_name in types:
            if field_name in ns:
                default_names.append(field_name)
            elif default_names:
                raise TypeError(f"Non-default namedtuple field {field_name} "
                                f"cannot follow default field"
                                f"{'s' if len(default_names) > 1 else ''} "
                                f"{', '.join(default_names)}")
        nm_tpl = namedtuple(typename, list(types), defaults=[ns[n] for n in default_names],
                            module=ns.get('__module__', '__main__'))
        nm_tpl.__annotations__ = dict(types)
        for key in ns:
            if key in ('__module__', '__qualname__', '__annotations__', '_root', '__slots__'):
                continue
            if key in ('__new__', '__init__', '_make', '_fields', '_field_defaults', '_asdict', '_replace', '__getnewargs__'):
                raise AttributeError('Cannot overwrite NamedTuple attribute ' + key)
            if key not in nm_tpl._fields:
                setattr(nm_tpl, key, ns[key])
        return nm_tpl

class NamedTuple(metaclass=_NamedTupleMeta):
    _root = True
`

func init() {
	registerPyHelper("_tensh_collections", "collections", collectionsPySource)
	RegisterModule("keyword", func(s *Session) *Module {
		kw := &List{}
		for _, k := range strings.Fields(pyKeywordList) {
			kw.Elems = append(kw.Elems, Str(k))
		}
		return &Module{Name: "keyword", Origin: "from '/usr/lib/python3.11/keyword.py'", Members: map[string]Value{
			"kwlist": kw,
			"iskeyword": &Builtin{Name: "iskeyword", Module: "keyword", Sig: "iskeyword(s)", Doc: "Tells whether s is a Python keyword.",
				Fn: func(a *Args) Value { return Bool(pyKeywords[ToStr(pyArgs(a, "iskeyword", 0, "s")[0])]) }},
		}}
	})
}
