# torch.nn.init, as PyTorch 1.13's torch/nn/init.py computes it: the same
# draws from the generator in the same order, so that seeded
# initialisations print PyTorch's numbers.
def _build(env):
    torch = env['torch']
    import math
    import warnings

    def calculate_gain(nonlinearity, param=None):
        linear_fns = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d']
        if nonlinearity in linear_fns or nonlinearity == 'sigmoid':
            return 1
        elif nonlinearity == 'tanh':
            return 5.0 / 3
        elif nonlinearity == 'relu':
            return math.sqrt(2.0)
        elif nonlinearity == 'leaky_relu':
            if param is None:
                negative_slope = 0.01
            elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
                negative_slope = param
            else:
                raise ValueError("negative_slope {} not a valid number".format(param))
            return math.sqrt(2.0 / (1 + negative_slope ** 2))
        elif nonlinearity == 'selu':
            return 3.0 / 4
        else:
            raise ValueError("Unsupported nonlinearity {}".format(nonlinearity))

    def uniform_(tensor, a=0., b=1.):
        with torch.no_grad():
            return tensor.uniform_(a, b)

    def normal_(tensor, mean=0., std=1.):
        with torch.no_grad():
            return tensor.normal_(mean, std)

    def trunc_normal_(tensor, mean=0., std=1., a=-2., b=2.):
        def norm_cdf(x):
            return (1. + math.erf(x / math.sqrt(2.))) / 2.
        if (mean < a - 2 * std) or (mean > b + 2 * std):
            warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
                          "The distribution of values may be incorrect.")
        with torch.no_grad():
            l = norm_cdf((a - mean) / std)
            u = norm_cdf((b - mean) / std)
            tensor.uniform_(2 * l - 1, 2 * u - 1)
            tensor.erfinv_()
            tensor.mul_(std * math.sqrt(2.))
            tensor.add_(mean)
            tensor.clamp_(min=a, max=b)
            return tensor

    def constant_(tensor, val):
        with torch.no_grad():
            return tensor.fill_(val)

    def ones_(tensor):
        with torch.no_grad():
            return tensor.fill_(1.)

    def zeros_(tensor):
        with torch.no_grad():
            return tensor.zero_()

    def eye_(tensor):
        if tensor.ndimension() != 2:
            raise ValueError("Only tensors with 2 dimensions are supported")
        with torch.no_grad():
            tensor.copy_(torch.eye(tensor.shape[0], tensor.shape[1]))
        return tensor

    def dirac_(tensor, groups=1):
        dimensions = tensor.ndimension()
        if dimensions not in [3, 4, 5]:
            raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
        sizes = tensor.size()
        if sizes[0] % groups != 0:
            raise ValueError('dim 0 must be divisible by groups')
        out_chans_per_grp = sizes[0] // groups
        min_dim = min(out_chans_per_grp, sizes[1])
        with torch.no_grad():
            tensor.zero_()
            for g in range(groups):
                for d in range(min_dim):
                    if dimensions == 3:
                        tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2] = 1
                    elif dimensions == 4:
                        tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2] = 1
                    else:
                        tensor[g * out_chans_per_grp + d, d, tensor.size(2) // 2, tensor.size(3) // 2, tensor.size(4) // 2] = 1
        return tensor

    def _calculate_fan_in_and_fan_out(tensor):
        dimensions = tensor.dim()
        if dimensions < 2:
            raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
        num_input_fmaps = tensor.size(1)
        num_output_fmaps = tensor.size(0)
        receptive_field_size = 1
        if tensor.dim() > 2:
            for s in tensor.shape[2:]:
                receptive_field_size *= s
        fan_in = num_input_fmaps * receptive_field_size
        fan_out = num_output_fmaps * receptive_field_size
        return fan_in, fan_out

    def xavier_uniform_(tensor, gain=1.):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
        a = math.sqrt(3.0) * std
        return uniform_(tensor, -a, a)

    def xavier_normal_(tensor, gain=1.):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
        return normal_(tensor, 0., std)

    def _calculate_correct_fan(tensor, mode):
        mode = mode.lower()
        valid_modes = ['fan_in', 'fan_out']
        if mode not in valid_modes:
            raise ValueError("Mode {} not supported, please use one of {}".format(mode, valid_modes))
        fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
        return fan_in if mode == 'fan_in' else fan_out

    def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
        if 0 in tensor.shape:
            warnings.warn("Initializing zero-element tensors is a no-op")
            return tensor
        fan = _calculate_correct_fan(tensor, mode)
        gain = calculate_gain(nonlinearity, a)
        std = gain / math.sqrt(fan)
        bound = math.sqrt(3.0) * std
        with torch.no_grad():
            return tensor.uniform_(-bound, bound)

    def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
        if 0 in tensor.shape:
            warnings.warn("Initializing zero-element tensors is a no-op")
            return tensor
        fan = _calculate_correct_fan(tensor, mode)
        gain = calculate_gain(nonlinearity, a)
        std = gain / math.sqrt(fan)
        with torch.no_grad():
            return tensor.normal_(0, std)

    def orthogonal_(tensor, gain=1):
        if tensor.ndimension() < 2:
            raise ValueError("Only tensors with 2 or more dimensions are supported")
        if tensor.numel() == 0:
            return tensor
        rows = tensor.size(0)
        cols = tensor.numel() // rows
        flattened = torch.empty(rows, cols, dtype=tensor.dtype).normal_(0, 1)
        if rows < cols:
            flattened = flattened.t()
        q, r = torch.linalg.qr(flattened)
        d = torch.diagonal(r, 0)
        ph = d.sign()
        q = q * ph
        if rows < cols:
            q = q.t()
        with torch.no_grad():
            tensor.view_as(q).copy_(q)
            tensor.mul_(gain)
        return tensor

    def sparse_(tensor, sparsity, std=0.01):
        if tensor.ndimension() != 2:
            raise ValueError("Only tensors with 2 dimensions are supported")
        rows, cols = tensor.shape
        num_zeros = int(math.ceil(sparsity * rows))
        with torch.no_grad():
            tensor.normal_(0, std)
            for col_idx in range(cols):
                row_indices = torch.randperm(rows)
                zero_indices = row_indices[:num_zeros]
                tensor[zero_indices, col_idx] = 0
        return tensor

    def _deprecated(meth):
        old_name = meth.__name__[:-1]
        def deprecated_init(*args, **kwargs):
            warnings.warn("nn.init.{} is now deprecated in favor of nn.init.{}.".format(old_name, meth.__name__), stacklevel=2)
            return meth(*args, **kwargs)
        return deprecated_init

    out = {}
    for f in [calculate_gain, uniform_, normal_, trunc_normal_, constant_, ones_, zeros_, eye_, dirac_,
              _calculate_fan_in_and_fan_out, xavier_uniform_, xavier_normal_, _calculate_correct_fan,
              kaiming_uniform_, kaiming_normal_, orthogonal_, sparse_]:
        out[f.__name__] = f
    for f in [uniform_, normal_, constant_, xavier_uniform_, xavier_normal_, kaiming_uniform_, kaiming_normal_, orthogonal_]:
        out[f.__name__[:-1]] = _deprecated(f)
    return out
