package eval

// The dataclasses module, in tensh-Python source: dataclass (init, repr,
// eq, order, frozen, unsafe_hash, match_args), field (default,
// default_factory, init, repr, compare, hash), fields, asdict, astuple,
// replace, is_dataclass, FrozenInstanceError, as dataclasses.py behaves
// (its messages included; the generated __init__ binds its arguments as
// the exec'd one of CPython does and words its errors the same way).

const dataclassesSource = `
import copy as _copy

class FrozenInstanceError(AttributeError):
    pass

class _MISSING_TYPE:
    def __repr__(self):
        return '<dataclasses._MISSING_TYPE object>'

MISSING = _MISSING_TYPE()

class Field:
    __slots__ = ('name', 'type', 'default', 'default_factory', 'repr', 'hash',
                 'init', 'compare', 'metadata', 'kw_only', '_field_type')

    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field('
                f'name={self.name!r},'
                f'type={self.type!r},'
                f'default={self.default!r},'
                f'default_factory={self.default_factory!r},'
                f'init={self.init!r},'
                f'repr={self.repr!r},'
                f'hash={self.hash!r},'
                f'compare={self.compare!r},'
                f'metadata={self.metadata!r},'
                f'kw_only={self.kw_only!r},'
                f'_field_type=_FIELD)')

def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)

def _is_classvar(tp):
    r = repr(tp)
    return r.startswith('typing.ClassVar') or tp == 'ClassVar' or (isinstance(tp, str) and tp.startswith('ClassVar'))

def _names(names):
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]

def _make_init(cls, flds, post_init, frozen):
    qual = cls.__qualname__ + '.__init__'
    params = [f for f in flds if f.init]
    pos = [f for f in params if not f.kw_only]
    kwo = [f for f in params if f.kw_only]
    nreq = len([f for f in pos if f.default is MISSING and f.default_factory is MISSING])
    def __init__(self, *args, **kwargs):
        if len(args) > len(pos):
            if nreq == len(pos):
                raise TypeError(f'{qual}() takes {len(pos) + 1} positional argument{"" if len(pos) == 0 else "s"} but {len(args) + 1} {"was" if len(args) == 0 else "were"} given')
            raise TypeError(f'{qual}() takes from {nreq + 1} to {len(pos) + 1} positional arguments but {len(args) + 1} were given')
        values = {}
        for f, v in zip(pos, args):
            values[f.name] = v
        for k, v in kwargs.items():
            if not any(f.name == k for f in params):
                raise TypeError(f"{qual}() got an unexpected keyword argument '{k}'")
            if k in values:
                raise TypeError(f"{qual}() got multiple values for argument '{k}'")
            values[k] = v
        missing = [f.name for f in pos if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError(f'{qual}() missing {len(missing)} required positional argument{"s" if len(missing) > 1 else ""}: {_names(missing)}')
        missing = [f.name for f in kwo if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError(f'{qual}() missing {len(missing)} required keyword-only argument{"s" if len(missing) > 1 else ""}: {_names(missing)}')
        for f in flds:
            if f.name in values:
                v = values[f.name]
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.init and f.default is not MISSING:
                v = f.default
            else:
                continue
            if frozen:
                self.__dict__[f.name] = v
            else:
                setattr(self, f.name, v)
        if post_init:
            self.__post_init__()
    __init__.__qualname__ = qual
    return __init__

def _set_method(cls, name, fn):
    fn.__name__ = name
    fn.__qualname__ = cls.__qualname__ + '.' + name
    setattr(cls, name, fn)

def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args):
    fields_ = {}
    for b in cls.__mro__[-1:0:-1]:
        base_fields = getattr(b, '__dict__', {}).get('__dataclass_fields__')
        if base_fields is not None:
            for f in base_fields.values():
                fields_[f.name] = f
    anns = cls.__dict__.get('__annotations__', {})
    own = []
    for name, tp in anns.items():
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = field(default=default)
        f.name = name
        f.type = tp
        if _is_classvar(tp):
            continue
        if f.kw_only is MISSING:
            f.kw_only = False
        if isinstance(f.default, (list, dict, set)):
            raise ValueError(f'mutable default {type(f.default)} for field {name} is not allowed: use default_factory')
        own.append(f)
        fields_[name] = f
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    cls.__dataclass_fields__ = fields_
    cls.__dataclass_params__ = (init, repr, eq, order, unsafe_hash, frozen)
    flds = list(fields_.values())
    seen_default = False
    for f in flds:
        if f.init and not f.kw_only:
            if not (f.default is MISSING and f.default_factory is MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f'non-default argument {f.name!r} follows default argument')
    if order and not eq:
        raise ValueError('eq must be true if order is true')
    if init:
        _set_method(cls, '__init__', _make_init(cls, flds, hasattr(cls, '__post_init__'), frozen))
    if repr:
        shown = [f for f in flds if f.repr]
        def __repr__(self):
            return self.__class__.__qualname__ + '(' + ', '.join(f'{f.name}={getattr(self, f.name)!r}' for f in shown) + ')'
        _set_method(cls, '__repr__', __repr__)
    compared = [f for f in flds if f.compare]
    def _key(obj):
        return tuple(getattr(obj, f.name) for f in compared)
    if eq and '__eq__' not in cls.__dict__:
        def __eq__(self, other):
            if type(other) is type(self):
                return _key(self) == _key(other)
            return NotImplemented
        _set_method(cls, '__eq__', __eq__)
    if order:
        def __lt__(self, other):
            if type(other) is type(self):
                return _key(self) < _key(other)
            return NotImplemented
        def __le__(self, other):
            if type(other) is type(self):
                return _key(self) <= _key(other)
            return NotImplemented
        def __gt__(self, other):
            if type(other) is type(self):
                return _key(self) > _key(other)
            return NotImplemented
        def __ge__(self, other):
            if type(other) is type(self):
                return _key(self) >= _key(other)
            return NotImplemented
        for name, fn in (('__lt__', __lt__), ('__le__', __le__), ('__gt__', __gt__), ('__ge__', __ge__)):
            if name in cls.__dict__:
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. Consider using functools.total_ordering')
            _set_method(cls, name, fn)
    if frozen:
        frozen_names = tuple(f.name for f in flds)
        def __setattr__(self, name, value):
            if type(self) is cls or name in frozen_names:
                raise FrozenInstanceError(f'cannot assign to field {name!r}')
            super(cls, self).__setattr__(name, value)
        def __delattr__(self, name):
            if type(self) is cls or name in frozen_names:
                raise FrozenInstanceError(f'cannot delete field {name!r}')
            super(cls, self).__delattr__(name)
        _set_method(cls, '__setattr__', __setattr__)
        _set_method(cls, '__delattr__', __delattr__)
    has_own_hash = '__hash__' in cls.__dict__ and cls.__dict__['__hash__'] is not None
    hashed = [f for f in flds if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash or (eq and frozen):
        def __hash__(self):
            return hash(tuple(getattr(self, f.name) for f in hashed))
        _set_method(cls, '__hash__', __hash__)
    elif eq and not has_own_hash:
        cls.__hash__ = None
    if match_args and '__match_args__' not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in flds if f.init and not f.kw_only)
    return cls

def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args)
    if cls is None:
        return wrap
    return wrap(cls)

def fields(class_or_instance):
    try:
        fs = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple(fs.values())

def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')

def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')

def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _asdict_inner(obj, dict_factory)

def _asdict_inner(obj, dict_factory):
    if _is_dataclass_instance(obj):
        return dict_factory([(f.name, _asdict_inner(getattr(obj, f.name), dict_factory)) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_asdict_inner(v, dict_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, dict_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_asdict_inner(k, dict_factory), _asdict_inner(v, dict_factory)) for k, v in obj.items())
    return _copy.deepcopy(obj)

def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _astuple_inner(obj, tuple_factory)

def _astuple_inner(obj, tuple_factory):
    if _is_dataclass_instance(obj):
        return tuple_factory([_astuple_inner(getattr(obj, f.name), tuple_factory) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_astuple_inner(v, tuple_factory) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_astuple_inner(v, tuple_factory) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((_astuple_inner(k, tuple_factory), _astuple_inner(v, tuple_factory)) for k, v in obj.items())
    return _copy.deepcopy(obj)

def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in fields(obj):
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
`

func init() {
	registerPyStdlib("dataclasses", dataclassesSource)
}
