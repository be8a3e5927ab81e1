#!/usr/bin/python3
"""Writes the statements of py_math_logs.tsh: math.log, log2, log10 and
log1p of random floats (tensh must round them as glibc does). Then:

    /usr/bin/python3 testdata/gen_math_logs.py > /tmp/ml.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py /tmp/ml.tsh > testdata/py_math_logs.tsh
"""
import random

r = random.Random(11)
xs = [r.uniform(0.001, 5) for _ in range(60)] + [r.uniform(1, 1e6) for _ in range(30)]
xs += [3.0, 7.0, 10.0, 1000.0, 1e-300, 2.5e-310, 1e300, 0.1, 0.5, 123456789.0]
print("# math.log, log2, log10 and log1p of random floats, as glibc rounds them (gen_math_logs.py)")
print(">>> import math")
for x in xs:
    print(">>> math.log(%r), math.log2(%r), math.log10(%r), math.log1p(%r)" % (x, x, x, x))
