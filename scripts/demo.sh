#!/usr/bin/env bash
# Compiles examples/saxpy.mlir with offload-cc and runs it through the offload
# runtime: on the GPU when the runtime finds one, else on the host device.
set -euo pipefail
build=${1:-build}
out=$build/examples
mkdir -p "$out"

echo "== offload-cc examples/saxpy.mlir -o $out/saxpy"
"$build/bin/offload-cc" examples/saxpy.mlir -o "$out/saxpy"

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  echo "== running on the GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
else
  echo "== no GPU found: running on the host device (x86-64 plugin)"
fi
# The runtime's launch line (grid, device) and the program's own check.
OMP_TARGET_OFFLOAD=mandatory LIBOMPTARGET_INFO=16 "$out/saxpy" 2>&1 |
  sed -e 's/^"PluginInterface" device \([0-9]*\) info: /runtime: device \1: /'
