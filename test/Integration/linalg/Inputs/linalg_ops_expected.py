#!/usr/bin/env python3
"""The checksums test/Integration/linalg/ops.mlir prints, computed with numpy
from the same inputs (run it to regenerate the CHECK lines)."""
import numpy as np


def init(n, off, m, h):
    l = np.arange(n)
    return (((7 * l + off) % m) - h).astype(np.float64)


def checksum(a):
    a = np.asarray(a, dtype=np.float64).reshape(-1)
    return float((a * ((np.arange(a.size) % 13) + 1)).sum())


def show(name, a):
    print(f"{name} {checksum(a):.1f}")


a = init(37 * 19, 1, 9, 5).reshape(37, 19)
b = init(19 * 23, 2, 11, 5).reshape(19, 23)
bias = init(23, 3, 10, 5)
c = np.maximum(a @ b + bias[None, :], 0)
show("layer", c)

ba = init(70, 1, 9, 5).reshape(2, 5, 7)
bb = init(42, 2, 11, 5).reshape(2, 7, 3)
bc = init(30, 3, 5, 2).reshape(2, 5, 3)
show("bmm", bc + ba @ bb)

x = init(19, 3, 10, 5)
y = init(37, 1, 5, 2)
y = y + a @ x
show("matvec", y)
show("transpose", a.T)
show("transpose2", a.T)
bo = np.broadcast_to(bias[None, :], (37, 23))
show("broadcast", bo)
y = y + a.sum(axis=1)
show("rowsum", y)
d = init(1, 2, 5, 0)
show("dot", d + x @ x)
show("map", c * bo)

ci = init(336, 1, 5, 2).reshape(2, 8, 7, 3)
cw = init(108, 2, 3, 1).reshape(3, 3, 3, 4)
co = init(240, 0, 2, 0).reshape(2, 6, 5, 4)
for kh in range(3):
    for kw in range(3):
        co = co + np.einsum("nhwc,cf->nhwf", ci[:, kh:kh + 6, kw:kw + 5, :],
                            cw[kh, kw])
show("conv", co)
show("copy", a)
tx = init(37, 2, 9, 1)
show("twoloops", (tx * 2)[::-1] + 2)
