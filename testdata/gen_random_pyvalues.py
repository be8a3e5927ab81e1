#!/usr/bin/python3
"""Writes random statements over Python's values for py_random_values.tsh:
set operators and methods over small ints (whose order CPython's hash
table fixes), dicts and their views, string methods with random
arguments, str.format and printf-style formats, list methods, and the
builtins over iterables (sorted with key=, min/max with key= and default=,
zip, map, enumerate, reversed, sum, any/all). The expected output comes
from CPython 3.11:

    /usr/bin/python3 testdata/gen_random_pyvalues.py > testdata/py_random_values.tsh
    /usr/bin/python3 ../shared/tools/oracle2.py testdata/py_random_values.tsh > /tmp/t && mv /tmp/t testdata/py_random_values.tsh
"""
import random

INTS = [-9, -5, -1, 0, 1, 2, 3, 5, 7, 8, 9, 12, 16, 17, 24, 31, 32, 33, 64, 100, 1000, 2**40]
STRS = ["''", "'a'", "'abc'", "'Hello, World'", "'  pad me  '", "'a,b,,c'", "'x-y-z'", "'banana'",
        "'MiXeD cAsE'", "'line1\\nline2\\r\\nline3'", "'tab\\tsep'", "'42'", "'-17'", "'3.5'", "'école'",
        "'they\\'re here'", "'a b  c'", "'__init__'", "'CamelCase'", "'   '"]
SUBS = ["''", "'a'", "'b'", "'an'", "','", "'-'", "'l'", "' '", "'x'", "'ab'", "'na'"]
FLOATS = ["0.0", "-0.0", "1.5", "-2.25", "3.14159", "1e-7", "12345.678", "1e22", "0.1", "2.5", "-1e300"]
FMT_SPECS = ["", ">8", "<6", "^9", "*^9", "08.3f", "+d", ",", "_", ".2%", ".3e", "g", ".0f", "x", "#x", "#o",
             "b", "10.4g", "e", "-^7", "=+8", " d", "5", ".1f", "c"]
PCT = ["%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%x", "%X", "%#x", "%o", "%#o", "%e", "%.2e", "%f",
       "%.3f", "%10.2f", "%g", "%.3g", "%s", "%r", "%10s|", "%-10s|", "%.2s", "%c", "%i", "%%"]


def iset(r):
    k = r.random()
    if k < 0.4:
        return "set([" + ", ".join(str(r.choice(INTS)) for _ in range(r.randint(0, 9))) + "])"
    if k < 0.6:
        a, b = sorted(r.sample(range(-5, 40), 2))
        return f"set(range({a}, {b}, {r.randint(1, 4)}))"
    if k < 0.8:
        return "frozenset([" + ", ".join(str(r.choice(INTS)) for _ in range(r.randint(0, 6))) + "])"
    return "set((" + ", ".join(str(r.choice(INTS)) for _ in range(r.randint(1, 5))) + ",))"


def ilist(r, n=None):
    n = r.randint(0, 8) if n is None else n
    return "[" + ", ".join(str(r.choice(INTS)) for _ in range(n)) + "]"


def idict(r):
    keys = r.sample(["'a'", "'b'", "'c'", "'d'", "1", "2", "3", "(1, 2)", "2.5", "True"], r.randint(0, 5))
    return "dict([" + ", ".join(f"({k}, {r.choice(INTS)})" for k in keys) + "])"


def set_stmt(r):
    a, b = iset(r), iset(r)
    c = r.random()
    if c < 0.35:
        return f"{a} {r.choice(['|', '&', '-', '^', '<=', '<', '>=', '>', '==', '!='])} {b}"
    if c < 0.7:
        m = r.choice(["union", "intersection", "difference", "symmetric_difference", "isdisjoint",
                      "issubset", "issuperset"])
        arg = r.choice([b, ilist(r), f"range({r.randint(0, 20)})"])
        return f"{a}.{m}({arg})"
    if c < 0.9:
        m = r.choice(["add", "discard", "remove", "update", "difference_update", "intersection_update",
                      "symmetric_difference_update", "pop", "clear"])
        if m in ("add", "discard", "remove"):
            arg = str(r.choice(INTS))
        elif m in ("pop", "clear"):
            arg = ""
        else:
            arg = r.choice([b, ilist(r)])
        base = a.replace("frozenset", "set")
        return f"s = {base}; s.{m}({arg}); s"
    return f"sorted({a}), len({a}), {r.choice(INTS)} in {a}, list({a})"


def dict_stmt(r):
    d = idict(r)
    k = r.choice(["'a'", "'z'", "1", "1.0", "True", "(1, 2)", "2"])
    c = r.random()
    ops = [f"{d}[{k}]", f"{d}.get({k})", f"{d}.get({k}, -1)", f"{d}.pop({k}, None)", f"{k} in {d}",
           f"list({d}.items())", f"{d}.keys()", f"{d}.values()", f"{d}.items()", f"len({d})",
           f"d = {d}; d[{k}] = 0; d", f"d = {d}; d.setdefault({k}, []); d", f"d = {d}; d.update({idict(r)}); d",
           f"d = {d}; d.pop({k})", f"d = {d}; del d[{k}]; d", f"d = {d}; d.popitem(), d", f"{d} == {idict(r)}",
           f"{d} | {idict(r)}", f"dict.fromkeys({ilist(r, 3)}, {k})", f"sorted({d}.keys(), key=str)",
           f"sorted({d}.keys() & set(['a', 1]), key=str)", f"sorted({d}.keys() - set(['b', 2]), key=str)", f"list(reversed({d}))", f"d = {d}; d.clear(); d",
           f"d = {d}; e = d.copy(); e[{k}] = 9; d, e", f"dict({d}, z=5)", f"dict(zip('abc', {ilist(r)}))"]
    return r.choice(ops) if c < 1 else ""


def str_stmt(r):
    s = r.choice(STRS)
    sub = r.choice(SUBS)
    n = r.randint(-3, 12)
    c = r.random()
    if c < 0.3:
        m = r.choice(["upper", "lower", "title", "capitalize", "swapcase", "strip", "lstrip", "rstrip",
                      "split", "splitlines", "isdigit", "isalpha", "isalnum", "isspace", "isupper",
                      "islower", "istitle", "isidentifier", "isdecimal", "isnumeric", "casefold", "isascii"])
        return f"{s}.{m}()"
    if c < 0.6:
        m = r.choice(["find", "rfind", "count", "index", "rindex", "startswith", "endswith", "split",
                      "rsplit", "partition", "rpartition", "strip", "lstrip", "rstrip", "removeprefix",
                      "removesuffix"])
        extra = ""
        if m in ("find", "rfind", "count", "index", "rindex", "startswith", "endswith") and r.random() < 0.4:
            extra = f", {r.randint(-4, 6)}" + (f", {r.randint(-4, 8)}" if r.random() < 0.5 else "")
        if m in ("split", "rsplit") and r.random() < 0.5:
            extra = f", {r.randint(-1, 3)}"
        return f"{s}.{m}({sub}{extra})"
    if c < 0.75:
        m = r.choice(["center", "ljust", "rjust", "zfill", "expandtabs"])
        fill = f", {r.choice(['*', '-', '0', '.'])!r}" if m in ("center", "ljust", "rjust") and r.random() < 0.5 else ""
        return f"{s}.{m}({n}{fill})"
    if c < 0.85:
        return f"{s}.replace({sub}, {r.choice(SUBS)}" + (f", {r.randint(-1, 3)})" if r.random() < 0.4 else ")")
    if c < 0.95:
        return f"{sub}.join({r.choice([s, 'sorted(' + s + ')', repr(['x', 'y', 'z']), 'map(str, ' + ilist(r) + ')'])})"
    return f"{s}[{r.randint(-4, 4)}:{r.randint(-4, 8)}:{r.choice([1, 2, -1])}], len({s}), {sub} in {s}"


def fmt_stmt(r):
    c = r.random()
    v = r.choice([str(r.choice(INTS)), r.choice(FLOATS), r.choice(STRS[:6]), "True", "None"])
    if c < 0.4:
        return f"format({v}, {r.choice(FMT_SPECS)!r})"
    if c < 0.7:
        spec = r.choice(FMT_SPECS)
        return f"'{{0:{spec}}}|{{0!r}}|{{1}}'.format({v}, {r.choice(INTS)})"
    p = r.choice(PCT)
    return f"{p!r} % ({v},)" if p != "%%" else f"'%d%%' % {r.choice(INTS)}"


def list_stmt(r):
    lst = ilist(r)
    c = r.choice(["append(7)", "extend(range(3))", "insert(%d, 'x')" % r.randint(-5, 9), "pop()",
                  "pop(%d)" % r.randint(-4, 6), "remove(%d)" % r.choice(INTS), "sort()", "sort(reverse=True)",
                  "sort(key=abs)", "reverse()", "clear()", "index(%d)" % r.choice(INTS), "count(%d)" % r.choice(INTS),
                  "copy()"])
    return f"l = {lst}; r = l.{c}; l, r"


def builtin_stmt(r):
    a, b = ilist(r), ilist(r)
    ops = [f"sorted({a}, key=abs, reverse={r.choice(['True', 'False'])})", f"min({a}, default=None)",
           f"max({a}, key=abs, default=0)", f"sum({a}, {r.choice(['0', '0.5', '10'])})", f"list(zip({a}, {b}))",
           f"list(enumerate({a}, {r.randint(-2, 5)}))", f"list(reversed({a}))", f"list(map(abs, {a}))",
           f"list(filter(None, {a}))", f"any({a}), all({a})", f"divmod({r.choice(INTS)}, {r.choice(INTS)})",
           f"pow({r.choice(INTS)}, {r.randint(-2, 9)}, {r.choice([7, 10, 13, 97])})",
           f"hex({r.choice(INTS)}), oct({r.choice(INTS)}), bin({r.choice(INTS)})",
           f"chr({r.randint(32, 600)}), ord({r.choice(['a', 'Z', 'é', '€'])!r})",
           f"sorted({iset(r)}, reverse=True)", f"max({a} + [0])",
           f"list(zip({a}, {b}, strict=True))", f"dict(enumerate({b}))", f"sum(range({r.randint(-50, 50)}, {r.randint(-50, 99)}, {r.choice([1, 2, 3, -1, -4])}))",
           f"max(range({r.randint(-5, 5)}, {r.randint(-5, 20)}), default='e'), min(range({r.randint(0, 5)}, {r.randint(0, 9)}, -1), default='e')"]
    return r.choice(ops)


def statements(r, n):
    makers = [set_stmt, set_stmt, dict_stmt, str_stmt, str_stmt, fmt_stmt, fmt_stmt, list_stmt, builtin_stmt,
              builtin_stmt]
    for _ in range(n):
        yield r.choice(makers)(r)


def main():
    r = random.Random(20261125)
    print("# Random statements over Python's values (generated by gen_random_pyvalues.py)")
    print(">>> %compat current")
    for s in statements(r, 600):
        print(">>> " + s)


if __name__ == "__main__":
    main()
