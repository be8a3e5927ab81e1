#!/usr/bin/python3
"""Writes the statements of numpy_random_ops.tsh and numpy_random_print.tsh:
random NumPy operands (every dtype tensh stores, 0 to 3 dims, empty dims)
through operators, ufuncs, reductions, indexing, shape functions and the
legacy random generator, and random values (all scales, nan, inf) printed
by repr and str. A differential test against NumPy 1.24: the expected
output comes from /usr/bin/python3.

    /usr/bin/python3 testdata/gen_numpy_random.py ops > /tmp/ops.tsh
    /usr/bin/python3 /work/shared/tools/oracle2.py /tmp/ops.tsh > testdata/numpy_random_ops.tsh
    (the same with print and numpy_random_print.tsh, more and numpy_random_more.tsh;
    `ops 21 300 uint` and `more 22 300 uint` add uint16/uint32/uint64:
    numpy_random_ops_uint.tsh and numpy_random_more_uint.tsh)

Operands stay small (no overflow or invalid-value warnings, which tensh's
NumPy does not raise) and divisors nonzero.
"""
import random
import sys

DTYPES = ['bool_', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64']
OPS = ['+', '-', '*', '/', '//', '%', '**', '&', '|', '^', '==', '!=', '<', '<=', '>', '>=']
UFUNCS = ['add', 'subtract', 'multiply', 'maximum', 'minimum', 'equal', 'less', 'greater_equal',
          'logical_and', 'logical_or', 'logical_xor', 'floor_divide', 'remainder']
REDUCTIONS = ['sum', 'prod', 'max', 'min', 'argmax', 'argmin', 'all', 'any', 'mean', 'cumsum']


def shape(r, nd=None):
    nd = r.randint(0, 3) if nd is None else nd
    return tuple(r.choice([1, 2, 3, 4, 0] if r.random() < 0.1 else [1, 2, 3, 4]) for _ in range(nd))


def value(r, dt, nonzero=False):
    if dt == 'bool_':
        return r.choice(['True', 'False']) if not nonzero else 'True'
    if dt.startswith('float'):
        v = r.choice([r.randint(-9, 9), round(r.uniform(-9, 9), r.randint(0, 3))])
    elif dt.startswith('uint'):
        v = r.randint(0, 20)
    else:
        v = r.randint(-9, 9)
    if nonzero and v == 0:
        v = 3
    return repr(v)


def nested(r, shp, dt, nonzero=False):
    if not shp:
        return value(r, dt, nonzero)
    return '[' + ', '.join(nested(r, shp[1:], dt, nonzero) for _ in range(shp[0])) + ']'


def array(r, shp, dt, nonzero=False):
    return 'np.array(%s, dtype=np.%s)' % (nested(r, shp, dt, nonzero), dt)


def broadcastable(r, shp):
    out = list(shp[r.randint(0, len(shp)):]) if shp else []
    out = [1 if r.random() < 0.3 else n for n in out]
    if r.random() < 0.1:
        out = [r.randint(1, 4)] + out
    return tuple(out)


def ops(r, n):
    print('>>> %compat current')  # warnings located as the prompt does: <stdin>:1
    print('>>> import numpy as np')
    for i in range(n):
        dt, dt2 = r.choice(DTYPES), r.choice(DTYPES)
        shp = shape(r)
        shp2 = broadcastable(r, shp) if r.random() < 0.85 else shape(r)
        kind = r.randint(0, 9)
        print('>>> a = %s' % array(r, shp, dt))
        if kind == 0:
            op = r.choice(OPS)
            nz = op in ('/', '//', '%')
            if op == '**':
                print('>>> b = %s' % array(r, shp2, dt2).replace('-', ''))
            else:
                print('>>> b = %s' % array(r, shp2, dt2, nz))
            if op in ('/', '//', '%') and dt2 == 'bool_':
                continue
            print('>>> a %s b' % op)
        elif kind == 1:
            op = r.choice(['+', '-', '*', '<', '==', '//'])
            s = r.choice(['2', '-1', '0.5', '300', 'True', '1.5', '-3'])
            if op == '//' and s in ('True',):
                continue
            print('>>> a %s %s' % (op, s) if r.random() < 0.5 or op == '//' else '>>> %s %s a' % (s, op))
        elif kind == 2:
            u = r.choice(UFUNCS)
            print('>>> b = %s' % array(r, shp2, dt2, u in ('floor_divide', 'remainder')))
            print('>>> np.%s(a, b)' % u)
        elif kind == 3:
            red = r.choice(REDUCTIONS)
            if shp and r.random() < 0.7:
                ax = r.randint(-len(shp), len(shp) - 1)
                kd = ', keepdims=True' if red not in ('argmax', 'argmin', 'cumsum') and r.random() < 0.3 else ''
                print('>>> a.%s(axis=%d%s)' % (red, ax, kd))
            else:
                print('>>> a.%s()' % red)
        elif kind == 4:
            if not shp:
                print('>>> a[()], a[...], a[None]')
                continue
            idx = r.choice(['0', '-1', ':, None', '::2', '::-1', '..., 0', 'a > 0', '[0, -1]',
                            '1:', 'None, ..., None'])
            print('>>> a[%s]' % idx)
        elif kind == 5:
            f = r.choice(['a.T', 'a.reshape(-1)', 'a.ravel()', 'np.squeeze(a)', 'np.expand_dims(a, 0)',
                          'a.transpose()', 'a.astype(np.float32)', 'a.astype(np.int16)', 'a.astype(bool)',
                          'a.copy()', 'a.tolist()', 'np.concatenate([a, a])', 'np.stack([a, a], axis=-1)',
                          'np.broadcast_to(a, (2,) + a.shape)'])
            print('>>> %s' % f)
            print('>>> _.shape, _.strides' if r.random() < 0.5 and f != 'a.tolist()' else '>>> a.flags["C_CONTIGUOUS"], a.flags["F_CONTIGUOUS"]')
        elif kind == 6:
            m = r.randint(1, 3)
            k = r.randint(1, 3)
            b = r.choice([1, 2])
            print('>>> a = %s' % array(r, (b, 2, k), dt))
            print('>>> b = %s' % array(r, (k, m) if r.random() < 0.8 else (m, m), dt2))
            print('>>> a @ b' if r.random() < 0.5 else '>>> np.matmul(a, b)')
        elif kind == 7:
            print('>>> np.random.seed(%d)' % r.randint(0, 2**32 - 1))
            f = r.choice(['np.random.rand(%d)' % r.randint(1, 5), 'np.random.randn(2, %d)' % r.randint(1, 4),
                          'np.random.randint(%d, size=%d)' % (r.randint(1, 1000), r.randint(1, 6)),
                          'np.random.randint(-5, %d, size=(2, 2))' % r.randint(-4, 2**40),
                          'np.random.random((2, 2))', 'np.random.randn()', 'np.random.rand()'])
            print('>>> %s' % f)
            print('>>> %s' % f)
        elif kind == 8:
            print('>>> b = %s' % array(r, shp2, dt2))
            print('>>> np.where(a > 0, a, b)')
        else:
            print('>>> (a + 1).dtype, (a * 1.5).dtype, (a // 2).dtype, (a / 2).dtype' if dt != 'bool_' else '>>> (a + 1).dtype, (a * 1.5).dtype')


def fvalue(r, half=False):
    k = r.random()
    if k < 0.05:
        return r.choice(['np.nan', 'np.inf', '-np.inf'])
    scale = 10.0 ** r.choice([-3, -1, 0, 0, 1, 2, 3] if half else [-9, -5, -4, -3, -1, 0, 0, 0, 1, 2, 3, 5, 7, 8, 9, 12])
    v = r.uniform(-1, 1) * scale
    if r.random() < 0.3:
        v = round(v, r.randint(0, 4))
    return repr(v)


def prints(r, n):
    print('>>> import numpy as np')
    for i in range(n):
        dt = r.choice(['float16', 'float32', 'float64', 'float64', 'int64', 'int32', 'uint8', 'bool_'])
        shp = shape(r, r.randint(1, 3))
        if dt.startswith('float'):
            vals = [fvalue(r) for _ in range(max(1, len(shp)))]
            body = nested(r, shp, 'float64')
            # Replace each leaf with a random wide-range value.
            parts = body.split(', ')
            body = ', '.join(p.replace(p.strip('[]'), fvalue(r, dt == 'float16')) if p.strip('[]') else p for p in parts)
        else:
            body = nested(r, shp, dt)
            if dt == 'int64' and r.random() < 0.5:
                body = body.replace('9', '9999999')
        f = r.choice(['%s', 'print(%s)', '%s[..., :1]', 'str(%s)'])
        print('>>> ' + f % ('np.array(%s, dtype=np.%s)' % (body, dt)))
        if r.random() < 0.15:
            n = r.choice([1001, 1500, 3000, 2 * 600, 5 * 300])
            print('>>> np.arange(%d, dtype=np.%s).reshape(%s)' % (n, r.choice(['float64', 'int64', 'float32', 'int16']),
                  r.choice(['-1', '%d, -1' % r.choice([1, 2, 3, 5, 10, 25]), '-1, %d' % r.choice([1, 2, 5, 10])])))


def more(r, n):
    """In-place operators and out=, assignment, creation functions,
    conversions, statistics and NumPy's shape errors."""
    print('>>> %compat current')  # warnings located as the prompt does: <stdin>:1
    print('>>> import numpy as np')
    for i in range(n):
        dt, dt2 = r.choice(DTYPES), r.choice(DTYPES)
        shp = shape(r, r.randint(1, 3))
        shp2 = broadcastable(r, shp) if r.random() < 0.7 else shape(r)
        kind = r.randint(0, 9)
        if kind == 0:
            op = r.choice(['+=', '-=', '*=', '//=', '%='])
            print('>>> a = %s' % array(r, shp, dt))
            print('>>> a %s %s' % (op, array(r, shp2, dt2, nonzero=True)))
            print('>>> a')
        elif kind == 1:
            u = r.choice(['add', 'multiply', 'subtract', 'maximum', 'equal'])
            print('>>> o = np.zeros(%r, dtype=np.%s)' % (shp, dt))
            print('>>> np.%s(%s, %s, out=o)' % (u, array(r, shp, dt2), array(r, shp2, r.choice(DTYPES))))
            print('>>> o')
        elif kind == 2:
            print('>>> a = %s' % array(r, shp, dt))
            idx = r.choice(['0', '-1', '...', ':, 0' if len(shp) > 1 else '0', 'a > 0', '[0]', '::2'])
            print('>>> a[%s] = %s' % (idx, r.choice([value(r, dt2), array(r, shp2[-1:], dt2)])))
            print('>>> a')
        elif kind == 3:
            f = r.choice(['np.linspace(%d, %d, %d)' % (r.randint(-5, 5), r.randint(-5, 20), r.randint(0, 9)),
                          'np.linspace(0, 1, %d, endpoint=False)' % r.randint(1, 9),
                          'np.eye(%d, %d, %d)' % (r.randint(1, 4), r.randint(1, 4), r.randint(-2, 2)),
                          'np.full(%r, %s)' % (shp, value(r, dt)),
                          'np.arange(%s, %s, %s)' % (r.randint(-5, 5), r.randint(-5, 15), r.choice([1, 2, 3, -1, 0.5, 0.3])),
                          'np.zeros_like(%s)' % array(r, shp, dt), 'np.ones_like(%s, dtype=np.%s)' % (array(r, shp, dt), dt2),
                          'np.full_like(%s, 7)' % array(r, shp, dt)])
            print('>>> %s' % f)
        elif kind == 4:
            print('>>> a = %s' % array(r, shp, 'float64'))
            print('>>> a.astype(np.%s)' % r.choice(DTYPES))
        elif kind == 5:
            print('>>> a = %s' % array(r, shp, dt if dt != 'bool_' else 'int32'))
            f = r.choice(['std', 'var', 'mean'])
            ax = '' if r.random() < 0.4 else 'axis=%d' % r.randint(-len(shp), len(shp) - 1)
            print('>>> a.%s(%s)' % (f, ax))
        elif kind == 6:
            print('>>> a = %s' % array(r, shp, dt))
            f = r.choice(['a.reshape(%s)' % ', '.join(str(r.choice([-1, 1, 2, 3, 4, 6])) for _ in range(r.randint(1, 3))),
                          'np.broadcast_to(a, %r)' % (shape(r, r.randint(0, 4)),),
                          'np.concatenate([a, %s], axis=%d)' % (array(r, shape(r, len(shp)), dt2), r.randint(-1, len(shp) - 1)),
                          'np.stack([a, %s])' % array(r, shp2, dt),
                          'a.transpose(%s)' % ', '.join(str(x) for x in r.sample(range(len(shp)), len(shp))),
                          'a.sum(axis=%d)' % r.randint(-4, 3), 'np.squeeze(a, axis=%d)' % r.randint(-len(shp), len(shp) - 1),
                          'np.expand_dims(a, %d)' % r.randint(-4, 3)])
            print('>>> %s' % f)
        elif kind == 7:
            print('>>> np.broadcast_shapes(%s)' % ', '.join(repr(shape(r)) for _ in range(r.randint(1, 4))))
        elif kind == 8:
            print('>>> a = %s' % array(r, shp, dt))
            print('>>> b = %s' % array(r, shp2, dt2))
            print('>>> np.dot(a, b)' if r.random() < 0.5 else '>>> a @ b')
        else:
            print('>>> a = %s' % array(r, shp, dt))
            print('>>> %s' % r.choice(['-a', '~a', 'abs(a)', 'np.abs(a)', 'np.square(a)', 'np.sign(a)', 'np.negative(a)',
                                       'len(a)', 'list(a)', 'a.tolist()', 'a.item()', 'bool(a)', 'a.any(), a.all()',
                                       'a.nonzero()', 'a.argmax(), a.argmin()', 'a.max(), a.min()', 'a.cumsum()']))


if __name__ == '__main__':
    # gen_numpy_random.py MODE [SEED COUNT]: the committed files use the
    # default seeds (12, 13, 14) and also seed 777 with 400 statements
    # (numpy_random_*_777.tsh).
    mode = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else {'ops': 12, 'print': 13, 'more': 14}[mode]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else {'ops': 350, 'print': 200, 'more': 350}[mode]
    if len(sys.argv) > 4 and sys.argv[4] == 'uint':
        # numpy_random_*_uint.tsh: NumPy's wider unsigned types too (seeds 21, 22).
        DTYPES += ['uint16', 'uint32', 'uint64', 'uint16', 'uint32', 'uint64']
    {'ops': ops, 'print': prints, 'more': more}[mode](random.Random(seed), count)
