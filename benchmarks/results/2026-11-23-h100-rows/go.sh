#!/bin/bash
# Run 3 (rows helper, at 2fea051): peers and ours in one call, then gpu-tests.
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
LOG=$OUT/results.txt
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | head -1)"
  echo "COMMAND bash .device/rows/go.sh"
} > "$LOG"
( cd .. && [ -d offload-rt ] || tar xJf offload-rt.tar.xz ); ln -sfn ../offload-rt offload-rt
RT=$(cd ../offload-rt && pwd)
ours() { local p=$1; shift; OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$RT timeout 60 "bin/$p" "$@" || echo "EXIT $p $?"; }
R=20
{
  for round in 1 2; do
    ./cbench rowsum 8192 $R
    ./cbench softmax 8192 $R
    python3 torch_peer.py batch "rowsum 8192 $R" "softmax 8192 $R"
    for p in rowsum_linalg_kernel rowsum_linalg softmax_linalg_kernel softmax_linalg softmax; do ours $p 8192 $R; done
  done
} >> "$LOG" 2>&1
grep -v PEER-CHECK "$LOG"
mkdir -p "$OUT/gpu-tests"; OUT=$OUT/gpu-tests bash tests/run.sh > /dev/null 2>&1
(cd "$OUT" && tar czf gpu-tests.tgz gpu-tests && rm -rf gpu-tests)
echo finished
