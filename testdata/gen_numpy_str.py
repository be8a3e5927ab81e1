#!/usr/bin/python3
"""Writes the statements of numpy_random_str.tsh: random str arrays (quotes,
backslashes, non-ASCII, empty strings, explicit widths, 1001 elements)
printed, indexed, compared, assigned and refused by torch. A differential
test against NumPy 1.24:

    /usr/bin/python3 testdata/gen_numpy_str.py 3 200 > /tmp/s.tsh
    /usr/bin/python3 /work/shared/tools/oracle2.py /tmp/s.tsh > testdata/numpy_random_str.tsh
"""
import random, sys
r = random.Random(int(sys.argv[1]))
print('>>> %compat current')
print('>>> import numpy as np')
ALPH = "abcXYZ _'\"\\é"
def s():
    return repr(''.join(r.choice(ALPH) for _ in range(r.choice([0, 1, 1, 2, 3, 5, 9]))))
for i in range(int(sys.argv[2])):
    shp = r.choice([(1,), (2,), (3,), (5,), (2, 2), (2, 3), (3, 1), (30,), (1001,)])
    n = 1
    for d in shp: n *= d
    vals = [s() for _ in range(min(n, 40))]
    if n > 40:
        lst = '[%s] * %d' % (', '.join(vals[:1]), n)
    else:
        lst = '[%s]' % ', '.join(vals)
    dt = r.choice(['', '', ", dtype='<U%d'" % r.randint(1, 6), ', dtype=str'])
    arr = 'np.array(%s%s).reshape(%s)' % (lst, dt, ', '.join(map(str, shp)))
    m = r.random()
    if m < 0.3: print('>>> ' + arr)
    elif m < 0.45: print('>>> print(%s)' % arr)
    elif m < 0.55: print('>>> a = %s; a[0], a.T.shape, a.dtype, a.itemsize, a.strides' % arr)
    elif m < 0.65: print('>>> a = %s; a == a[0], a != %s' % (arr, s()))
    elif m < 0.75: print('>>> a = %s; a.tolist()[:3], a.reshape(-1)[:4], a.copy().ndim' % arr)
    elif m < 0.85: print('>>> a = %s; a[0] = %s; a' % (arr, s()))
    else: print('>>> torch.tensor(%s)' % arr)
