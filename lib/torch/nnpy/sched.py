# torch.optim.lr_scheduler (PyTorch 1.13's chainable schedulers).
def _build(env):
    torch = env['torch']
    Optimizer = env['Optimizer']
    _C = env['_C']
    import math
    import warnings

    class _LRScheduler:
        __module__ = 'torch.optim.lr_scheduler'

        def __init__(self, optimizer, last_epoch=-1, verbose=False):
            if not isinstance(optimizer, Optimizer):
                raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))
            self.optimizer = optimizer
            if last_epoch == -1:
                for group in optimizer.param_groups:
                    group.setdefault('initial_lr', group['lr'])
            else:
                for i, group in enumerate(optimizer.param_groups):
                    if 'initial_lr' not in group:
                        raise KeyError("param 'initial_lr' is not specified in param_groups[{}] when resuming an optimizer".format(i))
            self.base_lrs = [group['initial_lr'] for group in optimizer.param_groups]
            self.last_epoch = last_epoch

            # count the optimizer's steps (PyTorch's with_counter), for the
            # warning of a scheduler stepped first
            method = self.optimizer.step
            if not getattr(method, '_with_counter', False):
                opt = self.optimizer
                func = type(opt).step

                def wrapper(*args, **kwargs):
                    opt._step_count += 1
                    return func(opt, *args, **kwargs)
                wrapper._with_counter = True
                self.optimizer.step = wrapper
            self.optimizer._step_count = 0
            self.verbose = verbose
            self._step_count = 0
            self.step()

        def state_dict(self):
            return {key: value for key, value in self.__dict__.items() if key != 'optimizer' and key != 'lr_lambdas'}

        def load_state_dict(self, state_dict):
            self.__dict__.update(state_dict)

        def get_last_lr(self):
            return self._last_lr

        def get_lr(self):
            raise NotImplementedError

        def print_lr(self, is_verbose, group, lr, epoch=None):
            if is_verbose:
                if epoch is None:
                    print('Adjusting learning rate of group {} to {:.4e}.'.format(group, lr))
                else:
                    epoch_str = ("%.2f" if isinstance(epoch, float) else "%.5d") % epoch
                    print('Epoch {}: adjusting learning rate of group {} to {:.4e}.'.format(epoch_str, group, lr))

        def step(self, epoch=None):
            if self._step_count == 1:
                if not getattr(self.optimizer.step, '_with_counter', False):
                    warnings.warn("Seems like `optimizer.step()` has been overridden after learning rate scheduler "
                                  "initialization. Please, make sure to call `optimizer.step()` before "
                                  "`lr_scheduler.step()`. See more details at "
                                  "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate")
                elif self.optimizer._step_count < 1:
                    _C.warn_at('/usr/lib/python3/dist-packages/torch/optim/lr_scheduler.py:138',
                               'warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`. "', 'UserWarning',
                               "Detected call of `lr_scheduler.step()` before `optimizer.step()`. "
                               "In PyTorch 1.1.0 and later, you should call them in the opposite order: "
                               "`optimizer.step()` before `lr_scheduler.step()`.  Failure to do this "
                               "will result in PyTorch skipping the first value of the learning rate schedule. "
                               "See more details at "
                               "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate")
            self._step_count += 1
            self._get_lr_called_within_step = True
            try:
                if epoch is None:
                    self.last_epoch += 1
                    values = self.get_lr()
                else:
                    warnings.warn("The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where "
                                  "possible. Please use `scheduler.step()` to step the scheduler. During the deprecation, if "
                                  "epoch is different from None, the closed form is used instead of the new chainable form, "
                                  "where available. Please open an issue if you are unable to replicate your use case: "
                                  "https://github.com/pytorch/pytorch/issues/new/choose.")
                    self.last_epoch = epoch
                    if hasattr(self, "_get_closed_form_lr"):
                        values = self._get_closed_form_lr()
                    else:
                        values = self.get_lr()
            finally:
                self._get_lr_called_within_step = False
            for i, data in enumerate(zip(self.optimizer.param_groups, values)):
                param_group, lr = data
                param_group['lr'] = lr
                self.print_lr(self.verbose, i, lr, epoch)
            self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

    def lrs(self):
        return [group['lr'] for group in self.optimizer.param_groups]

    class LambdaLR(_LRScheduler):
        def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
            self.optimizer = optimizer
            if not isinstance(lr_lambda, (list, tuple)):
                self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
            else:
                if len(lr_lambda) != len(optimizer.param_groups):
                    raise ValueError("Expected {} lr_lambdas, but got {}".format(len(optimizer.param_groups), len(lr_lambda)))
                self.lr_lambdas = list(lr_lambda)
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            return [base_lr * lmbda(self.last_epoch) for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs)]

        def state_dict(self):
            state = {key: value for key, value in self.__dict__.items() if key not in ('optimizer', 'lr_lambdas')}
            state['lr_lambdas'] = [None] * len(self.lr_lambdas)
            for idx, fn in enumerate(self.lr_lambdas):
                if type(fn).__name__ != 'function' and hasattr(fn, '__dict__'):
                    state['lr_lambdas'][idx] = fn.__dict__.copy()
            return state

    class MultiplicativeLR(_LRScheduler):
        def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
            self.optimizer = optimizer
            if not isinstance(lr_lambda, (list, tuple)):
                self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
            else:
                self.lr_lambdas = list(lr_lambda)
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch > 0:
                return [group['lr'] * lmbda(self.last_epoch) for lmbda, group in zip(self.lr_lambdas, self.optimizer.param_groups)]
            return lrs(self)

    class StepLR(_LRScheduler):
        def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1, verbose=False):
            self.step_size = step_size
            self.gamma = gamma
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if (self.last_epoch == 0) or (self.last_epoch % self.step_size != 0):
                return lrs(self)
            return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

        def _get_closed_form_lr(self):
            return [base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs]

    class MultiStepLR(_LRScheduler):
        def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1, verbose=False):
            counts = {}
            for m in milestones:
                counts[m] = counts.get(m, 0) + 1
            self.milestones = counts
            self.gamma = gamma
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch not in self.milestones:
                return lrs(self)
            return [group['lr'] * self.gamma ** self.milestones[self.last_epoch] for group in self.optimizer.param_groups]

    class ConstantLR(_LRScheduler):
        def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1, verbose=False):
            if factor > 1.0 or factor < 0:
                raise ValueError('Constant multiplicative factor expected to be between 0 and 1.')
            self.factor = factor
            self.total_iters = total_iters
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch == 0:
                return [group['lr'] * self.factor for group in self.optimizer.param_groups]
            if self.last_epoch > self.total_iters or (self.last_epoch != self.total_iters):
                return lrs(self)
            return [group['lr'] * (1.0 / self.factor) for group in self.optimizer.param_groups]

    class LinearLR(_LRScheduler):
        def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1, verbose=False):
            if start_factor > 1.0 or start_factor <= 0:
                raise ValueError('Starting multiplicative factor expected to be greater than 0 and less or equal to 1.')
            if end_factor > 1.0 or end_factor < 0:
                raise ValueError('Ending multiplicative factor expected to be between 0 and 1.')
            self.start_factor = start_factor
            self.end_factor = end_factor
            self.total_iters = total_iters
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch == 0:
                return [group['lr'] * self.start_factor for group in self.optimizer.param_groups]
            if self.last_epoch > self.total_iters:
                return lrs(self)
            return [group['lr'] * (1. + (self.end_factor - self.start_factor) /
                    (self.total_iters * self.start_factor + (self.last_epoch - 1) * (self.end_factor - self.start_factor)))
                    for group in self.optimizer.param_groups]

    class ExponentialLR(_LRScheduler):
        def __init__(self, optimizer, gamma, last_epoch=-1, verbose=False):
            self.gamma = gamma
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch == 0:
                return lrs(self)
            return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    class CosineAnnealingLR(_LRScheduler):
        def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1, verbose=False):
            self.T_max = T_max
            self.eta_min = eta_min
            super().__init__(optimizer, last_epoch, verbose)

        def get_lr(self):
            if self.last_epoch == 0:
                return lrs(self)
            elif self._step_count == 1 and self.last_epoch > 0:
                return [self.eta_min + (base_lr - self.eta_min) * (1 + math.cos((self.last_epoch) * math.pi / self.T_max)) / 2
                        for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups)]
            elif (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
                return [group['lr'] + (base_lr - self.eta_min) * (1 - math.cos(math.pi / self.T_max)) / 2
                        for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups)]
            return [(1 + math.cos(math.pi * self.last_epoch / self.T_max)) /
                    (1 + math.cos(math.pi * (self.last_epoch - 1) / self.T_max)) *
                    (group['lr'] - self.eta_min) + self.eta_min for group in self.optimizer.param_groups]

    class ReduceLROnPlateau:
        __module__ = 'torch.optim.lr_scheduler'

        def __init__(self, optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4, threshold_mode='rel',
                     cooldown=0, min_lr=0, eps=1e-8, verbose=False):
            if factor >= 1.0:
                raise ValueError('Factor should be < 1.0.')
            self.factor = factor
            if not isinstance(optimizer, Optimizer):
                raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))
            self.optimizer = optimizer
            if isinstance(min_lr, (list, tuple)):
                if len(min_lr) != len(optimizer.param_groups):
                    raise ValueError("expected {} min_lrs, got {}".format(len(optimizer.param_groups), len(min_lr)))
                self.min_lrs = list(min_lr)
            else:
                self.min_lrs = [min_lr] * len(optimizer.param_groups)
            self.patience = patience
            self.cooldown = cooldown
            self.cooldown_counter = 0
            self.mode = mode
            self.threshold = threshold
            self.threshold_mode = threshold_mode
            self.best = None
            self.num_bad_epochs = None
            self.mode_worse = None
            self.eps = eps
            self.last_epoch = 0
            self.verbose = verbose
            if mode not in {'min', 'max'}:
                raise ValueError('mode ' + mode + ' is unknown!')
            if threshold_mode not in {'rel', 'abs'}:
                raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
            self.mode_worse = math.inf if mode == 'min' else -math.inf
            self._reset()

        def _reset(self):
            self.best = self.mode_worse
            self.cooldown_counter = 0
            self.num_bad_epochs = 0

        def step(self, metrics, epoch=None):
            current = float(metrics)
            if epoch is None:
                epoch = self.last_epoch + 1
            self.last_epoch = epoch
            if self.is_better(current, self.best):
                self.best = current
                self.num_bad_epochs = 0
            else:
                self.num_bad_epochs += 1
            if self.in_cooldown:
                self.cooldown_counter -= 1
                self.num_bad_epochs = 0
            if self.num_bad_epochs > self.patience:
                self._reduce_lr(epoch)
                self.cooldown_counter = self.cooldown
                self.num_bad_epochs = 0
            self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

        def _reduce_lr(self, epoch):
            for i, param_group in enumerate(self.optimizer.param_groups):
                old_lr = float(param_group['lr'])
                new_lr = max(old_lr * self.factor, self.min_lrs[i])
                if old_lr - new_lr > self.eps:
                    param_group['lr'] = new_lr
                    if self.verbose:
                        epoch_str = ("%.2f" if isinstance(epoch, float) else "%.5d") % epoch
                        print('Epoch {}: reducing learning rate of group {} to {:.4e}.'.format(epoch_str, i, new_lr))

        @property
        def in_cooldown(self):
            return self.cooldown_counter > 0

        def is_better(self, a, best):
            if self.mode == 'min' and self.threshold_mode == 'rel':
                return a < best * (1. - self.threshold)
            elif self.mode == 'min' and self.threshold_mode == 'abs':
                return a < best - self.threshold
            elif self.mode == 'max' and self.threshold_mode == 'rel':
                return a > best * (self.threshold + 1.)
            return a > best + self.threshold

        def state_dict(self):
            return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

        def load_state_dict(self, state_dict):
            self.__dict__.update(state_dict)

    out = {'_LRScheduler': _LRScheduler, 'LRScheduler': _LRScheduler}
    for c in [LambdaLR, MultiplicativeLR, StepLR, MultiStepLR, ConstantLR, LinearLR, ExponentialLR, CosineAnnealingLR]:
        c.__module__ = 'torch.optim.lr_scheduler'
        out[c.__name__] = c
    out['ReduceLROnPlateau'] = ReduceLROnPlateau
    return out
