#!/bin/bash
# Builds the first-launch benchmark into OUTDIR (default .device/first_launch)
# here, for run.sh on the GPU machine:
#   benchmarks/first_launch/build.sh [OUTDIR]
# first_launch: first_launch.mlir by build/bin/offload-cc (sm_90 cubin and
# host); first_launch_cuda: the CUDA peer by nvcc; the packed runtime next
# to them.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
OUTDIR=${1:-$ROOT/.device/first_launch}
CC=${OFFLOAD_CC:-$ROOT/build/bin/offload-cc}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
RT=${OFFLOAD_RT:-$ROOT/.device/offload-rt.tar.xz}
mkdir -p "$OUTDIR"
"$CC" "$HERE/first_launch.mlir" --offload-targets=nvptx:sm_90,host -O3 \
  -o "$OUTDIR/first_launch"
"$NVCC" -O3 -arch=sm_90 "$HERE/first_launch.cu" -o "$OUTDIR/first_launch_cuda"
cp "$HERE/run.sh" "$HERE/summary.py" "$OUTDIR/"
[ -f "$OUTDIR/offload-rt.tar.xz" ] || cp "$RT" "$OUTDIR/"
echo "built into $OUTDIR"
