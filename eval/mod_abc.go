package eval

// The abc module, in tensh-Python source: ABCMeta, ABC, abstractmethod
// (a class with abstract methods left refuses to be instantiated, with
// CPython's "Can't instantiate abstract class ..." text).

const abcSource = `
def abstractmethod(funcobj):
    """A decorator indicating abstract methods."""
    funcobj.__isabstractmethod__ = True
    return funcobj

class ABCMeta(type):
    def __new__(mcls, name, bases, namespace, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        abstracts = {name for name, value in namespace.items()
                     if getattr(value, "__isabstractmethod__", False)}
        for base in bases:
            for name in getattr(base, "__abstractmethods__", set()):
                value = getattr(cls, name, None)
                if getattr(value, "__isabstractmethod__", False):
                    abstracts.add(name)
        cls.__abstractmethods__ = frozenset(abstracts)
        return cls

    def __call__(cls, *args, **kwargs):
        if cls.__abstractmethods__:
            names = sorted(cls.__abstractmethods__)
            raise TypeError("Can't instantiate abstract class %s with abstract method%s %s"
                            % (cls.__name__, 's' if len(names) > 1 else '', ', '.join(names)))
        return super().__call__(*args, **kwargs)

class ABC(metaclass=ABCMeta):
    """Helper class that provides a standard way to create an ABC using
    inheritance.
    """
    __slots__ = ()
`

func init() {
	registerPyStdlib("abc", abcSource)
}
