#!/bin/bash
# Peers check on the GPU machine: cbench (built with nvcc -O3 -arch=sm_90
# -std=c++17 on the development machine) and torch_peer.py.
#   bash go.sh            (from the folder holding cbench, torch_peer.py)
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
LOG=$OUT/results.txt
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | head -1)"
  echo "CUDA $(/usr/local/cuda/bin/nvcc --version | tail -2 | head -1)"
  echo "TORCH $(python3 -c 'import torch; print(torch.__version__)' 2>&1)"
  echo "COMMAND bash go.sh"
} > "$LOG"
nvidia-smi > "$OUT/nvidia-smi.txt" 2>&1
python3 -c "import matplotlib; print('MATPLOTLIB', matplotlib.__version__)" >> "$LOG" 2>&1
T0=$(date +%s)
./cbench selftest > "$OUT/selftest.txt" 2>&1; echo "selftest exit $? after $(( $(date +%s) - T0 )) s"
grep -c ok "$OUT/selftest.txt"; grep -E 'FAIL|SELFTEST|error' "$OUT/selftest.txt" | head -20
[ "${TUNE:-1}" = 0 ] || { ./cbench tune > "$OUT/tune.txt" 2>&1; echo "tune exit $? after $(( $(date +%s) - T0 )) s"; }
R=20
MM="512:100 1024:100 2048:50 3072:20 4096:20 6144:10 8192:5"
{
  for T in f32 f64; do for N in 33554432 268435456; do ./cbench stream $T $N $R; done; done
  ./cbench rowsum 8192 $R
  ./cbench transpose 8192 $R
  ./cbench softmax 8192 $R
  for p in $MM; do ./cbench matmul ${p%:*} ${p#*:}; done
  echo "cuda exit after $(( $(date +%s) - T0 )) s" >&2
  cmds=()
  for T in f32 f64; do for N in 33554432 268435456; do cmds+=("stream $T $N $R"); done; done
  cmds+=("rowsum 8192 $R" "transpose 8192 $R" "softmax 8192 $R")
  for p in $MM; do cmds+=("matmul ${p%:*} ${p#*:}"); done
  cmds+=("conv2d 20")
  python3 torch_peer.py batch "${cmds[@]}"
} >> "$LOG" 2>&1
echo "all done after $(( $(date +%s) - T0 )) s"
cat "$OUT/tune.txt" 2>/dev/null | grep -v PEER-CHECK
grep -v PEER-CHECK "$LOG"; grep -c 'PEER-CHECK.*ok' "$LOG"; grep FAIL "$LOG"
