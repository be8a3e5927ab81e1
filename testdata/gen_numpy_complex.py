#!/usr/bin/python3
"""Writes the statements of numpy_random_complex.tsh: random complex64 and
complex128 arrays (all scales, zeros, nan and inf parts, 0 to 2 dims)
printed by NumPy (repr, str, an element) and by PyTorch (torch.tensor of
the array). A differential test against NumPy 1.24 and PyTorch 1.13:

    /usr/bin/python3 testdata/gen_numpy_complex.py 5 300 > /tmp/c.tsh
    /usr/bin/python3 /work/shared/tools/oracle2.py /tmp/c.tsh > testdata/numpy_random_complex.tsh
"""
import random, sys
r = random.Random(int(sys.argv[1]))
print('>>> %compat current')
print('>>> import numpy as np')
def val():
    scale = r.choice([1, 1, 10, 1000, 1e-3, 1e-6, 1e8, 1e12])
    def part():
        c = r.random()
        if c < 0.1: return '0.0'
        if c < 0.15: return r.choice(["float('nan')", "float('inf')", "-float('inf')"])
        v = r.uniform(-1, 1) * scale
        if r.random() < 0.4: v = round(v, r.randint(0, 3))
        return repr(v)
    return 'complex(%s, %s)' % (part(), part())
for i in range(int(sys.argv[2])):
    shp = r.choice([(), (1,), (2,), (3,), (5,), (2, 2), (2, 3), (3, 1), (12,), (4, 4)])
    n = 1
    for d in shp: n *= d
    vals = [val() for _ in range(n)]
    dt = r.choice(['np.complex128', 'np.complex64'])
    arr = 'np.array([%s], dtype=%s).reshape(%s)' % (', '.join(vals), dt, ', '.join(map(str, shp)) if shp else '()')
    m = r.random()
    if m < 0.35:
        print('>>> ' + arr)
    elif m < 0.5:
        print('>>> print(%s)' % arr)
    elif m < 0.9:
        print('>>> torch.tensor(%s)' % arr)
    else:
        print('>>> %s[0]' % arr if shp else '>>> ' + arr + '.item()')
