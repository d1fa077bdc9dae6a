#!/usr/bin/env bash
cd "$(dirname "$0")"
export OMP_TARGET_OFFLOAD=mandatory
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
echo "# batch 32 x 1024^3 (bf16_out: quads trade pairs, 16-byte stores)"
R new/hbmm 32 1024 20
python3 new/torch_hgemm.py 1024 20 32
R new/hbmm 32 1024 20
python3 new/torch_hgemm.py 1024 20 32
R new/hbmm 8 4096 10
python3 new/torch_hgemm.py 4096 10 8
R new/hgemm_mnk 8192 8192 8192 10
python3 new/torch_hgemm_shapes.py 8192x8192x8192:10
