#!/usr/bin/python3
"""Golden values for tensh's random number tests, from real PyTorch.

Run with Debian's PyTorch 1.13 (/usr/bin/python3) on an AVX2 machine:

    /usr/bin/python3 scripts/torch_random_golden.py > runtime/tensor/testdata/random_golden.jsonl

Every line is one case: a seed and a list of steps run in order on the
default generator. Each step records its result as raw bits (floats as the
integer of their bit pattern, integers as themselves), so the Go test can
compare bit for bit, and some steps record the generator state bytes.
"""
import hashlib
import json
import random
import sys

import torch

DT = {
    'bool': torch.bool, 'uint8': torch.uint8, 'int8': torch.int8,
    'int16': torch.int16, 'int32': torch.int32, 'int64': torch.int64,
    'float16': torch.float16, 'bfloat16': torch.bfloat16,
    'float32': torch.float32, 'float64': torch.float64,
}
BITS = {torch.float16: torch.int16, torch.bfloat16: torch.int16,
        torch.float32: torch.int32, torch.float64: torch.int64}
MASK = {torch.int16: 0xffff, torch.int32: 0xffffffff, torch.int64: (1 << 64) - 1}


def bits(t):
    t = t.contiguous().reshape(-1)
    if t.dtype in BITS:
        ity = BITS[t.dtype]
        return [v & MASK[ity] for v in t.view(ity).tolist()]
    return [int(v) for v in t.tolist()]


def layout(shape, how):
    """A tensor of zeros of the given logical shape with a layout."""
    if how == 'contig':
        return lambda dt: torch.zeros(shape, dtype=dt)
    if how == 't':  # transposed storage: the last two dims swapped in memory
        return lambda dt: torch.zeros(shape[:-2] + [shape[-1], shape[-2]], dtype=dt).transpose(-1, -2)
    if how == 'step':  # every other column
        return lambda dt: torch.zeros(shape[:-1] + [shape[-1] * 2], dtype=dt)[..., ::2]
    if how == 'perm':  # dims reversed in memory
        return lambda dt: torch.zeros(list(reversed(shape)), dtype=dt).permute(*reversed(range(len(shape))))
    raise ValueError(how)


def run(step):
    op = step['op']
    dt = DT[step.get('dtype', 'float32')]
    shape = step.get('shape')
    if op == 'rand':
        return torch.rand(shape, dtype=dt)
    if op == 'randn':
        return torch.randn(shape, dtype=dt)
    if op == 'randint':
        return torch.randint(step['low'], step['high'], shape, dtype=dt)
    if op == 'randperm':
        return torch.randperm(step['n'], dtype=dt)
    make = layout(shape, step.get('layout', 'contig'))
    if op == 'uniform_':
        return make(dt).uniform_(step['from'], step['to'])
    if op == 'normal_':
        return make(dt).normal_(step['mean'], step['std'])
    if op == 'random_':
        x = make(dt)
        if 'from' not in step:
            return x.random_()
        if 'to' not in step:
            return x.random_(step['from'], None)
        return x.random_(step['from'], step['to'])
    raise ValueError(op)


def case(name, seed, steps, state=False):
    torch.manual_seed(seed)
    out = []
    for s in steps:
        s = dict(s)
        s['want'] = bits(run(s))
        out.append(s)
    c = {'name': name, 'seed': seed, 'steps': out}
    if state:
        c['state'] = hashlib.sha256(bytes(torch.get_rng_state().tolist())).hexdigest()
    print(json.dumps(c, separators=(',', ':')))


def main():
    floats = ['float32', 'float64', 'float16', 'bfloat16']
    # The transcript's sequence and plain calls.
    case('basic0', 0, [{'op': 'rand', 'shape': [3]}, {'op': 'rand', 'shape': [2, 3]},
                       {'op': 'randn', 'shape': [5]}, {'op': 'randn', 'shape': [20]},
                       {'op': 'randint', 'low': 0, 'high': 10, 'shape': [8], 'dtype': 'int64'},
                       {'op': 'randperm', 'n': 6, 'dtype': 'int64'},
                       {'op': 'rand', 'shape': [3], 'dtype': 'float64'}], state=True)
    # randn around the 16-element threshold, every float dtype.
    for dt in floats:
        for n in [1, 2, 3, 15, 16, 17, 31, 32, 33, 48, 50, 64, 100]:
            case('randn_%s_%d' % (dt, n), n * 7 + 1, [{'op': 'randn', 'shape': [n], 'dtype': dt}], state=True)
    # The normal cache carried between calls of the scalar path.
    for dt in floats:
        case('cache_' + dt, 3, [{'op': 'randn', 'shape': [3], 'dtype': dt},
                                {'op': 'randn', 'shape': [20], 'dtype': dt},
                                {'op': 'randn', 'shape': [1], 'dtype': 'float64'},
                                {'op': 'rand', 'shape': [2], 'dtype': dt},
                                {'op': 'randn', 'shape': [4], 'dtype': dt}], state=True)
    # rand for every float dtype and several sizes.
    for dt in floats:
        for n in [1, 5, 16, 33]:
            case('rand_%s_%d' % (dt, n), 11 + n, [{'op': 'rand', 'shape': [n], 'dtype': dt}], state=True)
    # Large seeds and seeds beyond 32 bits.
    for seed in [1, 42, 1234, 2**32 - 1, 2**32, 2**32 + 5, 2**63 + 12345, 2**64 - 1, 67280421310721]:
        case('seed_%d' % seed, seed, [{'op': 'rand', 'shape': [4]}, {'op': 'randn', 'shape': [3]},
                                      {'op': 'randint', 'low': 0, 'high': 100, 'shape': [5], 'dtype': 'int64'}], state=True)
    # More than one block of the engine state (624 words).
    case('long', 7, [{'op': 'rand', 'shape': [1000]}, {'op': 'rand', 'shape': [700], 'dtype': 'float64'},
                     {'op': 'randn', 'shape': [999]}, {'op': 'randn', 'shape': [333], 'dtype': 'float64'}], state=True)
    # randint: ranges, dtypes, wide ranges.
    ints = ['uint8', 'int8', 'int16', 'int32', 'int64']
    for dt in ints + floats:
        case('randint_' + dt, 5, [{'op': 'randint', 'low': 0, 'high': 10, 'shape': [7], 'dtype': dt},
                                  {'op': 'randint', 'low': 3, 'high': 100, 'shape': [2, 3], 'dtype': dt}], state=True)
    for dt in ['int8', 'int16', 'int32', 'int64', 'float32', 'float64']:
        case('randint_neg_' + dt, 9, [{'op': 'randint', 'low': -5, 'high': 5, 'shape': [9], 'dtype': dt}])
    case('randint_bool', 2, [{'op': 'randint', 'low': 0, 'high': 2, 'shape': [12], 'dtype': 'bool'}])
    for dt in ['int64', 'float64', 'float32', 'bfloat16']:
        case('randint_wide_' + dt, 4, [{'op': 'randint', 'low': 0, 'high': 2**40, 'shape': [5], 'dtype': dt},
                                       {'op': 'randint', 'low': -2**40, 'high': 2**32, 'shape': [3], 'dtype': dt},
                                       {'op': 'randint', 'low': 0, 'high': 2**32 - 1, 'shape': [3], 'dtype': dt}])
    case('randint_huge', 4, [{'op': 'randint', 'low': -2**63, 'high': 2**63 - 1, 'shape': [4], 'dtype': 'int64'}])
    # randperm.
    for n in [0, 1, 2, 5, 10, 30, 100, 1000]:
        case('randperm_%d' % n, n + 3, [{'op': 'randperm', 'n': n, 'dtype': 'int64'}], state=True)
    for dt in ['uint8', 'int8', 'int16', 'int32', 'float16', 'bfloat16', 'float32', 'float64']:
        case('randperm_' + dt, 8, [{'op': 'randperm', 'n': 50, 'dtype': dt}])
    # uniform_ with bounds, every float dtype.
    for dt in floats:
        case('uniform_' + dt, 6, [{'op': 'uniform_', 'shape': [9], 'dtype': dt, 'from': -1.0, 'to': 1.0},
                                  {'op': 'uniform_', 'shape': [9], 'dtype': dt, 'from': 5.0, 'to': 6.0},
                                  {'op': 'uniform_', 'shape': [9], 'dtype': dt, 'from': -3.7, 'to': 1e3},
                                  {'op': 'uniform_', 'shape': [9], 'dtype': dt, 'from': 0.1, 'to': 0.3},
                                  {'op': 'uniform_', 'shape': [9], 'dtype': dt, 'from': 2.0, 'to': 2.0}])
    # normal_ with mean and std, both paths, every float dtype.
    for dt in floats:
        for n in [4, 16, 21]:
            case('normal_%s_%d' % (dt, n), 12, [{'op': 'normal_', 'shape': [n], 'dtype': dt, 'mean': 2.0, 'std': 0.5},
                                                {'op': 'normal_', 'shape': [n], 'dtype': dt, 'mean': -1.3, 'std': 3.7},
                                                {'op': 'normal_', 'shape': [n], 'dtype': dt, 'mean': 0.0, 'std': 0.0}])
    # random_ without bounds and with one bound.
    for dt in ['bool'] + ints + floats:
        case('random_' + dt, 13, [{'op': 'random_', 'shape': [6], 'dtype': dt}])
    for dt in ints + floats:
        case('random_from_' + dt, 14, [{'op': 'random_', 'shape': [6], 'dtype': dt, 'from': 3}])
    case('random_full', 15, [{'op': 'random_', 'shape': [4], 'dtype': 'int64', 'from': -2**63},
                             {'op': 'random_', 'shape': [4], 'dtype': 'float64', 'from': -2**63},
                             {'op': 'random_', 'shape': [4], 'dtype': 'float32', 'from': -2**63}])
    case('random_half_bounds', 16, [{'op': 'random_', 'shape': [6], 'dtype': 'float16', 'from': 0, 'to': 65504},
                                    {'op': 'random_', 'shape': [6], 'dtype': 'float16', 'from': 3000, 'to': 3010},
                                    {'op': 'random_', 'shape': [6], 'dtype': 'bfloat16', 'from': -1000, 'to': 1000}])
    # Non-contiguous outputs: elements are filled in memory order.
    for how in ['t', 'step', 'perm']:
        for op in [{'op': 'uniform_', 'from': 0.0, 'to': 1.0}, {'op': 'normal_', 'mean': 0.0, 'std': 1.0},
                   {'op': 'random_', 'from': 0, 'to': 100}]:
            for shape in [[3, 4], [2, 3, 5], [4, 5]]:
                s = dict(op, shape=shape, layout=how)
                case('layout_%s_%s_%s' % (how, op['op'], 'x'.join(map(str, shape))), 17, [s])
    # Randomized sequences mixing everything on one generator.
    rnd = random.Random(2024)
    for k in range(60):
        steps = []
        for _ in range(rnd.randint(2, 6)):
            kind = rnd.choice(['rand', 'randn', 'randn', 'randint', 'randperm', 'uniform_', 'normal_'])
            n = rnd.choice([1, 2, 3, 7, 8, 15, 16, 17, 23, 32, 33, 47, 64, 65])
            dt = rnd.choice(['float32', 'float32', 'float64', 'float16', 'bfloat16'])
            if kind == 'rand' or kind == 'randn':
                steps.append({'op': kind, 'shape': [n], 'dtype': dt})
            elif kind == 'randint':
                lo = rnd.randint(-50, 50)
                steps.append({'op': kind, 'low': lo, 'high': lo + rnd.randint(1, 1000), 'shape': [n],
                              'dtype': rnd.choice(['int64', 'int32', 'float32'])})
            elif kind == 'randperm':
                steps.append({'op': kind, 'n': n, 'dtype': 'int64'})
            elif kind == 'uniform_':
                a = round(rnd.uniform(-10, 10), 3)
                steps.append({'op': kind, 'shape': [n], 'dtype': dt, 'from': a, 'to': a + round(rnd.uniform(0, 5), 3)})
            else:
                steps.append({'op': kind, 'shape': [n], 'dtype': dt,
                              'mean': round(rnd.uniform(-3, 3), 3), 'std': round(rnd.uniform(0, 3), 3)})
        case('mix_%d' % k, rnd.randint(0, 2**32), steps, state=True)


if __name__ == '__main__':
    main()
