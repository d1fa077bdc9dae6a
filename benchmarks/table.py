#!/usr/bin/env python3
"""Turns the lines run.sh collected into the results table (Markdown).

    table.py results.txt

One row per program of ours (an operation can have several: `transpose`
the loop a user writes, `transpose_loop` the other loop order,
`transpose_linalg` the linalg op), type and size, beside the operation's
peers: CUDA (`bench.cu`, nvcc) and torch. Columns:

- ours, CUDA, torch: time per call in microseconds;
- rate: what ours achieves, GB/s (the bytes the operation must move, once)
  or GFLOP/s, and the same for the better peer;
- ours / best: the better (faster) peer's time / our time (1.00 = as fast
  as the better of CUDA and torch, higher = faster);
- target: issue 10's bar, a ratio against a named reference (the better
  peer, CUDA or torch), and whether ours meets it.
"""
import sys
from collections import defaultdict

ELT = {'f32': 4, 'f64': 8}
# Bytes moved per element (per element of n^2 for the matrix operations).
TRAFFIC = {'copy': 2, 'mul': 2, 'add': 3, 'triad': 3, 'dot': 2, 'rowsum': 1,
           'stencil': 2, 'transpose': 2, 'transpose_naive': 2, 'softmax': 2}
MATRIX = ('rowsum', 'stencil', 'transpose', 'transpose_naive', 'softmax',
          'matmul')
ORDER = ['copy', 'mul', 'add', 'triad', 'dot', 'rowsum', 'stencil',
         'transpose', 'transpose_naive', 'softmax', 'matmul', 'conv2d',
         'launch_wait', 'launch_chain']
# Our programs that compute another program's operation.
VARIANT_OF = {'dot_linalg': 'dot', 'rowsum_linalg': 'rowsum',
              'transpose_loop': 'transpose', 'transpose_linalg': 'transpose',
              'softmax_linalg': 'softmax', 'matmul_linalg': 'matmul',
              'matmul_loop': 'matmul', 'conv2d_linalg': 'conv2d'}
# The same linalg ops inside a kernel (gen_mlir.py --linalg-in-kernels).
VARIANT_OF.update({k.replace('_linalg', '_linalg_kernel'): v
                   for k, v in list(VARIANT_OF.items()) if '_linalg' in k})
STREAM_SIZES = (2**25, 2**28)


def target(op, size):
    """(minimum ratio, reference) for an operation at a size, or None.
    Issue 10: copy/mul/add/triad f32/f64 at 2^25 and 2^28 >= 0.95, dot and
    row reductions >= 0.95, transpose 8192^2 >= 0.9 of the tiled CUDA
    kernel, softmax >= 0.9 of torch, f32 matmul 4096^3 and 8192^3 >= 0.9 of
    cuBLAS fp32 (torch, TF32 off); conv2d: none. Stencil and launch costs:
    the earlier issues' bars, against CUDA."""
    if op in ('copy', 'mul', 'add', 'triad') and size in STREAM_SIZES:
        return 0.95, 'best'
    if op in ('dot', 'rowsum'):
        return 0.95, 'best'
    if op == 'transpose' and size == 8192:
        return 0.90, 'cuda'
    if op == 'softmax':
        return 0.90, 'torch'
    if op == 'matmul' and size in (4096, 8192):
        return 0.90, 'torch'
    if op == 'stencil':
        return 0.90, 'cuda'
    if op == 'launch_wait':
        return 1 / 1.5, 'cuda'
    if op == 'launch_chain':
        return 1 / 1.3, 'cuda'
    return None


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def parse(path):
    """Times per (program or peer operation, type, size) and who; a
    measurement made several times (run.sh repeats the launch benchmark)
    counts with its median."""
    t = defaultdict(lambda: defaultdict(list))
    checks, peer_checks, missing, meta = {}, {}, [], []
    for line in open(path):
        f = line.split()
        if not f:
            continue
        try:
            parse_line(f, line, t, checks, peer_checks, missing, meta)
        except ValueError:  # not a line of ours (a stray print)
            continue
    times = {key: {who: median(v) for who, v in row.items()}
             for key, row in t.items()}
    return times, checks, peer_checks, missing, meta


def parse_line(f, line, t, checks, peer_checks, missing, meta):
    """Files one line of results.txt (split into `f`)."""
    if f[0] in ('DATE', 'GPU', 'CUDA', 'TORCH', 'COMMAND'):
        meta.append(line.rstrip())
    elif f[0] == 'MISSING' and len(f) >= 2:
        name = f[1].lstrip('./')
        if name not in missing:
            missing.append(name)
    elif f[0] == 'RESULT' and len(f) == 6:
        _, k, ty, n, us, ok = f
        key = (k, ty, int(n))
        if float(us) == 0.0:  # a check line
            checks[key] = ok
            return
        t[key]['ours'].append(float(us))
        if checks.get(key, 'ok') == 'ok':
            checks[key] = ok
    elif f[0] == 'PEER' and len(f) == 6:
        _, who, k, ty, n, us = f
        t[(k, ty, int(n))][who].append(float(us))
    elif f[0] == 'PEER-CHECK' and len(f) == 6:
        _, who, k, ty, n, ok = f
        if ok != 'ok':
            peer_checks[(k, ty, int(n))] = ok


def size_label(op, n):
    if op == 'conv2d':
        return f'{n}x56x56x64'
    if op == 'matmul':
        return f'{n}^3'
    if op in MATRIX:
        return f'{n}^2'
    if n > 1 and n & (n - 1) == 0:
        return f'2^{n.bit_length() - 1}'
    return str(n)


def rate(op, ty, n, us):
    """'<GB/s>' or '<GFLOP/s>' for a time, '' where it means nothing."""
    if us is None:
        return ''
    if op == 'matmul':
        return f'{2 * n ** 3 / (us * 1e-6) / 1e9:.0f} GFLOP/s'
    if op == 'conv2d':
        flops = 2 * n * 54 * 54 * 64 * 3 * 3 * 64
        return f'{flops / (us * 1e-6) / 1e9:.0f} GFLOP/s'
    if op in TRAFFIC:
        elems = n * n if op in MATRIX else n
        return f'{TRAFFIC[op] * ELT[ty] * elems / (us * 1e-6) / 1e9:.0f} GB/s'
    return ''


def rows(times):
    """(program, operation, type, size) for every row: each program of
    ours, and each peer measurement no program of ours has."""
    out = set()
    for (k, ty, n), row in times.items():
        op = VARIANT_OF.get(k, k)
        if 'ours' in row:
            out.add((k, op, ty, n))
    covered = {(op, ty, n) for _, op, ty, n in out}
    for (k, ty, n), row in times.items():
        if k in VARIANT_OF or k.startswith('tune'):
            continue
        if (k, ty, n) not in covered and ('cuda' in row or 'torch' in row):
            out.add(('-', k, ty, n))
    variant_rank = lambda prog: (prog == '-', prog.count('_'), prog)
    return sorted(out, key=lambda r: (
        ORDER.index(r[1]) if r[1] in ORDER else 99, r[2], r[3],
        variant_rank(r[0])))


def main():
    times, checks, peer_checks, missing, meta = parse(sys.argv[1])
    print('\n'.join('    ' + m for m in meta))
    print()
    print('| operation | ours (program) | type | size | ours (us) | ours rate '
          '| CUDA (us) | torch (us) | best peer rate | ours / best | target '
          '| met | check |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
    fmt = lambda v: f'{v:.1f}' if v is not None else '-'
    for prog, op, ty, n in rows(times):
        ours = times.get((prog, ty, n), {}).get('ours')
        peers = times.get((op, ty, n), {})
        cuda, torch = peers.get('cuda'), peers.get('torch')
        best = min((v for v in (cuda, torch) if v is not None), default=None)
        ratio = f'{best / ours:.2f}' if ours and best else '-'
        tg, met = '', ''
        bar = target(op, n)
        if bar:
            minimum, ref = bar
            refv = {'best': best, 'cuda': cuda, 'torch': torch}[ref]
            name = {'best': 'best', 'cuda': 'CUDA', 'torch': 'torch'}[ref]
            tg = f'>= {minimum:.2f} x {name}'
            if ours and refv:
                r = refv / ours
                met = f'{r:.2f} {"yes" if r >= minimum else "NO"}'
        check = checks.get((prog, ty, n), '') if prog != '-' else ''
        bad = [who for who in ('cuda',) if (op, ty, n) in peer_checks]
        if bad:
            check = (check + ' ' if check else '') + 'CUDA FAIL'
        print(f'| {op} | {prog} | {ty} | {size_label(op, n)} | {fmt(ours)} '
              f'| {rate(op, ty, n, ours)} | {fmt(cuda)} | {fmt(torch)} '
              f'| {rate(op, ty, n, best)} | {ratio} | {tg} | {met} | {check} |')
    if missing:
        print()
        print('Not built (offload-cc rejected them, see build.sh\'s output): '
              + ', '.join(f'`{m}`' for m in missing) + '.')


if __name__ == '__main__':
    main()
