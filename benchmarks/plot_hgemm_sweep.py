#!/usr/bin/env python3
"""Plots the square bf16/f16 matmul sweep of a tensor-core run (the
results.txt of benchmarks/results/*-issue11-step3): TFLOP/s of ours
(hgemm_mnk: `RESULT matmul <type> NxNxN ...`) beside cuBLAS through torch
(torch_hgemm_shapes.py: `PEER torch matmul <type> NxNxN ...`) against N,
as an SVG written by hand (no matplotlib needed).

    plot_hgemm_sweep.py results.txt docs/tensor-core-sweep.svg
"""
import math
import re
import sys

SERIES = [  # (who, type, label, color, dash)
    ('ours', 'bf16', 'offload bf16 (f32 output)', '#1f77b4', ''),
    ('ours', 'f16', 'offload f16 (f32 output)', '#17becf', '6,3'),
    ('torch', 'bf16', 'cuBLAS bf16 (torch.matmul)', '#d62728', ''),
    ('torch', 'f16', 'cuBLAS f16 (torch.matmul)', '#ff7f0e', '6,3'),
]


def parse(path):
    data = {(who, t): {} for who, t, *_ in SERIES}
    pat = re.compile(r'^(RESULT|PEER torch) matmul (bf16|f16) (\d+)x(\d+)x(\d+) '
                     r'\S+ (\S+)')
    for line in open(path):
        m = pat.match(line)
        if not m or not (m.group(3) == m.group(4) == m.group(5)):
            continue
        who = 'ours' if m.group(1) == 'RESULT' else 'torch'
        data[(who, m.group(2))][int(m.group(3))] = float(m.group(6))
    return data


def main():
    data = parse(sys.argv[1])
    sizes = sorted({n for series in data.values() for n in series})
    w, h, left, right, top, bottom = 720, 440, 70, 240, 40, 60
    pw, ph = w - left - right, h - top - bottom
    ymax = 1000.0
    lo, hi = math.log2(sizes[0]), math.log2(sizes[-1])

    def x(n):
        return left + (math.log2(n) - lo) / (hi - lo) * pw

    def y(v):
        return top + ph - v / ymax * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="14">Square matmuls on an H100: '
           f'TFLOP/s against N (N x N x N)</text>']
    for v in range(0, int(ymax) + 1, 200):
        out.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + pw}" '
                   f'y2="{y(v):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y(v) + 4:.1f}" '
                   f'text-anchor="end">{v}</text>')
    for n in sizes:
        out.append(f'<line x1="{x(n):.1f}" y1="{top}" x2="{x(n):.1f}" '
                   f'y2="{top + ph}" stroke="#eee"/>')
        out.append(f'<text x="{x(n):.1f}" y="{top + ph + 18}" '
                   f'text-anchor="middle">{n}</text>')
    out.append(f'<text x="{left + pw / 2}" y="{h - 15}" '
               f'text-anchor="middle">N</text>')
    out.append(f'<text x="18" y="{top + ph / 2}" text-anchor="middle" '
               f'transform="rotate(-90 18 {top + ph / 2})">TFLOP/s</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" '
               f'fill="none" stroke="black"/>')
    for i, (who, t, label, color, dash) in enumerate(SERIES):
        pts = sorted(data[(who, t)].items())
        if not pts:
            continue
        path = ' '.join(f'{x(n):.1f},{y(v):.1f}' for n, v in pts)
        dashes = f' stroke-dasharray="{dash}"' if dash else ''
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" '
                   f'stroke-width="2"{dashes}/>')
        for n, v in pts:
            out.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="3" '
                       f'fill="{color}"/>')
        ly = top + 10 + 20 * i
        out.append(f'<line x1="{left + pw + 15}" y1="{ly}" x2="{left + pw + 45}" '
                   f'y2="{ly}" stroke="{color}" stroke-width="2"{dashes}/>')
        out.append(f'<text x="{left + pw + 50}" y="{ly + 4}">{label}</text>')
    out.append('</svg>')
    open(sys.argv[2], 'w').write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
