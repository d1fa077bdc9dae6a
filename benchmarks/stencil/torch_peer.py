"""The torch peer of jacobi_steps.mlir: the same 5-point Jacobi step as a
3 x 3 convolution (cuDNN), x -> y and y -> x per step, the grids resident,
timed with CUDA events (best of 3 runs of K steps). The boundary rows and
columns stay as they were (the convolution writes the interior). Prints
ms per step and GB/s (16 bytes per point per step, as the others).

    python3 torch_peer.py [N] [K]     (default 16384 and 1000)
"""
import sys

import torch

n = int(sys.argv[1]) if len(sys.argv) > 1 else 16384
k = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
torch.backends.cudnn.benchmark = True
torch.backends.cudnn.allow_tf32 = False
i = torch.arange(n, device="cuda").view(n, 1)
j = torch.arange(n, device="cuda").view(1, n)
x = (((i * 7 + j * 3) % 17).float() * 0.0625).view(1, 1, n, n)
y = torch.zeros_like(x)
w = torch.tensor([[0.0, 0.25, 0.0], [0.25, 0.0, 0.25], [0.0, 0.25, 0.0]],
                 device="cuda").view(1, 1, 3, 3)


def step(a, b):
    b[:, :, 1:-1, 1:-1] = torch.nn.functional.conv2d(a, w)


for _ in range(3):
    step(x, y)
    step(y, x)
torch.cuda.synchronize()
best = float("inf")
for _ in range(3):
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(k):
        step(x, y)
        step(y, x)
    stop.record()
    torch.cuda.synchronize()
    best = min(best, start.elapsed_time(stop))
per = best / k
print(f"peer torch conv2d: jacobi {n} x {n} f32, {k} steps: {per:.3f} ms/step "
      f"({16.0 * n * n / (per * 1e6):.0f} GB/s); torch {torch.__version__}")
