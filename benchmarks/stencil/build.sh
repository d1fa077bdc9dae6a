#!/usr/bin/env bash
# Builds the one-GPU stencil benchmark into .device/stencil (or $1): our
# jacobi_steps for sm_90 and the host, the nvcc-built peer and run.sh (the
# runtime pack stays in .device). Then `run` carrying [".device"]: bash .device/stencil/run.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUTDIR=${1:-$ROOT/.device/stencil}
mkdir -p "$OUTDIR"
"$ROOT/build/bin/offload-cc" "$HERE/jacobi_steps.mlir" -O3 \
  --offload-targets=nvptx:sm_90,host --save-temps -o "$OUTDIR/jacobi_steps"
rm -f "$OUTDIR"/jacobi_steps.{ll,o,lowered.mlir}
/usr/local/cuda/bin/nvcc -O3 -arch=sm_90 -o "$OUTDIR/jacobi_peer" "$HERE/jacobi_peer.cu"
cp "$HERE/run.sh" "$HERE/diag.sh" "$HERE/torch_peer.py" "$OUTDIR/"
# run.sh takes the runtime pack from .device (one copy in what is carried).
[ -f "$ROOT/.device/offload-rt.tar.xz" ] ||
  "$ROOT/../shared/device/pack-runtime.sh" "$ROOT/.device/offload-rt.tar.xz"
echo "built into $OUTDIR"
