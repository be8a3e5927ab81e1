# The containers of torch.nn (PyTorch 1.13's torch/nn/modules/container.py):
# Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict.
def _build(env):
    torch = env['torch']
    Module = env['Module']
    Parameter = env['Parameter']
    OrderedDict = env['OrderedDict']

    def _index(idx):
        if isinstance(idx, bool) or not isinstance(idx, int):
            if hasattr(idx, '__index__'):
                return idx.__index__()
            raise TypeError("'{}' object cannot be interpreted as an integer".format(type(idx).__name__))
        return idx

    class Sequential(Module):
        __module__ = 'torch.nn.modules.container'

        def __init__(self, *args):
            super().__init__()
            if len(args) == 1 and isinstance(args[0], OrderedDict):
                for key, module in args[0].items():
                    self.add_module(key, module)
            else:
                for idx, module in enumerate(args):
                    self.add_module(str(idx), module)

        def _get_item_by_idx(self, iterator, idx):
            size = len(self)
            idx = _index(idx)
            if not -size <= idx < size:
                raise IndexError('index {} is out of range'.format(idx))
            idx %= size
            return list(iterator)[idx]

        def __getitem__(self, idx):
            if isinstance(idx, slice):
                return self.__class__(OrderedDict(list(self._modules.items())[idx]))
            return self._get_item_by_idx(self._modules.values(), idx)

        def __setitem__(self, idx, module):
            key = self._get_item_by_idx(self._modules.keys(), idx)
            return setattr(self, key, module)

        def __delitem__(self, idx):
            if isinstance(idx, slice):
                for key in list(self._modules.keys())[idx]:
                    delattr(self, key)
            else:
                key = self._get_item_by_idx(self._modules.keys(), idx)
                delattr(self, key)
            str_indices = [str(i) for i in range(len(self._modules))]
            self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

        def __len__(self):
            return len(self._modules)

        def __add__(self, other):
            if isinstance(other, Sequential):
                ret = Sequential()
                for layer in self:
                    ret.append(layer)
                for layer in other:
                    ret.append(layer)
                return ret
            raise ValueError('add operator supports only objects of Sequential class, but {} is given.'.format(str(type(other))))

        def __iter__(self):
            return iter(list(self._modules.values()))

        def __dir__(self):
            keys = super().__dir__()
            return [key for key in keys if not key.isdigit()]

        def forward(self, input):
            for module in self:
                input = module(input)
            return input

        def append(self, module):
            self.add_module(str(len(self)), module)
            return self

        def insert(self, index, module):
            if not isinstance(module, Module):
                raise AssertionError('module should be of type: {}'.format(Module))
            n = len(self._modules)
            if not (-n <= index <= n):
                raise IndexError('Index out of range: {}'.format(index))
            if index < 0:
                index += n
            for i in range(n, index, -1):
                self._modules[str(i)] = self._modules[str(i - 1)]
            self._modules[str(index)] = module
            return self

        def extend(self, sequential):
            for layer in sequential:
                self.append(layer)
            return self

    class ModuleList(Module):
        __module__ = 'torch.nn.modules.container'

        def __init__(self, modules=None):
            super().__init__()
            if modules is not None:
                self.extend(modules)

        def _get_abs_string_index(self, idx):
            idx = _index(idx)
            if not (-len(self) <= idx < len(self)):
                raise IndexError('index {} is out of range'.format(idx))
            if idx < 0:
                idx += len(self)
            return str(idx)

        def __getitem__(self, idx):
            if isinstance(idx, slice):
                return self.__class__(list(self._modules.values())[idx])
            return self._modules[self._get_abs_string_index(idx)]

        def __setitem__(self, idx, module):
            idx = self._get_abs_string_index(idx)
            return setattr(self, str(idx), module)

        def __delitem__(self, idx):
            if isinstance(idx, slice):
                for k in range(len(self._modules))[idx]:
                    delattr(self, str(k))
            else:
                delattr(self, self._get_abs_string_index(idx))
            str_indices = [str(i) for i in range(len(self._modules))]
            self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

        def __len__(self):
            return len(self._modules)

        def __iter__(self):
            return iter(list(self._modules.values()))

        def __iadd__(self, modules):
            return self.extend(modules)

        def __add__(self, other):
            combined = ModuleList()
            for i, module in enumerate(list(self) + list(other)):
                combined.add_module(str(i), module)
            return combined

        def __dir__(self):
            keys = super().__dir__()
            return [key for key in keys if not key.isdigit()]

        def insert(self, index, module):
            for i in range(len(self._modules), index, -1):
                self._modules[str(i)] = self._modules[str(i - 1)]
            self._modules[str(index)] = module

        def append(self, module):
            self.add_module(str(len(self)), module)
            return self

        def pop(self, key):
            v = self[key]
            del self[key]
            return v

        def extend(self, modules):
            if isinstance(modules, (str, Module, torch.Tensor, int, float)):
                raise TypeError("ModuleList.extend should be called with an iterable, but got " + type(modules).__name__)
            offset = len(self)
            for i, module in enumerate(modules):
                self.add_module(str(offset + i), module)
            return self

    class ModuleDict(Module):
        __module__ = 'torch.nn.modules.container'

        def __init__(self, modules=None):
            super().__init__()
            if modules is not None:
                self.update(modules)

        def __getitem__(self, key):
            return self._modules[key]

        def __setitem__(self, key, module):
            self.add_module(key, module)

        def __delitem__(self, key):
            del self._modules[key]

        def __len__(self):
            return len(self._modules)

        def __iter__(self):
            return iter(list(self._modules))

        def __contains__(self, key):
            return key in self._modules

        def clear(self):
            self._modules.clear()

        def pop(self, key):
            v = self[key]
            del self[key]
            return v

        def keys(self):
            return self._modules.keys()

        def items(self):
            return self._modules.items()

        def values(self):
            return self._modules.values()

        def update(self, modules):
            if isinstance(modules, (OrderedDict, ModuleDict, dict)):
                for key, module in modules.items():
                    self[key] = module
            else:
                for j, m in enumerate(modules):
                    if not isinstance(m, (list, tuple)):
                        raise TypeError("ModuleDict update sequence element #" + str(j) + " should be Iterable; is" + type(m).__name__)
                    if not len(m) == 2:
                        raise ValueError("ModuleDict update sequence element #" + str(j) + " has length " + str(len(m)) + "; 2 is required")
                    self[m[0]] = m[1]

    class ParameterList(Module):
        __module__ = 'torch.nn.modules.container'

        def __init__(self, values=None):
            super().__init__()
            self._size = 0
            if values is not None:
                self += values

        def _get_abs_string_index(self, idx):
            idx = _index(idx)
            if not (-len(self) <= idx < len(self)):
                raise IndexError('index {} is out of range'.format(idx))
            if idx < 0:
                idx += len(self)
            return str(idx)

        def __getitem__(self, idx):
            if isinstance(idx, slice):
                return self.__class__([self[i] for i in range(len(self))[idx]])
            return getattr(self, self._get_abs_string_index(idx))

        def __setitem__(self, idx, param):
            idx = self._get_abs_string_index(idx)
            if isinstance(param, torch.Tensor) and not isinstance(param, Parameter):
                param = Parameter(param)
            return setattr(self, str(idx), param)

        def __len__(self):
            return self._size

        def __iter__(self):
            return iter([self[i] for i in range(len(self))])

        def __iadd__(self, parameters):
            return self.extend(parameters)

        def append(self, value):
            new_idx = len(self)
            self._size += 1
            self[new_idx] = value
            return self

        def extend(self, values):
            for value in values:
                self.append(value)
            return self

        def extra_repr(self):
            child_lines = []
            for k, p in enumerate(self):
                if isinstance(p, torch.Tensor):
                    size_str = 'x'.join(str(size) for size in p.size())
                    parastr = '{} containing: [{} of size {}]'.format(
                        "Parameter" if isinstance(p, Parameter) else "Tensor", p.dtype, size_str)
                    child_lines.append('  (' + str(k) + '): ' + parastr)
                else:
                    child_lines.append('  (' + str(k) + '): Object of type: ' + type(p).__name__)
            return '\n'.join(child_lines)

    class ParameterDict(Module):
        __module__ = 'torch.nn.modules.container'

        def __init__(self, parameters=None):
            super().__init__()
            self._keys = {}
            if parameters is not None:
                self.update(parameters)

        def __getitem__(self, key):
            return getattr(self, key)

        def __setitem__(self, key, value):
            self._keys[key] = None
            if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
                value = Parameter(value)
            setattr(self, key, value)

        def __delitem__(self, key):
            del self._keys[key]
            delattr(self, key)

        def __len__(self):
            return len(self._keys)

        def __iter__(self):
            return iter(list(self._keys))

        def __contains__(self, key):
            return key in self._keys

        def keys(self):
            return self._keys.keys()

        def items(self):
            return [(k, self[k]) for k in self._keys]

        def values(self):
            return [self[k] for k in self._keys]

        def update(self, parameters):
            if isinstance(parameters, (OrderedDict, ParameterDict, dict)):
                for key, parameter in parameters.items():
                    self[key] = parameter
            else:
                for j, p in enumerate(parameters):
                    self[p[0]] = p[1]

        def extra_repr(self):
            child_lines = []
            for k, p in self.items():
                if isinstance(p, torch.Tensor):
                    size_str = 'x'.join(str(size) for size in p.size())
                    parastr = '{} containing: [{} of size {}]'.format(
                        "Parameter" if isinstance(p, Parameter) else "Tensor", p.type(), size_str)
                    child_lines.append('  (' + str(k) + '): ' + parastr)
            return '\n'.join(child_lines)

    return {'Sequential': Sequential, 'ModuleList': ModuleList, 'ModuleDict': ModuleDict,
            'ParameterList': ParameterList, 'ParameterDict': ParameterDict}
