#!/usr/bin/python3
"""Golden values of the C library's sin, cos and log (Python's math module
calls them), for the arguments PyTorch's Box–Muller transforms pass.

    /usr/bin/python3 scripts/libm_golden.py > runtime/tensor/testdata/libm_golden.txt

Each line: x, sin(x), cos(x), y, log(y) as hexadecimal bit patterns.
"""
import math
import random
import struct


def bits(f):
    return '%016x' % struct.unpack('<Q', struct.pack('<d', f))[0]


def main():
    rnd = random.Random(1913)
    xs = [0.0, 1e-9, 2.0**-27, 0.125, 0.126, 0.855, 0.8555, 0.85547, 1.0, math.pi / 2,
          2.426, 2.4263, 2.42627, 3.0, math.pi, 4.5, 3 * math.pi / 2, 6.0, 2 * math.pi * (1 - 2.0**-53)]
    for _ in range(4000):
        u = rnd.getrandbits(53) / 2.0**53
        xs.append(2 * math.pi * u)
    for x in xs:
        y = 1.0 - rnd.getrandbits(53) / 2.0**53
        print(bits(x), bits(math.sin(x)), bits(math.cos(x)), bits(y), bits(math.log(y)))


if __name__ == '__main__':
    main()
