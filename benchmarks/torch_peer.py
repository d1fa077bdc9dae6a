#!/usr/bin/env python3
"""The benchmark operations in PyTorch where it has them, timed like the
others: wall clock around `reps` calls and one device synchronization.

    torch_peer.py stream <f32|f64> <n> <reps>
    torch_peer.py transpose <n> <reps>
    torch_peer.py softmax <n> <reps>

Prints `PEER torch <kernel> <type> <size> <microseconds per call>`.
"""
import sys
import time

import torch


def timed(reps, fn):
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1e6 / reps


def report(kernel, typ, size, us):
    print(f"PEER torch {kernel} {typ} {size} {us:.3f}", flush=True)


def main():
    what = sys.argv[1]
    dev = torch.device("cuda")
    if what == "stream":
        typ, n, reps = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        dt = torch.float32 if typ == "f32" else torch.float64
        a = torch.full((n,), 0.1, dtype=dt, device=dev)
        b = torch.full((n,), 0.2, dtype=dt, device=dev)
        c = torch.zeros(n, dtype=dt, device=dev)
        s = 0.4
        report("copy", typ, n, timed(reps, lambda: c.copy_(a)))
        report("mul", typ, n, timed(reps, lambda: torch.mul(c, s, out=b)))
        report("add", typ, n, timed(reps, lambda: torch.add(a, b, out=c)))
        report("triad", typ, n,
               timed(reps, lambda: torch.add(b, c, alpha=s, out=a)))
        report("dot", typ, n, timed(reps, lambda: torch.dot(a, b)))
    elif what == "transpose":
        n, reps = int(sys.argv[2]), int(sys.argv[3])
        a = torch.rand((n, n), device=dev)
        b = torch.empty((n, n), device=dev)
        report("transpose", "f32", n, timed(reps, lambda: b.copy_(a.t())))
    elif what == "softmax":
        n, reps = int(sys.argv[2]), int(sys.argv[3])
        a = torch.rand((n, n), device=dev)
        report("softmax", "f32", n,
               timed(reps, lambda: torch.softmax(a, dim=1)))
    else:
        sys.exit("bad arguments")


if __name__ == "__main__":
    main()
