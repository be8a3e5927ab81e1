#!/usr/bin/python3
"""Generates ranges.json: torch.arange, linspace and logspace results (or
errors) for random and edge arguments, as PyTorch 1.13 computes them on
x86-64 (AVX2). Run with Debian's /usr/bin/python3:

    /usr/bin/python3 gen_ranges.py > ranges.json
"""
import json, math, random
import torch

DT = {"bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
      "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
      "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64}
NAME = {v: k for k, v in DT.items()}

def enc(v):
    if isinstance(v, bool):
        return {"b": v}
    if isinstance(v, int):
        return {"i": v}
    if math.isnan(v):
        return {"f": "nan"}
    if math.isinf(v):
        return {"f": "inf" if v > 0 else "-inf"}
    return {"f": v.hex()}

def encv(v):
    return enc(v)[next(iter(enc(v)))] if not isinstance(v, bool) else v

cases = []
def add(fn, args, kw):
    f = getattr(torch, fn)
    case = {"fn": fn, "args": [enc(a) for a in args]}
    if "base" in kw:
        case["base"] = kw["base"].hex()
    if "dtype" in kw:
        case["dtype"] = NAME[kw["dtype"]]
    try:
        t = f(*args, **kw)
        case["dtype"] = NAME[t.dtype]
        case["out"] = [encv(v) for v in t.tolist()]
    except Exception as e:
        case["error"] = type(e).__name__ + ": " + str(e).split("\n")[0]
    cases.append(case)

rnd = random.Random(20240601)
floats = [torch.float32, torch.float64, torch.float16, torch.bfloat16]
ints = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]

# arange
for dt in floats:
    for _ in range(40):
        start = rnd.uniform(-50, 50)
        step = rnd.choice([1, -1]) * rnd.choice([rnd.uniform(0.001, 3), rnd.uniform(0.1, 0.3)])
        n = rnd.randint(1, 70)
        end = start + step * n - step * rnd.uniform(0.01, 0.99)
        add("arange", [start, end, step], {"dtype": dt})
for dt in ints:
    for _ in range(8):
        start = rnd.randint(-300, 300); step = rnd.choice([1, -1]) * rnd.randint(1, 40)
        end = start + step * rnd.randint(0, 70)
        add("arange", [start, end, step], {"dtype": dt})
for args in [[5], [0.5], [3.], [1, 4], [0, 1, 0.25], [0, 10, 3.], [5, 1, -2], [True], [0, 3, True], [-3, 3],
             [0, 2.5, 0.5], [0, 1, 0.1], [1.5, 10, 2.5], [10, 0, -0.3], [-5, 5, 3],
             [0, 1, 0], [0, 1, -1], [1, 0], [float("inf")], [float("nan")], [1.5, float("inf")], [1e20, float("inf")],
             [-0.1, float("-inf"), -1], [0, 1e300, 1e250], [0, 1, 1e-320], [0, 1, 0.0], [0, 1e19, 1e18]]:
    add("arange", args, {})
for dt in [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float16, torch.bfloat16]:
    for args in [[3], [-3, 3], [0, 2.5, 0.5], [0, 3.5, 1.5], [-2.5, 2, 1.5], [0, 10, 2.5], [0, 1e30, 1e29],
                 [0, 300, 100], [0, 2 ** 40, 2 ** 38], [300, 310], [0.1, float("inf")], [0, 1e300, 1e299],
                 [2 ** 62, 2 ** 62 + 5]]:
        add("arange", args, {"dtype": dt})

# linspace
for dt in floats:
    for _ in range(40):
        start = rnd.choice([rnd.uniform(-100, 100), float(rnd.randint(-10, 10))])
        end = rnd.choice([rnd.uniform(-100, 100), float(rnd.randint(-10, 10))])
        add("linspace", [start, end, rnd.randint(2, 70)], {"dtype": dt})
for dt in ints:
    for _ in range(10):
        lo, hi = (0, 255) if dt == torch.uint8 else (-120, 127)
        add("linspace", [rnd.randint(lo, hi), rnd.randint(lo, hi), rnd.randint(2, 70)], {"dtype": dt})
    add("linspace", [rnd.uniform(-100, 100), rnd.uniform(0, 100), rnd.randint(2, 70)], {"dtype": dt})
for dt in list(DT.values()):
    for args in [[0, 1, 5], [0, 1, 1], [0, 1, 0], [0, 1, -1], [0, 10, 5], [0, 300, 3], [-1, 10, 4], [300, 0, 1],
                 [0, 1e300, 3], [0, 1e300, 1], [1.5, 10, 4], [0, float("inf"), 3], [0, float("nan"), 3],
                 [-2 ** 40, 2 ** 40, 7], [0, 1, 15], [-1, 1, 64], [3, 3, 33]]:
        add("linspace", args, {"dtype": dt})
for args in [[0, 1, 5], [True, 5, 3], [0, 1, 15], [2 ** 62, -2 ** 62, 5]]:
    add("linspace", args, {})

# logspace
for dt in [torch.float32, torch.float64, torch.bfloat16] + ints:
    for _ in range(14):
        if dt.is_floating_point:
            start, end = rnd.uniform(-10, 10), rnd.uniform(-10, 10)
        else:
            start, end = rnd.randint(-3, 12), rnd.randint(-3, 12)
        base = rnd.choice([10.0, 2.0, math.e, 10.5, 3.0, 0.5, -2.0, 1.1])
        add("logspace", [start, end, rnd.randint(2, 40)], {"dtype": dt, "base": base})
for dt in list(DT.values()):
    for args, base in [([0, 2, 3], 10.0), ([0, 2, 1], 10.0), ([0, 2, 0], 10.0), ([0, 2, -2], 10.0), ([0, 3, 4], -2.0),
                       ([21, 21, 2], 3.0), ([10, 0, 1], 10.0), ([0, 1e300, 3], 10.0), ([300, 301, 3], 10.0),
                       ([-1, 1, 3], 10.0), ([0, 10, 3], 10.0), ([0.5, 2.5, 3], 10.0), ([0, 1, 5], 10.0)]:
        add("logspace", args, {"dtype": dt, "base": base})

print("[")
for i, c in enumerate(cases):
    print(json.dumps(c) + ("," if i < len(cases) - 1 else ""))
print("]")
