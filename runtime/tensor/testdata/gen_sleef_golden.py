#!/usr/bin/python3
"""Write sleef_golden.txt: PyTorch 1.13's float32 log and tanh (SLEEF's
vector functions, which its AVX2 build applies to every element) on a
fixed sample of inputs, one "NAME INPUT_BITS OUTPUT_BITS" line each (hex);
then x ** y ("pow X Y OUT") and x ** 2.5 ("pow2.5 X OUT") over one
contiguous tensor each, whose length is not a multiple of 16 (the whole
blocks take SLEEF's powf, the tail the C library's pow).
Then float32 sin, cos, tan, asin, acos, atan, expm1, log1p, log2, log10
(SLEEF on every element) and sinh, cosh (SLEEF on a contiguous tensor of
a length that is a multiple of 16; "sinh_s"/"cosh_s": the same inputs as
a strided tensor, glibc's sinhf/coshf) over specials, every power of two
and random inputs, each function's inputs as one tensor: sin, cos and
tan pick their reduction per vector of 8 elements, so each set keeps its
order (specials first, then groups of 8 mixing large and small values).
Run with Debian's python3-torch: /usr/bin/python3 gen_sleef_golden.py."""
import numpy as np
import torch

rng = np.random.default_rng(2024)
special = np.array([0, -0.0, 1, -1, 0.5, 2, 0.75, 1.3333334, np.inf, -np.inf, np.nan,
                    1e-45, 1e-40, 1.17549435e-38, 3.4e38, 8.664339742, 8.6643, 8.67,
                    9, 1e-4, 1e-8, 0.9010618925094604, 8.964447021484375, -8.964447021484375],
                   dtype=np.float32)
sample = np.concatenate([
    special,
    rng.integers(0, 2**32, 600, dtype=np.uint64).astype(np.uint32).view(np.float32),
    (rng.random(400) * 20).astype(np.float32),
    (rng.standard_normal(400) * 3).astype(np.float32),
])
with open("sleef_golden.txt", "w") as f:
    for name in ("log", "tanh"):
        y = getattr(torch, name)(torch.from_numpy(sample)).numpy()
        for a, b in zip(sample.view(np.uint32), y.view(np.uint32)):
            f.write(f"{name} {a:08x} {b:08x}\n")
    px = np.concatenate([special, np.abs(sample[600:]), sample[:200]])[:1009]
    py = np.concatenate([(rng.standard_normal(600) * 3), np.round(rng.standard_normal(409) * 4)]).astype(np.float32)
    out = torch.pow(torch.from_numpy(px), torch.from_numpy(py)).numpy()
    for a, b, c in zip(px.view(np.uint32), py.view(np.uint32), out.view(np.uint32)):
        f.write(f"pow {a:08x} {b:08x} {c:08x}\n")
    out = (torch.from_numpy(px) ** 2.5).numpy()
    for a, c in zip(px.view(np.uint32), out.view(np.uint32)):
        f.write(f"pow2.5 {a:08x} {c:08x}\n")

    f32 = lambda a: np.array(a, dtype=np.float64).astype(np.float32)
    pow2 = f32([2.0 ** e for e in range(-149, 128)])
    pow2 = np.concatenate([pow2, -pow2[::7]])
    common = f32([0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, 1.17549435e-38, 3.4e38, -3.4e38,
                  1, -1, 0.5, -0.5, 2, 1e-8, -1e-8, 1e-4])
    extra = {
        "trig": f32([125, 124.99999, 125.00001, -125, 39000, 39000.004, 1e4, 1e5, 1e6, 1e10, 1e20, 1e30, -1e30,
                     np.pi / 2, np.pi, 3 * np.pi / 2, 2 * np.pi, 1e3 * np.pi, 0.7, 0.69999, 100.53096, 4.7123890]),
        "asin": f32([0.5, -0.5, 0.49999997, 0.50000006, 1, -1, 1.0000001, -1.0000001, 0.99999994, 0.7071068]),
        "atan": f32([1, -1, 0.99999994, 1.0000001, 1e10, -1e10, 1e30]),
        "hyp": f32([88.7, 89, 89.1, -89.1, 88.72283, 22, 21.999998, 0.3465736, 0.34657356, 3.7252903e-09,
                    1e-10, 9.0, 8.664339742, 90, -90, 0.9999999,
                    # where glibc's expf is not exp rounded to float
                    27.603651, 44.831844, -67.696884, 1.269558, 0.44779083, -5.318151]),
        "expm1": f32([88.72283172607421875, 88.722824, 88.72284, -16.635532, -16.635534, -16.63553, -17, -100,
                      0.34657356, 0.3465736, 1.0397208, -1.0397208, 1e-5, -1e-5, 2.9802322e-08]),
        "log": f32([-1, -0.99999994, -1.0000001, 1e38, 1e39, 1.1754942e-38, 1.0000001, 0.99999994, 0.75, 1.5,
                    1.4999999, 0.74999994, 10, 100, 1000, 1e-38]),
    }
    group = {"sin": "trig", "cos": "trig", "tan": "trig", "asin": "asin", "acos": "asin", "atan": "atan",
             "sinh": "hyp", "cosh": "hyp", "expm1": "expm1", "log1p": "log", "log2": "log", "log10": "log"}
    rand = {"trig": lambda n: rng.uniform(-130, 130, n), "asin": lambda n: rng.uniform(-1.02, 1.02, n),
            "atan": lambda n: rng.standard_normal(n) * 10, "hyp": lambda n: rng.uniform(-92, 92, n),
            "expm1": lambda n: rng.uniform(-20, 90, n), "log": lambda n: np.exp(rng.uniform(-20, 20, n)) - 0.9}
    for name, g in group.items():
        xs = np.concatenate([common, extra[g], pow2,
                             rng.integers(0, 2**32, 200, dtype=np.uint64).astype(np.uint32).view(np.float32),
                             f32(rand[g](300))])
        if g == "trig":  # groups of 8 with one large element among small ones
            mix = f32(rng.uniform(-10, 10, 64))
            mix[::8] = f32([1e3, -200, 125, np.inf, np.nan, 1e30, 130, 124])
            xs = np.concatenate([xs, mix])
        xs = xs[: len(xs) - len(xs) % 16]
        ys = getattr(torch, name)(torch.from_numpy(xs)).numpy()
        for a, b in zip(xs.view(np.uint32), ys.view(np.uint32)):
            f.write(f"{name} {a:08x} {b:08x}\n")
        if name in ("sinh", "cosh"):
            buf = np.zeros(2 * len(xs), np.float32)
            buf[::2] = xs
            ys = getattr(torch, name)(torch.from_numpy(buf)[::2]).numpy()
            for a, b in zip(xs.view(np.uint32), ys.view(np.uint32)):
                f.write(f"{name}_s {a:08x} {b:08x}\n")
