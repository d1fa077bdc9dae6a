#!/usr/bin/env bash
cd "$(dirname "$0")"
export OMP_TARGET_OFFLOAD=mandatory
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
echo "# N = 128: f16 kernel with N known (128-wide tiles), bf16 with N dynamic (256-wide)"
R new/hgemm_n128 16384 128 4096 50
R new/hgemm_n128 8192 128 8192 50
R new/hgemm_n128 65536 128 1024 50
python3 new/torch_hgemm_shapes.py 16384x128x4096:50 8192x128x8192:50 65536x128x1024:50
echo "# sweep"
for s in "512 200" "1024 100" "2048 50" "4096 20" "8192 10" "16384 5"; do
  set -- $s
  R new/hgemm_mnk $1 $1 $1 $2
done
python3 new/torch_hgemm_shapes.py 512x512x512:200 1024x1024x1024:100 2048x2048x2048:50 4096x4096x4096:20 8192x8192x8192:10 16384x16384x16384:5
