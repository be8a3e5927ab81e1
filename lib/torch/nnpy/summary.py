# %summary's table (magic/summary.go): torchsummary's summary(model,
# input_size), computed from forward hooks.
def _build(env):
    torch = env['torch']

    def _summary(model, input_size, batch_size=-1):
        # torchsummary's table: each leaf layer's output shape (batch -1)
        # and parameter count, from one forward pass on zeros (batch 2) in
        # eval mode and without grad (no randomness, no graph)
        if isinstance(input_size, int):
            input_size = (input_size,)
        rows = []

        def hook(module, inp, out):
            name = "{}-{}".format(module.__class__.__name__, len(rows) + 1)
            shape = list(out.size()) if isinstance(out, torch.Tensor) else [list(o.size()) for o in out]
            if isinstance(out, torch.Tensor):
                shape[0] = batch_size
            params, trainable = 0, False
            for attr in ('weight', 'bias'):
                t = module._parameters.get(attr)
                if t is not None:
                    params += t.numel()
                    trainable = trainable or t.requires_grad
            rows.append((name, shape, params, trainable))
        handles = [m.register_forward_hook(hook) for m in model.modules()
                   if m is not model and len(m._modules) == 0]
        was_training = model.training
        model.eval()
        try:
            with torch.no_grad():
                model(torch.zeros((2,) + tuple(input_size)))
        finally:
            for h in handles:
                h.remove()
            model.train(was_training)
        lines = ["----------------------------------------------------------------",
                 "{:>20}  {:>25} {:>15}".format("Layer (type)", "Output Shape", "Param #"),
                 "================================================================"]
        total_params = trainable_params = total_output = 0
        for name, shape, params, trainable in rows:
            lines.append("{:>20}  {:>25} {:>15}".format(name, str(shape), "{0:,}".format(params)))
            total_params += params
            if trainable:
                trainable_params += params
            n = 1
            for d in (shape if shape and isinstance(shape[0], int) else []):
                n *= d
            total_output += abs(n)
        n_in = 1
        for d in input_size:
            n_in *= d
        total_input_size = abs(n_in * batch_size * 4. / (1024 ** 2.))
        total_output_size = abs(2. * total_output * 4. / (1024 ** 2.))
        total_params_size = abs(total_params * 4. / (1024 ** 2.))
        lines += ["================================================================",
                  "Total params: {0:,}".format(total_params),
                  "Trainable params: {0:,}".format(trainable_params),
                  "Non-trainable params: {0:,}".format(total_params - trainable_params),
                  "----------------------------------------------------------------",
                  "Input size (MB): %0.2f" % total_input_size,
                  "Forward/backward pass size (MB): %0.2f" % total_output_size,
                  "Params size (MB): %0.2f" % total_params_size,
                  "Estimated Total Size (MB): %0.2f" % (total_params_size + total_output_size + total_input_size),
                  "----------------------------------------------------------------"]
        return '\n'.join(lines)

    Module = env['Module']
    Linear, Conv2d, Conv1d = env['Linear'], env['Conv2d'], env['Conv1d']
    MaxPool2d, AvgPool2d, Flatten = env['MaxPool2d'], env['AvgPool2d'], env['Flatten']

    def _shape(t):
        return list(t.shape) if isinstance(t, torch.Tensor) else None

    def _layer_lines(m, inp, out):
        x = inp[0] if inp else None
        xs, ys = _shape(x), _shape(out)
        lines = ['input   {}'.format(xs)]
        if isinstance(m, Linear) and xs is not None:
            lines.append('input @ weight.T: {} @ {} -> {}'.format(xs, list(m.weight.T.shape), xs[:-1] + [m.out_features]))
            if m.bias is not None:
                lines.append('+ bias {}: broadcast over the {} leading dim(s) of {}'.format(
                    list(m.bias.shape), len(xs) - 1, xs[:-1] + [m.out_features]))
        elif isinstance(m, (Conv2d, Conv1d)) and xs is not None and not isinstance(m.padding, str):
            n = len(m.kernel_size)
            for i in range(n):
                size = xs[-n + i]
                k, st, p, d = m.kernel_size[i], m.stride[i], m.padding[i], m.dilation[i]
                lines.append('{}: ({} + 2*{} - {}*({} - 1) - 1) // {} + 1 = {}'.format(
                    'HW'[i] if n == 2 else 'L', size, p, d, k, st, (size + 2 * p - d * (k - 1) - 1) // st + 1))
            lines.append('channels: {} -> {} (weight {})'.format(m.in_channels, m.out_channels, list(m.weight.shape)))
        elif isinstance(m, (MaxPool2d, AvgPool2d)) and xs is not None:
            ks = m.kernel_size if isinstance(m.kernel_size, tuple) else (m.kernel_size, m.kernel_size)
            ss = m.stride if isinstance(m.stride, tuple) else (m.stride, m.stride)
            ps = m.padding if isinstance(m.padding, tuple) else (m.padding, m.padding)
            for i in range(2):
                lines.append('{}: ({} + 2*{} - {}) // {} + 1 = {}'.format('HW'[i], xs[-2 + i], ps[i], ks[i], ss[i],
                                                                        (xs[-2 + i] + 2 * ps[i] - ks[i]) // ss[i] + 1))
        elif isinstance(m, Flatten) and xs is not None:
            lines.append('dims {}..{} merged'.format(m.start_dim, m.end_dim))
        elif len(inp) == 2 and isinstance(inp[1], torch.Tensor) and xs is not None and _shape(inp[1]) != xs:
            lines.append('target  {}: not the input\'s shape; the loss broadcasts them'.format(_shape(inp[1])))
        lines.append('output  {}'.format(ys))
        return lines

    def _explain(model, args, kwargs):
        # each leaf layer's step as the forward runs: header and lines
        steps = []

        def hook(m, inp, out):
            names = [n for n, sub in model.named_modules() if sub is m]
            name = names[0] if names else ''
            steps.append(['({}): {}'.format(name, repr(m)) if name else repr(m)] + _layer_lines(m, inp, out))
        leaves = [m for m in model.modules() if len(m._modules) == 0]
        handles = [m.register_forward_hook(hook) for m in leaves]
        try:
            out = model(*args, **kwargs)
        finally:
            for h in handles:
                h.remove()
        return steps, out

    def _is_module(x):
        return isinstance(x, Module)

    return {'_summary': _summary, '_explain': _explain, '_is_module': _is_module}
