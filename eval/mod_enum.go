package eval

// The enum module, in tensh-Python source: Enum, IntEnum, StrEnum, Flag,
// IntFlag, auto, unique, with EnumMeta's lookups (Color(1),
// Color['RED']), iteration, len and membership, and CPython 3.11's reprs
// (<Color.RED: 1>, <enum 'Color'>, <Perm.R|W: 6>) and errors.

const enumSource = `
class auto:
    _counter = 0
    def __init__(self):
        auto._counter += 1
        self._order = auto._counter
        self.value = None
    def __repr__(self):
        return 'auto(%r)' % (self.value,)

def _is_member_name(name, value):
    if name.startswith('_'):
        return False
    if callable(value) and not isinstance(value, auto) and not isinstance(value, type):
        return False
    if isinstance(value, (property, classmethod, staticmethod)):
        return False
    return True

class EnumType(type):
    def __new__(mcs, name, bases, ns, **kwds):
        members = []
        clean = {}
        for key, value in ns.items():
            if _is_member_name(key, value):
                members.append((key, value))
            else:
                clean[key] = value
        cls = super().__new__(mcs, name, bases, clean)
        cls._member_names_ = []
        cls._member_map_ = {}
        cls._value2member_map_ = {}
        last = None
        count = 0
        for key, value in members:
            if key in cls._member_map_:
                raise TypeError(f'{key!r} already defined as {cls._member_map_[key]._value_!r}')
            if isinstance(value, auto):
                value = cls._generate_next_value_(key, 1, count, [v for _, v in members[:count]] if last is None else [m._value_ for m in cls._member_map_.values()])
            count += 1
            if value in cls._value2member_map_:
                member = cls._value2member_map_[value]
                setattr(cls, key, member)
                cls._member_map_[key] = member
                continue
            base = cls._member_type_
            if base is object:
                member = object.__new__(cls)
            elif isinstance(value, tuple) and base is not tuple:
                member = base.__new__(cls, *value)
            else:
                member = base.__new__(cls, value)
            member._name_ = key
            member._value_ = value
            member.__objclass__ = cls
            setattr(cls, key, member)
            cls._member_names_.append(key)
            cls._member_map_[key] = member
            cls._value2member_map_[value] = member
            last = value
        return cls

    @property
    def _member_type_(cls):
        for base in cls.__mro__[1:]:
            if base in (object, Enum, Flag, ReprEnum) or isinstance(base, EnumType):
                continue
            return base
        return object

    def __call__(cls, value, *args, **kwds):
        if args or kwds:
            raise TypeError('the functional Enum API is not in tensh')
        if isinstance(value, cls):
            return value
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            pass
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, member):
        if not isinstance(member, Enum):
            import warnings
            warnings.warn(
                "in 3.12 __contains__ will no longer raise TypeError, but will return True or\n"
                "False depending on whether the value is a member or the value of a member",
                DeprecationWarning,
                stacklevel=2,
                )
            raise TypeError(
                "unsupported operand type(s) for 'in': '%s' and '%s'" % (
                    type(member).__qualname__, cls.__class__.__qualname__))
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __bool__(cls):
        return True

    def __setattr__(cls, name, value):
        member_map = cls.__dict__.get('_member_map_', {})
        if name in member_map:
            raise AttributeError('cannot reassign member %r' % (name, ))
        super().__setattr__(name, value)

    def __delattr__(cls, attr):
        if attr in cls._member_map_:
            raise AttributeError('%r cannot delete member %r.' % (cls.__name__, attr))
        super().__delattr__(attr)

    @property
    def __members__(cls):
        return dict(cls._member_map_)

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__

EnumMeta = EnumType
Flag = None
ReprEnum = None

class Enum(metaclass=EnumMeta):
    def _generate_next_value_(name, start, count, last_values):
        for v in reversed(last_values):
            try:
                return v + 1
            except TypeError:
                pass
        return start

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __dir__(self):
        return ['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value']

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_

Enum._value_repr_ = None

class ReprEnum(Enum):
    pass

class IntEnum(int, ReprEnum):
    def __int__(self):
        return self._value_
    def __index__(self):
        return self._value_
    def __str__(self):
        return repr(self._value_)
    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class StrEnum(str, ReprEnum):
    def __str__(self):
        return str(self._value_)
    def __format__(self, format_spec):
        return format(self._value_, format_spec)
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

class Flag(Enum):
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = max(last_values)
        return 2 ** (high.bit_length())

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            return None
        all_bits = 0
        for m in cls:
            all_bits |= m._value_
        if value & ~all_bits and not cls._keep_bits_:
            value &= all_bits   # boundary CONFORM: Flag drops the unknown bits
        pseudo = object.__new__(cls) if cls._member_type_ is object else cls._member_type_.__new__(cls, value)
        names = [m._name_ for m in cls if m._value_ and m._value_ & value == m._value_]
        pseudo._name_ = '|'.join(names) if names else None
        if value & ~all_bits:
            pseudo._name_ = None
        pseudo._value_ = value
        cls._value2member_map_[value] = pseudo
        return pseudo

    def __repr__(self):
        v_repr = self.__class__._value_repr_ or repr
        if self._name_ is None:
            return "<%s: %s>" % (self.__class__.__name__, v_repr(self._value_))
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr(self._value_))

    def __str__(self):
        if self._name_ is None:
            return '%s(%r)' % (self.__class__.__name__, self._value_)
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError(
                "unsupported operand type(s) for 'in': %r and %r" % (
                    type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __iter__(self):
        return (m for m in self.__class__ if m._value_ and m._value_ & self._value_ == m._value_)

    def __len__(self):
        return len(list(iter(self)))

    def __bool__(self):
        return bool(self._value_)

    def __or__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ | other._value_)

    def __and__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ & other._value_)

    def __xor__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.__class__(self._value_ ^ other._value_)

    def __invert__(self):
        all_bits = 0
        for m in self.__class__:
            all_bits |= m._value_
        return self.__class__(all_bits & ~self._value_)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

Flag._keep_bits_ = False

class IntFlag(int, ReprEnum, Flag):
    _keep_bits_ = True
    def __str__(self):
        return repr(self._value_)
    def __format__(self, format_spec):
        return format(self._value_, format_spec)
    def __or__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ | other)
    def __and__(self, other):
        if isinstance(other, self.__class__):
            other = other._value_
        elif not isinstance(other, int):
            return NotImplemented
        return self.__class__(self._value_ & other)
    __ror__ = __or__
    __rand__ = __and__


def unique(enumeration):
    duplicates = []
    for name, member in enumeration.__members__.items():
        if name != member._name_:
            duplicates.append((name, member._name_))
    if duplicates:
        alias_details = ', '.join(["%s -> %s" % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in %r: %s' % (enumeration, alias_details))
    return enumeration
`

func init() {
	registerPyStdlib("enum", enumSource)
}
