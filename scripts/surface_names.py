#!/usr/bin/python3
"""The public names of PyTorch 1.13's and NumPy 1.24's documented
namespaces, as Debian's python3 (the oracle) has them:

    /usr/bin/python3 scripts/surface_names.py > cmd/tensh/testdata/surface_names.txt

One line a namespace: NAMESPACE<TAB>EXPR<TAB>names... (EXPR is the
object tensh is asked about; cmd/tensh/surface_test.go asks hasattr() of
each name and writes the coverage sections of docs/surface.md and
docs/numpy.md).
"""
import numpy as np
import torch
import torch.nn.functional


def public(obj):
    return sorted(n for n in dir(obj) if not n.startswith('_'))


SPACES = [
    ('torch', 'torch', [n for n in public(torch) if callable(getattr(torch, n)) and not isinstance(getattr(torch, n), type)]),
    ('Tensor', 'torch.tensor(1.)', public(torch.Tensor)),
    ('torch.linalg', 'torch.linalg', [n for n in public(torch.linalg) if n not in ('torch', 'sys', 'common_notes')]),
    ('torch.special', 'torch.special', [n for n in public(torch.special) if n not in ('torch', 'common_args', 'multi_dim_common')]),
    ('torch.nn.functional', 'torch.nn.functional', [n for n in public(torch.nn.functional) if callable(getattr(torch.nn.functional, n))
                                                    and getattr(getattr(torch.nn.functional, n), '__module__', '') in ('torch.nn.functional', None, 'torch._C._nn')]),
    ('numpy', 'np', [n for n in public(np) if callable(getattr(np, n)) and not isinstance(getattr(np, n), type)]),
    ('numpy.ndarray', 'np.zeros(1)', public(np.ndarray)),
    ('numpy.linalg', 'np.linalg', [n for n in public(np.linalg) if callable(getattr(np.linalg, n)) and not isinstance(getattr(np.linalg, n), type)]),
    ('numpy.random', 'np.random', [n for n in public(np.random) if callable(getattr(np.random, n)) and not isinstance(getattr(np.random, n), type)]),
    ('numpy.random.Generator', 'np.random.default_rng(0)', public(np.random.Generator)),
]

for space, expr, names in SPACES:
    print('%s\t%s\t%s' % (space, expr, ' '.join(names)))
