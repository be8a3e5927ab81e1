#!/usr/bin/python3
"""Writes eval/testdata/random_api.tsh: statements of tensh's random
functions run in real PyTorch 1.13 (Debian's, /usr/bin/python3) as its
interactive prompt runs them.

    /usr/bin/python3 scripts/make_random_transcript.py > eval/testdata/random_api.tsh
"""
import sys
import traceback
import warnings

import torch

STATEMENTS = r'''
# torch.manual_seed returns the default generator
g = torch.manual_seed(0)
g is torch.default_generator
type(g)
g.device
torch.initial_seed()
torch.rand(2, generator=g)
# seeds: negative ones wrap to 64 bits, int() is applied first
torch.manual_seed(-1).initial_seed()
torch.manual_seed(2**64 - 1).initial_seed()
torch.manual_seed(2**64)
torch.manual_seed(-2**63 - 1)
torch.manual_seed(1.7).initial_seed()
torch.manual_seed('12').initial_seed()
torch.manual_seed(True).initial_seed()
torch.manual_seed(None)
torch.manual_seed(float('nan'))
torch.manual_seed()
torch.manual_seed(2**32 + 5).initial_seed()
torch.rand(3)
torch.manual_seed(5).initial_seed()
torch.rand(3)
# torch.Generator objects have their own stream
gen = torch.Generator()
gen.initial_seed()
gen.device
torch.randn(3, generator=gen)
gen.manual_seed(0) is gen
torch.rand(3, generator=gen)
g = torch.manual_seed(0)
torch.rand(3)
torch.Generator(device='cpu').manual_seed(-5).initial_seed()
torch.Generator('cuda')
torch.Generator().manual_seed(2**64)
torch.rand(3, generator=5)
torch.Generator().manual_seed('12')
torch.Generator().manual_seed(1.5)
torch.Generator().manual_seed(True)
torch.Generator().manual_seed()
torch.Generator().get_state(1)
torch.Generator().set_state(torch.empty(3))
torch.Generator().set_state([1])
torch.Generator(5)
torch.Generator(device='foo')
torch.Generator(device='cuda:0')
torch.Generator
torch.manual_seed(3).device
torch.seed(3)
torch.initial_seed(3)
torch.get_rng_state(1)
torch.set_rng_state()
torch.random.manual_seed(9) is torch.default_generator
torch.random.initial_seed()
torch.random.get_rng_state().shape
torch.rand(3, generator=None).shape
# the state of a generator, and replaying it
g = torch.manual_seed(12)
torch.get_rng_state()
s = torch.get_rng_state()
s.shape
s.dtype
a = torch.randn(3)
torch.set_rng_state(s)
torch.randn(3)
torch.randn(1)
s2 = torch.get_rng_state()
torch.randn(1)
torch.set_rng_state(s2)
torch.randn(1)
gen = torch.Generator()
gen.set_state(torch.get_rng_state()) is gen
torch.randn(1, generator=gen)
gen.get_state().shape
torch.set_rng_state([1])
torch.set_rng_state(torch.empty(5056))
torch.set_rng_state(torch.empty(10, dtype=torch.uint8))
torch.set_rng_state(torch.randint(0, 1, (5056,), dtype=torch.uint8))
torch.set_rng_state(torch.randint(0, 1, (5048,), dtype=torch.uint8))
# sizes, dtypes and devices of rand and randn
g = torch.manual_seed(3)
torch.rand(2, 3, dtype=torch.float64)
torch.rand((2, 2))
torch.rand([3])
torch.rand(size=(1, 2))
torch.rand([])
torch.randn(())
torch.rand(0, 3)
torch.randn(2, 0)
torch.rand(2, dtype=float)
torch.rand(2, device='cpu')
torch.rand(2, device='cuda')
torch.rand(2, device='foo')
torch.rand()
torch.rand(2, -3)
torch.rand(2, size=(2, 3))
torch.rand((2, 3), 4)
torch.rand(2, foo=1)
torch.rand(2, dtype=torch.int64)
torch.rand(2, dtype=int)
torch.randn(2, dtype=torch.bool)
torch.randn(2, dtype=torch.int16)
torch.rand(2, dtype=torch.float16)
torch.randn(17, dtype=torch.float16)
torch.randn(17, dtype=torch.bfloat16)
torch.randn(16, dtype=torch.float64)
# randint
g = torch.manual_seed(4)
torch.randint(10, (4,))
torch.randint(3, 7, (2, 3))
torch.randint(high=10, size=(3,))
torch.randint(low=2, high=10, size=(3,))
torch.randint(2, high=10, size=(3,))
torch.randint(10, size=(3,))
torch.randint(0, 10, [2, 2])
torch.randint(0, 10, ())
torch.randint(-2**63, 2**63 - 1, (2,))
torch.randint(0, 2**40, (2,))
torch.randint(0, 2**40, (2,), dtype=torch.float64)
torch.randint(-3, 3, (4,), dtype=torch.int8)
torch.randint(0, 2, (5,), dtype=torch.bool)
torch.randint(0, 10, (3,), dtype=torch.float16)
torch.randint(0, 10, 3)
torch.randint(0, 10)
torch.randint(10)
torch.randint(0, 10, (3,), 4)
torch.randint(10, (3,), low=2)
torch.randint(0, 10, size=3)
torch.randint(0.5, 10, (3,))
torch.randint(True, 10, (2,))
torch.randint(5, 5, (3,))
torch.randint(10, 5, (3,))
torch.randint(0, 300, (3,), dtype=torch.uint8)
torch.randint(-1, 3, (3,), dtype=torch.uint8)
torch.randint(0, 3, (3,), dtype=torch.bool)
torch.randint(0, 2**40, (3,), dtype=torch.int32)
torch.randint(0, 2**40, (3,), dtype=torch.float16)
torch.randint(0, 2**63, (3,))
torch.randint(-2**40, 2**40, (2,), dtype=torch.float32)
# randperm
g = torch.manual_seed(5)
torch.randperm(8)
torch.randperm(n=5)
torch.randperm(4, dtype=torch.float32)
torch.randperm(3, dtype=torch.float64)
torch.randperm(0)
torch.randperm(1)
torch.randperm(-1)
torch.randperm(3000, dtype=torch.float16)
torch.randperm(5, dtype=torch.bool)
torch.randperm(300, dtype=torch.int8)
torch.randperm(4.0)
torch.randperm()
torch.randperm(2**70)
# uniform_, normal_ and random_
g = torch.manual_seed(6)
x = torch.empty(5)
x.uniform_()
x.uniform_(-2, 2)
x.uniform_(to=5)
x.uniform_(True, 2)
x.uniform_(1, 2, 3)
x.uniform_('a')
x.uniform_(2, 1)
x.uniform_(0, 1e39)
x.uniform_(float('nan'), 1)
x.uniform_(0.5, 1e-5)
x.uniform_(-3e38, 3e38)
torch.empty(3, dtype=torch.float16).uniform_(-6e4, 6e4)
torch.empty(3, dtype=torch.float16).uniform_(0, 1e5)
torch.empty(3, dtype=torch.long).uniform_()
torch.empty(0, dtype=torch.long).uniform_()
torch.empty(3, dtype=torch.bool).uniform_()
x.normal_()
x.normal_(2, 0.5)
x.normal_(std=2)
x.normal_(mean=-1., std=2.)
x.normal_(0, 0)
x.normal_(0, -1)
x.normal_(0, float('nan'))
x.normal_(1, 2, 3)
torch.empty(0).normal_(0, -1)
torch.empty(3, dtype=torch.int32).normal_()
torch.empty(0, dtype=torch.long).normal_()
torch.empty(20).normal_(3, 0.1)
torch.empty(4, dtype=torch.float64).normal_(-1, 3)
x.random_()
x.random_(5)
x.random_(2, 5)
x.random_(to=10)
x.random_(3, None)
x.random_(2.5, 10)
x.random_(None)
x.random_(-5)
torch.empty(3, dtype=torch.int32).random_()
torch.empty(3, dtype=torch.int64).random_()
torch.empty(3, dtype=torch.bool).random_()
torch.empty(3, dtype=torch.uint8).random_()
torch.empty(3, dtype=torch.float16).random_()
torch.empty(3, dtype=torch.bfloat16).random_()
torch.empty(3, dtype=torch.float64).random_()
torch.empty(3, dtype=torch.float16).random_(0, 65504)
torch.empty(3, dtype=torch.float16).random_(-3001, -3000)
torch.empty(3, dtype=torch.int64).random_(-2**63)
torch.empty(3, dtype=torch.int16).random_(-2**63)
torch.empty(0, dtype=torch.long).random_(0, 10)
torch.empty(0, dtype=torch.bool).random_(0, 10)
torch.empty(0, dtype=torch.bool).random_(-2**63, None)
torch.empty(2, dtype=torch.int8).random_(-2**63, None)
torch.empty(2, dtype=torch.float16).random_(-2**63, None)
torch.empty(2, dtype=torch.bfloat16).random_(-2**63, None)
torch.empty(2, dtype=torch.int8).random_(-3, None)
torch.empty(2, dtype=torch.float16).random_(70000, None)
torch.empty(2, dtype=torch.float16).random_(2000, None)
# the *_like functions
g = torch.manual_seed(7)
torch.rand_like(torch.empty(2, 2))
torch.rand_like(torch.empty(2, 2), dtype=torch.float64)
torch.randn_like(torch.empty(3, dtype=torch.float16))
torch.randint_like(torch.empty(3), 5)
torch.randint_like(torch.empty(3, dtype=torch.int32), 5)
torch.randint_like(torch.empty(3), 2, 4)
torch.randint_like(torch.empty(3), high=5)
torch.randint_like(torch.empty(3), low=1, high=5)
torch.randint_like(torch.empty(3), 5, dtype=torch.int64)
torch.randint_like(torch.empty(3), 5.5)
torch.randint_like(torch.empty(3))
torch.randint_like(3, 5)
torch.rand_like(3)
torch.rand_like(torch.empty(3, dtype=torch.int64))
torch.randn_like(torch.empty(3, dtype=torch.int64))
torch.rand_like(torch.empty(3, dtype=torch.int64), dtype=torch.float64)
# more digits: the numbers are PyTorch's to the last bit
torch.set_printoptions(precision=10)
g = torch.manual_seed(8)
torch.rand(4)
torch.randn(4)
torch.randn(18)
torch.rand(3, dtype=torch.float64)
torch.randn(3, dtype=torch.float64)
torch.empty(17).normal_(0.5, 2.5)
torch.empty(5).uniform_(-7.25, 3.5)
'''


def displayhook(v):
    if v is not None:
        print(repr(v))


def showwarning(message, category, filename, lineno, file=None, line=None):
    print('__main__:1: %s: %s' % (category.__name__, message))


def main():
    sys.displayhook = displayhook
    warnings.showwarning = showwarning
    warnings.simplefilter('always')
    ns = {'torch': torch}
    sys.stdout.write('# Generated by scripts/make_random_transcript.py from PyTorch %s\n' % torch.__version__)
    # Errors are recorded by their first line, as the seed documents record
    # them: the file selects that mode whatever tensh's default is.
    print('# Errors are recorded by their first line: the file selects %compat docs.')
    print('>>> %compat docs')
    for line in STATEMENTS.strip().splitlines():
        if line.startswith('#'):
            print(line)
            continue
        print('>>> ' + line)
        sys.stdout.flush()
        try:
            exec(compile(line, '<stdin>', 'single'), ns)
        except Exception as e:
            msg = str(e).split('\n')[0]
            print('%s: %s' % (type(e).__name__, msg) if msg else type(e).__name__)
        sys.stdout.flush()


if __name__ == '__main__':
    main()
