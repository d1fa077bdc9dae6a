#!/bin/bash
# Builds the liboffload launch prototype into one folder a GPU run takes along:
#   benchmarks/liboffload-proto/build.sh OUTDIR
# then on the GPU machine: bash OUTDIR/run.sh   (carry OUTDIR)
# Here: proto (clang-22, libomptarget + libLLVMOffload), the cubin of bump.cu
# (nvcc -cubin), our compiler's images of bumpk.mlir (cubin and bitcode), and
# the launch benchmark of benchmarks/ (our generated code through
# __tgt_target_kernel). There: the CUDA peer with nvcc.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
OUT=${1:?usage: build.sh OUTDIR}
CC=${OFFLOAD_CC:-/work/main/build/bin/offload-cc}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
RT=${OFFLOAD_RT:-/work/main/.device/offload-rt.tar.xz}
LLVM=/usr/lib/llvm-22
mkdir -p "$OUT" "$OUT/tmp"
$LLVM/bin/clang -O2 -Wall -fopenmp "$HERE/proto.c" -I$LLVM/include/offload \
  -L$LLVM/lib -lomptarget -lLLVMOffload -lLLVM -o "$OUT/proto"
"$NVCC" -cubin -arch=sm_90 -O3 -o "$OUT/bump.cubin" "$HERE/bump.cu"
(cd "$OUT/tmp" &&
  "$CC" "$HERE/bumpk.mlir" --offload-targets=nvptx:sm_90:cubin,host \
    --save-temps -o bumpk &&
  "$CC" "$HERE/bumpk.mlir" --offload-targets=nvptx:sm_90:bitcode,host \
    --save-temps -o bumpk-bc)
cp "$OUT/tmp/bumpk.nvptx-sm_90.cubin" "$OUT/bumpk.cubin"
cp "$OUT/tmp/bumpk-bc.nvptx-sm_90.bc" "$OUT/bumpk.bc"
python3 "$ROOT/benchmarks/gen_mlir.py" "$OUT/tmp"
"$CC" "$OUT/tmp/launch.mlir" --offload-targets=nvptx:sm_90:cubin,host -O3 \
  -o "$OUT/launch"
rm -rf "$OUT/tmp"
cp "$HERE/bump.cu" "$HERE/cuda_peer.cu" "$HERE/run.sh" "$OUT/"
[ -f "$OUT/offload-rt.tar.xz" ] || cp "$RT" "$OUT/"
echo "built into $OUT"
