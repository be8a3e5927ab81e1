#!/usr/bin/python3
"""Generate testdata/views_extra.tsh and testdata/indexing_extra.tsh with real PyTorch.

Run with Debian's python3-torch (1.13):  /usr/bin/python3 testdata/gen_views_extra.py
Each statement runs as the interactive prompt runs it: expression values are
printed with repr, errors as 'Type: first line of message', warnings as
'__main__:1: Category: message' (once per message, as the REPL's warning
registry does).
"""
import io
import os
import sys
import warnings
import contextlib

import torch

HERE = os.path.dirname(os.path.abspath(__file__))


def showwarning(message, category, filename, lineno, file=None, line=None):
    sys.stdout.write(f"__main__:1: {category.__name__}: {message}\n")


def run(statements):
    warnings.showwarning = showwarning
    g = {"torch": torch, "__name__": "__main__"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for s in statements:
            if s.startswith("#"):
                print(s)
                continue
            print(">>> " + s)
            try:
                exec(compile(s, "<stdin>", "single"), g)
            except Exception as e:  # noqa: BLE001
                msg = str(e).split("\n")[0]
                print(f"{type(e).__name__}: {msg}" if msg else type(e).__name__)
    return out.getvalue()


VIEWS = r"""
# view, reshape and -1
a = torch.arange(24).view(2, 3, 4)
m = torch.arange(20).view(4, 5)
z = torch.tensor(5)
z.view(())
z.view([])
z.view(1, -1)
z.view(2)
torch.ones(0, 3).view(0, -1)
torch.ones(0, 3).view(-1, 3).shape
torch.ones(0, 3).view(3, -1).shape
torch.ones(0, 3).view(3, -1).stride()
torch.ones(0, 3).reshape(-1, 0)
m.view(-1, -2)
m.view(-2, -1, -1)
m.view(4, 5.0)
m.view(-1, 2.5)
m.view(size=(4, 5)).shape
m.reshape(shape=(4, 5)).shape
m.reshape((2, -1)).shape
torch.reshape(m, (2, -1)).shape
torch.reshape(m, [5, 4]).stride()
m.t().reshape(20).stride()
m.t().reshape(5, 4).stride()
m.t().reshape(5, 2, 2).stride()
m.t().reshape(5, 2, 2).is_contiguous()
torch.ones(3, 4)[:, :2].reshape(3, 2).stride()
torch.ones(3, 1, 4).transpose(0, 1).view(12).stride()
torch.ones(2, 3).expand(4, 2, 3).view(8, 3).stride()
torch.ones(2, 3).expand(4, 2, 3).view(4, 6).stride()
torch.ones(2, 3).expand(4, 2, 3).view(24)
torch.ones(1, 3).expand(4, 3).view(2, 2, 3).stride()
torch.ones(1, 3).expand(4, 3).reshape(12).stride()
m.view(2, 2, 5).stride()
m.view_as(torch.arange(10))
m.view_as(5)
a.view(a.shape) is a
a.reshape(a.shape) is a
a.view_as(a) is a
m.view(-1).view(2, 10).view(20, 1, 1).stride()
m[:, 1:].view(4, 2, 2).stride()
m[:, 1:].view(2, 8)
m[::2].view(10).stride()
# flatten and unflatten
torch.arange(3).flatten() is torch.arange(3)
a.flatten(1, 1) is a
a.flatten(0, 0).shape
a.flatten(1, 0)
a.flatten(-4)
a.flatten(start_dim=1, end_dim=2).shape
z.flatten(0, 0)
z.flatten(0, -1)
z.flatten(1)
torch.flatten(a).shape
a.transpose(1, 2).flatten(1).stride()
a.transpose(0, 1).flatten(1).stride()
a.unflatten(1, ())
a.unflatten(1, (3,)).shape
a.unflatten(1, (-1, -1))
a.unflatten(5, (3,))
a.unflatten(1, (0, -1))
a.unflatten(1, [1, 3]).shape
a.unflatten(1, (-2, 3))
a.unflatten(1, (0, -1, -1))
torch.ones(2, 0).unflatten(1, (-1, 0))
z.unflatten(0, (1,))
torch.unflatten(a, 1, (3, 1)).shape
# transpose, t, T, mT, H, permute, movedim
z.transpose(0, 0)
z.transpose(0, 1)
z.transpose(-1, 0)
a.transpose(0, 0).stride()
a.transpose(dim0=0, dim1=1).shape
torch.transpose(a, 0, 1).shape
a.swapdims(0, 2).shape
torch.swapaxes(a, 0, 1).shape
z.t()
torch.t(torch.arange(3))
torch.ones(3, 1).t().stride()
z.T
z.T is z
torch.arange(3).T
a.T.shape
a.T.stride()
a.mT.shape
torch.arange(3).mT
z.mT
z.mT is z
m.mT.stride()
a.H
torch.arange(3).H
z.H
m.H.stride()
m.mH.stride()
torch.arange(3).mH
a.mH.shape
a.permute(0, 1, 3)
a.permute(0, 1, -4)
a.permute(0, 0, 5)
a.permute(0, 0, 1, 2)
a.permute(5, 0)
a.permute((2, 0, 1)).shape
a.permute([2, 0, 1]).shape
a.permute(dims=(2, 0, 1)).shape
torch.permute(a, (1, 0, 2)).shape
a.permute(1, 'a')
z.permute(0)
z.permute(()).shape
a.movedim(0, 0).shape
a.movedim((0, 1), (0,))
a.movedim((0, 0), (1, 2))
a.movedim((0, 1), (2, 2))
a.movedim((0, 5), (1, 2))
a.movedim((0, 0), (1, 5))
a.movedim(-4, 0)
a.movedim([0, 2], [2, 0]).stride()
torch.movedim(a, 0, 2).shape
a.moveaxis(0, 2).shape
z.movedim(0, 0)
# unsqueeze and squeeze
m.unsqueeze(0).unsqueeze(0).stride()
torch.ones(2, 0, 3).unsqueeze(2).stride()
torch.ones(2, 0, 3).stride()
torch.ones(2, 1, 3)[:, :, 1:].unsqueeze(1).stride()
m.squeeze(0).stride()
torch.ones(2, 1, 3).squeeze(1).stride()
torch.ones(1, 1).squeeze().stride()
a.unsqueeze(0).squeeze(0).stride()
z.squeeze()
z.squeeze(-1)
z.squeeze(1)
z.unsqueeze(-1)
z.unsqueeze(-2)
torch.squeeze(a).shape
torch.unsqueeze(a, 0).shape
torch.ones(2, 1, 3).squeeze(dim=1).shape
# expand
e = torch.tensor([[1], [2]])
e.expand(3)
e.expand(2, 3, -1)
e.expand(-1, 3)
e.expand(-1, -1)
e.expand(-1, 2, 3)
e.expand(2, -2)
e.expand(2, 0)
e.expand(0, 2, 3).shape
torch.ones(0).expand(3)
torch.ones(1).expand(0)
torch.ones(1).expand(-2)
e.expand((2, 3)).shape
e.expand([2, 3]).shape
e.expand(torch.Size([2, 3])).shape
e.expand(2, 3, size=2)
e.expand(size=(2, 3)).shape
e.expand(1, 2, 1).stride()
e.expand(1, 1, 2, 1).stride()
e.expand(3, 1, 2, 2).stride()
z.expand(3)
z.expand(())
z.expand(1).stride()
z.expand(3, 1).stride()
torch.ones(2).expand(1, 1, 2).stride()
e.expand(2, 3, implicit=True).shape
e.expand_as(torch.ones(2, 3)).stride()
e.expand_as(3)
e.broadcast_to((2, 3)).stride()
e.broadcast_to((3, 3))
torch.broadcast_to(e, (2, 3)).shape
a.expand(2, 3, 4) is a
a[0].expand(2, 3, 4).stride()
torch.ones(0, 1).expand(0, 3).stride()
torch.ones(1, 0).expand(3, 0).stride()
e.expand(4, 5.0)
e.expand('a')
e.expand(2, 3).contiguous().stride()
e.expand(2, 3).clone().stride()
# narrow, select, unbind, split, chunk
m.narrow(0, 4, 0).shape
m.narrow(0, 5, 0)
m.narrow(0, -5, 1)
m.narrow(0, 1, -1)
m.narrow(2, 0, 1)
z.narrow(0, 0, 1)
m.narrow(0, torch.tensor(1), 2)
torch.narrow(a, 0, 0, 1).shape
z.select(0, 0)
m.select(0, -5)
a.select(dim=1, index=0).shape
a.select(1, torch.tensor(0)).shape
torch.select(a, 0, 0).shape
z.unbind()
a.unbind(3)
a.unbind(-1)[0].shape
a.unbind(dim=1)[0].shape
torch.unbind(a, 1)[0].shape
m.split(0)
m.split(-1)
m.split(10)
m.split(2, 2)
m.split([4, 0, 0], 0)
m.split([5, -1], 0)
m.split([3, 3])
z.split(1)
torch.ones(0).split(2)
torch.ones(0).split(0)
torch.ones(3).split(0)
m.split_with_sizes([1, 3])
a.split(torch.tensor(1))[0].shape
a.split((1, 1))[0].shape
torch.split(a, 1)[0].shape
torch.split(a, [1, 1])[0].shape
a.split([3, 3], dim=1)
a.split([1, 2], dim=-2)[0].shape
a.split([1, 1], dim=-2)
m.split(1.5)
m.split([1, 1.5])
m.chunk(-1)
m.chunk(10)
m.chunk(5, 1)
torch.ones(0).chunk(3)
torch.ones(0, 2).chunk(3)
torch.ones(3, 0).chunk(3, 1)
z.chunk(1)
m.chunk(2, 5)
torch.chunk(a, 2)[0].shape
torch.arange(7).chunk(3)
torch.arange(7).chunk(5)
# diagonal, as_strided, unfold
m.diagonal(0, 0, 0)
m.diagonal(0, 0, 2)
m.diagonal(-4)
m.diagonal(-3)
m.diagonal(5)
m.diagonal(4)
m.diagonal(offset=1, dim1=1, dim2=0)
z.diagonal()
torch.arange(3).diagonal()
a.diagonal(1, -1, 0).stride()
a.diagonal(1, -1, 0)
torch.diagonal(m, 1)
m[1:].diagonal().storage_offset()
m.diagonal(-2).storage_offset()
m.as_strided((2, 2), (1, 1), -1)
m.as_strided((2, 2), (-1, 1))
m.as_strided((2, 2), (1,))
m.as_strided((-2, 2), (1, 1))
m.as_strided((), ())
m.as_strided((0,), (100,), 1000)
torch.as_strided(m, (2,), (3,), 1)
m.as_strided(size=(2,), stride=(3,), storage_offset=1)
m.as_strided((2, 2), (1, 1)).storage_offset()
m[1].as_strided((2, 2), (1, 1))
m[1].as_strided((2, 2), (1, 1)).storage_offset()
torch.ones(3).as_strided((2,), (1,), 2)
m.as_strided((2,), 1)
w = torch.arange(10)
w.unfold(0, 0, 1)
w.unfold(0, 3, 0)
w.unfold(0, -1, 1)
w.unfold(1, 2, 1)
z.unfold(0, 1, 1)
z.unfold(0, 2, 1)
z.unfold(0, 1, 1).stride()
w.unfold(-1, 3, 4)
w.unfold(0, 10, 1).shape
a.unfold(1, 2, 1).stride()
a.unfold(dimension=0, size=1, step=1).shape
w[1:].unfold(0, 2, 2).storage_offset()
# contiguous, clone, detach
m.contiguous() is m
m.detach() is m
m.detach().storage_offset()
m[1:].detach().storage_offset()
torch.detach(m).shape
m.clone().stride()
m[:, ::2].clone().stride()
m[:, 1:].clone().stride()
m.expand(2, 4, 5).clone().stride()
m.t()[::2].clone().stride()
a.permute(2, 0, 1).clone().stride()
a.permute(2, 0, 1)[:, :, 1:].clone().stride()
torch.ones(3, 1).t().clone().stride()
torch.ones(4, 1, 3).transpose(0, 2).clone().stride()
torch.ones(1, 3, 4).transpose(0, 1).clone().stride()
torch.arange(12).view(2, 3, 2).transpose(0, 1).clone().stride()
torch.clone(m.t()).stride()
m.t().contiguous().stride()
a.permute(2, 0, 1).contiguous()
m.t().clone()
# attributes
z.size(0)
z.size(-1)
z.stride(0)
z.size()
z.stride()
m.size(dim=1)
m.stride(dim=0)
m.size(None)
m.size('a')
z.dim(), z.ndim, z.ndimension(), z.numel(), z.nelement()
m.element_size(), torch.ones(2, dtype=torch.float16).element_size(), torch.ones(2, dtype=torch.bool).element_size()
m.is_cuda, m.device, m.is_floating_point(), torch.ones(1).is_floating_point()
m.storage_offset(), m[1:].storage_offset()
m.is_contiguous(), m.t().is_contiguous(), torch.ones(0, 3).t().is_contiguous(), torch.ones(3, 1).t().is_contiguous()
torch.numel(m)
torch.is_floating_point(m)
m.is_complex()
m.is_signed(), torch.ones(1, dtype=torch.uint8).is_signed()
m.storage().size()
len(m.storage())
m.storage().tolist()
m.storage().element_size()
m.storage().nbytes()
m.storage().data_ptr() == m.data_ptr()
m[1].data_ptr() - m.data_ptr()
m.t()[1:, 2:].data_ptr() - m.data_ptr()
m.data_ptr() % 64
torch.ones(0).data_ptr()
m.dim(1)
m.shape[1]
m.t(1)
m.detach(1)
m.contiguous(1)
m.clone(1)
torch.clone(m, 1)
m.is_contiguous(1)
torch.reshape(m, 20)
torch.t(m, 1)
m.view()
"""

INDEXING = r"""
# basic indices: fast paths and tuples
x = torch.arange(12).view(3, 4)
y = torch.arange(24).view(2, 3, 4)
z = torch.tensor(5)
z[1]
z[-1]
z[0,]
z[1,]
z[:]
z[0:1]
z[None, :]
z[None]
z[...]
z[()]
z[True]
z[False]
z[torch.tensor(True)]
x[None, 5]
x[None, 0, 7]
x[..., ..., 0]
y[..., ..., 0]
x[2**70]
x[0:2**70]
x[-2**70:1]
x[-2**62:1]
x[:-2**62-1]
x[1.0:]
x[torch.tensor(1):]
x[torch.tensor(1.):]
x[torch.tensor([1]):]
x[:torch.tensor(2), torch.tensor(1)]
x[torch.float32]
x[1:2:0]
x[::-1, 0]
x[5, ::0]
x[::-1, 5]
x[::2**62]
x[:, ::3].stride()
x[1::2].storage_offset()
x['a']
x[0, 'a']
x['abc']
x[1.5, 0]
x[(1,)]
x[(0, 1)]
x[torch.Size([1])]
x[:] is x
x[...] is x
x[:, :].storage_offset()
x[0, True]
x[0, False].shape
x[True, 0]
x[True, True].shape
x[False, ..., None].shape
x[torch.tensor(True), torch.tensor(1)]
x[torch.tensor(1), torch.tensor(1)]
# sequences as indices
x[[0.5, 1.7]]
x[[0, True]]
x[[True, False]]
x[[[0, 1], [1, 2]]]
x[[[0, 1], [2]]]
x[[None]]
x[[1, None]]
x[[torch.tensor(1)]]
x[range(2)]
x[[1.5, True]]
x[[[True, False, True]]]
x[[[True, False, True, False]] * 3]
x[..., [[True, False, True, False]] * 3]
x[[2**70]]
x[[[0, 1], 2]]
x[[0, 'a']]
x[[[0, 1], [0]]]
x[[[0], [1, 2]]]
x[(0, 1), (1, 2)]
x[[[[0]]]].shape
torch.arange(3)[[[0, 1], [1]]]
torch.arange(6).view(2, 3)[[[True, False, True], [True, True, True]]]
torch.arange(6).view(2, 3)[..., [[True, False, True], [True, True, True]]]
# tensors as indices
x[torch.tensor([0], dtype=torch.int32)]
x[torch.tensor([0], dtype=torch.uint8)]
x[torch.tensor([1, 0, 1], dtype=torch.uint8)]
x[torch.tensor([[0, 1], [2, 0]]), 1:]
x[torch.tensor([[0, 1], [2, 0]]), None]
x[[0, 1], [5, 0]]
x[[0, 1], [3, -5]]
x[[5, -9]]
x[torch.tensor([], dtype=torch.bool)]
x[[[True]]]
torch.zeros(3, 0)[[5]]
torch.zeros(3, 0)[[5]].shape
torch.zeros(0, 3)[[0]]
torch.zeros(0, 3)[[]]
torch.zeros(3, 0)[:, [0]]
x.t()[[0, 1]].stride()
y.permute(2, 0, 1)[[0, 1]].stride()
x[:, [0, 1]].stride()
y[:, [0, 1], :].stride()
y[[0, 1], :, [0, 1]].stride()
y.transpose(0, 2)[:, [0, 1]].stride()
y.transpose(0, 2)[[0, 1]].stride()
y.transpose(0, 1)[:, :, [0, 1]].stride()
y.permute(2, 1, 0)[:, [1, 0], :].stride()
y.transpose(0, 2)[:, [0, 1]]
y[:, :, [[0, 1]]].stride()
x[[[0, 1]], [[0], [1]]].stride()
y[[0, 1], 1:, [1, 2]]
y[None, [0, 1], None, [1, 2]].shape
y[[0, 1], None, [1, 2]].shape
y[0, [0, 1], None, [1, 2]].shape
y[:, [0, 1], None, [1, 2]].shape
y[1:, [0, 1], [[1], [2]]]
# masks mixed with other indices
m = torch.ones(2, 3, dtype=torch.bool)
y[m, 0]
y[m, :, 0]
y[m, ...].shape
y[..., m]
y[0, m[0]].shape
y[m][:, 0].shape
y[:, m[0], None].shape
y[:, None, m[0]].shape
y[torch.tensor([True, False]), [0, 2]]
y[torch.tensor([True, True]), [0, 2]]
y[torch.tensor([True, True]), :, [0, 2]]
torch.tensor(5)[torch.tensor(True)]
torch.tensor(5)[torch.tensor(False)]
# assignment: scalars and their conversion
b = torch.zeros(3, dtype=torch.long)
b[0] = 1e30
b[0] = float('nan')
b[0] = 2**70
b[2**70] = 1
b[0] = None
b[0] = [1, 2]
b[0] = (1,)
b[1.5] = 'a'
b[0] = torch.float32
u = torch.zeros(3, dtype=torch.uint8)
u[0] = 300
u[0] = -1
u[1] = -255
u[2] = -1.5
u
u[0] = torch.tensor(300)
u[:] = torch.tensor(300)
u[0:1] = torch.tensor(300)
u[:] = torch.tensor([300])
u[0] = torch.tensor(-1.5)
u
h = torch.zeros(2, dtype=torch.float16)
h[0] = 70000
h[0] = 65504
h[1] = float('inf')
h
f = torch.zeros(2)
f[0] = 1e300
f[0] = float('nan')
f
bb = torch.zeros(2, dtype=torch.bool)
bb[0] = 2.5
bb[1] = 0.0
bb
i8 = torch.zeros(2, dtype=torch.int8)
i8[0] = 128
i8[0] = -129
i8[:] = torch.tensor(300)
# assignment: shapes and overlap
a = torch.zeros(3, 4)
a[True] = 5
a
a[False] = torch.ones(7)
a[None] = torch.ones(7)
a[...] = torch.ones(7)
a[torch.tensor(True)] = torch.ones(7)
a[torch.tensor(False)] = torch.ones(7)
a[0:1] = torch.ones(1, 1, 4)
a[[0, 1]] = torch.ones(1, 1, 4)
a[[0, 1]] = torch.ones(2, 1, 4)
a[[0, 1]] = torch.ones(1, 2, 1)
a[[0, 0]] = torch.tensor([[1., 2, 3, 4], [5, 6, 7, 8]])
a
a[[0, 1]] = torch.tensor([1, 2, 3, 4])
a[[0]] = torch.tensor(2)
a[torch.tensor([0])] = torch.tensor([1], dtype=torch.int64)
v = torch.arange(6)
v[1:] = v[:-1]
v[:] = v
v[0] = v[0]
v[...] = v
v[[1, 2]] = v[:2]
v[torch.ones(6, dtype=torch.bool)] = v[0:1]
v[[1, 2]] = v[3:5]
v
e = torch.zeros(1, 3).expand(2, 3)
e[0] = 1
e[:] = torch.ones(3)
e[:] = torch.ones(2, 3)
e[:] = 1
e[[0]] = torch.ones(3)
e[torch.tensor([True, False])] = 2
e
c = torch.zeros(2, 3)
c[torch.tensor([1, 0], dtype=torch.uint8)] = 1.0
c
c[torch.tensor([[1, 0, 1], [0, 1, 0]], dtype=torch.uint8)] = torch.tensor([7., 8., 9.])
c
w = torch.zeros(2, 3, dtype=torch.long)
w[torch.tensor([True, False])] = torch.tensor([2.5])
w[torch.tensor([True, True])] = torch.tensor([2.5] * 3)
w[torch.tensor([True, True])] = torch.tensor(300.5)
w
w[[0, 1], [0, 3]] = 1
w[[0, 1], [0, 1], [0]] = 1
w[0, [0, 1, 2], 0] = 1
"""


def write(name, stmts):
    """Run stmts in a fresh process (PyTorch's once-per-process warnings
    must start afresh, as in a new session) and write the transcript."""
    pid = os.fork()
    if pid == 0:
        text = run(stmts)
        with open(os.path.join(HERE, name), "w") as f:
            f.write("# Generated by testdata/gen_views_extra.py with PyTorch " + torch.__version__ + "\n")
            f.write("""# Errors are recorded by their first line, as the seed documents record them: the
# file selects that mode (%compat docs) whatever the default is.
>>> %compat docs
""")
            f.write(text)
        os._exit(0)
    os.waitpid(pid, 0)


def lines(text):
    return [l for l in text.strip("\n").split("\n") if l.strip()]


def random_indexing(seed=1, n=800):
    """Random index expressions (and assignments) over a few tensors."""
    import random
    rnd = random.Random(seed)
    names = {"x": (3, 4), "y": (2, 3, 4), "z": (), "w": (5,), "v": (2, 2, 2, 3)}

    def item(size):
        k = rnd.randrange(14)
        if k < 3:
            if rnd.random() < 0.1:
                return str(rnd.choice([-size - 1, size]))
            return str(rnd.randint(-size, max(size - 1, 0)))
        if k < 6:
            parts = [rnd.choice(["", str(rnd.randint(-size - 1, size + 1))]) for _ in range(2)]
            step = rnd.choice(["", "", "1", "2", "3", "-1", "0"])
            return ":".join(parts) + (":" + step if step else "")
        if k == 6:
            return "None"
        if k == 7:
            return "..."
        if k == 8:
            return rnd.choice(["True", "False"])
        if k == 9:
            return "[" + ", ".join(str(rnd.randint(-size, max(size - 1, 0)) if rnd.random() < 0.95 else size) for _ in range(rnd.randint(0, 3))) + "]"
        if k == 10:
            return "[" + ", ".join(rnd.choice(["True", "False"]) for _ in range(rnd.randint(1, 4))) + "]"
        if k == 11:
            shape = rnd.choice([[2], [1, 2], [2, 1], [3]])
            vals = [rnd.randint(-size, max(size - 1, 0)) for _ in range(shape[0] * (shape[1] if len(shape) > 1 else 1))]
            if len(shape) == 1:
                return "torch.tensor(%s)" % vals
            rows = [vals[i * shape[1]:(i + 1) * shape[1]] for i in range(shape[0])]
            return "torch.tensor(%s)" % rows
        if k == 12:
            return "torch.tensor(%s)" % [rnd.choice([True, False]) for _ in range(rnd.choice([size, size, 2]))]
        return rnd.choice(["torch.tensor(1)", "torch.tensor(True)", "torch.tensor(-1)", "1.5", "torch.tensor([0.])"])

    out = ["# random indexing (seeded)", "x = torch.arange(12).view(3, 4)", "y = torch.arange(24).view(2, 3, 4)", "z = torch.tensor(5)", "w = torch.arange(5)", "v = torch.arange(24).view(2, 3, 2, 2).transpose(1, 3)"]
    for _ in range(n):
        name = rnd.choice(list(names))
        shape = names[name]
        k = rnd.randint(1, len(shape) + 1)
        items = []
        for j in range(k):
            size = shape[min(j, len(shape) - 1)] if shape else 1
            items.append(item(size))
        idx = ", ".join(items)
        if k == 1 and rnd.random() < 0.5:
            idx = items[0]
        mode = rnd.random()
        if mode < 0.6:
            out.append(f"{name}[{idx}]")
        elif mode < 0.8:
            out.append(f"t = {name}.clone(); t[{idx}] = -7; t")
        else:
            val = rnd.choice(["torch.tensor(-7)", "torch.tensor([-7, -8])", "torch.tensor([[-7], [-8]])", "torch.tensor([-7., -8., -9.])", "torch.tensor([-1, -2, -3, -4])"])
            out.append(f"t = {name}.clone(); t[{idx}] = {val}; t")
    return out


def random_views(seed=1, n=600):
    """Random chains of view operations; each prints the geometry."""
    import random
    rnd = random.Random(seed)
    out = ["# random view chains (seeded)",
           "a = torch.arange(24).view(2, 3, 4)", "b = torch.arange(30).view(5, 6).t()",
           "c = torch.arange(16).view(2, 1, 8)[:, :, ::2]", "d = torch.arange(6).view(2, 3, 1).expand(2, 3, 4)"]
    shapes = {"a": [2, 3, 4], "b": [6, 5], "c": [2, 1, 4], "d": [2, 3, 4]}

    def dim(nd):
        return rnd.randint(-nd - 1, nd) if nd else rnd.choice([0, -1, 1])

    def op(nd, numel):
        k = rnd.randrange(17)
        if k == 0:
            divs = [x for x in range(1, numel + 1) if numel % x == 0] or [1]
            d1 = rnd.choice(divs)
            shape = [d1, numel // d1]
            if rnd.random() < 0.3:
                shape[rnd.randrange(2)] = -1
            if rnd.random() < 0.1:
                shape.append(rnd.choice([1, 2]))
            return rnd.choice(["view", "reshape"]) + "(%s)" % ", ".join(map(str, shape))
        if k == 1:
            return "transpose(%d, %d)" % (dim(nd), dim(nd))
        if k == 2:
            p = list(range(nd))
            rnd.shuffle(p)
            if rnd.random() < 0.1 and p:
                p[0] = p[-1]
            return "permute(%s)" % ", ".join(map(str, p))
        if k == 3:
            return "movedim(%d, %d)" % (dim(nd), dim(nd))
        if k == 4:
            return "unsqueeze(%d)" % rnd.randint(-nd - 2, nd + 1)
        if k == 5:
            return rnd.choice(["squeeze()", "squeeze(%d)" % dim(nd)])
        if k == 6:
            return "flatten(%d, %d)" % (dim(nd), dim(nd))
        if k == 7:
            return "narrow(%d, %d, %d)" % (dim(nd), rnd.randint(-2, 3), rnd.randint(0, 3))
        if k == 8:
            return "select(%d, %d)" % (dim(nd), rnd.randint(-3, 3))
        if k == 9:
            return "%s(%d, %d)[%d]" % (rnd.choice(["split", "chunk"]), rnd.randint(1, 3), dim(nd), rnd.randint(-1, 1))
        if k == 10:
            return "diagonal(%d, %d, %d)" % (rnd.randint(-2, 2), dim(nd), dim(nd))
        if k == 11:
            return "unfold(%d, %d, %d)" % (dim(nd), rnd.randint(0, 3), rnd.randint(1, 2))
        if k == 12:
            return rnd.choice(["t()", "T", "mT", "contiguous()", "clone()", "detach()"])
        if k == 13:
            return "unflatten(%d, (%d, -1))" % (dim(nd), rnd.choice([1, 2, 3]))
        if k == 14:
            return "expand(%s)" % ", ".join(str(rnd.choice([-1, 1, 2, 3, 4])) for _ in range(nd + rnd.randint(0, 1)))
        if k == 15:
            return "as_strided((%d, %d), (%d, %d), %d)" % (rnd.randint(0, 3), rnd.randint(0, 3), rnd.randint(0, 4), rnd.randint(0, 4), rnd.randint(0, 8))
        return "swapaxes(%d, %d)" % (dim(nd), dim(nd))

    for _ in range(n):
        name = rnd.choice(list(shapes))
        expr = name
        nd = len(shapes[name])
        numel = 1
        for x in shapes[name]:
            numel *= x
        chain = [op(nd, numel) for _ in range(rnd.randint(1, 3))]
        expr += "." + ".".join(chain)
        if rnd.random() < 0.3:
            out.append(expr)
        else:
            out.append("r = %s; (r.shape, r.stride(), r.storage_offset(), r.is_contiguous())" % expr)
    return out


if __name__ == "__main__":
    write("views_extra.tsh", lines(VIEWS))
    write("indexing_extra.tsh", lines(INDEXING))
    write("indexing_random.tsh", random_indexing())
    write("views_random.tsh", random_views())
