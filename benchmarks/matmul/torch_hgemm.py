#!/usr/bin/env python3
"""cuBLAS bf16 and f16 matmuls through torch (f32 accumulation, output in
the input type, as torch.matmul gives it), timed like hgemm.mlir: wall
clock around `reps` calls into a preallocated output, one synchronization.

    torch_hgemm.py N REPS   ->   PEER torch matmul <bf16|f16> N <us per call> <TFLOP/s>
    torch_hgemm.py N REPS BATCH
                            ->   PEER torch bmm <bf16|f16> BATCHxN <us per call> <TFLOP/s>
(the batched form: BATCH matmuls of N x N in one torch.matmul of
BATCH x N x N tensors, as hbmm.mlir times them).
"""
import sys
import time

import torch


def main():
    n, reps = int(sys.argv[1]), int(sys.argv[2])
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    shape = (batch, n, n) if batch else (n, n)
    dev = torch.device("cuda")
    for name, dt in (("bf16", torch.bfloat16), ("f16", torch.float16)):
        a = torch.rand(shape, device=dev, dtype=dt)
        b = torch.rand(shape, device=dev, dtype=dt)
        c = torch.empty(shape, device=dev, dtype=dt)
        torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(reps):
            torch.matmul(a, b, out=c)
        torch.cuda.synchronize()
        per = (time.perf_counter() - t0) / reps
        what = f"bmm {name} {batch}x{n}" if batch else f"matmul {name} {n}"
        print(f"PEER torch {what} {per * 1e6:.3f} "
              f"{2 * max(batch, 1) * n**3 / per / 1e12:.2f}", flush=True)


if __name__ == "__main__":
    main()
