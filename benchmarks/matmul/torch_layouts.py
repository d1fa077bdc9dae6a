#!/usr/bin/env python3
"""cuBLAS through torch for the layouts of gemm_layouts.mlir, timed the same
way (wall clock around `reps` calls into a preallocated output, one
synchronization):

    torch_layouts.py tf32 M N K REPS   f32 with torch.backends.cuda.matmul.
                                       allow_tf32 = True: a @ b, a @ b.t()
                                       (b stored n x k) and a.t() @ b (a
                                       stored k x m), f32 output
    torch_layouts.py bf16t M N K REPS  bf16: a @ b.t() (b stored n x k) and
                                       a.t() @ b (a stored k x m), bf16 output
        ->   PEER torch matmul <name> MxNxK <us per call> <TFLOP/s>
"""
import sys
import time

import torch


def timed(name, m, n, k, reps, fn):
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    per = (time.perf_counter() - t0) / reps
    print(f"PEER torch matmul {name} {m}x{n}x{k} {per * 1e6:.3f} "
          f"{2 * m * n * k / per / 1e12:.2f}", flush=True)


def main():
    mode = sys.argv[1]
    m, n, k, reps = (int(x) for x in sys.argv[2:6])
    dev = torch.device("cuda")
    if mode == "tf32":
        torch.backends.cuda.matmul.allow_tf32 = True
        a = torch.rand((m, k), device=dev, dtype=torch.float32)
        b = torch.rand((k, n), device=dev, dtype=torch.float32)
        bt = torch.rand((n, k), device=dev, dtype=torch.float32)
        at = torch.rand((k, m), device=dev, dtype=torch.float32)
        c = torch.empty((m, n), device=dev, dtype=torch.float32)
        timed("tf32", m, n, k, reps, lambda: torch.matmul(a, b, out=c))
        timed("tf32_bt", m, n, k, reps, lambda: torch.matmul(a, bt.t(), out=c))
        timed("tf32_at", m, n, k, reps, lambda: torch.matmul(at.t(), b, out=c))
    else:
        dt = torch.bfloat16
        a = torch.rand((m, k), device=dev, dtype=dt)
        at = torch.rand((k, m), device=dev, dtype=dt)
        b = torch.rand((k, n), device=dev, dtype=dt)
        bt = torch.rand((n, k), device=dev, dtype=dt)
        c = torch.empty((m, n), device=dev, dtype=dt)
        timed("bf16", m, n, k, reps, lambda: torch.matmul(a, b, out=c))
        timed("bf16_bt", m, n, k, reps, lambda: torch.matmul(a, bt.t(), out=c))
        timed("bf16_at", m, n, k, reps, lambda: torch.matmul(at.t(), b, out=c))


if __name__ == "__main__":
    main()
