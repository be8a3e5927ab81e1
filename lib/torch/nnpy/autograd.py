# torch.autograd.Function, gradcheck and torch.autograd.functional
# (PyTorch 1.13's function.py, gradcheck.py and functional.py, reduced to
# their documented behaviour).
def _build(env):
    torch = env['torch']
    _C = env['_C']

    class FunctionCtx:
        __module__ = 'torch.autograd.function'

        def save_for_backward(self, *tensors):
            self._saved = tensors

        @property
        def saved_tensors(self):
            return self._saved

        def mark_dirty(self, *args):
            self._dirty = args

        def mark_non_differentiable(self, *args):
            self._non_differentiable = args

        def set_materialize_grads(self, value):
            self.materialize_grads = value

    class Function:
        __module__ = 'torch.autograd.function'

        def __init__(self, *args, **kwargs):
            pass

        def __call__(self, *args, **kwargs):
            raise RuntimeError(
                "Legacy autograd function with non-static forward method is deprecated. "
                "Please use new-style autograd function with static forward method. "
                "(Example: https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

        @staticmethod
        def forward(ctx, *args, **kwargs):
            raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

        @staticmethod
        def backward(ctx, *grad_outputs):
            raise NotImplementedError("You must implement either the backward or vjp method for "
                                      "your custom autograd.Function to use it with backward mode AD.")

        @classmethod
        def apply(cls, *args):
            ctx = FunctionCtx()
            ctx._saved = ()
            ctx._dirty = ()
            ctx._non_differentiable = ()
            ctx.materialize_grads = True
            ctx.needs_input_grad = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)
            with torch.no_grad():
                out = cls.forward(ctx, *args)
            if not (torch.is_grad_enabled() and any(ctx.needs_input_grad)):
                return out

            def backward(*grads):
                return cls.backward(ctx, *grads)
            return _C.custom_record(cls.__name__ + 'Backward', args, out, backward, ctx._dirty)

    class GradcheckError(RuntimeError):
        __module__ = 'torch.autograd.gradcheck'

    def _as_tuple(inp, arg_name, fn_name):
        is_tuple = True
        if not isinstance(inp, tuple):
            inp = (inp,)
            is_tuple = False
        for i, el in enumerate(inp):
            if not isinstance(el, torch.Tensor):
                if is_tuple:
                    raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                                    " value at index {} has type {}.".format(arg_name, fn_name, i, type(el)))
                raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors but the"
                                " given {} has type {}.".format(arg_name, fn_name, arg_name, type(el)))
        return is_tuple, inp

    def _tuple_postprocess(res, to_unpack):
        if isinstance(to_unpack, tuple):
            if not to_unpack[1]:
                res = tuple(el[0] for el in res)
            if not to_unpack[0]:
                res = res[0]
        else:
            if not to_unpack:
                res = res[0]
        return res

    def _grads(outputs, inputs, grad_outputs, create_graph):
        # torch.autograd.grad over the outputs that require grad; None where unused
        outs, gos = [], []
        for o, g in zip(outputs, grad_outputs):
            if o.requires_grad:
                outs.append(o)
                gos.append(g)
        if not outs:
            return tuple(None for _ in inputs)
        return torch.autograd.grad(outs, inputs, gos, retain_graph=True, create_graph=create_graph, allow_unused=True)

    def _jac(func, inputs, create_graph):
        # the jacobian of each output with respect to each input: jac[i][el]
        inputs = tuple(inp.view_as(inp) if (create_graph and inp.requires_grad) else inp.detach().requires_grad_(True)
                       for inp in inputs)
        with torch.enable_grad():
            outputs = func(*inputs)
            is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
            jac = []
            for i, out in enumerate(outputs):
                rows = [[] for _ in inputs]
                flat = out.reshape(-1)
                for j in range(flat.nelement()):
                    g = _grads((flat[j],), inputs, (None,), create_graph)
                    for el, (vj, inp) in enumerate(zip(g, inputs)):
                        rows[el].append(vj if vj is not None else torch.zeros_like(inp))
                jac_i = []
                for el, inp in enumerate(inputs):
                    if len(rows[el]) == 0:
                        jac_i.append(torch.zeros(out.size() + inp.size(), dtype=inp.dtype))
                    else:
                        jac_i.append(torch.stack(rows[el]).view(out.size() + inp.size()))
                jac.append(tuple(jac_i))
        if not create_graph:
            jac = [tuple(t.detach() for t in row) for row in jac]
        return tuple(jac), is_outputs_tuple, outputs

    def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        jac, is_outputs_tuple, _ = _jac(func, inputs, create_graph)
        return _tuple_postprocess(jac, (is_outputs_tuple, is_inputs_tuple))

    def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")

        def ensure_single_output_function(*inp):
            out = func(*inp)
            is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
            if is_out_tuple or not isinstance(out, torch.Tensor):
                raise RuntimeError("The function given to hessian should return a single Tensor")
            if out.nelement() != 1:
                raise RuntimeError("The Tensor returned by the function given to hessian should contain a single element")
            return out.squeeze()

        def jac_func(*inp):
            return jacobian(ensure_single_output_function, inp, create_graph=True)
        res = jacobian(jac_func, inputs, create_graph=create_graph)
        return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))

    def vjp(func, inputs, v=None, create_graph=False, strict=False):
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = tuple(inp.detach().requires_grad_(True) for inp in inputs)
        with torch.enable_grad():
            outputs = func(*inputs)
            is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "vjp")
            if v is None:
                if len(outputs) != 1 or outputs[0].nelement() != 1:
                    raise RuntimeError("The vector v can only be None if the user-provided function returns a single Tensor with a single element.")
                vs = (None,)
            else:
                _, vs = _as_tuple(v, "v", "vjp")
            g = _grads(outputs, inputs, vs, create_graph)
        res = tuple(gi.detach() if gi is not None else torch.zeros_like(inp) for gi, inp in zip(g, inputs))
        outs = tuple(o.detach() for o in outputs)
        return _tuple_postprocess(outs, is_outputs_tuple), _tuple_postprocess(res, is_inputs_tuple)

    def jvp(func, inputs, v=None, create_graph=False, strict=False):
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        if v is None:
            if len(inputs) != 1 or inputs[0].nelement() != 1:
                raise RuntimeError("The vector v can only be None if the input to the user-provided function is a single Tensor with a single element.")
            vs = (torch.ones_like(inputs[0]),)
        else:
            _, vs = _as_tuple(v, "v", "jvp")
        jac, is_outputs_tuple, outputs = _jac(func, inputs, False)
        res = []
        for i, out in enumerate(outputs):
            acc = None
            for el, inp in enumerate(inputs):
                term = jac[i][el].reshape(out.nelement(), inp.nelement()).mv(vs[el].reshape(-1).to(jac[i][el].dtype))
                acc = term if acc is None else acc + term
            res.append(acc.reshape(out.shape))
        outs = tuple(o.detach() for o in outputs)
        return _tuple_postprocess(outs, is_outputs_tuple), _tuple_postprocess(tuple(res), is_outputs_tuple)

    def _hvp(func, inputs, v, create_graph, strict, name):
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", name)
        _, vs = _as_tuple(v, "v", name)
        with torch.no_grad():
            out = func(*inputs)
        if isinstance(out, tuple) or not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to {} should return a single Tensor".format(name))
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to {} should contain a single element".format(name))
        h = hessian(func, inputs)
        res = []
        for i, inp in enumerate(inputs):
            acc = None
            for j, inj in enumerate(inputs):
                term = h[i][j].reshape(inp.nelement(), inj.nelement()).mv(vs[j].reshape(-1).to(inp.dtype))
                acc = term if acc is None else acc + term
            res.append(acc.reshape(inp.shape))
        return out.detach(), _tuple_postprocess(tuple(res), is_inputs_tuple)

    def hvp(func, inputs, v=None, create_graph=False, strict=False):
        return _hvp(func, inputs, v, create_graph, strict, "hvp")

    def vhp(func, inputs, v=None, create_graph=False, strict=False):
        return _hvp(func, inputs, v, create_graph, strict, "vhp")

    def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, check_sparse_nnz=False,
                  nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True, fast_mode=False):
        tupled = inputs if isinstance(inputs, tuple) else (inputs,)
        diff_idx = []
        for idx, inp in enumerate(tupled):
            if isinstance(inp, torch.Tensor) and inp.requires_grad:
                if inp.dtype != torch.float64 and inp.dtype != torch.complex128:
                    _C.warn_at('/usr/lib/python3/dist-packages/torch/autograd/gradcheck.py:652', 'warnings.warn(', 'UserWarning',
                               "Input #{} requires gradient and is not a double precision floating point or complex. "
                               "This check will likely fail if all the inputs are not of double precision floating point or complex. ".format(idx))
                diff_idx.append(idx)
        if not diff_idx:
            raise ValueError("gradcheck expects at least one input tensor to require gradient, "
                             "but none of the them have requires_grad=True.")
        out = func(*tupled)
        outputs = out if isinstance(out, tuple) else (out,)
        outputs = [o for o in outputs if isinstance(o, torch.Tensor) and o.requires_grad]
        for i, o in enumerate(outputs):
            for j in diff_idx:
                x = tupled[j]
                numerical = torch.zeros(x.nelement(), o.nelement(), dtype=o.dtype)
                flat = x.data.view(-1)
                for k in range(x.nelement()):
                    with torch.no_grad():
                        orig = flat[k].item()
                        flat[k] = orig - eps
                        o_minus = func(*tupled)
                        o_minus = (o_minus if isinstance(o_minus, tuple) else (o_minus,))[i].detach().clone()
                        flat[k] = orig + eps
                        o_plus = func(*tupled)
                        o_plus = (o_plus if isinstance(o_plus, tuple) else (o_plus,))[i].detach().clone()
                        flat[k] = orig
                    numerical[k] = ((o_plus - o_minus) / (2 * eps)).reshape(-1)
                analytical = torch.zeros(x.nelement(), o.nelement(), dtype=o.dtype)
                of = o.reshape(-1)
                for m in range(o.nelement()):
                    g = torch.autograd.grad(of[m], x, retain_graph=True, allow_unused=True)[0]
                    if g is not None:
                        analytical[:, m] = g.reshape(-1)
                if not torch.allclose(analytical, numerical, rtol, atol):
                    if raise_exception:
                        raise GradcheckError("Jacobian mismatch for output {} with respect to input {},\n"
                                             "numerical:{}\nanalytical:{}\n".format(i, j, numerical, analytical))
                    return False
        return True

    def gradgradcheck(func, inputs, grad_outputs=None, **kwargs):
        raise NotImplementedError("tensh: torch.autograd.gradgradcheck is not supported")

    return {'Function': Function, 'FunctionCtx': FunctionCtx, 'gradcheck': gradcheck, 'gradgradcheck': gradgradcheck,
            'GradcheckError': GradcheckError, 'jacobian': jacobian, 'hessian': hessian, 'vjp': vjp, 'jvp': jvp,
            'hvp': hvp, 'vhp': vhp}
