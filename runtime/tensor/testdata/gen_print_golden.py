#!/usr/bin/python3
"""Generates print_golden.txt: random tensors and their repr() under
PyTorch 1.13, for print_golden_test.go. Run with Debian's python3-torch:

    /usr/bin/python3 gen_print_golden.py > print_golden.txt

Each case is:

    case N
    dtype float32           the tensor's dtype
    default float32         torch.get_default_dtype() while printing
    shape 2 3               the contiguous base tensor's shape
    perm 1 0                (optional) the printed tensor is base.permute(perm)
    opts P T E L S          precision threshold edgeitems linewidth sci_mode
    data v1 v2 ...          the base's elements (exact: float repr, int, 0/1)
    range START STEP        (instead of data) element i is START + i*STEP in float64
    expect K                then K lines of repr(), or
    error Type: message
"""
import math
import random
import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
          torch.float16, torch.bfloat16, torch.float32, torch.float64]
NAME = {d: str(d)[len("torch."):] for d in DTYPES}
rng = random.Random(1913)


def rand_float(kind):
    if kind == "int":
        return float(rng.randint(-50, 50))
    if kind == "bigint":
        return float(rng.randint(-10**9, 10**9)) * rng.choice([1, 1, 1000])
    if kind == "uniform":
        return rng.uniform(-1, 1)
    if kind == "scaled":
        return rng.uniform(-1, 1) * 10.0 ** rng.randint(-12, 12)
    if kind == "wide":
        return rng.uniform(-1, 1) * 10.0 ** rng.randint(-40, 40)
    if kind == "ties":
        return rng.randint(-400, 400) / rng.choice([2, 4, 8, 16, 32, 64, 128, 256])
    if kind == "near":
        # around the sci-mode thresholds
        base = rng.choice([1e-4, 1e8, 1000.0, 1.0, 0.001])
        return base * rng.choice([0.999, 1.0, 1.0001, 1.001, 1.5])
    if kind == "normal":
        return rng.gauss(0, 3)
    raise ValueError(kind)


SPECIAL = [float("nan"), float("inf"), float("-inf"), 0.0, -0.0]


def rand_values(dtype, n):
    if dtype == torch.bool:
        return [rng.random() < 0.5 for _ in range(n)]
    if not dtype.is_floating_point:
        info = torch.iinfo(dtype)
        mode = rng.choice(["small", "medium", "full"])
        out = []
        for _ in range(n):
            if mode == "small":
                v = rng.randint(max(info.min, -9), min(info.max, 9))
            elif mode == "medium":
                v = rng.randint(max(info.min, -1000), min(info.max, 1000))
            else:
                v = rng.choice([info.min, info.max, rng.randint(info.min, info.max)])
            out.append(v)
        return out
    kinds = rng.sample(["int", "bigint", "uniform", "scaled", "wide", "ties", "near", "normal"], rng.randint(1, 2))
    special = rng.random() < 0.3
    zeros = rng.random() < 0.2
    out = []
    for _ in range(n):
        r = rng.random()
        if special and r < 0.15:
            out.append(rng.choice(SPECIAL))
        elif zeros and r < 0.3:
            out.append(0.0)
        else:
            out.append(rand_float(rng.choice(kinds)))
    return out


def rand_shape():
    rank = rng.choice([0, 1, 1, 1, 2, 2, 2, 3, 3, 4])
    return [rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 12]) if rng.random() < 0.97 else 0 for _ in range(rank)]


def rand_opts(shape_numel):
    o = dict(precision=4, threshold=1000, edgeitems=3, linewidth=80, sci_mode=None)
    r = rng.random()
    if r < 0.45:
        return o
    if rng.random() < 0.4:
        o["precision"] = rng.choice([0, 1, 2, 3, 5, 6, 8, 12])
    if rng.random() < 0.5:
        o["threshold"] = rng.choice([0, 1, 5, 10, 20, max(1, shape_numel - 1), shape_numel, math.inf])
    if rng.random() < 0.4:
        o["edgeitems"] = rng.choice([1, 2, 3, 4])
    if rng.random() < 0.4:
        o["linewidth"] = rng.choice([1, 20, 40, 60, 75, 100, 120])
    if rng.random() < 0.3:
        o["sci_mode"] = rng.choice([True, False])
    return o


def fmt_val(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    return repr(v)


def emit(case_no, dtype, default, shape, perm, opts, data=None, rng_spec=None):
    torch.set_default_dtype(default)
    torch.set_printoptions(**opts)
    if rng_spec is not None:
        start, step = rng_spec
        n = math.prod(shape)
        vals = [start + float(i) * step for i in range(n)]
        base = torch.tensor(vals, dtype=torch.float64).to(dtype).reshape(shape)
    else:
        if dtype.is_floating_point:
            base = torch.tensor(data, dtype=torch.float64).to(dtype).reshape(shape)
        else:
            base = torch.tensor(data, dtype=dtype).reshape(shape)
    t = base.permute(perm) if perm is not None else base
    try:
        text = repr(t)
        err = None
    except Exception as e:
        err = type(e).__name__ + ": " + str(e).split("\n")[0]
    torch.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)
    lines = ["case %d" % case_no, "dtype " + NAME[dtype], "default " + NAME[default],
             "shape " + " ".join(map(str, shape))]
    if perm is not None:
        lines.append("perm " + " ".join(map(str, perm)))
    sci = {None: "none", True: "true", False: "false"}[opts["sci_mode"]]
    lines.append("opts %d %s %d %d %s" % (opts["precision"], repr(float(opts["threshold"])), opts["edgeitems"], opts["linewidth"], sci))
    if rng_spec is not None:
        lines.append("range %r %r" % rng_spec)
    else:
        # the exact stored values, as tolist() returns them
        stored = base.reshape(-1).tolist()
        lines.append("data " + " ".join(fmt_val(v) for v in stored))
    if err is not None:
        lines.append("error " + err)
    else:
        out = text.split("\n")
        lines.append("expect %d" % len(out))
        lines.extend(out)
    print("\n".join(lines))


def main():
    n = 0
    default_opts = dict(precision=4, threshold=1000, edgeitems=3, linewidth=80, sci_mode=None)
    # random small tensors
    for _ in range(900):
        dtype = rng.choice(DTYPES)
        shape = rand_shape()
        numel = math.prod(shape)
        perm = None
        if len(shape) >= 2 and rng.random() < 0.25:
            perm = list(range(len(shape)))
            rng.shuffle(perm)
        default = torch.float64 if rng.random() < 0.08 else torch.float32
        emit(n, dtype, default, shape, perm, rand_opts(numel), data=rand_values(dtype, numel))
        n += 1
    # large tensors with arithmetic data (summarization, wrapping)
    big_shapes = [[1001], [2000], [1500], [30], [45], [100], [35, 40], [3, 500], [500, 3], [20, 60],
                  [1000, 3], [4, 300, 2], [11, 10, 10], [2, 2, 300], [7, 7, 7, 7], [1, 1001], [1001, 1]]
    ranges = [(0.0, 1.0), (-500.0, 1.0), (0.0, 1.0 / 7), (0.5, 0.25), (1e-6, 1e-3), (0.0, 1e5),
              (-3.0, 0.001), (100.0, -0.37), (1.0, 1e7), (0.0, 0.0)]
    for shape in big_shapes:
        for _ in range(3):
            dtype = rng.choice(DTYPES[1:])
            start, step = rng.choice(ranges)
            if not dtype.is_floating_point:
                start, step = float(int(start)), float(max(1, int(abs(step))))
                info = torch.iinfo(dtype)
                # keep integer data in range: wraps would depend on the cast
                top = start + step * (math.prod(shape) - 1)
                if top > info.max or start < info.min:
                    start, step = 0.0, 0.0
            perm = None
            if len(shape) >= 2 and rng.random() < 0.3:
                perm = list(range(len(shape)))[::-1]
            opts = dict(default_opts) if rng.random() < 0.6 else rand_opts(math.prod(shape))
            if opts["threshold"] == math.inf and math.prod(shape) > 1200:
                opts["threshold"] = 1000
            emit(n, dtype, torch.float32, shape, perm, opts, rng_spec=(start, step))
            n += 1
    # error cases
    emit(n, torch.float32, torch.float32, [2], None, dict(default_opts, precision=-1), data=[1.5, 2.0]); n += 1
    emit(n, torch.float32, torch.float32, [2], None, dict(default_opts, precision=-1), data=[1.0, 2.0]); n += 1
    emit(n, torch.int64, torch.float32, [2, 5], None, dict(default_opts, threshold=5, edgeitems=0), data=list(range(10))); n += 1
    emit(n, torch.int64, torch.float32, [10], None, dict(default_opts, threshold=5, edgeitems=0), data=list(range(10))); n += 1
    emit(n, torch.int64, torch.float32, [10], None, dict(default_opts, threshold=5, edgeitems=-1), data=list(range(10))); n += 1
    emit(n, torch.int64, torch.float32, [10], None, dict(default_opts, threshold=5, edgeitems=-20), data=list(range(10))); n += 1


main()
