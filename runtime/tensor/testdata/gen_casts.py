#!/usr/bin/python3
"""Generates casts.json: every pair of dtypes on edge values, as PyTorch 1.13
(CPU, x86-64) converts them. Run with Debian's /usr/bin/python3 (torch 1.13):

    /usr/bin/python3 gen_casts.py > casts.json

Values are encoded exactly: integers and bools as JSON numbers/booleans,
floating values as float.hex() strings of the value widened to float64
("nan", "inf", "-inf" for the special ones; NaN signs are not compared).
"""
import json, math, struct
import torch

DT = {"bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
      "int32": torch.int32, "int64": torch.int64, "float16": torch.float16,
      "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64}

def enc(v):
    if isinstance(v, bool) or isinstance(v, int):
        return v
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v.hex()

def f32(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]

floats = [0.0, -0.0, 0.5, -0.5, 0.9999, 1.0, -1.0, 1.5, -1.5, 2.5, -2.5, 1.7, -1.7, 100.0, 127.5, 128.0, -128.0, -128.9,
          -129.0, 200.7, -200.7, 255.0, 255.9, 256.0, 300.2, -255.0, -256.0, 32767.0, 32768.0, -32769.0, 65504.0, 65519.0,
          65520.0, 70000.5, -70000.5, 2147483647.0, 2147483648.0, -2147483648.0, -2147483649.0, 3e9 + 1, -3e9 - 1,
          5e9 + 7, 4294967554.0, 1e10 + 3, 2.0 ** 53 + 2, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 1e19, -1e19, 1e30, 3.4e38,
          3.5e38, 1e300, -1e300, 1e-5, 6e-8, 3e-8, 2.0 ** -24, 2.0 ** -25, 1.5 * 2.0 ** -25, 2.0 ** -14, 1e-40, 1e-45,
          1 + 2.0 ** -11, 1 + 2.0 ** -11 + 2.0 ** -40, 1 + 3 * 2.0 ** -11, 1 + 2.0 ** -8, 1 + 2.0 ** -8 + 2.0 ** -40,
          1 + 3 * 2.0 ** -8, 1 / 3, 0.1, -0.1, 3.3, 2049.0, 2051.0, 4097.0, 257.0, 259.0, 16777217.0,
          float("nan"), float("inf"), float("-inf")]
ints = [0, 1, -1, 2, 7, 100, 127, 128, -128, -129, 200, 255, 256, 257, 300, -200, -255, -256, 1000, 2049, 2051,
        4097, 32767, 32768, -32768, -32769, 65504, 65519, 65520, 65535, 65536, 70000, 2 ** 24 + 1, 2 ** 24 + 2 ** 16 + 1,
        2 ** 31 - 1, 2 ** 31, -2 ** 31, -2 ** 31 - 1, 2 ** 32 + 3, 2 ** 53 + 1, 2 ** 62 + 2 ** 38 + 1, 2 ** 63 - 1, -2 ** 63]

out = {}
for sname, sdt in DT.items():
    if sdt == torch.bool:
        src = torch.tensor([False, True])
    elif sdt.is_floating_point:
        src = torch.tensor(floats, dtype=torch.float64).to(sdt)
        if sdt == torch.float32:
            # float32 bit patterns around the float16/bfloat16 rounding edges
            extra = [0x33000000, 0x33000001, 0x337fffff, 0x387fc000, 0x387fe000, 0x38800000, 0x3f801000, 0x3f801001,
                     0x3f803000, 0x3f808000, 0x3f808001, 0x3f818000, 0x477fefff, 0x477ff000, 0x477ff001, 0x7f7f7fff,
                     0x7f7f8000, 0x7f7fffff, 0x00000001, 0x80000001, 0x7fc00001, 0xffc00000, 0x00400000]
            src = torch.cat([src, torch.tensor([f32(b) for b in extra], dtype=torch.float32)])
    else:
        info = torch.iinfo(sdt)
        src = torch.tensor([v for v in ints if info.min <= v <= info.max], dtype=sdt)
    entry = {"src": [enc(v) for v in src.tolist()]}
    for dname, ddt in DT.items():
        entry[dname] = [enc(v) for v in src.to(ddt).tolist()]
    out[sname] = entry
print("{")
for i, (sname, entry) in enumerate(out.items()):
    print(f' "{sname}": {{')
    for j, (k, v) in enumerate(entry.items()):
        print(f'  "{k}": {json.dumps(v)}' + ("," if j < len(entry) - 1 else ""))
    print(" }" + ("," if i < len(out) - 1 else ""))
print("}")
