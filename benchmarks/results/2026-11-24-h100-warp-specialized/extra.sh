#!/usr/bin/env bash
cd "$(dirname "$0")"
export OMP_TARGET_OFFLOAD=mandatory
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
echo "# warp-specialized kernel: 8192^3, 4096^3 bf16/f16 (f32 C)"
R new/hgemm_mnk 8192 8192 8192 10
R new/hgemm_mnk 4096 4096 4096 20
python3 new/torch_hgemm_shapes.py 8192x8192x8192:10 4096x4096x4096:20
echo "# batch 32 x 1024^3, 8 x 4096^3"
R new/hbmm 32 1024 20
python3 new/torch_hgemm.py 1024 20 32
R new/hbmm 8 4096 10
python3 new/torch_hgemm.py 4096 10 8
echo "# TF32"
R new/gemm_layouts tf32 8192 8192 8192 10
R new/gemm_layouts tf32 4096 4096 4096 20
python3 new/torch_layouts.py tf32 8192 8192 8192 10
python3 new/torch_layouts.py tf32 4096 4096 4096 20
echo "# LLM shapes, bias gelu"
R new/hgemm_mnk 16384 4096 4096 20
R new/hgemm_mnk 16384 11008 4096 10
R new/hgemm_mnk 16384 4096 11008 10
python3 new/torch_hgemm_shapes.py 16384x4096x4096:20 16384x11008x4096:10 16384x4096x11008:10
R new/hgemm_bias_gelu 8192 10
R new/hgemm_bias_gelu 4096 20
python3 new/torch_hgemm_bias_gelu.py 8192 10
python3 new/torch_hgemm_bias_gelu.py 4096 20
