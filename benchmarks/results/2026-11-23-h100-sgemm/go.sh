#!/bin/bash
# The tiled-contraction run: GPU tests, f32 matmul against cuBLAS, SASS.
cd "$(dirname "$0")"
date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
echo "== gpu tests"
OUT=/tmp/gt bash tests/run.sh
tar czf $OUT/tests.tgz -C /tmp/gt .
RT="env LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=mandatory"
echo "== f32 matmul: offload program (sgemm.mlir), matmul_loop (gen_mlir.py), torch.matmul (TF32 off)"
for round in 1 2; do
  $RT ./sgemm 4096 30; python3 torch_sgemm.py 4096 30
  $RT ./sgemm 8192 5; python3 torch_sgemm.py 8192 5
done
$RT ./matmul_loop 4096 30; $RT ./matmul_loop 8192 5
echo "== cubins (CUDA events) against cublasSgemm"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH
s="sgemm.nvptx-sm_90.cubin:sgemm:256:128:256 mm_nofill.cubin:mm:256:128:256"
./bench_cubin 4096 50 $s
./bench_cubin 8192 10 $s
# (cuobjdump -res-usage takes one file: registers are from ptxas -v, README.md)
cuobjdump -sass sgemm.nvptx-sm_90.cubin > $OUT/sgemm.sass 2>&1
cuobjdump -sass mm_nofill.cubin > $OUT/mm_nofill.sass 2>&1

