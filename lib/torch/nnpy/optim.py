# torch.optim and torch.optim.lr_scheduler as PyTorch 1.13 defines them:
# the single-tensor (foreach=False) updates, run with the same tensor
# operations in the same order, so losses match PyTorch's digit for digit.
def _build(env):
    torch = env['torch']
    typename = env['typename']
    import math
    import warnings

    class _RequiredParameter:
        def __repr__(self):
            return "<required parameter>"
    required = _RequiredParameter()

    class _State:
        # the state of each parameter: a new dict on first use (PyTorch's
        # defaultdict(dict)), keyed by the parameter
        __module__ = 'collections'

        def __init__(self):
            self._vals = {}
            self._keys = {}

        def __getitem__(self, key):
            k = id(key)
            if k not in self._vals:
                self._vals[k] = {}
                self._keys[k] = key
            return self._vals[k]

        def __setitem__(self, key, value):
            self._vals[id(key)] = value
            self._keys[id(key)] = key

        def __contains__(self, key):
            return id(key) in self._vals

        def __len__(self):
            return len(self._vals)

        def __iter__(self):
            return iter(list(self._keys.values()))

        def get(self, key, default=None):
            return self._vals.get(id(key), default)

        def keys(self):
            return list(self._keys.values())

        def values(self):
            return list(self._vals.values())

        def items(self):
            return [(self._keys[k], v) for k, v in self._vals.items()]

        def __repr__(self):
            return 'defaultdict(<class \'dict\'>, {' + ', '.join(repr(k) + ': ' + repr(v) for k, v in self.items()) + '})'

    class Optimizer:
        __module__ = 'torch.optim.optimizer'

        def __init__(self, params, defaults):
            self.defaults = defaults
            if isinstance(params, torch.Tensor):
                raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, but got " + typename(params))
            self.state = _State()
            self.param_groups = []
            param_groups = list(params)
            if len(param_groups) == 0:
                raise ValueError("optimizer got an empty parameter list")
            if not isinstance(param_groups[0], dict):
                param_groups = [{'params': param_groups}]
            for param_group in param_groups:
                self.add_param_group(param_group)

        def __repr__(self):
            format_string = self.__class__.__name__ + ' ('
            for i, group in enumerate(self.param_groups):
                format_string += '\n'
                format_string += 'Parameter Group {0}\n'.format(i)
                for key in sorted(group.keys()):
                    if key != 'params':
                        format_string += '    {0}: {1}\n'.format(key, group[key])
            format_string += ')'
            return format_string

        def state_dict(self):
            param_mappings = {}
            start = [0]

            def pack_group(group):
                packed = {k: v for k, v in group.items() if k != 'params'}
                for i, p in enumerate(group['params'], start[0]):
                    if id(p) not in param_mappings:
                        param_mappings[id(p)] = i
                packed['params'] = [param_mappings[id(p)] for p in group['params']]
                start[0] += len(packed['params'])
                return packed
            param_groups = [pack_group(g) for g in self.param_groups]
            packed_state = {}
            for k, v in self.state.items():
                packed_state[param_mappings[id(k)] if isinstance(k, torch.Tensor) else k] = v
            return {'state': packed_state, 'param_groups': param_groups}

        def load_state_dict(self, state_dict):
            groups = self.param_groups
            saved_groups = state_dict['param_groups']
            if len(groups) != len(saved_groups):
                raise ValueError("loaded state dict has a different number of parameter groups")
            param_lens = [len(g['params']) for g in groups]
            saved_lens = [len(g['params']) for g in saved_groups]
            if any(p_len != s_len for p_len, s_len in zip(param_lens, saved_lens)):
                raise ValueError("loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
            id_map = {}
            for g, sg in zip(groups, saved_groups):
                for old_id, p in zip(sg['params'], g['params']):
                    id_map[old_id] = p
            state = _State()
            for k, v in state_dict['state'].items():
                if k in id_map:
                    param = id_map[k]
                    value = {}
                    for key, val in v.items():
                        if isinstance(val, torch.Tensor) and key != 'step' and param.is_floating_point():
                            val = val.to(dtype=param.dtype)
                        value[key] = val
                    state[param] = value
                else:
                    state[k] = v
            new_groups = []
            for group, ng in zip(groups, saved_groups):
                new_group = dict(ng)
                new_group['params'] = group['params']
                new_groups.append(new_group)
            self.state = state
            self.param_groups = new_groups

        def zero_grad(self, set_to_none=False):
            for group in self.param_groups:
                for p in group['params']:
                    if p.grad is not None:
                        if set_to_none:
                            p.grad = None
                        else:
                            if p.grad.grad_fn is not None:
                                p.grad.detach_()
                            else:
                                p.grad.requires_grad_(False)
                            p.grad.zero_()

        def step(self, closure=None):
            raise NotImplementedError

        def add_param_group(self, param_group):
            assert isinstance(param_group, dict), "param group must be a dict"
            params = param_group['params']
            if isinstance(params, torch.Tensor):
                param_group['params'] = [params]
            elif isinstance(params, set):
                raise TypeError('optimizer parameters need to be organized in ordered collections, but '
                                'the ordering of tensors in sets will change between runs. Please use a list instead.')
            else:
                param_group['params'] = list(params)
            for param in param_group['params']:
                if not isinstance(param, torch.Tensor):
                    raise TypeError("optimizer can only optimize Tensors, but one of the params is " + typename(param))
                if not param.is_leaf:
                    raise ValueError("can't optimize a non-leaf Tensor")
            for name, default in self.defaults.items():
                if default is required and name not in param_group:
                    raise ValueError("parameter group didn't specify a value of required optimization parameter " + name)
                else:
                    param_group.setdefault(name, default)
            ids = [id(p) for p in param_group['params']]
            if len(ids) != len(set(ids)):
                warnings.warn("optimizer contains a parameter group with duplicate parameters; "
                              "in future, this will cause an error; see github.com/pytorch/pytorch/issues/40967 for more information")
            seen = set()
            for group in self.param_groups:
                for p in group['params']:
                    seen.add(id(p))
            if any(i in seen for i in ids):
                raise ValueError("some parameters appear in more than one parameter group")
            self.param_groups.append(param_group)

    def _closure(closure):
        if closure is None:
            return None
        with torch.enable_grad():
            return closure()

    class SGD(Optimizer):
        __module__ = 'torch.optim.sgd'

        def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                     maximize=False, foreach=None, differentiable=False):
            if lr is not required and lr < 0.0:
                raise ValueError("Invalid learning rate: {}".format(lr))
            if momentum < 0.0:
                raise ValueError("Invalid momentum value: {}".format(momentum))
            if weight_decay < 0.0:
                raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
            defaults = dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay, nesterov=nesterov,
                            maximize=maximize, foreach=foreach, differentiable=differentiable)
            if nesterov and (momentum <= 0 or dampening != 0):
                raise ValueError("Nesterov momentum requires a momentum and zero dampening")
            super().__init__(params, defaults)

        def step(self, closure=None):
            loss = _closure(closure)
            with torch.no_grad():
                for group in self.param_groups:
                    wd, momentum, lr = group['weight_decay'], group['momentum'], group['lr']
                    dampening, nesterov, maximize = group['dampening'], group['nesterov'], group['maximize']
                    for p in group['params']:
                        if p.grad is None:
                            continue
                        state = self.state[p]
                        d_p = p.grad if not maximize else -p.grad
                        if wd != 0:
                            d_p = d_p.add(p, alpha=wd)
                        buf = state.get('momentum_buffer')
                        if momentum != 0:
                            if buf is None:
                                buf = torch.clone(d_p).detach()
                            else:
                                buf.mul_(momentum).add_(d_p, alpha=1 - dampening)
                            if nesterov:
                                d_p = d_p.add(buf, alpha=momentum)
                            else:
                                d_p = buf
                        p.add_(d_p, alpha=-lr)
                        state['momentum_buffer'] = buf
            return loss

    def _check_adam(lr, eps, betas, weight_decay):
        if not 0.0 <= lr:
            raise ValueError("Invalid learning rate: {}".format(lr))
        if not 0.0 <= eps:
            raise ValueError("Invalid epsilon value: {}".format(eps))
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError("Invalid beta parameter at index 0: {}".format(betas[0]))
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError("Invalid beta parameter at index 1: {}".format(betas[1]))
        if not 0.0 <= weight_decay:
            raise ValueError("Invalid weight_decay value: {}".format(weight_decay))

    def _adam_step(self, decoupled):
        for group in self.param_groups:
            beta1, beta2 = group['betas']
            lr, wd, eps, amsgrad = group['lr'], group['weight_decay'], group['eps'], group['amsgrad']
            for p in group['params']:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = torch.tensor(0.)
                    state['exp_avg'] = torch.zeros_like(p)
                    state['exp_avg_sq'] = torch.zeros_like(p)
                    if amsgrad:
                        state['max_exp_avg_sq'] = torch.zeros_like(p)
                grad = p.grad if not group['maximize'] else -p.grad
                exp_avg, exp_avg_sq, step_t = state['exp_avg'], state['exp_avg_sq'], state['step']
                step_t += 1
                if decoupled:
                    p.mul_(1 - lr * wd)
                elif wd != 0:
                    grad = grad.add(p, alpha=wd)
                exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                step = step_t.item()
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = lr / bias_correction1
                bias_correction2_sqrt = math.sqrt(bias_correction2)
                if amsgrad:
                    torch.maximum(state['max_exp_avg_sq'], exp_avg_sq, out=state['max_exp_avg_sq'])
                    denom = (state['max_exp_avg_sq'].sqrt() / bias_correction2_sqrt).add_(eps)
                else:
                    denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
                p.addcdiv_(exp_avg, denom, value=-step_size)

    class Adam(Optimizer):
        __module__ = 'torch.optim.adam'

        def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                     foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
            _check_adam(lr, eps, betas, weight_decay)
            defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize,
                            foreach=foreach, capturable=capturable, differentiable=differentiable, fused=fused)
            super().__init__(params, defaults)

        def step(self, closure=None):
            loss = _closure(closure)
            with torch.no_grad():
                _adam_step(self, False)
            return loss

    class AdamW(Optimizer):
        __module__ = 'torch.optim.adamw'

        def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                     maximize=False, foreach=None, capturable=False):
            _check_adam(lr, eps, betas, weight_decay)
            defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                            foreach=foreach, maximize=maximize, capturable=capturable)
            super().__init__(params, defaults)

        def step(self, closure=None):
            loss = _closure(closure)
            with torch.no_grad():
                _adam_step(self, True)
            return loss

    class RMSprop(Optimizer):
        __module__ = 'torch.optim.rmsprop'

        def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                     foreach=None, maximize=False, differentiable=False):
            if not 0.0 <= lr:
                raise ValueError("Invalid learning rate: {}".format(lr))
            if not 0.0 <= eps:
                raise ValueError("Invalid epsilon value: {}".format(eps))
            if not 0.0 <= momentum:
                raise ValueError("Invalid momentum value: {}".format(momentum))
            if not 0.0 <= weight_decay:
                raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
            if not 0.0 <= alpha:
                raise ValueError("Invalid alpha value: {}".format(alpha))
            defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered, weight_decay=weight_decay,
                            foreach=foreach, maximize=maximize, differentiable=differentiable)
            super().__init__(params, defaults)

        def step(self, closure=None):
            loss = _closure(closure)
            with torch.no_grad():
                for group in self.param_groups:
                    lr, alpha, eps, wd = group['lr'], group['alpha'], group['eps'], group['weight_decay']
                    momentum, centered = group['momentum'], group['centered']
                    for p in group['params']:
                        if p.grad is None:
                            continue
                        state = self.state[p]
                        if len(state) == 0:
                            state['step'] = torch.tensor(0.)
                            state['square_avg'] = torch.zeros_like(p)
                            if momentum > 0:
                                state['momentum_buffer'] = torch.zeros_like(p)
                            if centered:
                                state['grad_avg'] = torch.zeros_like(p)
                        grad = p.grad if not group['maximize'] else -p.grad
                        square_avg = state['square_avg']
                        state['step'] += 1
                        if wd != 0:
                            grad = grad.add(p, alpha=wd)
                        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
                        if centered:
                            grad_avg = state['grad_avg']
                            grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
                            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
                        else:
                            avg = square_avg.sqrt()
                        avg = avg.add_(eps)
                        if momentum > 0:
                            buf = state['momentum_buffer']
                            buf.mul_(momentum).addcdiv_(grad, avg)
                            p.add_(buf, alpha=-lr)
                        else:
                            p.addcdiv_(grad, avg, value=-lr)
            return loss

    class Adagrad(Optimizer):
        __module__ = 'torch.optim.adagrad'

        def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                     foreach=None, *, maximize=False):
            if not 0.0 <= lr:
                raise ValueError("Invalid learning rate: {}".format(lr))
            if not 0.0 <= lr_decay:
                raise ValueError("Invalid lr_decay value: {}".format(lr_decay))
            if not 0.0 <= weight_decay:
                raise ValueError("Invalid weight_decay value: {}".format(weight_decay))
            if not 0.0 <= initial_accumulator_value:
                raise ValueError("Invalid initial_accumulator_value value: {}".format(initial_accumulator_value))
            if not 0.0 <= eps:
                raise ValueError("Invalid epsilon value: {}".format(eps))
            defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                            initial_accumulator_value=initial_accumulator_value, foreach=foreach, maximize=maximize)
            super().__init__(params, defaults)
            for group in self.param_groups:
                for p in group['params']:
                    state = self.state[p]
                    state['step'] = torch.tensor(0.0)
                    state['sum'] = torch.full_like(p, initial_accumulator_value)

        def step(self, closure=None):
            loss = _closure(closure)
            with torch.no_grad():
                for group in self.param_groups:
                    lr, wd, lr_decay, eps = group['lr'], group['weight_decay'], group['lr_decay'], group['eps']
                    for p in group['params']:
                        if p.grad is None:
                            continue
                        state = self.state[p]
                        step_t = state['step']
                        step_t += 1
                        step = step_t.item()
                        grad = p.grad if not group['maximize'] else -p.grad
                        if wd != 0:
                            grad = grad.add(p, alpha=wd)
                        clr = lr / (1 + (step - 1) * lr_decay)
                        state['sum'].addcmul_(grad, grad, value=1)
                        std = state['sum'].sqrt().add_(eps)
                        p.addcdiv_(grad, std, value=-clr)
            return loss

    out = {'Optimizer': Optimizer, 'SGD': SGD, 'Adam': Adam, 'AdamW': AdamW, 'RMSprop': RMSprop, 'Adagrad': Adagrad,
           'required': required}
    return out
