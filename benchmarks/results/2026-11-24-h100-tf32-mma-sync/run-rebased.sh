#!/usr/bin/env bash
# After rebasing on main e094af9 (persistent grid from the runtime).
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/tf32b}; mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
L=$PWD/../offload-rt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/gpu.txt"
for p in matmul-tf32-mma-sync matmul-tf32; do
  timeout 60 env LD_LIBRARY_PATH=$L OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p > "$OUT/$p.out" 2> "$OUT/$p.err"; echo "$p: exit $?"
done
{
  timeout 40 env LD_LIBRARY_PATH=$L ./gemm_tf32_mma_sync tf32 4096 4096 4096 20
  timeout 40 env LD_LIBRARY_PATH=$L ./gemm_tf32_sm90 tf32 4096 4096 4096 20
  timeout 30 python3 torch_layouts.py tf32 4096 4096 4096 20
} 2>&1 | tee "$OUT/perf.txt"
