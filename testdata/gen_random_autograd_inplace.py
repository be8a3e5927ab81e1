#!/usr/bin/python3
"""Writes the statements of autograd_stress.tsh: random sequences of
operations, views, in-place writes (through views and on leaves), backward
calls and grad queries on two 2x2 tensors that may or may not require grad
(a is replaced by results as it goes), for autograd's checks and errors
(leaf and view errors, multi-output views, versions, CopySlices). The
expected output comes from PyTorch 1.13.

    /usr/bin/python3 testdata/gen_random_autograd_inplace.py > /tmp/s.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py /tmp/s.tsh > testdata/autograd_stress.tsh
"""
import random
import sys

OPS = ["a + b", "a * b", "a[0]", "a.t()", "a.sum(0)", "a.exp()", "a[:, 1:]", "a.view(-1)",
       "a.expand(2, *a.shape)", "a.unbind(0)[0]", "a[a > 0]", "torch.cat([a, b])", "a @ b.t()",
       "a.clone()", "a.detach()", "a.max(0).values", "a.norm()", "a.cumsum(0)", "a.flip(0)",
       "a.repeat(2, 1)", "a.unfold(0, 1, 1)", "a.as_strided((2,), (1,))", "a.diagonal()", "a.prod()",
       "a.std(0)"]
INPLACE = ["{x}.add_(1)", "{x}.mul_(b)", "{x}[0] = 1", "{x}[0] = b[0]", "{x}[{x} > 0] = 0", "{x}.t_()",
           "{x}.zero_()", "{x}.copy_(b)", "{x}.sigmoid_()", "{x}.unsqueeze_(0)", "{x}.squeeze_()",
           "{x}.detach_()", "{x}.requires_grad_()", "{x}.retain_grad()", "{x}.clamp_(0, 1)", "{x} += b",
           "{x}[1:] *= 2"]
TARGETS = ["a", "b", "a[0]", "a.t()", "a.view(4)[:2]", "a.unbind(0)[1]"]
QUERIES = ["a.sum().backward()", "a.sum().backward(retain_graph=True)",
           "torch.autograd.grad(a.sum(), [b], allow_unused=True)", "b.grad", "a.grad_fn.name()",
           "a._version", "(a * b).sum().backward()", "a.requires_grad, a.is_leaf"]


def main():
    r = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    print(">>> %compat current")
    print(">>> _ = torch.manual_seed(0)")
    for _ in range(n):
        print(f">>> a = torch.randn(2, 2, requires_grad={r.choice(['True', 'False'])}); "
              f"b = torch.randn(2, 2, requires_grad={r.choice(['True', 'False'])})")
        for _ in range(4):
            c = r.random()
            if c < 0.4:
                print(f">>> y = {r.choice(OPS)}")
                print(">>> a = y if isinstance(y, torch.Tensor) and y.dim() == 2 and y.shape == (2, 2) else a")
            elif c < 0.8:
                print(">>> " + r.choice(INPLACE).format(x=r.choice(TARGETS)))
            else:
                print(">>> " + r.choice(QUERIES))


main()
