# torch.nn.utils (PyTorch 1.13's clip_grad.py and convert_parameters.py).
def _build(env):
    torch = env['torch']
    import math

    def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
        if isinstance(parameters, torch.Tensor):
            parameters = [parameters]
        parameters = [p for p in parameters if p.grad is not None]
        max_norm = float(max_norm)
        norm_type = float(norm_type)
        if len(parameters) == 0:
            return torch.tensor(0.)
        if norm_type == math.inf:
            norms = [p.grad.detach().abs().max() for p in parameters]
            total_norm = norms[0] if len(norms) == 1 else torch.max(torch.stack(norms))
        else:
            total_norm = torch.norm(torch.stack([torch.norm(p.grad.detach(), norm_type) for p in parameters]), norm_type)
        if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
            raise RuntimeError(
                'The total norm of order {} for gradients from `parameters` is non-finite, so it cannot be clipped. '
                'To disable this error and scale the gradients by the non-finite norm anyway, '
                'set `error_if_nonfinite=False`'.format(norm_type))
        clip_coef = max_norm / (total_norm + 1e-6)
        clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
        for p in parameters:
            p.grad.detach().mul_(clip_coef_clamped)
        return total_norm

    def clip_grad_value_(parameters, clip_value):
        if isinstance(parameters, torch.Tensor):
            parameters = [parameters]
        clip_value = float(clip_value)
        for p in parameters:
            if p.grad is not None:
                p.grad.data.clamp_(min=-clip_value, max=clip_value)

    def parameters_to_vector(parameters):
        return torch.cat([param.view(-1) for param in parameters])

    def vector_to_parameters(vec, parameters):
        if not isinstance(vec, torch.Tensor):
            raise TypeError('expected torch.Tensor, but got: {}'.format(torch.typename(vec)))
        pointer = 0
        for param in parameters:
            num_param = param.numel()
            param.data = vec[pointer:pointer + num_param].view_as(param).data
            pointer += num_param

    return {'clip_grad_norm_': clip_grad_norm_, 'clip_grad_value_': clip_grad_value_,
            'parameters_to_vector': parameters_to_vector, 'vector_to_parameters': vector_to_parameters}
