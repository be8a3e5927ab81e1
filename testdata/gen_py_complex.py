#!/usr/bin/python3
"""Writes the statements of py_complex_random.tsh: random complex, float and
int operands (zeros of both signs, inf, nan, tiny and huge parts) through
+ - * / ** == !=, abs, unary operators, hash and complex(). A differential
test against CPython 3.11:

    /usr/bin/python3 testdata/gen_py_complex.py 8 400 > /tmp/c.tsh
    /usr/bin/python3 /work/shared/tools/oracle2.py /tmp/c.tsh > testdata/py_complex_random.tsh
"""
import random, sys
r = random.Random(int(sys.argv[1]))
def num():
    c = r.random()
    def f():
        k = r.random()
        if k < 0.1: return r.choice(['0.0', '-0.0', "float('inf')", "float('nan')", '1e308', '1e-320', '-1.5'])
        v = r.uniform(-10, 10) * r.choice([1, 1, 1e-5, 1e5, 1e20])
        if r.random() < 0.5: v = round(v, r.randint(0, 3))
        return repr(v)
    if c < 0.55: return 'complex(%s, %s)' % (f(), f())
    if c < 0.7: return f() + 'j'
    if c < 0.85: return str(r.randint(-5, 5))
    return f()
for i in range(int(sys.argv[2])):
    op = r.choice(['+', '-', '*', '/', '**', '==', '!='])
    a, b = num(), num()
    if op == '**' and r.random() < 0.5:
        b = str(r.randint(-4, 6))
    form = r.random()
    if form < 0.8:
        print('>>> (%s) %s (%s)' % (a, op, b))
    elif form < 0.9:
        print('>>> abs(%s), -(%s), +(%s), bool(%s)' % (a, a, a, a))
    else:
        print('>>> hash(%s) == hash(%s), str(%s), (%s).conjugate()' % (a, a, a, a) if 'complex' in a or 'j' in a else '>>> complex(%s, %s)' % (a, b))
