#!/usr/bin/python3
"""Writes the statements of py_math_trig.tsh: math.exp, sin, cos, tan,
atan, asin, acos, atan2, pow and the hyperbolic functions of random floats
(tensh must round them as glibc does). Then:

    /usr/bin/python3 testdata/gen_math_trig.py > /tmp/mt.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py /tmp/mt.tsh > testdata/py_math_trig.tsh
"""
import random

r = random.Random(5)
print("# math.exp and the trigonometric functions of random floats, as glibc rounds them (gen_math_trig.py)")
print(">>> import math")
for f in ["exp", "sin", "cos", "tan", "atan", "asin", "acos"]:
    for i in range(40):
        if f in ("asin", "acos"):
            x = r.uniform(-1, 1)
        elif f == "exp":
            x = r.uniform(-20, 20) if i % 2 else r.uniform(-700, 700)
        else:
            x = r.uniform(-4, 4) if i % 2 else r.uniform(-1e5, 1e5)
        print(">>> math.%s(%r)" % (f, x))
for i in range(40):
    print(">>> math.atan2(%r, %r)" % (r.uniform(-5, 5), r.uniform(-5, 5)))
for f in ["sinh", "cosh", "tanh", "asinh", "acosh", "atanh"]:
    for i in range(30):
        if f == "atanh":
            x = r.uniform(-1, 1)
        elif f == "acosh":
            x = r.uniform(1, 50) if i % 2 else r.uniform(1, 1e9)
        else:
            x = r.uniform(-3, 3) if i % 2 else r.uniform(-700, 700)
        print(">>> math.%s(%r)" % (f, x))
for i in range(40):
    print(">>> math.pow(%r, %r)" % (r.uniform(0.01, 100), r.uniform(-20, 20)))
print(">>> math.sin(math.pi), math.cos(math.pi / 2), math.tan(math.pi / 4), math.acos(0.5), math.exp(1), math.exp(-745.1)")
