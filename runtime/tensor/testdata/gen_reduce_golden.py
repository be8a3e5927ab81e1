"""Generates reduce_golden.jsonl: results of PyTorch 1.13 reductions, bit
for bit, on deterministic inputs viewed through random strided layouts.

Run with Debian's python3-torch: /usr/bin/python3 gen_reduce_golden.py
The inputs are a pure function of (dtype, index) that reduce_golden_test.go
recomputes exactly (see goldenValue there)."""
import json, random, struct, torch

def value(dtype, i, kind):
    u = (i * 2654435761 + 12345) % (1 << 32)
    if kind == 'prod':
        # close to 1 so that long products stay finite
        k = (u >> 22) - 512
        if dtype == 'float64':
            return 1.0 + k / 2**13
        return 1.0 + k / 2**13
    if dtype == 'float32':
        return ((u >> 11) - (1 << 20)) / 1024.0
    if dtype == 'float64':
        return ((u - (1 << 31)) * (1 << 19) + (i % 524288)) / 2.0**40
    if dtype == 'float16':
        return ((u >> 21) - 1024) / 64.0
    if dtype == 'bfloat16':
        return ((u >> 24) - 128) / 16.0
    raise ValueError(dtype)

def bits(t):
    t = t.contiguous().reshape(-1)
    if t.dtype == torch.float32:
        return [struct.unpack('<I', struct.pack('<f', v))[0] for v in t.tolist()]
    if t.dtype == torch.float64:
        return [struct.unpack('<Q', struct.pack('<d', v))[0] for v in t.tolist()]
    if t.dtype in (torch.float16, torch.bfloat16):
        return t.view(torch.int16).to(torch.int32).bitwise_and(0xffff).tolist()
    return t.tolist()

rng = random.Random(1)
cases = []

def layout(ndim, maxel):
    # a random base shape, then a random permutation and slicing
    while True:
        shape = [rng.choice([1, 2, 3, 5, 8, 9, 16, 17, 33, 40, 64, 100]) for _ in range(ndim)]
        n = 1
        for s in shape: n *= s
        if n <= maxel: break
    base = 1
    for s in shape: base *= s
    strides = []
    acc = 1
    for s in reversed(shape):
        strides.insert(0, acc); acc *= s
    off = 0
    vshape, vstrides = [], []
    for s, st in zip(shape, strides):
        step = rng.choice([1, 1, 1, 2, 3]) if s > 3 else 1
        start = rng.randrange(0, 2) if s > 2 and rng.random() < 0.3 else 0
        cnt = len(range(start, s, step))
        off += start * st
        vshape.append(cnt); vstrides.append(st * step)
    perm = list(range(ndim))
    if rng.random() < 0.6: rng.shuffle(perm)
    vshape = [vshape[p] for p in perm]
    vstrides = [vstrides[p] for p in perm]
    return base, off, vshape, vstrides

def make(dtype, kind, base):
    vals = [value(dtype, i, kind) for i in range(base)]
    return torch.tensor(vals, dtype=getattr(torch, dtype))

def subsets(ndim):
    out = [None]
    for m in range(1, 1 << ndim):
        out.append([d for d in range(ndim) if m >> d & 1])
    return out

def add(op, dtype, base, off, shape, strides, dims, keepdim, kind='plain', **kw):
    src = make(dtype, kind, base)
    x = torch.as_strided(src, shape, strides, off)
    if op == 'sum':
        r = x.sum() if dims is None else x.sum(dims, keepdim)
    elif op == 'mean':
        r = x.mean() if dims is None else x.mean(dims, keepdim)
    elif op == 'prod':
        r = x.prod() if dims is None else x.prod(dims[0], keepdim)
    elif op == 'std':
        r = x.std(dims, keepdim=keepdim, unbiased=True) if dims is not None else x.std()
    elif op == 'var':
        r = x.var(dims, keepdim=keepdim, unbiased=False) if dims is not None else x.var(unbiased=False)
    elif op == 'norm':
        p = kw['p']
        r = x.norm(p=p) if dims is None else x.norm(p=p, dim=dims, keepdim=keepdim)
    elif op == 'cumsum':
        r = x.cumsum(dims[0])
    elif op == 'cumprod':
        r = x.cumprod(dims[0])
    elif op == 'logsumexp':
        r = x.logsumexp(dims if dims is not None else list(range(x.dim())), keepdim)
    c = dict(op=op, dtype=dtype, kind=kind, base=base, off=off, shape=shape, strides=strides,
             dims=dims, keepdim=keepdim, out=list(r.shape), bits=bits(r))
    for k, v in kw.items():
        c[k] = 'inf' if v == float('inf') else v
    cases.append(c)

for dtype in ['float32', 'float64', 'float16', 'bfloat16']:
    for ndim in [1, 2, 3, 4]:
        for rep in range(6 if ndim > 1 else 10):
            base, off, shape, strides = layout(ndim, 6000)
            for dims in subsets(ndim):
                add('sum', dtype, base, off, shape, strides, dims, rng.random() < 0.5)
            add('mean', dtype, base, off, shape, strides, None, False)
            add('mean', dtype, base, off, shape, strides, [ndim - 1], False)
    # long contiguous and strided sums exercise the upper levels
    for n in [7, 31, 100, 1000, 4097, 65537, 300001]:
        add('sum', dtype, n, 0, [n], [1], None, False)
        add('sum', dtype, 2 * n, 1, [n], [2], None, False)
    add('sum', dtype, 3000000, 0, [3000000], [1], None, False)
    add('sum', dtype, 64 * 1000, 0, [1000, 64], [64, 1], [0], False)
    add('sum', dtype, 64 * 1000, 0, [64, 1000], [1, 64], [1], False)
    add('sum', dtype, 70 * 3000, 0, [3000, 70], [70, 1], [0], False)

for dtype in ['float32', 'float64']:
    for ndim in [1, 2, 3]:
        for rep in range(5):
            base, off, shape, strides = layout(ndim, 4000)
            for dims in subsets(ndim):
                if dims is None or len(dims) == 1:
                    add('prod', dtype, base, off, shape, strides, dims, False, kind='prod')
            for dims in subsets(ndim):
                add('std', dtype, base, off, shape, strides, dims, False)
                add('var', dtype, base, off, shape, strides, dims, True)
                add('logsumexp', dtype, base, off, shape, strides, dims, False)
                for p in [2.0, 1.0, 3.0, float('inf')]:
                    add('norm', dtype, base, off, shape, strides, dims, False, p=p)
            base, off, shape, strides = layout(ndim, 400)
            for d in range(ndim):
                add('cumsum', dtype, base, off, shape, strides, [d], False)
                add('cumprod', dtype, base, off, shape, strides, [d], False, kind='prod')
    for n in [1000, 40000]:
        add('prod', dtype, n, 0, [n], [1], None, False, kind='prod')
        add('norm', dtype, n, 0, [n], [1], None, False, p=2.0)
        add('std', dtype, n, 0, [n], [1], None, False)

with open('reduce_golden.jsonl', 'w') as f:
    for c in cases:
        f.write(json.dumps(c, separators=(',', ':')) + '\n')
print(len(cases))
