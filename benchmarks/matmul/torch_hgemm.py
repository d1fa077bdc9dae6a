#!/usr/bin/env python3
"""cuBLAS bf16 and f16 matmuls through torch (f32 accumulation, output in
the input type, as torch.matmul gives it), timed like hgemm.mlir: wall
clock around `reps` calls into a preallocated output, one synchronization.

    torch_hgemm.py N REPS   ->   PEER torch matmul <bf16|f16> N <us per call> <TFLOP/s>
"""
import sys
import time

import torch


def main():
    n, reps = int(sys.argv[1]), int(sys.argv[2])
    dev = torch.device("cuda")
    for name, dt in (("bf16", torch.bfloat16), ("f16", torch.float16)):
        a = torch.rand((n, n), device=dev, dtype=dt)
        b = torch.rand((n, n), device=dev, dtype=dt)
        c = torch.empty((n, n), device=dev, dtype=dt)
        torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(reps):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        per = (time.perf_counter() - t0) / reps
        print(f"PEER torch matmul {name} {n} {per * 1e6:.3f} "
              f"{2 * n**3 / per / 1e12:.2f}", flush=True)


if __name__ == "__main__":
    main()
