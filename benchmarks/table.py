#!/usr/bin/env python3
"""Turns the lines run.sh collected into the results table (Markdown).

Each kernel row: time per launch for ours, CUDA and torch, the effective
bandwidth of ours (the bytes the algorithm must move, once), and ratio =
CUDA time / our time (1.0 = as fast as CUDA, higher = faster).
"""
import sys
from collections import defaultdict

ELT = {'f32': 4, 'f64': 8}
# Bytes moved per element (or per grid point) by each kernel.
TRAFFIC = {'copy': 2, 'mul': 2, 'add': 3, 'triad': 3, 'dot': 2,
           'stencil': 2, 'transpose': 2, 'transpose_tiled': 2, 'softmax': 2}
TARGET = {'copy': 0.95, 'mul': 0.95, 'add': 0.95, 'triad': 0.95,
          'dot': 0.90, 'stencil': 0.90, 'transpose': 0.90, 'softmax': 0.90,
          'launch_wait': 1 / 1.5, 'launch_chain': 1 / 1.3}
ORDER = ['copy', 'mul', 'add', 'triad', 'dot', 'stencil', 'transpose',
         'transpose_tiled', 'softmax', 'launch_wait', 'launch_chain']


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def parse(path):
    """Times per (kernel, type, size) and who; a measurement run several
    times (run.sh repeats the launch benchmark) counts with its median."""
    t = defaultdict(lambda: defaultdict(list))
    checks = {}
    meta = []
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] in ('DATE', 'GPU', 'CUDA', 'TORCH', 'COMMAND'):
            meta.append(line.rstrip())
        elif f[0] == 'RESULT' and len(f) == 6:
            _, k, ty, n, us, ok = f
            if float(us) == 0.0:  # a check line
                checks[(k, ty, n)] = ok
                continue
            t[(k, ty, n)]['ours'].append(float(us))
            checks.setdefault((k, ty, n), ok)
            if ok != 'ok':
                checks[(k, ty, n)] = ok
        elif f[0] == 'PEER' and len(f) == 6:
            _, who, k, ty, n, us = f
            t[(k, ty, n)][who].append(float(us))
    return ({key: {who: median(v) for who, v in row.items()}
             for key, row in t.items()}, checks, meta)


def main():
    t, checks, meta = parse(sys.argv[1])
    print('\n'.join('    ' + m for m in meta))
    print()
    print('| kernel | type | size | ours (us) | ours GB/s | CUDA (us) | ratio vs CUDA | target | torch (us) | ratio vs torch | check |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    keys = sorted(t, key=lambda k: (ORDER.index(k[0]) if k[0] in ORDER else 99,
                                    k[1], int(k[2])))
    for key in keys:
        k, ty, n = key
        row = t[key]
        ours, cuda, torch = row.get('ours'), row.get('cuda'), row.get('torch')
        size = int(n)
        if k in ('stencil', 'transpose', 'transpose_tiled', 'softmax'):
            elems, label = size * size, f'{n}^2'
        else:
            elems = size
            label = f'2^{size.bit_length() - 1}' if size > 1 and size & (size - 1) == 0 else n
        gbs = ''
        if ours and k in TRAFFIC:
            gbs = f'{TRAFFIC[k] * ELT[ty] * elems / (ours * 1e-6) / 1e9:.0f}'
        fmt = lambda v: f'{v:.1f}' if v is not None else '-'
        rc = f'{cuda / ours:.2f}' if ours and cuda else '-'
        rt = f'{torch / ours:.2f}' if ours and torch else '-'
        tg = f'>= {TARGET[k]:.2f}' if k in TARGET and not (size < 2**28 and k in ('copy', 'mul', 'add', 'triad')) else ''
        if k == 'transpose_tiled':
            tg = '(info)'
        print(f'| {k} | {ty} | {label} | {fmt(ours)} | {gbs} | {fmt(cuda)} | {rc} | {tg} | {fmt(torch)} | {rt} | {checks.get(key, "")} |')


if __name__ == '__main__':
    main()
