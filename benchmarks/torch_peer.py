#!/usr/bin/env python3
"""The benchmark operations in PyTorch, timed like the others: wall clock
around `reps` calls and one device synchronization, after one warm-up call.

    torch_peer.py stream <f32|f64> <n> <reps>   copy, mul, add, triad, dot
    torch_peer.py rowsum <n> <reps>             x.sum(1), n x n f32
    torch_peer.py transpose <n> <reps>          x.t().contiguous(), n x n f32
    torch_peer.py softmax <n> <reps>            torch.softmax(x, 1), n x n f32
    torch_peer.py matmul <n> <reps>             torch.matmul, n^3 f32, no TF32
    torch_peer.py conv2d <reps>                 NHWC 32x56x56x64 -> 64, 3x3,
                                                stride 1, no padding, f32
    torch_peer.py batch "<command>" ...         several commands, one process

Prints `PEER torch <kernel> <type> <size> <microseconds per call>`.

Settings a careful user picks: f32 matmuls and convolutions in full f32
(`allow_tf32 = False` for cuBLAS and cuDNN), cuDNN's autotuner on
(`cudnn.benchmark`), channels_last tensors for the NHWC convolution, `out=`
where torch has it (no allocation in the loop; where it has not, the
caching allocator reuses the same block).
"""
import shlex
import sys
import time

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
torch.backends.cudnn.benchmark = True


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


def run(argv):
    what = argv[0]
    dev = torch.device("cuda")
    if what == "stream":
        typ, n, reps = argv[1], int(argv[2]), int(argv[3])
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
        d = torch.empty((), dtype=dt, device=dev)
        report("dot", typ, n, timed(reps, lambda: torch.dot(a, b, out=d)))
    elif what == "rowsum":
        n, reps = int(argv[1]), int(argv[2])
        x = torch.rand((n, n), device=dev)
        y = torch.empty(n, device=dev)
        report("rowsum", "f32", n, timed(reps, lambda: torch.sum(x, 1, out=y)))
    elif what == "transpose":
        n, reps = int(argv[1]), int(argv[2])
        x = torch.rand((n, n), device=dev)
        report("transpose", "f32", n,
               timed(reps, lambda: x.t().contiguous()))
    elif what == "softmax":
        n, reps = int(argv[1]), int(argv[2])
        x = torch.rand((n, n), device=dev)
        report("softmax", "f32", n, timed(reps, lambda: torch.softmax(x, 1)))
    elif what == "matmul":
        n, reps = int(argv[1]), int(argv[2])
        a = torch.rand((n, n), device=dev)
        b = torch.rand((n, n), device=dev)
        c = torch.empty((n, n), device=dev)
        us = timed(reps, lambda: torch.matmul(a, b, out=c))
        report("matmul", "f32", n, us)
        print(f"INFO torch matmul f32 {n} {2 * n ** 3 / us / 1e3:.1f} GFLOP/s",
              flush=True)
    elif what == "conv2d":
        reps = int(argv[1])
        # NHWC input 32x56x56x64, HWCF filter 3x3x64x64 (torch's shapes are
        # NCHW / FCHW; channels_last stores them as NHWC / FHWC).
        x = torch.rand((32, 64, 56, 56), device=dev).to(
            memory_format=torch.channels_last)
        w = torch.rand((64, 64, 3, 3), device=dev).to(
            memory_format=torch.channels_last)
        conv = torch.nn.functional.conv2d
        with torch.no_grad():
            us = timed(reps, lambda: conv(x, w, stride=1, padding=0))
        report("conv2d", "f32", 32, us)
    else:
        sys.exit(f"bad arguments: {argv}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "batch":
        for command in sys.argv[2:]:
            run(shlex.split(command))
    else:
        run(sys.argv[1:])


if __name__ == "__main__":
    main()
