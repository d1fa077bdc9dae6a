#!/bin/bash
# Builds every benchmark into one folder that a GPU run takes along:
#   benchmarks/build.sh [OUTDIR]        (default: .device-bench)
# then on the GPU machine: bash OUTDIR/run.sh
# The offload programs are compiled here with build/bin/offload-cc (cubins
# for sm_90 need ptxas: OFFLOAD_PTXAS or /usr/local/cuda/bin/ptxas); the CUDA
# peer is compiled there with nvcc, as the issue asks.
# A program offload-cc rejects is left out (listed at the end and in
# OUTDIR/unbuilt.txt; run.sh reports it as MISSING) unless STRICT=1.
# SOFTMAX=rows|block, NODOT=1, NOLINALG=1 and LINALG_KERNELS=1 pass
# --softmax, --no-dot, --no-linalg and --linalg-in-kernels to gen_mlir.py.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
OUTDIR=${1:-$ROOT/.device-bench}
CC=${OFFLOAD_CC:-$ROOT/build/bin/offload-cc}
RT=${OFFLOAD_RT:-/work/main/.device/offload-rt.tar.xz}
mkdir -p "$OUTDIR/src"
rm -f "$OUTDIR"/src/*.mlir "$OUTDIR/unbuilt.txt"
python3 "$HERE/gen_mlir.py" "$OUTDIR/src" ${SOFTMAX:+--softmax=$SOFTMAX} ${NODOT:+--no-dot} ${NOLINALG:+--no-linalg} ${LINALG_KERNELS:+--linalg-in-kernels}
failed=()
for f in "$OUTDIR"/src/*.mlir; do
  name=$(basename "$f" .mlir)
  rm -f "$OUTDIR/$name"
  if ! "$CC" "$f" --offload-targets=nvptx:sm_90:cubin,host -O3 -o "$OUTDIR/$name"; then
    [ "${STRICT:-0}" = 1 ] && exit 1
    failed+=("$name")
    echo "$name" >> "$OUTDIR/unbuilt.txt"
  fi
done
cp "$HERE/cuda/bench.cu" "$HERE/torch_peer.py" "$HERE/table.py" "$HERE/run.sh" "$OUTDIR/"
[ -f "$OUTDIR/offload-rt.tar.xz" ] || cp "$RT" "$OUTDIR/"
echo "built into $OUTDIR"
[ ${#failed[@]} = 0 ] || echo "offload-cc rejected (left out): ${failed[*]}" >&2
