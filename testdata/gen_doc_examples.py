#!/usr/bin/python3
"""Collect the '>>>' examples of PyTorch's and NumPy's own docstrings into a
transcript's statements (run it with Debian's /usr/bin/python3, then make
the expected output with ../shared/tools/oracle2.py).

Usage: gen_doc_examples.py PREFIX NAME... > FILE.tsh
PREFIX is the import line; each NAME a dotted attribute (torch.special.erf).
Example lines are taken as written; an example's expected output is
dropped (the oracle recomputes it).
"""
import importlib, sys, re

def obj(name):
    parts = name.split('.')
    m = importlib.import_module(parts[0])
    for p in parts[1:]:
        m = getattr(m, p)
    return m

def main():
    prefix, names = sys.argv[1], sys.argv[2:]
    print('>>> ' + prefix)
    for n in names:
        doc = obj(n).__doc__ or ''
        print('# ' + n)
        for line in doc.splitlines():
            s = line.strip()
            if s.startswith('>>> '):
                code = s[4:]
                print('>>> ' + code)
            elif s.startswith('... ') or s == '...':
                print(s if s != '...' else '...')
if __name__ == '__main__':
    main()
