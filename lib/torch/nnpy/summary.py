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

    return {'_summary': _summary}
