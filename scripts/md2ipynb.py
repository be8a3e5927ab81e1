#!/usr/bin/env python3
"""Turns a tensh guide (docs/*.md) into a Jupyter notebook (nbformat 4):
the prose becomes Markdown cells, each code fence's >>> statements code
cells (without prompts or expected output; a cell ends after a statement
whose expected output is an error, as a cell stops at its first error,
and is tagged raises-exception).
The cells have no outputs: run the notebook with the tensh kernel to store
them (scripts/make-notebooks does both).

usage: scripts/md2ipynb.py GUIDE.md > GUIDE.ipynb
"""
import json
import re
import sys

ERROR = re.compile(r'^[A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Interrupt|Exit|StopIteration)(:|$)')


def cells_of(md):
    cells, prose, code, stmt, want = [], [], [], [], []
    in_fence = False

    def end_stmt():
        nonlocal stmt, want
        if stmt:
            code.append('\n'.join(stmt))
            if want and ERROR.match(want[-1]):
                end_code(raises=True)
        stmt, want = [], []

    def end_code(raises=False):
        nonlocal code
        if code:
            cells.append(('code', '\n'.join(code), raises))
        code = []

    def end_prose():
        nonlocal prose
        text = '\n'.join(prose).strip('\n')
        if text:
            cells.append(('markdown', text, False))
        prose = []

    for line in md.split('\n'):
        if line.strip().startswith('```'):
            if in_fence:
                end_stmt()
                end_code()
                in_fence = False
            else:
                end_prose()
                in_fence = True
            continue
        if not in_fence:
            prose.append(line)
        elif line.startswith('>>> ') or line == '>>>':
            end_stmt()
            stmt = [line[4:]]
        elif (line.startswith('... ') or line == '...') and stmt:
            if line != '...':
                stmt.append(line[4:])
        elif stmt and line.strip():
            want.append(line.rstrip())
    end_prose()
    return cells


def lines(text):
    parts = text.split('\n')
    return [p + '\n' for p in parts[:-1]] + [parts[-1]]


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        md = f.read()
    nb = {'cells': [], 'metadata': {
        'kernelspec': {'name': 'tensh', 'display_name': "tensh (Python with PyTorch's tensors)", 'language': 'python'},
        'language_info': {'name': 'python', 'mimetype': 'text/x-python', 'file_extension': '.py'}},
        'nbformat': 4, 'nbformat_minor': 5}
    for i, (kind, text, raises) in enumerate(cells_of(md)):
        # nbclient runs on after a cell tagged raises-exception fails.
        meta = {'tags': ['raises-exception']} if raises else {}
        cell = {'cell_type': kind, 'id': 'cell-%d' % (i + 1), 'metadata': meta, 'source': lines(text)}
        if kind == 'code':
            cell['execution_count'] = None
            cell['outputs'] = []
        nb['cells'].append(cell)
    json.dump(nb, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
