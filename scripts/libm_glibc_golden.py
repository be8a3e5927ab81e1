#!/usr/bin/python3
"""Golden results of glibc's exp, exp2, log, log2 and pow, as Debian's
python3 (the oracle) gets them: the C library's functions themselves
(through ctypes; Python's math module calls the same ones, and this script
checks that on every argument where math does not raise).

    /usr/bin/python3 scripts/libm_glibc_golden.py | gzip -9n > runtime/tensor/testdata/libm_glibc_golden.txt.gz

The arguments come from splitmix64 (runtime/tensor/libm_glibc_test.go
draws the same ones): BLOCKS blocks of BLOCK arguments per function. For
each block the file holds the FNV-1a hash of the results' bit patterns
(NaNs as 0x7ff8000000000000); the first block's arguments and results are
also written in full, and so are the named cases, for diagnosis.
"""
import ctypes, math, struct, sys

BLOCKS, BLOCK = 200, 5000
M64 = (1 << 64) - 1
libm = ctypes.CDLL('libm.so.6')
for name in ('exp', 'exp2', 'log', 'log2'):
    getattr(libm, name).restype = ctypes.c_double
    getattr(libm, name).argtypes = [ctypes.c_double]
libm.pow.restype = ctypes.c_double
libm.pow.argtypes = [ctypes.c_double, ctypes.c_double]


class SplitMix:
    def __init__(self, seed):
        self.s = seed & M64

    def next(self):
        self.s = (self.s + 0x9e3779b97f4a7c15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        return z ^ (z >> 31)


def fb(u):
    return struct.unpack('<d', struct.pack('<Q', u & M64))[0]


def bits(x):
    if x != x:
        return 0x7ff8000000000000
    return struct.unpack('<Q', struct.pack('<d', x))[0]


MANT = (1 << 52) - 1


def near1(u, v):
    d = v >> 16
    return 0x3ff0000000000000 + d if u & 1 else 0x3ff0000000000000 - 1 - d


def args(f, r):
    """The arguments of one call of f (as bit patterns), from generator r."""
    u, v = r.next(), r.next()
    sign = (v >> 63) << 63
    if f == 'exp':
        return (sign | (0x3c3 + u % 0x47) << 52 | v & MANT,)
    if f == 'exp2':
        return (sign | (0x3c3 + u % 0x48) << 52 | v & MANT,)
    if f in ('log', 'log2'):
        mode, u = u & 3, u >> 2
        if mode == 0:
            return ((u % 0x7ff) << 52 | v & MANT,)
        if mode == 1:
            return (near1(u, v),)
        if mode == 2:
            return ((0x3f0 + u % 0x20) << 52 | v & MANT,)
        return (v & MANT,)
    # pow
    w = r.next()
    mode, u = u & 3, u >> 2
    if mode == 3:  # a negative x and an integer y
        x = 1 << 63 | (0x3f0 + u % 0x20) << 52 | v & MANT
        return x, bits(float(w % 200) - 100)
    if mode == 0:
        x = (0x300 + u % 0x200) << 52 | v & MANT
    elif mode == 1:
        x = near1(u, v)
    else:
        x = (0x3f0 + u % 0x20) << 52 | v & MANT
    y = (w >> 63) << 63 | (0x3b0 + (w >> 52) % 0x5a) << 52 | w & MANT
    return x, y


SEEDS = {'exp': 1, 'exp2': 2, 'log': 3, 'log2': 4, 'pow': 5}
NAMED = [('log', 0.15502840756404623), ('pow', 27.0, 1 / 3.), ('pow', 10.0, 23.0), ('exp', 1e-300),
         ('exp', -745.1), ('exp', 709.78), ('pow', -8.0, 1 / 3.), ('log2', 3.0), ('exp2', -1074.5)]


def call(f, a):
    xs = [fb(b) for b in a]
    r = getattr(libm, f)(*xs)
    try:
        m = getattr(math, f)(*xs)
        if bits(m) != bits(r):
            sys.exit('math.%s%r = %r but libm gives %r' % (f, tuple(xs), m, r))
    except (OverflowError, ValueError):
        pass
    return bits(r)


def fnv(h, u):
    for k in range(8):
        h = ((h ^ (u >> (8 * k) & 0xff)) * 0x100000001b3) & M64
    return h


def main():
    print('# glibc exp exp2 log log2 pow: %d blocks of %d arguments each (scripts/libm_glibc_golden.py)' % (BLOCKS, BLOCK))
    for f in SEEDS:
        r = SplitMix(SEEDS[f])
        for b in range(BLOCKS):
            h = 0xcbf29ce484222325
            for i in range(BLOCK):
                a = args(f, r)
                res = call(f, a)
                h = fnv(h, res)
                if b == 0 and i < 200:
                    print('v', f, ' '.join('%016x' % x for x in a), '%016x' % res)
            print('h', f, b, '%016x' % h)
    for n in NAMED:
        a = tuple(bits(x) for x in n[1:])
        print('v', n[0], ' '.join('%016x' % x for x in a), '%016x' % call(n[0], a))


main()
