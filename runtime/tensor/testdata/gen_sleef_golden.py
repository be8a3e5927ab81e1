#!/usr/bin/python3
"""Write sleef_golden.txt: PyTorch 1.13's float32 log and tanh (SLEEF's
vector functions, which its AVX2 build applies to every element) on a
fixed sample of inputs, one "NAME INPUT_BITS OUTPUT_BITS" line each (hex).
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
