#!/usr/bin/python3
"""Write sleef_golden.txt: PyTorch 1.13's float32 log and tanh (SLEEF's
vector functions, which its AVX2 build applies to every element) on a
fixed sample of inputs, one "NAME INPUT_BITS OUTPUT_BITS" line each (hex);
then x ** y ("pow X Y OUT") and x ** 2.5 ("pow2.5 X OUT") over one
contiguous tensor each, whose length is not a multiple of 16 (the whole
blocks take SLEEF's powf, the tail the C library's pow).
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
