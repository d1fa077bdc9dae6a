#!/usr/bin/env python3
"""cuBLAS bf16 and f16 matmuls through torch for several shapes in one
process, timed like hgemm_mnk.mlir (wall clock around `reps` calls into a
preallocated output in the input type, one synchronization):

    torch_hgemm_shapes.py MxNxK:REPS ...
        ->   PEER torch matmul <bf16|f16> MxNxK <us per call> <TFLOP/s>
"""
import sys
import time

import torch


def main():
    dev = torch.device("cuda")
    for spec in sys.argv[1:]:
        shape, reps = spec.split(":")
        m, n, k = (int(x) for x in shape.split("x"))
        reps = int(reps)
        for name, dt in (("bf16", torch.bfloat16), ("f16", torch.float16)):
            a = torch.rand((m, k), device=dev, dtype=dt)
            b = torch.rand((k, n), device=dev, dtype=dt)
            c = torch.empty((m, n), device=dev, dtype=dt)
            torch.matmul(a, b, out=c)
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(reps):
                torch.matmul(a, b, out=c)
            torch.cuda.synchronize()
            per = (time.perf_counter() - t0) / reps
            print(f"PEER torch matmul {name} {m}x{n}x{k} {per * 1e6:.3f} "
                  f"{2 * m * n * k / per / 1e12:.2f}", flush=True)
            del a, b, c


if __name__ == "__main__":
    main()
