#!/usr/bin/python3
"""Writes the statements of surface_random.tsh: random operands (every
dtype, 0 to 3 dims, empty dims, ties, NaN, non-contiguous views) through
the functions of issue 17 (sort, argsort, topk, kthvalue, unique,
searchsorted, bincount, nonzero, gather, scatter, scatter_add,
index_select, index_add, masked_select, take, nansum, aminmax, kron, diff,
repeat_interleave, rot90, softmax, log_softmax). A differential test
against PyTorch: the expected output comes from real PyTorch.

    /usr/bin/python3 testdata/gen_surface_random.py > testdata/surface_random.tsh
    /usr/bin/python3 /work/shared/tools/oracle2.py testdata/surface_random.tsh > /tmp/t && mv /tmp/t testdata/surface_random.tsh
"""
import math
import random
import sys

DTYPES = ['torch.bool', 'torch.uint8', 'torch.int8', 'torch.int16', 'torch.int32', 'torch.int64',
          'torch.float16', 'torch.bfloat16', 'torch.float32', 'torch.float64']


def operand(r, name):
    shape = tuple(r.choice([1, 2, 3, 0, 4, 5]) for _ in range(r.choice([0, 1, 1, 2, 2, 3])))
    d, n = r.choice(DTYPES), math.prod(shape)
    if shape == ():
        return f"{name} = torch.tensor({r.choice([3, -1, 0])}).to({d})", shape, d
    dims = ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "")
    kind = r.random()
    if d == 'torch.bool':
        src = f"torch.arange({n}).reshape({dims}) % 3 == 0"
    elif kind < 0.4:  # few distinct values: ties
        src = f"(torch.arange({n}) * 7 % 4).reshape({dims}).to({d})"
    elif kind < 0.55 and d in ('torch.float32', 'torch.float64', 'torch.bfloat16', 'torch.float16'):
        src = f"torch.tensor([1., float('nan'), -2., 0.5, float('nan')] * {n})[:{n}].reshape({dims}).to({d})"
    else:
        lo = 0 if d == 'torch.uint8' else -5
        src = f"(torch.arange({lo}, {lo + n}) * 37 % 11).reshape({dims}).to({d})"
    if len(shape) >= 2 and r.random() < 0.3:
        src += ".transpose(0, -1)"
        shape = shape[::-1]
    return f"{name} = {src}", shape, d


def calls(r, shape, d):
    nd = len(shape)
    dim = r.randrange(-max(nd, 1), max(nd, 1))
    size = shape[dim] if nd else 1
    k = r.randrange(0, size + 1) if size else 0
    idx_shape = tuple(r.randrange(0, s + 1) if i != (dim % nd if nd else 0) else r.randrange(0, 4)
                      for i, s in enumerate(shape))
    idx_dims = ", ".join(map(str, idx_shape)) + ("," if len(idx_shape) == 1 else "")
    idx_n = math.prod(idx_shape)
    hi = max(size, 1)
    index = (f"(torch.arange({idx_n}) * 5 % {hi}).reshape({idx_dims})" if nd
             else "torch.tensor(0)")
    yield f"a.sort({dim})"
    yield f"a.sort(dim={dim}, descending=True)"
    yield f"torch.sort(a, stable=True, dim={dim}, descending={r.choice([True, False])})"
    yield f"a.argsort({dim}, {r.choice([True, False])})"
    yield f"a.topk({k}, {dim}, {r.choice([True, False])})"
    yield f"a.kthvalue({max(k, 1)}, {dim}, {r.choice([True, False])})"
    yield f"torch.unique(a, return_inverse=True, return_counts=True)"
    yield f"torch.unique(a, sorted=False, return_inverse=True)"
    if nd:
        yield f"torch.unique(a, dim={dim}, return_counts=True)"
    yield "torch.nonzero(a)"
    yield f"a.gather({dim}, {index})"
    yield f"a.scatter({dim}, {index}, a)"
    yield f"a.scatter_add({dim}, {index}, a)"
    yield f"a.scatter({dim}, {index}, 2)"
    if nd <= 1 or True:
        yield f"a.index_select({dim}, torch.arange({size}) % {hi})"
    yield f"a.index_add({dim}, torch.arange({size}) % {hi}, a)"
    yield "a.masked_select(a > 0)"
    yield f"a.take(torch.arange({min(idx_n, 4)}) % {max(math.prod(shape), 1)})"
    yield f"torch.nansum(a, {dim})"
    yield f"torch.aminmax(a, dim={dim})"
    yield "torch.kron(a, a)"
    yield f"torch.nansum(a)"
    if nd >= 1:
        yield f"torch.cumsum(a, {dim}, out=torch.empty(0, dtype=torch.float64))"
        yield f"torch.tensordot(a, a, dims=([{dim}], [{dim}]))"
    if nd:
        yield f"torch.diff(a, dim={dim})"
    yield f"torch.repeat_interleave(a, 2, dim={dim})"
    if nd >= 2:
        yield f"torch.rot90(a, {r.randrange(-2, 4)}, [0, -1])"
    yield f"torch.softmax(a, {dim})"
    yield f"torch.log_softmax(a, {dim})"
    if d in ('torch.float32', 'torch.float64'):
        yield "torch.nn.functional.gelu(a)"
        yield f"torch.nn.functional.normalize(a, dim={dim})" if nd else "torch.nn.functional.gelu(a, approximate='tanh')"
        yield "torch.nn.functional.mse_loss(a, a.flip(0) if a.dim() else a)"
        if nd >= 2:
            yield "torch.cdist(a, a)"
            yield "torch.linalg.matrix_norm(a)"
        if nd == 2 and shape[0] == shape[1] and shape[0] > 0:
            yield "torch.linalg.det(a + 3 * torch.eye(a.shape[0], dtype=a.dtype))"
            yield "torch.linalg.inv(a + 3 * torch.eye(a.shape[0], dtype=a.dtype))"
    if nd == 1:
        yield "torch.searchsorted(a.sort().values, a)"
        yield "torch.bincount(a.abs().long())"


def main():
    r = random.Random(17)
    for _ in range(70):
        stmt, shape, d = operand(r, "a")
        print(">>> " + stmt)
        cs = list(calls(r, shape, d))
        for c in r.sample(cs, min(len(cs), 9)):
            print(">>> " + c)


if __name__ == "__main__":
    main()
