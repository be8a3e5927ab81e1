#!/usr/bin/python3
"""Collect the '>>>' examples of PyTorch's and NumPy's own docstrings into a
transcript's statements (run it with Debian's /usr/bin/python3, then make
the expected output with ../shared/tools/oracle2.py).

Usage: gen_doc_examples.py [--seed] [--skip WORD]... PREFIX NAME... > FILE.tsh
PREFIX is the import line; each NAME a dotted attribute (torch.special.erf).
--seed starts each NAME's examples with torch.manual_seed(0), so that one
example's random draws do not shift the next ones'; --skip leaves out the
examples of a NAME whose text contains WORD (e.g. complex).
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
    args = sys.argv[1:]
    seed, skip = False, []
    while args and args[0].startswith('--'):
        if args[0] == '--seed':
            seed = True
            args = args[1:]
        elif args[0] == '--skip':
            skip.append(args[1])
            args = args[2:]
    prefix, names = args[0], args[1:]
    print('>>> ' + prefix)
    for n in names:
        doc = obj(n).__doc__ or ''
        if any(w in doc for w in skip):
            doc = '\n'.join(ex for ex in doc.split('\n\n') if not any(w in ex for w in skip))
        print('# ' + n)
        if seed:
            print('>>> _ = torch.manual_seed(0)')
        depth = 0  # open brackets of the statement so far
        for line in doc.splitlines():
            s = line.strip()
            if s.startswith('>>> '):
                code = s[4:]
                print('>>> ' + code)
                depth = brackets(code)
            elif s.startswith('... ') or s == '...':
                print(s if s != '...' else '...')
                depth += brackets(s[4:])
            elif depth > 0 and s:
                # a docstring's continuation line written without '... '
                print('... ' + s)
                depth += brackets(s)
            else:
                depth = 0

def brackets(code):
    return sum(code.count(c) for c in '([{') - sum(code.count(c) for c in ')]}')
if __name__ == '__main__':
    main()
