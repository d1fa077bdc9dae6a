#!/usr/bin/env bash
cd "$(dirname "$0")"
export OMP_TARGET_OFFLOAD=mandatory
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
echo "# tf32 debug (odd sizes, swapped fragments reloaded after the wgmma)"
R new/tf32dbg 2>&1 | head -30
echo "# batch 32 x 1024^3 (bf16_out: C in bf16 like torch)"
R new/hbmm 32 1024 20; R env OFFLOAD_PERSISTENT_GRID=0 new/hbmm 32 1024 20
python3 new/torch_hgemm.py 1024 20 32
R new/hbmm 32 1024 20
python3 new/torch_hgemm.py 1024 20 32
echo "# batch 8 x 4096^3"
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
python3 new/torch_hgemm_shapes.py 16384x4096x4096:20 16384x11008x4096:10
R new/hgemm_bias_gelu 8192 10
python3 new/torch_hgemm_bias_gelu.py 8192 10
echo "# mgpu library"
bash gpuin2/run.sh 2>&1 | tail -30
