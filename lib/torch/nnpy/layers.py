# The layers of torch.nn as PyTorch 1.13 defines them: their parameters,
# reset_parameters (drawing from the generator as PyTorch does), reprs and
# forwards (torch.nn.functional's Go kernels).
def _build(env):
    torch = env['torch']
    F = env['F']
    Module = env['Module']
    Parameter = env['Parameter']
    init = env
    import math

    def _ntuple(n):
        def parse(x):
            if isinstance(x, (list, tuple)):
                return tuple(x)
            return tuple([x] * n)
        return parse
    _single, _pair = _ntuple(1), _ntuple(2)

    def _reverse_repeat_tuple(t, n):
        return tuple(x for x in reversed(t) for _ in range(n))

    def fk(device, dtype):
        return {'device': device, 'dtype': dtype}

    def _bias_init(weight, bias):
        fan_in, _ = init['_calculate_fan_in_and_fan_out'](weight)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        init['uniform_'](bias, -bound, bound)

    class Identity(Module):
        __module__ = 'torch.nn.modules.linear'

        def __init__(self, *args, **kwargs):
            super().__init__()

        def forward(self, input):
            return input

    class Linear(Module):
        __module__ = 'torch.nn.modules.linear'

        def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
            super().__init__()
            self.in_features = in_features
            self.out_features = out_features
            self.weight = Parameter(torch.empty((out_features, in_features), **fk(device, dtype)))
            if bias:
                self.bias = Parameter(torch.empty(out_features, **fk(device, dtype)))
            else:
                self.register_parameter('bias', None)
            self.reset_parameters()

        def reset_parameters(self):
            init['kaiming_uniform_'](self.weight, a=math.sqrt(5))
            if self.bias is not None:
                _bias_init(self.weight, self.bias)

        def forward(self, input):
            return F.linear(input, self.weight, self.bias)

        def extra_repr(self):
            return 'in_features={}, out_features={}, bias={}'.format(self.in_features, self.out_features, self.bias is not None)

    class Bilinear(Module):
        __module__ = 'torch.nn.modules.linear'

        def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
            super().__init__()
            self.in1_features = in1_features
            self.in2_features = in2_features
            self.out_features = out_features
            self.weight = Parameter(torch.empty((out_features, in1_features, in2_features), **fk(device, dtype)))
            if bias:
                self.bias = Parameter(torch.empty(out_features, **fk(device, dtype)))
            else:
                self.register_parameter('bias', None)
            self.reset_parameters()

        def reset_parameters(self):
            bound = 1 / math.sqrt(self.weight.size(1))
            init['uniform_'](self.weight, -bound, bound)
            if self.bias is not None:
                init['uniform_'](self.bias, -bound, bound)

        def forward(self, input1, input2):
            return F.bilinear(input1, input2, self.weight, self.bias)

        def extra_repr(self):
            return 'in1_features={}, in2_features={}, out_features={}, bias={}'.format(
                self.in1_features, self.in2_features, self.out_features, self.bias is not None)

    class Flatten(Module):
        __module__ = 'torch.nn.modules.flatten'

        def __init__(self, start_dim=1, end_dim=-1):
            super().__init__()
            self.start_dim = start_dim
            self.end_dim = end_dim

        def forward(self, input):
            return input.flatten(self.start_dim, self.end_dim)

        def extra_repr(self):
            return 'start_dim={}, end_dim={}'.format(self.start_dim, self.end_dim)

    class Unflatten(Module):
        __module__ = 'torch.nn.modules.flatten'

        def __init__(self, dim, unflattened_size):
            super().__init__()
            self.dim = dim
            self.unflattened_size = unflattened_size

        def forward(self, input):
            return input.unflatten(self.dim, self.unflattened_size)

        def extra_repr(self):
            return 'dim={}, unflattened_size={}'.format(self.dim, self.unflattened_size)

    class _ConvNd(Module):
        __module__ = 'torch.nn.modules.conv'

        def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, transposed,
                     output_padding, groups, bias, padding_mode, device=None, dtype=None):
            super().__init__()
            if groups <= 0:
                raise ValueError('groups must be a positive integer')
            if in_channels % groups != 0:
                raise ValueError('in_channels must be divisible by groups')
            if out_channels % groups != 0:
                raise ValueError('out_channels must be divisible by groups')
            if isinstance(padding, str):
                if padding not in ('same', 'valid'):
                    raise ValueError("Invalid padding string {!r}, should be one of {}".format(padding, "{'valid', 'same'}"))
                if padding == 'same' and any(s != 1 for s in stride):
                    raise ValueError("padding='same' is not supported for strided convolutions")
            if padding_mode not in ('zeros', 'reflect', 'replicate', 'circular'):
                raise ValueError("padding_mode must be one of {}, but got padding_mode='{}'".format(
                    "{'zeros', 'reflect', 'replicate', 'circular'}", padding_mode))
            self.in_channels = in_channels
            self.out_channels = out_channels
            self.kernel_size = kernel_size
            self.stride = stride
            self.padding = padding
            self.dilation = dilation
            self.transposed = transposed
            self.output_padding = output_padding
            self.groups = groups
            self.padding_mode = padding_mode
            if isinstance(self.padding, str):
                self._reversed_padding_repeated_twice = [0, 0] * len(kernel_size)
                if padding == 'same':
                    for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                        total_padding = d * (k - 1)
                        left_pad = total_padding // 2
                        self._reversed_padding_repeated_twice[2 * i] = left_pad
                        self._reversed_padding_repeated_twice[2 * i + 1] = total_padding - left_pad
            else:
                self._reversed_padding_repeated_twice = _reverse_repeat_tuple(self.padding, 2)
            if transposed:
                shape = (in_channels, out_channels // groups) + tuple(kernel_size)
            else:
                shape = (out_channels, in_channels // groups) + tuple(kernel_size)
            self.weight = Parameter(torch.empty(shape, **fk(device, dtype)))
            if bias:
                self.bias = Parameter(torch.empty(out_channels, **fk(device, dtype)))
            else:
                self.register_parameter('bias', None)
            self.reset_parameters()

        def reset_parameters(self):
            init['kaiming_uniform_'](self.weight, a=math.sqrt(5))
            if self.bias is not None:
                fan_in, _ = init['_calculate_fan_in_and_fan_out'](self.weight)
                if fan_in != 0:
                    bound = 1 / math.sqrt(fan_in)
                    init['uniform_'](self.bias, -bound, bound)

        def extra_repr(self):
            s = '{}, {}, kernel_size={}, stride={}'.format(self.in_channels, self.out_channels, self.kernel_size, self.stride)
            if self.padding != (0,) * len(self.padding):
                s += ', padding={}'.format(self.padding)
            if self.dilation != (1,) * len(self.dilation):
                s += ', dilation={}'.format(self.dilation)
            if self.output_padding != (0,) * len(self.output_padding):
                s += ', output_padding={}'.format(self.output_padding)
            if self.groups != 1:
                s += ', groups={}'.format(self.groups)
            if self.bias is None:
                s += ', bias=False'
            if self.padding_mode != 'zeros':
                s += ', padding_mode={}'.format(self.padding_mode)
            return s

    def _conv_class(name, n, fn):
        tup = _ntuple(n)

        class Conv(_ConvNd):
            def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                         bias=True, padding_mode='zeros', device=None, dtype=None):
                padding_ = padding if isinstance(padding, str) else tup(padding)
                super().__init__(in_channels, out_channels, tup(kernel_size), tup(stride), padding_, tup(dilation),
                                 False, tup(0), groups, bias, padding_mode, device, dtype)

            def _conv_forward(self, input, weight, bias):
                if self.padding_mode != 'zeros':
                    return fn(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),
                              weight, bias, self.stride, tup(0), self.dilation, self.groups)
                return fn(input, weight, bias, self.stride, self.padding, self.dilation, self.groups)

            def forward(self, input):
                return self._conv_forward(input, self.weight, self.bias)
        Conv.__name__ = name
        Conv.__qualname__ = name
        return Conv

    def _convt_class(name, n, fn):
        tup = _ntuple(n)

        class ConvT(_ConvNd):
            def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                         groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
                if padding_mode != 'zeros':
                    raise ValueError('Only "zeros" padding mode is supported for {}'.format(name))
                super().__init__(in_channels, out_channels, tup(kernel_size), tup(stride), tup(padding), tup(dilation),
                                 True, tup(output_padding), groups, bias, padding_mode, device, dtype)

            def _output_padding(self, input, output_size):
                if output_size is None:
                    return self.output_padding
                output_size = list(output_size)[-n:]
                ret = []
                for d in range(n):
                    dim_size = input.size(d - n)
                    base = (dim_size - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d] * (self.kernel_size[d] - 1) + 1
                    ret.append(output_size[d] - base)
                return tuple(ret)

            def forward(self, input, output_size=None):
                op = self._output_padding(input, output_size)
                return fn(input, self.weight, self.bias, self.stride, self.padding, op, self.groups, self.dilation)
        ConvT.__name__ = name
        ConvT.__qualname__ = name
        return ConvT

    Conv1d = _conv_class('Conv1d', 1, F.conv1d)
    Conv2d = _conv_class('Conv2d', 2, F.conv2d)
    ConvTranspose1d = _convt_class('ConvTranspose1d', 1, F.conv_transpose1d)
    ConvTranspose2d = _convt_class('ConvTranspose2d', 2, F.conv_transpose2d)

    def _maxpool_class(name, fn):
        class MaxPool(Module):
            __module__ = 'torch.nn.modules.pooling'

            def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
                super().__init__()
                self.kernel_size = kernel_size
                self.stride = stride if (stride is not None) else kernel_size
                self.padding = padding
                self.dilation = dilation
                self.return_indices = return_indices
                self.ceil_mode = ceil_mode

            def extra_repr(self):
                return 'kernel_size={}, stride={}, padding={}, dilation={}, ceil_mode={}'.format(
                    self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)

            def forward(self, input):
                return fn(input, self.kernel_size, self.stride, self.padding, self.dilation,
                          ceil_mode=self.ceil_mode, return_indices=self.return_indices)
        MaxPool.__name__ = name
        MaxPool.__qualname__ = name
        return MaxPool

    MaxPool1d = _maxpool_class('MaxPool1d', F.max_pool1d)
    MaxPool2d = _maxpool_class('MaxPool2d', F.max_pool2d)

    class AvgPool1d(Module):
        __module__ = 'torch.nn.modules.pooling'

        def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
            super().__init__()
            self.kernel_size = _single(kernel_size)
            self.stride = _single(stride if stride is not None else kernel_size)
            self.padding = _single(padding)
            self.ceil_mode = ceil_mode
            self.count_include_pad = count_include_pad

        def extra_repr(self):
            return 'kernel_size={}, stride={}, padding={}'.format(self.kernel_size, self.stride, self.padding)

        def forward(self, input):
            return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, self.count_include_pad)

    class AvgPool2d(Module):
        __module__ = 'torch.nn.modules.pooling'

        def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
            super().__init__()
            self.kernel_size = kernel_size
            self.stride = stride if (stride is not None) else kernel_size
            self.padding = padding
            self.ceil_mode = ceil_mode
            self.count_include_pad = count_include_pad
            self.divisor_override = divisor_override

        def extra_repr(self):
            return 'kernel_size={}, stride={}, padding={}'.format(self.kernel_size, self.stride, self.padding)

        def forward(self, input):
            return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                self.count_include_pad, self.divisor_override)

    class AdaptiveAvgPool2d(Module):
        __module__ = 'torch.nn.modules.pooling'

        def __init__(self, output_size):
            super().__init__()
            self.output_size = output_size

        def extra_repr(self):
            return 'output_size={}'.format(self.output_size)

        def forward(self, input):
            return F.adaptive_avg_pool2d(input, self.output_size)

    class AdaptiveMaxPool2d(Module):
        __module__ = 'torch.nn.modules.pooling'

        def __init__(self, output_size, return_indices=False):
            super().__init__()
            self.output_size = output_size
            self.return_indices = return_indices

        def extra_repr(self):
            return 'output_size={}'.format(self.output_size)

        def forward(self, input):
            return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)

    out = {}
    for c in [Identity, Linear, Bilinear, Flatten, Unflatten, Conv1d, Conv2d, ConvTranspose1d, ConvTranspose2d, MaxPool1d, MaxPool2d,
              AvgPool1d, AvgPool2d, AdaptiveAvgPool2d, AdaptiveMaxPool2d]:
        c.__module__ = c.__module__ if c.__module__.startswith('torch.') else 'torch.nn.modules.conv'
        out[c.__name__] = c
    for c in [MaxPool1d, MaxPool2d]:
        c.__module__ = 'torch.nn.modules.pooling'
    out['_ntuple'] = _ntuple
    return out
