# torch.nn.Module and the containers, as PyTorch 1.13's
# torch/nn/modules/module.py and container.py define them (reprs,
# state_dict's key order, load_state_dict's errors, hooks).
def _build(env):
    torch = env['torch']
    Parameter = env['Parameter']
    OrderedDict = env.get('OrderedDict')
    if OrderedDict is None:
        # collections.OrderedDict where the session has no collections
        class OrderedDict(dict):
            __module__ = 'collections'

            def __repr__(self):
                if not self:
                    return 'OrderedDict()'
                return 'OrderedDict(' + repr(list(self.items())) + ')'
        env['OrderedDict'] = OrderedDict

    def typename(o):
        if isinstance(o, torch.Tensor):
            return o.type()
        module = ''
        m = getattr(type(o), '__module__', None)
        if m is not None and m != 'builtins' and not isinstance(o, (int, float, str, bool, list, tuple, dict)):
            module = m + '.'
        return module + type(o).__name__

    def _addindent(s_, numSpaces):
        s = s_.split('\n')
        if len(s) == 1:
            return s_
        first = s.pop(0)
        s = [(numSpaces * ' ') + line for line in s]
        s = '\n'.join(s)
        return first + '\n' + s

    class _IncompatibleKeys:
        __module__ = 'torch.nn.modules.module'

        def __init__(self, missing_keys, unexpected_keys):
            self.missing_keys = missing_keys
            self.unexpected_keys = unexpected_keys

        def __repr__(self):
            if not self.missing_keys and not self.unexpected_keys:
                return '<All keys matched successfully>'
            return '_IncompatibleKeys(missing_keys={}, unexpected_keys={})'.format(self.missing_keys, self.unexpected_keys)

        __str__ = __repr__

        def __iter__(self):
            return iter([self.missing_keys, self.unexpected_keys])

        def __getitem__(self, i):
            return [self.missing_keys, self.unexpected_keys][i]

    _handle_ids = [0]

    class RemovableHandle:
        __module__ = 'torch.utils.hooks'

        def __init__(self, hooks_dict):
            self.hooks_dict = hooks_dict
            self.id = _handle_ids[0]
            _handle_ids[0] += 1

        def remove(self):
            if self.id in self.hooks_dict:
                del self.hooks_dict[self.id]

        def __enter__(self):
            return self

        def __exit__(self, type, value, tb):
            self.remove()

    def _forward_unimplemented(self, *input):
        raise NotImplementedError('Module [{}] is missing the required "forward" function'.format(type(self).__name__))

    class Module:
        __module__ = 'torch.nn.modules.module'
        dump_patches = False
        _version = 1

        def __init__(self):
            super(Module, self).__setattr__('training', True)
            super(Module, self).__setattr__('_parameters', OrderedDict())
            super(Module, self).__setattr__('_buffers', OrderedDict())
            super(Module, self).__setattr__('_non_persistent_buffers_set', set())
            super(Module, self).__setattr__('_backward_hooks', OrderedDict())
            super(Module, self).__setattr__('_forward_hooks', OrderedDict())
            super(Module, self).__setattr__('_forward_pre_hooks', OrderedDict())
            super(Module, self).__setattr__('_modules', OrderedDict())

        forward = _forward_unimplemented

        def register_buffer(self, name, tensor, persistent=True):
            if '_buffers' not in self.__dict__:
                raise AttributeError("cannot assign buffer before Module.__init__() call")
            elif not isinstance(name, str):
                raise TypeError("buffer name should be a string. Got {}".format(typename(name)))
            elif '.' in name:
                raise KeyError("buffer name can't contain \".\"")
            elif name == '':
                raise KeyError("buffer name can't be empty string \"\"")
            elif hasattr(self, name) and name not in self._buffers:
                raise KeyError("attribute '{}' already exists".format(name))
            elif tensor is not None and not isinstance(tensor, torch.Tensor):
                raise TypeError("cannot assign '{}' object to buffer '{}' (torch Tensor or None required)".format(typename(tensor), name))
            else:
                self._buffers[name] = tensor
                if persistent:
                    self._non_persistent_buffers_set.discard(name)
                else:
                    self._non_persistent_buffers_set.add(name)

        def register_parameter(self, name, param):
            if '_parameters' not in self.__dict__:
                raise AttributeError("cannot assign parameter before Module.__init__() call")
            elif not isinstance(name, str):
                raise TypeError("parameter name should be a string. Got {}".format(typename(name)))
            elif '.' in name:
                raise KeyError("parameter name can't contain \".\"")
            elif name == '':
                raise KeyError("parameter name can't be empty string \"\"")
            elif hasattr(self, name) and name not in self._parameters:
                raise KeyError("attribute '{}' already exists".format(name))
            if param is None:
                self._parameters[name] = None
            elif not isinstance(param, Parameter):
                raise TypeError("cannot assign '{}' object to parameter '{}' (torch.nn.Parameter or None required)".format(typename(param), name))
            elif param.grad_fn:
                raise ValueError("Cannot assign non-leaf Tensor to parameter '{0}'. Model parameters must be created explicitly. "
                                 "To express '{0}' as a function of another Tensor, compute the value in the forward() method.".format(name))
            else:
                self._parameters[name] = param

        def add_module(self, name, module):
            if not isinstance(module, Module) and module is not None:
                raise TypeError("{} is not a Module subclass".format(typename(module)))
            elif not isinstance(name, str):
                raise TypeError("module name should be a string. Got {}".format(typename(name)))
            elif hasattr(self, name) and name not in self._modules:
                raise KeyError("attribute '{}' already exists".format(name))
            elif '.' in name:
                raise KeyError("module name can't contain \".\", got: {}".format(name))
            elif name == '':
                raise KeyError("module name can't be empty string \"\"")
            self._modules[name] = module

        def register_module(self, name, module):
            self.add_module(name, module)

        def get_submodule(self, target):
            if target == "":
                return self
            mod = self
            for item in target.split("."):
                if not hasattr(mod, item):
                    raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
                mod = getattr(mod, item)
                if not isinstance(mod, Module):
                    raise AttributeError("`" + item + "` is not an nn.Module")
            return mod

        def get_parameter(self, target):
            module_path, _, param_name = target.rpartition(".")
            mod = self.get_submodule(module_path)
            if not hasattr(mod, param_name):
                raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
            param = getattr(mod, param_name)
            if not isinstance(param, Parameter):
                raise AttributeError("`" + param_name + "` is not an nn.Parameter")
            return param

        def _apply(self, fn):
            for module in self.children():
                module._apply(fn)
            for key, param in self._parameters.items():
                if param is None:
                    continue
                with torch.no_grad():
                    param_applied = fn(param)
                param.data = param_applied
                if param.grad is not None:
                    with torch.no_grad():
                        grad_applied = fn(param.grad)
                    param.grad.data = grad_applied
            for key, buf in self._buffers.items():
                if buf is not None:
                    self._buffers[key] = fn(buf)
            return self

        def apply(self, fn):
            for module in self.children():
                module.apply(fn)
            fn(self)
            return self

        def cuda(self, device=None):
            return self._apply(lambda t: t.cuda(device))

        def cpu(self):
            return self._apply(lambda t: t.cpu())

        def type(self, dst_type):
            return self._apply(lambda t: t.type(dst_type))

        def float(self):
            return self._apply(lambda t: t.float() if t.is_floating_point() else t)

        def double(self):
            return self._apply(lambda t: t.double() if t.is_floating_point() else t)

        def half(self):
            return self._apply(lambda t: t.half() if t.is_floating_point() else t)

        def bfloat16(self):
            return self._apply(lambda t: t.bfloat16() if t.is_floating_point() else t)

        def to(self, *args, **kwargs):
            device, dtype = kwargs.get('device'), kwargs.get('dtype')
            for a in args:
                if isinstance(a, torch.dtype):
                    dtype = a
                elif isinstance(a, torch.Tensor):
                    device, dtype = a.device, a.dtype
                else:
                    device = a
            if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
                raise TypeError('nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={}'.format(dtype))

            def convert(t):
                if dtype is not None and t.is_floating_point():
                    t = t.to(dtype)
                if device is not None:
                    t = t.to(device)
                return t
            return self._apply(convert)

        def register_forward_pre_hook(self, hook):
            handle = RemovableHandle(self._forward_pre_hooks)
            self._forward_pre_hooks[handle.id] = hook
            return handle

        def register_forward_hook(self, hook):
            handle = RemovableHandle(self._forward_hooks)
            self._forward_hooks[handle.id] = hook
            return handle

        def register_full_backward_hook(self, hook):
            raise NotImplementedError("tensh: Module.register_full_backward_hook is not supported; "
                                      "register_hook on the output tensor gives its gradient")

        register_backward_hook = register_full_backward_hook

        def _call_impl(self, *input, **kwargs):
            d = self.__dict__
            if not d['_forward_pre_hooks'] and not d['_forward_hooks']:
                return self.forward(*input, **kwargs)
            for hook in list(self._forward_pre_hooks.values()):
                result = hook(self, input)
                if result is not None:
                    if not isinstance(result, tuple):
                        result = (result,)
                    input = result
            result = self.forward(*input, **kwargs)
            for hook in list(self._forward_hooks.values()):
                hook_result = hook(self, input, result)
                if hook_result is not None:
                    result = hook_result
            return result

        __call__ = _call_impl

        def __getattr__(self, name):
            d = self.__dict__
            if '_parameters' in d:
                _parameters = d['_parameters']
                if name in _parameters:
                    return _parameters[name]
            if '_buffers' in d:
                _buffers = d['_buffers']
                if name in _buffers:
                    return _buffers[name]
            if '_modules' in d:
                modules = d['_modules']
                if name in modules:
                    return modules[name]
            raise AttributeError("'{}' object has no attribute '{}'".format(type(self).__name__, name))

        def __setattr__(self, name, value):
            d = self.__dict__

            def remove_from(*dicts_or_sets):
                for ds in dicts_or_sets:
                    if name in ds:
                        if isinstance(ds, (dict, OrderedDict)):
                            del ds[name]
                        else:
                            ds.discard(name)
            params = d.get('_parameters')
            if isinstance(value, Parameter):
                if params is None:
                    raise AttributeError("cannot assign parameters before Module.__init__() call")
                remove_from(d, self._buffers, self._modules, self._non_persistent_buffers_set)
                self.register_parameter(name, value)
            elif params is not None and name in params:
                if value is not None:
                    raise TypeError("cannot assign '{}' as parameter '{}' (torch.nn.Parameter or None expected)".format(typename(value), name))
                self.register_parameter(name, value)
            else:
                modules = d.get('_modules')
                if isinstance(value, Module):
                    if modules is None:
                        raise AttributeError("cannot assign module before Module.__init__() call")
                    remove_from(d, self._parameters, self._buffers, self._non_persistent_buffers_set)
                    modules[name] = value
                elif modules is not None and name in modules:
                    if value is not None:
                        raise TypeError("cannot assign '{}' as child module '{}' (torch.nn.Module or None expected)".format(typename(value), name))
                    modules[name] = value
                else:
                    buffers = d.get('_buffers')
                    if buffers is not None and name in buffers:
                        if value is not None and not isinstance(value, torch.Tensor):
                            raise TypeError("cannot assign '{}' as buffer '{}' (torch.Tensor or None expected)".format(typename(value), name))
                        buffers[name] = value
                    else:
                        super(Module, self).__setattr__(name, value)

        def __delattr__(self, name):
            if name in self._parameters:
                del self._parameters[name]
            elif name in self._buffers:
                del self._buffers[name]
                self._non_persistent_buffers_set.discard(name)
            elif name in self._modules:
                del self._modules[name]
            else:
                super(Module, self).__delattr__(name)

        def _save_to_state_dict(self, destination, prefix, keep_vars):
            for name, param in self._parameters.items():
                if param is not None:
                    destination[prefix + name] = param if keep_vars else param.detach()
            for name, buf in self._buffers.items():
                if buf is not None and name not in self._non_persistent_buffers_set:
                    destination[prefix + name] = buf if keep_vars else buf.detach()

        def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
            if len(args) > 0:
                if destination is None:
                    destination = args[0]
                if len(args) > 1 and prefix == '':
                    prefix = args[1]
                if len(args) > 2 and keep_vars is False:
                    keep_vars = args[2]
            if destination is None:
                destination = OrderedDict()
            self._save_to_state_dict(destination, prefix, keep_vars)
            for name, module in self._modules.items():
                if module is not None:
                    module.state_dict(destination=destination, prefix=prefix + name + '.', keep_vars=keep_vars)
            return destination

        def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
            persistent_buffers = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
            local_name_params = list(self._parameters.items()) + list(persistent_buffers.items())
            local_state = {k: v for k, v in local_name_params if v is not None}
            for name, param in local_state.items():
                key = prefix + name
                if key in state_dict:
                    input_param = state_dict[key]
                    if not isinstance(input_param, torch.Tensor):
                        error_msgs.append('While copying the parameter named "{}", expected torch.Tensor or Tensor-like object from checkpoint but received {}'.format(key, type(input_param)))
                        continue
                    if len(param.shape) == 0 and len(input_param.shape) == 1:
                        input_param = input_param[0]
                    if input_param.shape != param.shape:
                        error_msgs.append('size mismatch for {}: copying a param with shape {} from checkpoint, '
                                          'the shape in current model is {}.'.format(key, input_param.shape, param.shape))
                        continue
                    try:
                        with torch.no_grad():
                            param.copy_(input_param)
                    except Exception as ex:
                        error_msgs.append('While copying the parameter named "{}", whose dimensions in the model are {} and '
                                          'whose dimensions in the checkpoint are {}, '
                                          'an exception occurred : {}.'.format(key, param.size(), input_param.size(), ex.args))
                elif strict:
                    missing_keys.append(key)
            if strict:
                for key in state_dict.keys():
                    if key.startswith(prefix):
                        input_name = key[len(prefix):]
                        input_name = input_name.split('.', 1)[0]
                        if input_name not in self._modules and input_name not in local_state:
                            unexpected_keys.append(key)

        def load_state_dict(self, state_dict, strict=True):
            if not isinstance(state_dict, (dict, OrderedDict)):
                raise TypeError("Expected state_dict to be dict-like, got {}.".format(type(state_dict)))
            missing_keys = []
            unexpected_keys = []
            error_msgs = []
            state_dict = OrderedDict([(k, v) for k, v in state_dict.items()])

            def load(module, local_state_dict, prefix=''):
                module._load_from_state_dict(local_state_dict, prefix, {}, True, missing_keys, unexpected_keys, error_msgs)
                for name, child in module._modules.items():
                    if child is not None:
                        child_prefix = prefix + name + '.'
                        child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                        load(child, child_state_dict, child_prefix)
            load(self, state_dict)
            if strict:
                if len(unexpected_keys) > 0:
                    error_msgs.insert(0, 'Unexpected key(s) in state_dict: {}. '.format(', '.join('"{}"'.format(k) for k in unexpected_keys)))
                if len(missing_keys) > 0:
                    error_msgs.insert(0, 'Missing key(s) in state_dict: {}. '.format(', '.join('"{}"'.format(k) for k in missing_keys)))
            if len(error_msgs) > 0:
                raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(self.__class__.__name__, "\n\t".join(error_msgs)))
            return _IncompatibleKeys(missing_keys, unexpected_keys)

        def _named_members(self, get_members_fn, prefix='', recurse=True):
            memo = set()
            modules = self._module_list(set(), prefix, True) if recurse else [(prefix, self)]
            out = []
            for module_prefix, module in modules:
                members = get_members_fn(module)
                for k, v in members:
                    if v is None or id(v) in memo:
                        continue
                    memo.add(id(v))
                    name = module_prefix + ('.' if module_prefix else '') + k
                    out.append((name, v))
            return out

        def parameters(self, recurse=True):
            for name, param in self.named_parameters(recurse=recurse):
                yield param

        def named_parameters(self, prefix='', recurse=True):
            yield from self._named_members(lambda module: module._parameters.items(), prefix=prefix, recurse=recurse)

        def buffers(self, recurse=True):
            for _, buf in self.named_buffers(recurse=recurse):
                yield buf

        def named_buffers(self, prefix='', recurse=True):
            yield from self._named_members(lambda module: module._buffers.items(), prefix=prefix, recurse=recurse)

        def children(self):
            for name, module in self.named_children():
                yield module

        def named_children(self):
            memo = set()
            out = []
            for name, module in self._modules.items():
                if module is not None and id(module) not in memo:
                    memo.add(id(module))
                    out.append((name, module))
            yield from out

        def modules(self):
            for _, module in self.named_modules():
                yield module

        def _module_list(self, memo, prefix, remove_duplicate):
            out = []
            if id(self) not in memo:
                if remove_duplicate:
                    memo.add(id(self))
                out.append((prefix, self))
                for name, module in self._modules.items():
                    if module is None:
                        continue
                    submodule_prefix = prefix + ('.' if prefix else '') + name
                    out.extend(module._module_list(memo, submodule_prefix, remove_duplicate))
            return out

        def named_modules(self, memo=None, prefix='', remove_duplicate=True):
            yield from self._module_list(set() if memo is None else memo, prefix, remove_duplicate)

        def train(self, mode=True):
            if not isinstance(mode, bool):
                raise ValueError("training mode is expected to be boolean")
            self.training = mode
            for module in self.children():
                module.train(mode)
            return self

        def eval(self):
            return self.train(False)

        def requires_grad_(self, requires_grad=True):
            for p in self.parameters():
                p.requires_grad_(requires_grad)
            return self

        def zero_grad(self, set_to_none=False):
            for p in self.parameters():
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

        def share_memory(self):
            return self

        def _get_name(self):
            return self.__class__.__name__

        def extra_repr(self):
            return ''

        def __repr__(self):
            extra_lines = []
            extra_repr = self.extra_repr()
            if extra_repr:
                extra_lines = extra_repr.split('\n')
            child_lines = []
            for key, module in self._modules.items():
                mod_str = repr(module)
                mod_str = _addindent(mod_str, 2)
                child_lines.append('(' + key + '): ' + mod_str)
            lines = extra_lines + child_lines
            main_str = self._get_name() + '('
            if lines:
                if len(extra_lines) == 1 and not child_lines:
                    main_str += extra_lines[0]
                else:
                    main_str += '\n  ' + '\n  '.join(lines) + '\n'
            main_str += ')'
            return main_str

        def __dir__(self):
            module_attrs = dir(self.__class__)
            attrs = list(self.__dict__.keys())
            parameters = list(self._parameters.keys())
            modules = list(self._modules.keys())
            buffers = list(self._buffers.keys())
            keys = module_attrs + attrs + parameters + modules + buffers
            keys = [key for key in keys if not key[0].isdigit()]
            return sorted(set(keys))

    env['_addindent'] = _addindent
    env['typename'] = typename
    out = {'Module': Module, 'OrderedDict': OrderedDict, '_IncompatibleKeys': _IncompatibleKeys, 'RemovableHandle': RemovableHandle,
           '_addindent': _addindent, 'typename': typename}
    return out
