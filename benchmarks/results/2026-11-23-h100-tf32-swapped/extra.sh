#!/usr/bin/env bash
cd "$(dirname "$0")/tf"
export OMP_TARGET_OFFLOAD=mandatory
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
echo "# TF32 8192^3 (C^T = B^T A^T for B[k][n])"
R ./gemm_layouts tf32 8192 8192 8192 10
python3 torch_layouts.py tf32 8192 8192 8192 10
R ./gemm_layouts tf32 8192 8192 8192 10
echo "# TF32 4096^3"
R ./gemm_layouts tf32 4096 4096 4096 20
python3 torch_layouts.py tf32 4096 4096 4096 20
