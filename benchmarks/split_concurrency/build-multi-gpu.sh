#!/usr/bin/env bash
# Builds multi_gpu.mlir for two GPUs into a folder a run on the 2 x H200
# machine (kind nvidia-h200-x2) takes along, with run-multi-gpu.sh and the
# runtime pack:
#
#   benchmarks/split_concurrency/build-multi-gpu.sh [OUTDIR]   (default .device/multi-gpu)
#
# then, from the repository root, `run` with kind nvidia-h200-x2, carry
# [".device"] and the command `bash .device/multi-gpu/run-multi-gpu.sh`.
# The kernels are built for sm_90 (a cubin when ptxas is found here, else
# bitcode that the runtime compiles there with the CUDA toolkit's ptxas) and
# for the host device (MULTI_GPU_SMALL=1 runs the program on the host
# plugin's devices: `MULTI_GPU_SMALL=1 OUTDIR/multi_gpu`).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUTDIR=${1:-$ROOT/.device/multi-gpu}
CC=${OFFLOAD_CC:-$ROOT/build/bin/offload-cc}
RT=${OFFLOAD_RT:-$ROOT/.device/offload-rt.tar.xz}
[ -f "$RT" ] || RT=/work/main/.device/offload-rt.tar.xz
mkdir -p "$OUTDIR"
"$CC" "$HERE/multi_gpu.mlir" --offload-targets=nvptx:sm_90,host -O3 \
  --offload-remarks -o "$OUTDIR/multi_gpu" 2> "$OUTDIR/remarks.txt"
"$CC" "$HERE/split_overhead.mlir" --offload-targets=nvptx:sm_90,host -O3 \
  -o "$OUTDIR/split_overhead"
# What the compiler kept on the devices, for the record.
grep -E "keep their sections|do not keep|share: strategy" "$OUTDIR/remarks.txt" \
  | sed 's/^[^ ]*: remark: /  /' | cut -c1-200 || true
cp "$HERE/run-multi-gpu.sh" "$HERE/multi_gpu.mlir" "$HERE/split_overhead.mlir" "$OUTDIR/"
if [ -f "$RT" ]; then
  cp "$RT" "$OUTDIR/offload-rt.tar.xz"
else
  echo "no runtime pack: make one with ../shared/device/pack-runtime.sh $ROOT/.device/offload-rt.tar.xz" >&2
fi
echo "built into $OUTDIR"
