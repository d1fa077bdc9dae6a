#!/usr/bin/env python3
"""Plots the triad size sweep (SWEEP lines of results.txt) to a PNG.

    plot_sweep.py results.txt docs/triad-sweep.png
Needs matplotlib (Debian: python3-matplotlib, use /usr/bin/python3).
"""
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main():
    src, png = sys.argv[1], sys.argv[2]
    ours, cuda = {}, {}
    gpu = ""
    for line in open(src):
        f = line.split()
        if f and f[0] == "GPU":
            gpu = line[4:].split(",")[0].strip()
        if len(f) < 2 or f[0] != "SWEEP":
            continue
        if f[1] == "RESULT":
            ours[int(f[4])] = float(f[5])
        elif f[1] == "PEER" and f[2] == "cuda":
            cuda[int(f[5])] = float(f[6])
    sizes = sorted(set(ours) & set(cuda))
    gbs = lambda n, us: 3 * 4 * n / (us * 1e-6) / 1e9
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    a.plot(sizes, [gbs(n, ours[n]) for n in sizes], "o-", label="offload")
    a.plot(sizes, [gbs(n, cuda[n]) for n in sizes], "s-", label="CUDA (nvcc -O3)")
    a.set_xscale("log", base=2)
    a.set_xlabel("elements (f32)")
    a.set_ylabel("GB/s (3 x 4 bytes per element)")
    a.set_title(f"triad a = b + s*c, {gpu}")
    a.legend()
    a.grid(True, alpha=0.3)
    b.plot(sizes, [cuda[n] / ours[n] for n in sizes], "o-")
    b.axhline(0.95, color="gray", ls="--", lw=1)
    b.set_xscale("log", base=2)
    b.set_ylim(0, 1.1)
    b.set_xlabel("elements (f32)")
    b.set_ylabel("CUDA time / offload time")
    b.set_title("ratio (1 = as fast as CUDA)")
    b.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


if __name__ == "__main__":
    main()
