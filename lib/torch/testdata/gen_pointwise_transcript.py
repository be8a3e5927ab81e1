#!/usr/bin/python3
"""Writes eval/testdata/pointwise_api.tsh: statements of tensh's pointwise
operators, functions and methods run in real PyTorch 1.13 (Debian's,
/usr/bin/python3) as its interactive prompt runs them. The transcript is
what PyTorch 1.13 prints, so tensh runs it in `%compat current` mode.

    /usr/bin/python3 eval/testdata/gen_pointwise_transcript.py > eval/testdata/pointwise_api.tsh
"""
import sys
import warnings

import torch

STATEMENTS = r'''
# Python operators, forward and reflected, with numbers
x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]])
i = torch.tensor([7, -7, 3])
b = torch.tensor([True, False, True])
2 - x
1 / x
10 / i
3 // i
-3 % i
2 ** i
2.5 ** x
x ** 2
x ** -1
x ** 0.5
i ** 0
i ** 1
i ** 2
i ** -1
i ** torch.tensor(-1)
1 << i.abs()
256 >> torch.tensor([1, 2, 9])
True + b
b + b
b * 3
b - b
1 - b
-b
+b
+x is x
~b
~i
~x
abs(i)
abs(x)
# comparisons with numbers, both ways, and with other objects
x < 0
0 < x
1 == i
i != 7
x == None
x != 'a'
x < None
x <= [1]
i == [7, -7, 3]
# operators with objects that are not numbers
x + 'a'
'a' + x
x + [1]
[1] + x
(1,) + x
x * None
[1, 2] * torch.tensor(2)
[1, 2] * i
'ab' * torch.tensor([3])
x @ 2
x + 2**64
x * 2**63
x + (2**63 - 1)
# augmented assignment
y = x.clone()
y += 1
y -= torch.tensor([1., 2., 3.])
y *= 2
y /= 4
y //= 0.5
y %= 3
y **= 2
y
y &= 1
y += 'a'
z = y
z is y
j = torch.tensor([5, 6, 7])
j <<= 2
j >>= 1
j ^= 3
j |= 8
j &= 14
j
j /= 2
j //= 0
j %= 0
j **= -1
j
# in-place shape rules (PyTorch 1.13)
k = torch.zeros(3)
k += torch.ones(2, 3)
k.add_(torch.ones(3, 1))
k.copy_(torch.ones(4))
k.copy_(torch.ones(1))
k.copy_(5)
k.copy_(torch.tensor([1.5, 2.5, 3.5]).double())
k.masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1)
k.mul_(torch.tensor(2.))
k
# function forms and their argument errors
torch.add(x, 1, alpha=2)
torch.add(1, 2.5)
torch.add(x, 'a')
torch.add(x)
x.add('a')
torch.add(x, x, alpha=None)
torch.add(x, x, alpha=True)
torch.add(b, b, alpha=True)
torch.add(b, b, alpha=2)
torch.sub(x, x, alpha='a')
torch.add(x, x, foo=1)
torch.add(torch.ones(2, dtype=torch.uint8), 1, alpha=300)
torch.mul(2, 3)
torch.div(7, 2)
torch.div(i, 2, rounding_mode='floor')
torch.div(i, 2, rounding_mode='trunc')
torch.div(i, 0, rounding_mode='trunc')
torch.div(x, 0, rounding_mode='floor')
torch.div(x, 2, rounding_mode=None)
torch.div(x, 2, rounding_mode='')
torch.divide(i, 2)
torch.true_divide(i, 2)
torch.multiply(i, 2)
torch.subtract(i, 2)
torch.rsub(i, 2)
torch.rsub(i, 2, alpha=3)
torch.floor_divide(7, i)
torch.remainder(7, i)
torch.remainder(i, -2.5)
torch.fmod(i, -2.5)
torch.fmod(7, i)
torch.pow(2, i.abs())
torch.pow(1, x)
torch.pow(x, i.float())
torch.pow(2, 3)
torch.maximum(x, 2)
torch.maximum(x)
x.maximum(1)
torch.minimum(x, torch.tensor(0.))
torch.fmax(torch.tensor([float('nan'), 1.]), torch.tensor([2., float('nan')]))
torch.atan2(i, i)
torch.arctan2(x, x)
torch.hypot(i, i)
torch.eq(1, x)
torch.eq(x, 'a')
torch.ne(x, 1)
torch.not_equal(x, 1)
torch.greater(x, 1)
torch.less_equal(x, 1)
torch.logical_and(x, 1)
torch.logical_xor(x, b)
torch.bitwise_and(1, i)
torch.bitwise_and(i, b)
torch.bitwise_not(2)
torch.bitwise_left_shift(i, 1)
torch.bitwise_right_shift(-16, torch.tensor([1, 2]))
torch.add(torch.ones(2), torch.ones(2), out=torch.zeros(3))
o = torch.zeros(0)
torch.mul(torch.ones(2, 2), 3, out=o)
o
torch.exp(x, out=torch.zeros(2, 3, dtype=torch.int32))
torch.exp(2)
torch.exp(x, 1)
x.exp(1)
# in-place methods
w = torch.tensor([4., 9., 16.])
w.sqrt_()
w.pow_(2)
w.reciprocal_()
w.neg_()
w.abs_().log2_()
w.clamp_(min=-3)
w.exp_().round_(decimals=2)
w.atan2_(torch.ones(3))
w.lt_(1)
w.logical_not_()
w.sign_()
w
q = torch.tensor([1, 2, 3])
q.div_(2)
q.true_divide_(2)
q.floor_divide_(2)
q.remainder_(2)
q.fmod_(3)
q.pow_(3)
q.pow_(-1)
q.pow_(2.5)
q.eq_(1)
q.bitwise_xor_(torch.tensor([1, 1, 1]))
q.bitwise_left_shift_(2)
q.logical_or_(torch.tensor([0, 1, 0]))
q.abs_()
q.neg_()
q.square_()
q.sqrt_()
q.floor_()
q.frac_()
q
# unary functions
u = torch.tensor([-1.5, -0.5, 0., 0.5, 1.5, 2.5])
torch.round(u)
torch.round(u, decimals=1)
torch.round(torch.tensor([1234.5678, -0.125]), decimals=-2)
torch.round(torch.tensor([1234.5678, 0.125]), decimals=2)
torch.round(i, decimals=1)
torch.round(u, 1)
torch.negative(u)
torch.absolute(u)
torch.sgn(u)
torch.fix(u)
torch.arcsin(u)
torch.arccos(u)
torch.arctan(u)
torch.square(u)
torch.square(b)
torch.positive(u) is u
torch.positive(b)
torch.relu(b)
torch.sigmoid(i)
torch.exp(b)
torch.tensor([1., 2.], dtype=torch.float16).exp()
torch.tensor([1., 2.], dtype=torch.bfloat16).exp()
torch.tensor([1., 2.], dtype=torch.float16).sqrt()
torch.tensor([1.5, -2.5], dtype=torch.float16).frac()
torch.tensor([1.5, -2.5], dtype=torch.float16).reciprocal()
torch.tensor([3, 4]).frac()
torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf')]), 1.)
torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf')], dtype=torch.float16))
torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf')], dtype=torch.float64), posinf=7)
torch.nan_to_num(i, nan=2.5)
torch.isnan(1.5)
torch.isinf(i)
torch.isfinite(b)
torch.logical_not(u)
# where, lerp, addcmul, addcdiv, clamp
torch.where(b, i, 0)
torch.where(b, 1, 2)
torch.where(b, 1., 2)
torch.where(b, i, x)
torch.where(i, i, i)
torch.where(b, i)
torch.where(b)
torch.where(torch.tensor([[0, 1], [1, 1]]) > 0)
torch.where(torch.tensor(True))
i.where(b, -i)
torch.lerp(x, x * 2, 0.25)
torch.lerp(x, x * 2, torch.tensor([0., 0.5, 1.]))
torch.lerp(i, i, 0.5)
torch.lerp(x, x.double(), 0.5)
torch.lerp(x, x, torch.tensor(0.5, dtype=torch.float64))
torch.lerp(x, 1., 0.5)
x.clone().lerp_(torch.zeros(3), 0.5)
torch.addcmul(x, x, x)
torch.addcmul(i, i, i, value=2)
torch.addcmul(i, i, i, value=0.5)
torch.addcmul(b, b, b)
torch.addcdiv(x, x, x, value=-1)
torch.addcdiv(i, i, i)
x.clone().addcmul_(torch.ones(3), torch.ones(2, 1), value=3)
torch.clamp(x, -1, 1)
torch.clamp(x, min=0)
torch.clamp(x, max=0)
torch.clamp(x)
torch.clamp(x, 1, -1)
torch.clamp(i, 0.5)
torch.clamp(i, torch.tensor(2), 3.5)
torch.clamp(x, torch.tensor([0., 1., 2.]), 3)
torch.clamp(x, min=torch.tensor([0., 1., 2.]), max=torch.tensor([[1.], [2.]]))
torch.clamp(torch.ones(2, dtype=torch.uint8), -1, 300)
torch.clamp(b, 0, 1)
torch.clamp(b, True, True)
torch.clamp(torch.ones(2, dtype=torch.float16), 0, 1)
torch.clip(x, -2, 2)
x.clamp_min(0)
x.clamp_max(torch.tensor(0.))
i.clone().clamp_(0.5, 3.5)
i.clone().clamp_(min=torch.tensor(0.5))
# fill_, zero_, masked_fill, index_fill
f = torch.zeros(2, 3, dtype=torch.uint8)
f.fill_(255)
f.fill_(256)
f.fill_(-1)
f.fill_(torch.tensor(7.9))
f.fill_(torch.ones(1))
f.fill_(None)
f.zero_(1)
torch.zeros(2, dtype=torch.bool).fill_(2.5)
torch.zeros(2).fill_(1e40)
torch.zeros(2, dtype=torch.float16).fill_(float('inf'))
torch.zeros(3).masked_fill(torch.tensor([True, False, True]), 2.)
torch.zeros(3).masked_fill(torch.ones(2, 3, dtype=torch.bool), 2.).shape
torch.zeros(3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 2.)
torch.zeros(3).masked_fill_(torch.tensor([1, 0, 1]), 5)
torch.zeros(3, dtype=torch.int32).masked_fill(torch.tensor([True, False, True]), 2.5)
torch.zeros(3).masked_fill(torch.tensor([True, False, True]), torch.tensor([1.]))
torch.zeros(2, 3).index_fill(1, torch.tensor([0, 2]), -1)
torch.zeros(2, 3).index_fill_(1, torch.tensor([-1]), 7)
torch.zeros(2, 3).index_fill_(1, torch.tensor([3]), 7)
torch.zeros(2, 3).index_fill_(1, torch.tensor([0.]), 7)
torch.zeros(2, 3).index_fill_(2, torch.tensor([0]), 7)
torch.zeros(2, 3).index_fill_(1, torch.tensor([[0]]), 7)
torch.zeros(2, 3).index_fill_(1, torch.tensor(1), torch.tensor(3.))
torch.zeros(2, 3).index_fill_(1, torch.tensor([1]), torch.tensor([3.]))
torch.tensor(5.).index_fill_(0, torch.tensor([0]), 1)
# overlap checks
v = torch.arange(6.)
v[1:].add_(v[:-1])
v[:3].add_(v[3:])
v.add_(v)
torch.add(v[:3], v[3:], out=v[1:4])
torch.exp(v[:3], out=v[1:4])
v[1:].copy_(v[:-1])
e = torch.zeros(3, 1).expand(3, 2)
e.add_(1)
e.copy_(torch.ones(3, 2))
e.fill_(2)
e.zero_()
# broadcasting helpers
torch.broadcast_shapes()
torch.broadcast_shapes(2, 3)
torch.broadcast_shapes((2, 1), [1, 4], torch.Size([3, 1, 1]))
torch.broadcast_shapes((0,), (2,))
torch.broadcast_shapes((-1,), (2,))
torch.broadcast_shapes((1, 0), (3, 1))
torch.broadcast_tensors()
torch.broadcast_tensors(x)
torch.broadcast_tensors(x, 1)
torch.broadcast_tensors(torch.ones(2, 1), torch.ones(3))[1].stride()
# type promotion corners
torch.tensor([1], dtype=torch.uint8) - 3
torch.tensor([1], dtype=torch.int8) * 1e10
torch.tensor([1.], dtype=torch.float16) * 1e10
torch.tensor([1.], dtype=torch.float16) + torch.tensor(1e10)
torch.tensor([2], dtype=torch.int8) ** 9
torch.tensor([2], dtype=torch.uint8) ** 300
torch.tensor([3], dtype=torch.int8) << 9
torch.tensor([-8]) >> 70
torch.tensor([1, 2]) << -1
torch.tensor([True, False]) << 1
torch.tensor([True, False]) / torch.tensor([True, True])
torch.tensor([5, 7]) // torch.tensor([True, True])
torch.tensor([5, 7]) % torch.tensor([True, False])
torch.tensor([0.5, -0.5, 1.5]) // torch.tensor([0., 0., 0.])
torch.tensor([0.5, -0.5]) % torch.tensor([0., -0.])
torch.tensor([-0.]) // 1
torch.tensor([1.], dtype=torch.float64) / 3
torch.tensor([1., 2.], dtype=torch.bfloat16) / 3
torch.tensor([1., 2.], dtype=torch.float16) / 3
torch.tensor([1, 2], dtype=torch.int16) * torch.tensor([1.5], dtype=torch.bfloat16)
'''


def displayhook(v):
    if v is not None:
        print(repr(v))


def showwarning(message, category, filename, lineno, file=None, line=None):
    print('<stdin>:1: %s: %s' % (category.__name__, message))  # Python 3.11's prompt (%compat current)


def main():
    sys.displayhook = displayhook
    warnings.showwarning = showwarning
    warnings.simplefilter('always')
    ns = {'torch': torch}
    sys.stdout.write('# Generated by eval/testdata/gen_pointwise_transcript.py from PyTorch %s\n' % torch.__version__)
    for line in STATEMENTS.strip().splitlines():
        if line.startswith('#'):
            print(line)
            continue
        print('>>> ' + line)
        sys.stdout.flush()
        try:
            code = compile(line, '<stdin>', 'single')
            exec(code, ns)
        except Exception as e:
            msg = str(e).split('\n')[0]
            print('%s: %s' % (type(e).__name__, msg) if msg else type(e).__name__)
        sys.stdout.flush()


if __name__ == '__main__':
    main()
