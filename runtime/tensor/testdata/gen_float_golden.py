#!/usr/bin/python3
"""Generates float_golden.txt for print_test.go: for each value and
precision, Python's repr(v), '{:.Pf}'.format(v) and '{:.Pe}'.format(v).

    /usr/bin/python3 gen_float_golden.py > float_golden.txt

Lines are: HEXBITS PREC REPR FIXED SCI
"""
import random
import struct

rng = random.Random(7)
vals = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.03125, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
        1.7976931348623157e308, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 123456.789, 1e16, 1e15, 9999999999999998.0,
        0.0001, 0.00011, 0.00009999, 1e-5, 12345678901234567890.0, float("nan"), float("inf"), float("-inf")]
for _ in range(1500):
    k = rng.random()
    if k < 0.3:
        v = rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30)
    elif k < 0.5:
        v = rng.randint(-10**6, 10**6) / 2.0 ** rng.randint(0, 20)  # exact ties at many precisions
    elif k < 0.7:
        v = struct.unpack("<f", struct.pack("<f", rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 8)))[0]
    elif k < 0.85:
        v = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
    else:
        v = float(rng.randint(-10**17, 10**17))
    vals.append(v)
for v in vals:
    bits = struct.unpack("<Q", struct.pack("<d", v))[0]
    for p in sorted({0, 1, 4, rng.randint(0, 20)}):
        print("%016x %d %s %s %s" % (bits, p, repr(v), ("{:.%df}" % p).format(v), ("{:.%de}" % p).format(v)))
