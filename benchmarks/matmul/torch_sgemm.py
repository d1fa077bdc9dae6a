#!/usr/bin/env python3
"""cuBLAS f32 matmul through torch (TF32 off), timed like sgemm.mlir: wall
clock around `reps` calls into a preallocated output, one synchronization.

    torch_sgemm.py N REPS   ->   PEER torch matmul f32 N <us per call> <TFLOP/s>
"""
import sys
import time

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def main():
    n, reps = int(sys.argv[1]), int(sys.argv[2])
    dev = torch.device("cuda")
    a = torch.rand((n, n), device=dev, dtype=torch.float32)
    b = torch.rand((n, n), device=dev, dtype=torch.float32)
    c = torch.empty((n, n), device=dev, dtype=torch.float32)
    torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    per = (time.perf_counter() - t0) / reps
    print(f"PEER torch matmul f32 {n} {per * 1e6:.3f} {2 * n**3 / per / 1e12:.2f}",
          flush=True)


if __name__ == "__main__":
    main()
