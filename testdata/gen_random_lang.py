#!/usr/bin/python3
"""Writes random small programs for lang_random.tsh: functions with
loops, conditionals, try/except, comprehensions, closures and lambdas over
ints, lists and tuples, each defined and then called. The expected output
comes from CPython 3.11:

    /usr/bin/python3 testdata/gen_random_lang.py > /tmp/lang_random.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py /tmp/lang_random.tsh > testdata/lang_random.tsh
"""
import random

NAMES = ["a", "b", "c", "n", "s", "t"]
OPS = ["+", "-", "*", "//", "%"]
CMPS = ["<", "<=", ">", ">=", "==", "!="]


class Gen:
    def __init__(self, r):
        self.r = r

    def atom(self, names):
        r = self.r
        if r.random() < 0.6:
            return r.choice(names)
        return str(r.randint(-3, 9))

    def expr(self, names, depth=0):
        r = self.r
        c = r.random()
        if depth > 1 or c < 0.35:
            return self.atom(names)
        if c < 0.75:
            return f"{self.expr(names, depth + 1)} {r.choice(OPS)} {self.expr(names, depth + 1)}"
        if c < 0.85:
            return f"({self.expr(names, depth + 1)} if {self.cond(names)} else {self.expr(names, depth + 1)})"
        if c < 0.92:
            f = r.choice(['abs', 'len', 'sum', 'max', 'min'])
            if f == "abs":
                return f"abs({self.atom(names)})"
            return f"{f}([{self.atom(names)}, {self.atom(names)}])"
        return f"sum(k * {self.atom(names)} for k in range({r.randint(0, 4)}))"

    def cond(self, names):
        r = self.r
        c = f"{self.expr(names, 1)} {r.choice(CMPS)} {self.expr(names, 1)}"
        if r.random() < 0.2:
            c = f"not {c}"
        if r.random() < 0.2:
            c = f"{c} {r.choice(['and', 'or'])} {self.atom(names)}"
        return c

    def block(self, names, indent, depth):
        r = self.r
        lines = []
        for _ in range(r.randint(1, 3)):
            lines += self.stmt(names, indent, depth)
        return lines

    def stmt(self, names, indent, depth):
        r = self.r
        p = " " * indent
        c = r.random()
        target = r.choice(NAMES[:4])
        if depth > 1 or c < 0.3:
            if r.random() < 0.5:
                return [f"{p}{target} = {self.expr(names)}"]
            return [f"{p}{target} {r.choice(['+=', '-=', '*='])} {self.expr(names)}"]
        if c < 0.45:
            out = [f"{p}if {self.cond(names)}:"] + self.block(names, indent + 4, depth + 1)
            if r.random() < 0.5:
                out += [f"{p}elif {self.cond(names)}:"] + self.block(names, indent + 4, depth + 1)
            if r.random() < 0.6:
                out += [f"{p}else:"] + self.block(names, indent + 4, depth + 1)
            return out
        if c < 0.6:
            v = r.choice(["i", "j"])
            out = [f"{p}for {v} in {r.choice(['range(' + str(r.randint(0, 5)) + ')', '[3, -1, 4]', '(2, 7)', 'range(1, 8, 3)'])}:"]
            body = self.block(names + [v], indent + 4, depth + 1)
            if r.random() < 0.3:
                body += [f"{p}    if {v} {r.choice(CMPS)} {r.randint(0, 4)}:", f"{p}        {r.choice(['break', 'continue'])}"]
            out += body
            if r.random() < 0.3:
                out += [f"{p}else:", f"{p}    {target} += 1"]
            return out
        if c < 0.7:
            k = f"k{depth}"  # a counter of its own for each nested loop
            return [f"{p}{k} = 0", f"{p}while {k} < {r.randint(0, 4)}:", f"{p}    {k} += 1"] + self.block(names, indent + 4, depth + 1)
        if c < 0.8:
            out = [f"{p}try:", f"{p}    {target} = {self.expr(names)} // {self.atom(names)}",
                   f"{p}except ZeroDivisionError as e:", f"{p}    {target} = len(str(e))"]
            if r.random() < 0.4:
                out += [f"{p}finally:", f"{p}    {r.choice(NAMES[:4])} = {self.atom(names)}"]
            return out
        if c < 0.9:
            return [f"{p}{target} = [{self.expr(names + ['x'])} for x in range({r.randint(0, 4)}) if x {r.choice(CMPS)} {r.randint(0, 3)}]",
                    f"{p}{target} = len({target}) + sum({target})"]
        return [f"{p}g = lambda x, y={self.atom(names)}: {self.expr(['x', 'y'] + names)}",
                f"{p}{target} = g({self.atom(names)})"]

    def program(self, i):
        r = self.r
        params = ["a", "b"]
        lines = [f"def f{i}(a, b={r.randint(-2, 5)}):", "    c = n = s = t = 0"]
        lines += self.block(["a", "b", "c", "n"], 4, 0)
        lines.append(f"    return {r.choice(['a', 'b', 'c', 'n', '(a, b, c, n)', '[a, c]'])}")
        call = f"f{i}({r.randint(-3, 6)}" + (f", {r.randint(-3, 6)})" if r.random() < 0.6 else ")")
        if r.random() < 0.3:
            call = f"[f{i}(v) for v in range({r.randint(1, 4)})]"
        return lines, call


class TensorGen(Gen):
    """Programs over small integer tensors: loops over rows, reductions,
    conditions on them, in-place updates."""

    def atom(self, names):
        r = self.r
        c = r.random()
        if c < 0.5:
            return r.choice(names)
        if c < 0.7:
            return str(r.randint(-2, 4))
        return r.choice(["torch.arange(3)", "torch.ones(3, dtype=torch.long)", "torch.tensor([2, -1, 0])"])

    def expr(self, names, depth=0):
        r = self.r
        c = r.random()
        if depth > 1 or c < 0.4:
            return self.atom(names)
        if c < 0.75:
            return f"{self.expr(names, depth + 1)} {r.choice(['+', '-', '*'])} {self.expr(names, depth + 1)}"
        if c < 0.9:
            return f"({self.expr(names, depth + 1)}).{r.choice(['sum()', 'max()', 'abs()', 'clone()', 'flip(0)'])}"
        return f"torch.where(torch.as_tensor({self.atom(names)}) > 0, {self.atom(names)}, {self.atom(names)})"

    def cond(self, names):
        r = self.r
        return f"({self.expr(names, 1)}).sum() {r.choice(CMPS)} {r.randint(-3, 6)}"

    def stmt(self, names, indent, depth):
        r = self.r
        p = " " * indent
        c = r.random()
        target = r.choice(["a", "b", "c"])
        if depth > 1 or c < 0.4:
            if r.random() < 0.6:
                return [f"{p}{target} = {self.expr(names)}"]
            return [f"{p}{target} {r.choice(['+=', '-=', '*='])} {self.expr(names)}"]
        if c < 0.6:
            out = [f"{p}if {self.cond(names)}:"] + self.block(names, indent + 4, depth + 1)
            if r.random() < 0.6:
                out += [f"{p}else:"] + self.block(names, indent + 4, depth + 1)
            return out
        if c < 0.8:
            return [f"{p}for row in torch.arange(6).reshape(2, 3):"] + self.block(names + ["row"], indent + 4, depth + 1)
        if c < 0.9:
            return [f"{p}try:", f"{p}    {target} = {self.expr(names)} + torch.ones(2)",
                    f"{p}except RuntimeError as e:", f"{p}    {target} = torch.zeros(3, dtype=torch.long)"]
        return [f"{p}{target} = torch.stack([{self.expr(names + ['k'])} * k for k in range(2)]).sum(0)"]

    def program(self, i):
        r = self.r
        lines = [f"def t{i}(a, b=torch.arange(3)):", "    c = torch.zeros(3, dtype=torch.long)"]
        lines += self.block(["a", "b", "c"], 4, 0)
        lines.append(f"    return {r.choice(['a', 'b', 'c', '(a, c)', '[b, c]'])}")
        arg = r.choice(["torch.arange(3)", "torch.tensor([1, 0, 2])", "torch.ones(3, dtype=torch.long) * 2"])
        return lines, f"t{i}({arg})"


def main():
    r = random.Random(10)
    print("# Random small programs (testdata/gen_random_lang.py) and what CPython 3.11 prints for them.")
    print(">>> %compat current")
    for gen, n in ((Gen(r), 400), (TensorGen(r), 150)):
        for i in range(n):
            lines, call = gen.program(i)
            print(">>> " + lines[0])
            for l in lines[1:]:
                print("... " + l)
            print("...")
            print(">>> " + call)


main()
