#!/usr/bin/env python3
"""bf16 matmul + bias + gelu (tanh form) through torch, timed like
hgemm_bias_gelu.mlir (wall clock around `reps` iterations, one
synchronization), two ways:

  - separate: torch.matmul, then the bias add, then gelu, each its own
    kernel (into preallocated bf16 tensors);
  - addmm: torch.nn.functional.gelu(torch.addmm(bias, a, b)), torch's best
    (cuBLASLt adds the bias in the GEMM's epilogue; gelu is a second kernel).

    torch_hgemm_bias_gelu.py N REPS
        ->   PEER torch <separate|addmm> bf16 N <us per iteration> <TFLOP/s>
(TFLOP/s count the matmul's 2 N^3 only, as hgemm_bias_gelu does.)
"""
import sys
import time

import torch
import torch.nn.functional as F


def timed(fn, reps):
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps


def main():
    n, reps = int(sys.argv[1]), int(sys.argv[2])
    dev = torch.device("cuda")
    dt = torch.bfloat16
    a = torch.rand((n, n), device=dev, dtype=dt)
    b = torch.rand((n, n), device=dev, dtype=dt)
    bias = torch.rand((n,), device=dev, dtype=dt)
    c = torch.empty((n, n), device=dev, dtype=dt)
    d = torch.empty((n, n), device=dev, dtype=dt)

    def separate():
        torch.matmul(a, b, out=c)
        torch.add(c, bias, out=d)
        return F.gelu(d, approximate="tanh")

    def addmm():
        return F.gelu(torch.addmm(bias, a, b), approximate="tanh")

    for name, fn in (("separate", separate), ("addmm", addmm)):
        per = timed(fn, reps)
        print(f"PEER torch {name} bf16 {n} {per * 1e6:.3f} "
              f"{2 * n**3 / per / 1e12:.2f}", flush=True)


if __name__ == "__main__":
    main()
