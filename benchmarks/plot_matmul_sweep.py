#!/usr/bin/env python3
"""Plots the f32 matmul sweep of a run (results.txt from run.sh): GFLOP/s
of our programs (matmul_linalg, matmul_linalg_kernel, matmul_loop) beside cuBLAS (torch.matmul,
TF32 off) and the CUDA SGEMM peer, against n (C = A B, n x n), and ours /
cuBLAS.

    plot_matmul_sweep.py results.txt docs/matmul-sweep.png   (matplotlib)
    plot_matmul_sweep.py results.txt docs/matmul-sweep.svg   (no matplotlib
                                                              needed)

A .png needs matplotlib; a .svg is written by hand when matplotlib is not
there (and by matplotlib when it is).
"""
import sys

SERIES = [  # (who, kernel, label, color, marker)
    ('ours', 'matmul_linalg', 'offload: linalg.matmul', '#1f77b4', 'o'),
    ('ours', 'matmul_linalg_kernel', 'offload: linalg.matmul in a kernel',
     '#9467bd', 'D'),
    ('ours', 'matmul_loop', 'offload: loop nest', '#17becf', 'v'),
    ('torch', 'matmul', 'cuBLAS fp32 (torch, TF32 off)', '#d62728', 's'),
    ('cuda', 'matmul', 'CUDA SGEMM (bench.cu)', '#2ca02c', '^'),
]

OURS = [s for s in SERIES if s[0] == 'ours']


def parse(path):
    data = {(who, k): {} for who, k, *_ in SERIES}
    gpu = ''
    for line in open(path):
        f = line.split()
        if f and f[0] == 'GPU':
            gpu = line[4:].split(',')[0].strip()
        if len(f) == 6 and f[0] == 'RESULT' and float(f[4]) > 0 and f[5] == 'ok':
            key = ('ours', f[1])
            if key in data:
                data[key][int(f[3])] = float(f[4])
        elif len(f) == 6 and f[0] == 'PEER':
            key = (f[1], f[2])
            if key in data:
                data[key][int(f[4])] = float(f[5])
    return data, gpu


def gflops(n, us):
    return 2 * n ** 3 / (us * 1e-6) / 1e9


def series(data):
    """[(label, color, marker, [(n, GFLOP/s)])] of the series with data."""
    out = []
    for who, k, label, color, marker in SERIES:
        pts = sorted((n, gflops(n, us)) for n, us in data[(who, k)].items())
        if pts:
            out.append((label, color, marker, pts))
    return out


def ratios(data, kernel):
    ours, ref = data[('ours', kernel)], data[('torch', 'matmul')]
    return sorted((n, ref[n] / ours[n]) for n in ours if n in ref)


def plot_matplotlib(data, gpu, path):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    for label, color, marker, pts in series(data):
        a.plot([n for n, _ in pts], [g for _, g in pts], marker + '-',
               color=color, label=label)
    a.set_xscale('log', base=2)
    a.set_xlabel('n (C = A B, n x n, f32)')
    a.set_ylabel('GFLOP/s')
    a.set_title(f'f32 matmul, {gpu}')
    a.legend(fontsize=8)
    a.grid(True, alpha=0.3)
    for who, k, label, color, marker in OURS:
        pts = ratios(data, k)
        if pts:
            b.plot([n for n, _ in pts], [r for _, r in pts], marker + '-',
                   color=color, label=label)
    b.axhline(0.9, color='gray', ls='--', lw=1)
    b.set_xscale('log', base=2)
    b.set_ylim(0, 1.2)
    b.set_xlabel('n')
    b.set_ylabel('cuBLAS time / our time')
    b.set_title('ours / cuBLAS (target 0.9 at 4096, 8192)')
    b.legend(fontsize=8)
    b.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot_svg(data, gpu, path):
    """The same two panels, as plain SVG."""
    W, H, PW = 1100, 420, 470  # image, panel width
    top, bottom = 40, 60
    ph = H - top - bottom
    all_n = sorted({n for _, _, _, pts in series(data) for n, _ in pts} |
                   {n for _, k, *_ in OURS for n, _ in ratios(data, k)})
    if not all_n:
        sys.exit('no matmul lines in the results')
    import math
    lo, hi = math.log2(min(all_n)), math.log2(max(all_n))
    hi = hi if hi > lo else lo + 1
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>']

    def panel(x0, title, ymax, ylabel, lines, hline=None):
        X = lambda n: x0 + (math.log2(n) - lo) / (hi - lo) * PW
        Y = lambda v: top + ph - min(v, ymax) / ymax * ph
        out.append(f'<text x="{x0 + PW / 2}" y="{top - 15}" text-anchor="middle" '
                   f'font-size="14">{title}</text>')
        out.append(f'<rect x="{x0}" y="{top}" width="{PW}" height="{ph}" '
                   'fill="none" stroke="black"/>')
        for i in range(6):
            v = ymax * i / 5
            out.append(f'<line x1="{x0}" y1="{Y(v):.1f}" x2="{x0 + PW}" '
                       f'y2="{Y(v):.1f}" stroke="#ddd"/>')
            out.append(f'<text x="{x0 - 5}" y="{Y(v) + 4:.1f}" '
                       f'text-anchor="end">{v:.0f}</text>' if ymax > 10 else
                       f'text-anchor="end">{v:.2f}</text>')
        for n in all_n:
            out.append(f'<text x="{X(n):.1f}" y="{top + ph + 16}" '
                       f'text-anchor="middle">{n}</text>')
        out.append(f'<text x="{x0 + PW / 2}" y="{H - 20}" text-anchor="middle">'
                   'n (C = A B, n x n, f32)</text>')
        out.append(f'<text x="{x0 - 50}" y="{top + ph / 2}" text-anchor="middle" '
                   f'transform="rotate(-90 {x0 - 50} {top + ph / 2})">{ylabel}</text>')
        if hline is not None:
            out.append(f'<line x1="{x0}" y1="{Y(hline):.1f}" x2="{x0 + PW}" '
                       f'y2="{Y(hline):.1f}" stroke="gray" stroke-dasharray="5,4"/>')
        for i, (label, color, pts) in enumerate(lines):
            d = ' '.join(f'{X(n):.1f},{Y(v):.1f}' for n, v in pts)
            out.append(f'<polyline points="{d}" fill="none" stroke="{color}" '
                       'stroke-width="2"/>')
            for n, v in pts:
                out.append(f'<circle cx="{X(n):.1f}" cy="{Y(v):.1f}" r="3" '
                           f'fill="{color}"/>')
            ly = top + 15 + 16 * i
            out.append(f'<line x1="{x0 + 10}" y1="{ly - 4}" x2="{x0 + 30}" '
                       f'y2="{ly - 4}" stroke="{color}" stroke-width="2"/>')
            out.append(f'<text x="{x0 + 35}" y="{ly}">{label}</text>')

    gl = [(label, color, pts) for label, color, _, pts in series(data)]
    gmax = max(v for _, _, pts in gl for _, v in pts)
    gmax = math.ceil(gmax / 10000) * 10000
    panel(80, f'f32 matmul, {gpu}', gmax, 'GFLOP/s', gl)
    rl = [(label, color, ratios(data, k))
          for _, k, label, color, _ in OURS if ratios(data, k)]
    panel(80 + PW + 90, 'ours / cuBLAS (target 0.9 at 4096, 8192)', 1.2,
          'cuBLAS time / our time', rl, hline=0.9)
    out.append('</svg>')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')


def main():
    src, dst = sys.argv[1], sys.argv[2]
    data, gpu = parse(src)
    try:
        import matplotlib  # noqa: F401
        have_mpl = True
    except ImportError:
        have_mpl = False
    if have_mpl:
        plot_matplotlib(data, gpu, dst)
    elif dst.endswith('.svg'):
        plot_svg(data, gpu, dst)
    else:
        sys.exit('matplotlib is not installed: write a .svg instead')


if __name__ == '__main__':
    main()
