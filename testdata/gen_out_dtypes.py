#!/usr/bin/python3
"""Writes the random part of out_dtypes.tsh: operands of every dtype pair
through in-place methods, augmented assignments, out= calls, reflected
calls and result_type/promote_types/can_cast. The expected output comes
from real PyTorch (in --compat=current mode: in-place errors as PyTorch
1.13 prints them):

    /usr/bin/python3 testdata/gen_out_dtypes.py 1 150 >> testdata/out_dtypes.tsh
    scripts/regen-transcripts -i testdata/out_dtypes.tsh
"""
import random, sys
r = random.Random(int(sys.argv[1]))
D = ['torch.bool','torch.uint8','torch.int8','torch.int16','torch.int32','torch.int64','torch.float16','torch.bfloat16','torch.float32','torch.float64']
ops = "add sub mul div true_divide floor_divide remainder fmod pow maximum minimum fmax fmin atan2 hypot eq ne lt le gt ge logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor clamp_min clamp_max".split()
aug = ["+=","-=","*=","/=","//=","%=","**=","&=","|=","^=","<<=",">>="]
scal = ["2", "-3", "2.5", "True", "-0.5", "0", "torch.tensor(2)", "torch.tensor(1.5)", "torch.tensor(True)", "torch.tensor([2, 3])"]
out = []
for k in range(int(sys.argv[2])):
    da, db = r.choice(D), r.choice(D)
    sa = r.choice(["(2, 3)", "(3,)", "(1, 3)", "(2, 1)", "()"])
    sb = r.choice(["(2, 3)", "(3,)", "(1, 3)", "(2, 1)", "()", "(1, 1, 3)"])
    out.append(f"x = torch.tensor([[1, -2, 3], [4, 0, -6]]).reshape(-1)[:{r.choice([1,3,6])}].to({da})")
    out.append(f"x = x.reshape(-1)[0] if x.numel() == 1 or {sa!r} == '()' else x")
    out.append(f"y = torch.tensor([[2, 1, -1], [3, 5, 2]]).to({db})")
    c = r.random()
    o = r.choice(["y", "y[0]", "y[:, :1]"] + scal)
    if c < 0.3:
        f = r.choice(ops)
        extra = r.choice(["", ", alpha=2", ", rounding_mode='floor'", ", rounding_mode='trunc'", ""]) if f in ('add','sub','div') else ""
        if f not in ('add','sub'): extra = extra.replace(", alpha=2", "")
        if f != 'div': extra = ""
        out.append(f"x.{f}_({o}{extra}); x")
    elif c < 0.5:
        out.append(f"x {r.choice(aug)} {o}; x")
    elif c < 0.7:
        f = r.choice(ops)
        out.append(f"z = torch.empty({r.choice(['0', '(2, 3)', '(3,)', '()'])}, dtype={r.choice(D)}); torch.{f}(x, {o}, out=z); z")
    elif c < 0.85:
        f = r.choice(ops)
        out.append(f"torch.{f}({o}, x)")
    else:
        out.append(f"torch.result_type(x, {o}), torch.promote_types(x.dtype, {db}), torch.can_cast(x.dtype, {db})")
print("\n".join(">>> " + l for l in out))
