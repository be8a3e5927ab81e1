#!/usr/bin/python3
"""Writes the statements of autograd_random.tsh: random expressions of two
leaves a and b (float32 or float64, random broadcastable shapes of 0 to 3
dims) through pointwise, reduction, view, product and in-place-on-view
operations, then backward, and the bits of each leaf's .grad (viewed as
integers, so that every bit is compared). The expected output comes from
PyTorch 1.13: a differential test of the gradient formulas, their
reduction to broadcast operands' shapes, and the engine's summation order.

    /usr/bin/python3 testdata/gen_random_autograd.py > testdata/autograd_random.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py testdata/autograd_random.tsh > /tmp/x && mv /tmp/x testdata/autograd_random.tsh
"""
import random
import sys

POINTWISE2 = ["a + b", "a - b", "a * b", "a / (b.abs() + 0.5)", "torch.maximum(a, b)",
              "torch.minimum(a, b)", "a * b + a", "(a - b) * (a + b)", "a.exp() * b", "(a * b).sigmoid()",
              "a.tanh() + b.sin()", "(a - b).abs()", "(a * a + b * b).sqrt()", "a.pow(2) * b", "a ** 3 - b",
              "(a.abs() + 1).log() * b", "torch.where(a > b, a, b * 2)", "a.clamp(-0.5, 0.5) * b",
              "b.cos() / (a.abs() + 1)", "a.relu() + b.neg()", "2 ** a * b",
              "1 - a * b", "(a + 1.5) / b.exp()", "a.expm1() - b.log1p().nan_to_num(0)",
              "torch.hypot(a, b)", "a.reciprocal().clamp(-3, 3) * b", "b * a.rsqrt().nan_to_num(0)",
              "a * a.sigmoid() * b", "(a * b).tanh().pow(2)", "a.square() + b.square()",
              "torch.lerp(a, b, 0.3)", "torch.lerp(a, b, b.sigmoid())", "torch.addcmul(a, a, b, value=0.5)",
              "torch.addcdiv(a, a, b.abs() + 1, value=2)", "a.cumprod(-1) * b", "torch.outer(a.flatten(), b.flatten())",
              "a.clamp(b - 0.5, b + 0.5)", "a.clamp(min=b)", "torch.stack([a * b, a - b])",
              "torch.cat([(a * b).flatten(), b.flatten()])", "a.masked_fill(a > 0.5, 0) * b",
              "a.asin().nan_to_num(0) + b.atan()", "a.sinh() * b.cosh()", "(a + b) * 0.5 + a / 3"]
# float64's transcendental functions (and float32 atan2, logsumexp, lerp with a tensor weight) are not all bit-exact in tensh's forward
# kernels yet (float32's are): float64 cases use the rational operations.
RATIONAL = ["a + b", "a - b", "a * b", "a / (b.abs() + 0.5)", "torch.maximum(a, b)",
            "torch.minimum(a, b)", "a * b + a", "(a - b) * (a + b)", "(a - b).abs()",
            "(a * a + b * b).sqrt()", "a.pow(2) * b", "a ** 3 - b", "torch.where(a > b, a, b * 2)",
            "a.clamp(-0.5, 0.5) * b", "a.relu() + b.neg()", "1 - a * b", "a.square() + b.square()",
            "(a + b) * 0.5 + a / 3", "a.reciprocal().clamp(-3, 3) * b", "torch.lerp(a, b, 0.3)",
            "torch.addcmul(a, a, b, value=0.5)", "a.cumprod(-1) * b", "a.clamp(b - 0.5, b + 0.5)",
            "torch.outer(a.flatten(), b.flatten())", "torch.stack([a * b, a - b])"]
RATIONAL_REDUCE = ["sum({d})", "sum({d}, keepdim=True)", "mean({d})", "amax({d})", "amin({d}, True)",
                   "prod({d})", "cumsum({d})", "std({d})", "var({d}, keepdim=True)", "max({d}).values",
                   "min({d})[0]", "norm(dim={d})", "norm()", "sum()", "mean()", "max()", "prod()", "std()"]
RATIONAL_INPLACE = ["y[0] = 0", "y[..., 0].mul_(2)", "y.add_(1)", "y.mul_(a.detach().sum())",
                    "y[0].copy_(a.detach().sum())", "y.clamp_(-1, 1)", "y[y > 0] = 1", "y.t().add_(1)",
                    "y.view(-1)[0].fill_(5)", "y.neg_()", "y.div_(2)", "y.pow_(2)",
                    "y.transpose(0, -1)[0] *= 3", "y.relu_()", "y.unsqueeze(0).sub_(1)"]
REDUCE = ["sum({d})", "sum({d}, keepdim=True)", "mean({d})", "amax({d})", "amin({d}, True)",
          "prod({d})", "cumsum({d})", "std({d})", "var({d}, keepdim=True)",
          "max({d}).values", "min({d})[0]", "norm(dim={d})", "softmax", "norm()", "sum()",
          "mean()", "max()", "prod()", "std()"]
VIEWS = ["t()", "transpose(0, -1)", "unsqueeze(0)", "flatten()", "[..., 0]", "[0]", "[1:]",
         "[:, None]", "[[0, 0, -1]]", "view(-1)", "reshape(-1, 1)", "permute(*reversed(range(y.dim())))",
         "flip(0)", "expand(2, *y.shape)", "repeat(2, 1)", "unbind(0)[0]", "chunk(2)[-1]",
         "narrow(0, 0, 1)", "diagonal()", "contiguous()", "clone()", "double()", "[y > 0]",
         "roll(1, 0)", "tril()", "movedim(0, -1)", "split(1)[0]", "mT", "squeeze()",
         "unfold(0, 2, 1)", "roll(1)", "norm(dim=(0, 1))", "split([1, 1])[1]", "H"]
INPLACE = ["y[0] = 0", "y[..., 0].mul_(2)", "y.add_(1)", "y.mul_(a.detach().sum())", "y.exp_()",
           "y[0].copy_(a.detach().sum())", "y.sigmoid_()", "y.clamp_(-1, 1)", "y[y > 0] = 1",
           "y.t().add_(1)", "y.view(-1)[0].fill_(5)", "y.neg_()", "y.div_(2)", "y.pow_(2)",
           "y.transpose(0, -1)[0] *= 3", "y.tanh_()", "y.relu_()", "y.unsqueeze(0).sub_(1)"]


def shapes(r):
    nd = r.choice([0, 1, 1, 2, 2, 2, 3, 3])
    out = [r.choice([2, 3, 4]) for _ in range(nd)]

    def operand():
        k = r.randint(0, nd)
        s = out[nd - k:]
        return [1 if r.random() < 0.3 else n for n in s]
    return operand(), operand(), out


def tup(s):
    return "(" + ", ".join(map(str, s)) + ("," if len(s) == 1 else "") + ")"


def case(r, i):
    dt = r.choice(["torch.float32", "torch.float32", "torch.float64"])
    ity = "torch.int32" if dt == "torch.float32" else "torch.int64"
    c = r.random()
    sa, sb, out = shapes(r)
    while c >= 0.1 and len(out) < 2 and r.random() < 0.8:
        sa, sb, out = shapes(r)
    if c < 0.1:
        # products
        n, k, m = r.randint(1, 4), r.randint(1, 4), r.randint(1, 4)
        sa, sb, expr = r.choice([([n, k], [k, m], "a @ b"), ([n, k], [k], "a @ b"),
                                 ([k], [k], "a @ b"), ([2, n, k], [2, k, m], "torch.bmm(a, b)"),
                                 ([n, k], [k, m], "a.mm(b)"), ([n, k], [k], "torch.mv(a, b)"),
                                 ([k], [k], "torch.dot(a, b)"), ([2, n, k], [k, m], "a @ b"),
                                 ([k], [k, m], "a @ b"), ([n, k], [m, k], "a @ b.t()")])
    else:
        expr = r.choice(POINTWISE2 if dt == "torch.float32" else RATIONAL)
    yield f"_ = torch.manual_seed({i}); a = torch.randn({tup(sa)}, dtype={dt}, requires_grad=True); b = torch.randn({tup(sb)}, dtype={dt}, requires_grad=True)"
    yield f"y = {expr}"
    c = r.random()
    if c < 0.3:
        red = r.choice(REDUCE if dt == "torch.float32" else RATIONAL_REDUCE)
        if red == "softmax":
            red = "exp().sum()"
        yield f"y = y.{red.format(d=r.choice([0, -1]))} if y.dim() else y * 1"
    elif c < 0.55:
        v = r.choice(VIEWS)
        sep = "" if v.startswith("[") else "."
        yield f"y = y{sep}{v}"
    elif c < 0.75:
        yield "y = y * 1"
        yield r.choice(INPLACE if dt == "torch.float32" else RATIONAL_INPLACE)
    # exact gradient values (tensh's randn of some sizes is not yet bit-exact)
    yield f"y.backward(((torch.arange(y.numel()) % 7 - 3) / 4).to(y.dtype).reshape(y.shape))"
    yield f"a.grad.view({ity}), b.grad.view({ity})"


def main():
    r = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    print("# Random autograd differential test: gradients of random expressions of two")
    print("# leaves on random broadcastable shapes, compared bit for bit (as integers).")
    print("# Generated by testdata/gen_random_autograd.py; expected output from PyTorch 1.13.")
    for i in range(n):
        for s in case(r, i):
            print(">>> " + s)


main()
