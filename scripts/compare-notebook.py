#!/usr/bin/env python3
"""Compares the outputs of two runs of a notebook: the stored one and the
one jupyter nbconvert --execute produced with the tensh kernel. Every code
cell's outputs (stream text, text/plain of results and pictures, the SVG
of pictures, error name/value/traceback) must be the same.

usage: scripts/compare-notebook.py STORED.ipynb EXECUTED.ipynb
"""
import json
import sys


def outputs(path):
    with open(path, encoding='utf-8') as f:
        nb = json.load(f)
    cells = []
    for c in nb['cells']:
        if c['cell_type'] != 'code':
            continue
        outs = []
        for o in c.get('outputs', []):
            t = o['output_type']
            if t == 'stream':
                outs.append((t, o['name'], ''.join(o['text'])))
            elif t in ('execute_result', 'display_data'):
                outs.append((t, {k: ''.join(v) if isinstance(v, list) else v for k, v in o['data'].items()}))
            elif t == 'error':
                outs.append((t, o['ename'], o['evalue'], o['traceback']))
        cells.append((''.join(c['source']), outs))
    return cells


def main():
    want, got = outputs(sys.argv[1]), outputs(sys.argv[2])
    if len(want) != len(got):
        print('%d code cells stored, %d executed' % (len(want), len(got)))
        return 1
    failed = 0
    for (src, w), (_, g) in zip(want, got):
        if w != g:
            failed += 1
            print('cell:\n%s\nstored:   %r\nexecuted: %r\n' % (src, w, g))
    print('%d passed, %d failed' % (len(want) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
