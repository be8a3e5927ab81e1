#!/usr/bin/python3
"""Generates pointwise_golden.txt for pointwise_golden_test.go: the dtype,
values or error of every pointwise operation of tensh over every dtype (and
pair of dtypes), as PyTorch 1.13 computes them.

    /usr/bin/python3 gen_pointwise_golden.py > pointwise_golden.txt

Lines are: CASE|DTYPES|RESULT where RESULT is `dtype:v1,v2,...` (values as
Python reprs) or `ERR:Type:message` (first line).
"""
import math
import torch

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64"]

# Operand values: floats for floating dtypes, integers (wrapped into the
# dtype) for the others, bool from the integers' truth.
A_F = [-3.5, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.5, 7.25]
B_F = [2.0, -1.5, 3.0, -2.0, 1.25, 4.0, -3.0, 1.5, 2.0, -5.0]
C_F = [0.25, 0.75, -0.5, 2.0, 0.5, 1.5, -1.0, 0.1, 3.0, 0.9]
A_I = [-3, -2, -1, 0, 0, 5, 1, 2, 3, 7]
B_I = [2, -1, 3, -2, 1, 4, -3, 1, 2, -5]
C_I = [1, 2, -1, 3, 1, 2, -2, 1, 3, 4]
U_F = [-2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.7, 100.0, float("nan"), float("inf"), float("-inf")]
U_I = [-3, -2, -1, 0, 1, 2, 3, 100, -128, 127, 255, 1000]


def make(fvals, ivals, dt):
    d = getattr(torch, dt)
    if d.is_floating_point:
        return torch.tensor(fvals, dtype=torch.float64).to(d)
    return torch.tensor(ivals, dtype=torch.int64).to(d)


def fmt_val(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        return repr(v)
    return repr(v)


def run(case, dts, fn):
    try:
        r = fn()
        if isinstance(r, torch.Tensor):
            vals = r.reshape(-1).tolist()
            res = str(r.dtype)[6:] + ":" + ",".join(fmt_val(v) for v in vals)
        else:
            res = "value:" + repr(r)
    except Exception as e:
        res = "ERR:" + type(e).__name__ + ":" + str(e).split("\n")[0]
    print(case + "|" + dts + "|" + res)


BINARY = {
    "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div,
    "div_trunc": lambda a, b: torch.div(a, b, rounding_mode="trunc"),
    "div_floor": lambda a, b: torch.div(a, b, rounding_mode="floor"),
    "remainder": torch.remainder, "fmod": torch.fmod, "pow": torch.pow,
    "maximum": torch.maximum, "minimum": torch.minimum, "fmax": torch.fmax, "fmin": torch.fmin,
    "atan2": torch.atan2, "hypot": torch.hypot,
    "bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or, "bitwise_xor": torch.bitwise_xor,
    "lshift": torch.bitwise_left_shift, "rshift": torch.bitwise_right_shift,
    "eq": torch.eq, "ne": torch.ne, "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
    "logical_and": torch.logical_and, "logical_or": torch.logical_or, "logical_xor": torch.logical_xor,
}
INPLACE = {
    "add": "add_", "sub": "sub_", "mul": "mul_", "div": "div_", "remainder": "remainder_", "fmod": "fmod_",
    "pow": "pow_", "atan2": "atan2_", "hypot": "hypot_", "bitwise_and": "bitwise_and_",
    "lshift": "bitwise_left_shift_", "eq": "eq_", "lt": "lt_", "logical_xor": "logical_xor_",
}
SCALARS = {"int": 2, "negint": -3, "float": 2.5, "bool": True, "big": 300}

UNARY = ["neg", "abs", "sign", "sqrt", "rsqrt", "exp", "expm1", "log", "log1p", "log2", "log10", "sin",
         "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "sigmoid", "relu", "floor", "ceil",
         "round", "trunc", "frac", "reciprocal", "square", "logical_not", "bitwise_not", "isnan", "isinf",
         "isfinite", "nan_to_num"]


def main():
    for name, fn in BINARY.items():
        for da in DTYPES:
            for db in DTYPES:
                a, b = make(A_F, A_I, da), make(B_F, B_I, db)
                run("bin:" + name, da + "," + db, lambda: fn(a, b))
                if name in INPLACE:
                    run("inplace:" + name, da + "," + db, lambda: getattr(a.clone(), INPLACE[name])(b))
            for sname, s in SCALARS.items():
                a = make(A_F, A_I, da)
                if name in ("maximum", "minimum", "fmax", "fmin", "atan2", "hypot", "logical_and",
                            "logical_or", "logical_xor"):
                    continue
                run("scalar:" + name + ":" + sname, da, lambda: fn(a, s))
                if name in ("add", "sub", "mul", "div", "remainder", "pow", "div_floor", "bitwise_and", "lshift"):
                    run("rscalar:" + name + ":" + sname, da, lambda: fn(s, a))
                a0 = make([1.5], [3], da).reshape(())
                run("zerodim:" + name + ":" + sname, da, lambda: fn(a0, torch.tensor(s)))
    for da in DTYPES:
        for alpha in [2, 0.5, True, -1]:
            a, b = make(A_F, A_I, da), make(B_F, B_I, da)
            run("alpha:add:" + repr(alpha), da, lambda: torch.add(a, b, alpha=alpha))
            run("alpha:sub:" + repr(alpha), da, lambda: torch.sub(a, b, alpha=alpha))
    for name in UNARY:
        for da in DTYPES:
            x = make(U_F, U_I, da)
            run("unary:" + name, da, lambda: getattr(torch, name)(x))
            if name not in ("isnan", "isinf", "isfinite"):
                run("unary_:" + name, da, lambda: getattr(x.clone(), name + "_")())
    for da in DTYPES:
        x = make(U_F, U_I, da)
        for dec in [1, 2, -1]:
            run("round:" + str(dec), da, lambda: torch.round(x, decimals=dec))
        run("nan_to_num:args", da, lambda: torch.nan_to_num(x, nan=1.5, posinf=2.0, neginf=-2.0))
        for e in [0, 1, 2, 3, 0.5, -0.5, -1, -2, 2.5, -1.5, True]:
            run("powscalar:" + repr(e), da, lambda: torch.pow(x, e))
            run("powscalar_:" + repr(e), da, lambda: x.clone().pow_(e))
        for lo, hi in [(0, 2), (-1.5, 2.5), (None, 1), (0.5, None), (3, 1), (True, None)]:
            run("clamp:" + repr(lo) + ":" + repr(hi), da, lambda: torch.clamp(x, lo, hi))
            run("clamp_:" + repr(lo) + ":" + repr(hi), da, lambda: x.clone().clamp_(lo, hi))
    for da in DTYPES:
        for db in DTYPES:
            a, b, c = make(A_F, A_I, da), make(B_F, B_I, db), make(C_F, C_I, da)
            cond = make(A_F, A_I, "bool")
            run("where", da + "," + db, lambda: torch.where(cond, a, b))
            run("lerp", da + "," + db, lambda: torch.lerp(a, b, 0.3))
            run("lerp_w", da + "," + db, lambda: torch.lerp(a, c, b))
            run("addcmul", da + "," + db, lambda: torch.addcmul(a, b, c, value=2))
            run("addcdiv", da + "," + db, lambda: torch.addcdiv(a, c, b, value=0.5))
            run("clamp_t", da + "," + db, lambda: torch.clamp(a, min=b, max=c))
            run("clamp_tmin", da + "," + db, lambda: torch.clamp(a, min=b))
            run("clamp_t_", da + "," + db, lambda: a.clone().clamp_(min=b, max=c))
            run("copy_", da + "," + db, lambda: a.clone().copy_(b))
            run("fill_", da + "," + db, lambda: a.clone().fill_(b[1]))
            run("masked_fill_", da + "," + db, lambda: a.clone().masked_fill_(cond, b[2]))


main()
