# torch.nn's normalisation, dropout, embedding, activation, padding and
# distance layers (PyTorch 1.13's batchnorm.py, normalization.py,
# dropout.py, sparse.py, activation.py, padding.py, distance.py).
def _build(env):
    torch = env['torch']
    F = env['F']
    Module = env['Module']
    Parameter = env['Parameter']
    init = env

    def fk(device, dtype):
        return {'device': device, 'dtype': dtype}

    class _NormBase(Module):
        __module__ = 'torch.nn.modules.batchnorm'

        def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None):
            super().__init__()
            self.num_features = num_features
            self.eps = eps
            self.momentum = momentum
            self.affine = affine
            self.track_running_stats = track_running_stats
            if self.affine:
                self.weight = Parameter(torch.empty(num_features, **fk(device, dtype)))
                self.bias = Parameter(torch.empty(num_features, **fk(device, dtype)))
            else:
                self.register_parameter("weight", None)
                self.register_parameter("bias", None)
            if self.track_running_stats:
                self.register_buffer('running_mean', torch.zeros(num_features, **fk(device, dtype)))
                self.register_buffer('running_var', torch.ones(num_features, **fk(device, dtype)))
                self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long))
            else:
                self.register_buffer("running_mean", None)
                self.register_buffer("running_var", None)
                self.register_buffer("num_batches_tracked", None)
            self.reset_parameters()

        def reset_running_stats(self):
            if self.track_running_stats:
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

        def reset_parameters(self):
            self.reset_running_stats()
            if self.affine:
                init['ones_'](self.weight)
                init['zeros_'](self.bias)

        def extra_repr(self):
            return '{}, eps={}, momentum={}, affine={}, track_running_stats={}'.format(
                self.num_features, self.eps, self.momentum, self.affine, self.track_running_stats)

        def forward(self, input):
            self._check_input_dim(input)
            if self.momentum is None:
                exponential_average_factor = 0.0
            else:
                exponential_average_factor = self.momentum
            if self.training and self.track_running_stats:
                if self.num_batches_tracked is not None:
                    self.num_batches_tracked.add_(1)
                    if self.momentum is None:
                        exponential_average_factor = 1.0 / float(self.num_batches_tracked)
                    else:
                        exponential_average_factor = self.momentum
            if self.training:
                bn_training = True
            else:
                bn_training = (self.running_mean is None) and (self.running_var is None)
            return F.batch_norm(input,
                                self.running_mean if not self.training or self.track_running_stats else None,
                                self.running_var if not self.training or self.track_running_stats else None,
                                self.weight, self.bias, bn_training, exponential_average_factor, self.eps)

    class BatchNorm1d(_NormBase):
        def _check_input_dim(self, input):
            if input.dim() != 2 and input.dim() != 3:
                raise ValueError("expected 2D or 3D input (got {}D input)".format(input.dim()))

    class BatchNorm2d(_NormBase):
        def _check_input_dim(self, input):
            if input.dim() != 4:
                raise ValueError("expected 4D input (got {}D input)".format(input.dim()))

    class LayerNorm(Module):
        __module__ = 'torch.nn.modules.normalization'

        def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, device=None, dtype=None):
            super().__init__()
            if isinstance(normalized_shape, int):
                normalized_shape = (normalized_shape,)
            self.normalized_shape = tuple(normalized_shape)
            self.eps = eps
            self.elementwise_affine = elementwise_affine
            if self.elementwise_affine:
                self.weight = Parameter(torch.empty(self.normalized_shape, **fk(device, dtype)))
                self.bias = Parameter(torch.empty(self.normalized_shape, **fk(device, dtype)))
            else:
                self.register_parameter('weight', None)
                self.register_parameter('bias', None)
            self.reset_parameters()

        def reset_parameters(self):
            if self.elementwise_affine:
                init['ones_'](self.weight)
                init['zeros_'](self.bias)

        def forward(self, input):
            return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

        def extra_repr(self):
            return '{}, eps={}, elementwise_affine={}'.format(self.normalized_shape, self.eps, self.elementwise_affine)

    class GroupNorm(Module):
        __module__ = 'torch.nn.modules.normalization'

        def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, device=None, dtype=None):
            super().__init__()
            if num_channels % num_groups != 0:
                raise ValueError('num_channels must be divisible by num_groups')
            self.num_groups = num_groups
            self.num_channels = num_channels
            self.eps = eps
            self.affine = affine
            if self.affine:
                self.weight = Parameter(torch.empty(num_channels, **fk(device, dtype)))
                self.bias = Parameter(torch.empty(num_channels, **fk(device, dtype)))
            else:
                self.register_parameter('weight', None)
                self.register_parameter('bias', None)
            if self.affine:
                init['ones_'](self.weight)
                init['zeros_'](self.bias)

        def forward(self, input):
            return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

        def extra_repr(self):
            return '{}, {}, eps={}, affine={}'.format(self.num_groups, self.num_channels, self.eps, self.affine)

    def _dropout_class(name, fn):
        class Dropout(Module):
            __module__ = 'torch.nn.modules.dropout'

            def __init__(self, p=0.5, inplace=False):
                super().__init__()
                if p < 0 or p > 1:
                    raise ValueError("dropout probability has to be between 0 and 1, but got {}".format(p))
                self.p = p
                self.inplace = inplace

            def extra_repr(self):
                return 'p={}, inplace={}'.format(self.p, self.inplace)

            def forward(self, input):
                return fn(input, self.p, self.training, self.inplace)
        Dropout.__name__ = name
        Dropout.__qualname__ = name
        return Dropout

    class Embedding(Module):
        __module__ = 'torch.nn.modules.sparse'

        def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.,
                     scale_grad_by_freq=False, sparse=False, _weight=None, device=None, dtype=None):
            super().__init__()
            self.num_embeddings = num_embeddings
            self.embedding_dim = embedding_dim
            if padding_idx is not None:
                if padding_idx > 0:
                    assert padding_idx < self.num_embeddings, 'Padding_idx must be within num_embeddings'
                elif padding_idx < 0:
                    assert padding_idx >= -self.num_embeddings, 'Padding_idx must be within num_embeddings'
                    padding_idx = self.num_embeddings + padding_idx
            self.padding_idx = padding_idx
            self.max_norm = max_norm
            self.norm_type = norm_type
            self.scale_grad_by_freq = scale_grad_by_freq
            if _weight is None:
                self.weight = Parameter(torch.empty((num_embeddings, embedding_dim), **fk(device, dtype)))
                self.reset_parameters()
            else:
                assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                    'Shape of weight does not match num_embeddings and embedding_dim'
                self.weight = Parameter(_weight)
            self.sparse = sparse

        def reset_parameters(self):
            init['normal_'](self.weight)
            self._fill_padding_idx_with_zero()

        def _fill_padding_idx_with_zero(self):
            if self.padding_idx is not None:
                with torch.no_grad():
                    self.weight[self.padding_idx].fill_(0)

        def forward(self, input):
            return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                               self.scale_grad_by_freq, self.sparse)

        def extra_repr(self):
            s = '{}, {}'.format(self.num_embeddings, self.embedding_dim)
            if self.padding_idx is not None:
                s += ', padding_idx={}'.format(self.padding_idx)
            if self.max_norm is not None:
                s += ', max_norm={}'.format(self.max_norm)
            if self.norm_type != 2:
                s += ', norm_type={}'.format(self.norm_type)
            if self.scale_grad_by_freq is not False:
                s += ', scale_grad_by_freq={}'.format(self.scale_grad_by_freq)
            if self.sparse is not False:
                s += ', sparse=True'
            return s

        @classmethod
        def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None, norm_type=2.,
                            scale_grad_by_freq=False, sparse=False):
            assert embeddings.dim() == 2, 'Embeddings parameter is expected to be 2-dimensional'
            rows, cols = embeddings.shape
            embedding = cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings, padding_idx=padding_idx,
                            max_norm=max_norm, norm_type=norm_type, scale_grad_by_freq=scale_grad_by_freq, sparse=sparse)
            embedding.weight.requires_grad = not freeze
            return embedding

    def _act(name, fn, params, defaults, repr_fmt, inplace=False):
        # an activation layer: params stored by name; repr_fmt formats them
        class Act(Module):
            __module__ = 'torch.nn.modules.activation'

            def __init__(self, *args, **kwargs):
                super().__init__()
                names = params + (['inplace'] if inplace else [])
                vals = list(defaults) + ([False] if inplace else [])
                if len(args) > len(names):
                    raise TypeError('{}.__init__() takes from 1 to {} positional arguments but {} were given'.format(
                        name, len(names) + 1, len(args) + 1))
                for i, a in enumerate(args):
                    vals[i] = a
                for k, v in kwargs.items():
                    if k not in names:
                        raise TypeError("{}.__init__() got an unexpected keyword argument '{}'".format(name, k))
                    vals[names.index(k)] = v
                for k, v in zip(names, vals):
                    setattr(self, k, v)

            def forward(self, input):
                return fn(self, input)

            def extra_repr(self):
                return repr_fmt(self)
        Act.__name__ = name
        Act.__qualname__ = name
        return Act

    def inpl(self, sep=''):
        return (sep + 'inplace=True') if self.inplace else ''

    acts = [
        _act('ReLU', lambda m, x: F.relu(x, inplace=m.inplace), [], [], lambda m: inpl(m), True),
        _act('ReLU6', lambda m, x: F.hardtanh(x, 0., 6., m.inplace), [], [], lambda m: inpl(m), True),
        _act('LeakyReLU', lambda m, x: F.leaky_relu(x, m.negative_slope, m.inplace), ['negative_slope'], [1e-2],
             lambda m: 'negative_slope={}{}'.format(m.negative_slope, inpl(m, ', ')), True),
        _act('ELU', lambda m, x: F.elu(x, m.alpha, m.inplace), ['alpha'], [1.],
             lambda m: 'alpha={}{}'.format(m.alpha, inpl(m, ', ')), True),
        _act('CELU', lambda m, x: F.celu(x, m.alpha, m.inplace), ['alpha'], [1.],
             lambda m: 'alpha={}{}'.format(m.alpha, inpl(m, ', ')), True),
        _act('SELU', lambda m, x: F.selu(x, m.inplace), [], [], lambda m: inpl(m), True),
        _act('GELU', lambda m, x: F.gelu(x, approximate=m.approximate), ['approximate'], ['none'],
             lambda m: 'approximate={}'.format(repr(m.approximate))),
        _act('SiLU', lambda m, x: F.silu(x, inplace=m.inplace), [], [], lambda m: inpl(m), True),
        _act('Mish', lambda m, x: F.mish(x, inplace=m.inplace), [], [], lambda m: inpl(m), True),
        _act('Sigmoid', lambda m, x: torch.sigmoid(x), [], [], lambda m: ''),
        _act('Tanh', lambda m, x: torch.tanh(x), [], [], lambda m: ''),
        _act('Softmax', lambda m, x: F.softmax(x, m.dim, _stacklevel=5), ['dim'], [None], lambda m: 'dim={}'.format(m.dim)),
        _act('LogSoftmax', lambda m, x: F.log_softmax(x, m.dim, _stacklevel=5), ['dim'], [None], lambda m: 'dim={}'.format(m.dim)),
        _act('Softmin', lambda m, x: F.softmax(-x, m.dim, _stacklevel=5), ['dim'], [None], lambda m: 'dim={}'.format(m.dim)),
        _act('Softplus', lambda m, x: F.softplus(x, m.beta, m.threshold), ['beta', 'threshold'], [1, 20],
             lambda m: 'beta={}, threshold={}'.format(m.beta, m.threshold)),
        _act('Softsign', lambda m, x: F.softsign(x), [], [], lambda m: ''),
        _act('Hardtanh', lambda m, x: F.hardtanh(x, m.min_val, m.max_val, m.inplace), ['min_val', 'max_val'], [-1., 1.],
             lambda m: 'min_val={}, max_val={}{}'.format(m.min_val, m.max_val, inpl(m, ', ')), True),
        _act('Hardsigmoid', lambda m, x: F.hardsigmoid(x, m.inplace), [], [], lambda m: inpl(m), True),
        _act('Hardswish', lambda m, x: F.hardswish(x, m.inplace), [], [], lambda m: inpl(m), True),
        _act('Hardshrink', lambda m, x: F.hardshrink(x, m.lambd), ['lambd'], [0.5], lambda m: '{}'.format(m.lambd)),
        _act('Softshrink', lambda m, x: F.softshrink(x, m.lambd), ['lambd'], [0.5], lambda m: str(m.lambd)),
        _act('Tanhshrink', lambda m, x: F.tanhshrink(x), [], [], lambda m: ''),
        _act('LogSigmoid', lambda m, x: F.logsigmoid(x), [], [], lambda m: ''),
        _act('Threshold', lambda m, x: F.threshold(x, m.threshold, m.value, m.inplace), ['threshold', 'value'], [None, None],
             lambda m: 'threshold={}, value={}{}'.format(m.threshold, m.value, inpl(m, ', ')), True),
        _act('GLU', lambda m, x: F.glu(x, m.dim), ['dim'], [-1], lambda m: 'dim={}'.format(m.dim)),
    ]

    class PReLU(Module):
        __module__ = 'torch.nn.modules.activation'

        def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
            self.num_parameters = num_parameters
            super().__init__()
            self.init = init
            self.weight = Parameter(torch.empty(num_parameters, **fk(device, dtype)).fill_(init))

        def reset_parameters(self):
            torch.nn.init.constant_(self.weight, self.init)

        def forward(self, input):
            return F.prelu(input, self.weight)

        def extra_repr(self):
            return 'num_parameters={}'.format(self.num_parameters)

    def _pad_class(name, n, mode, has_value):
        class Pad(Module):
            __module__ = 'torch.nn.modules.padding'

            def __init__(self, padding, value=0.):
                super().__init__()
                self.padding = tuple(padding) if isinstance(padding, (list, tuple)) else (padding,) * (2 * n)
                self.value = value

            def forward(self, input):
                if has_value:
                    return F.pad(input, self.padding, 'constant', self.value)
                return F.pad(input, self.padding, mode)

            def extra_repr(self):
                if has_value:
                    return 'padding={}, value={}'.format(self.padding, self.value)
                return '{}'.format(self.padding)
        Pad.__name__ = name
        Pad.__qualname__ = name
        return Pad

    class ZeroPad2d(_pad_class('ConstantPad2d', 2, 'constant', True)):
        def __init__(self, padding):
            super().__init__(padding, 0.)

        def extra_repr(self):
            return '{}'.format(self.padding)

    class CosineSimilarity(Module):
        __module__ = 'torch.nn.modules.distance'

        def __init__(self, dim=1, eps=1e-8):
            super().__init__()
            self.dim = dim
            self.eps = eps

        def forward(self, x1, x2):
            return F.cosine_similarity(x1, x2, self.dim, self.eps)

    class PairwiseDistance(Module):
        __module__ = 'torch.nn.modules.distance'

        def __init__(self, p=2., eps=1e-6, keepdim=False):
            super().__init__()
            self.norm = p
            self.eps = eps
            self.keepdim = keepdim

        def forward(self, x1, x2):
            return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)

    classes = [BatchNorm1d, BatchNorm2d, LayerNorm, GroupNorm, Embedding, PReLU, ZeroPad2d, CosineSimilarity, PairwiseDistance,
               _dropout_class('Dropout', F.dropout), _dropout_class('Dropout1d', F.dropout1d),
               _dropout_class('Dropout2d', F.dropout2d), _dropout_class('Dropout3d', F.dropout3d),
               _pad_class('ConstantPad1d', 1, 'constant', True), _pad_class('ConstantPad2d', 2, 'constant', True),
               _pad_class('ReflectionPad2d', 2, 'reflect', False), _pad_class('ReplicationPad2d', 2, 'replicate', False)] + acts
    out = {}
    for c in classes:
        if not c.__module__.startswith('torch.'):
            c.__module__ = 'torch.nn.modules.batchnorm' if c.__name__.startswith('BatchNorm') else 'torch.nn.modules.padding'
        out[c.__name__] = c
    return out
