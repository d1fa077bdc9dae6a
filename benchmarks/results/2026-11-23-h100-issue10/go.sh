#!/bin/bash
# One GPU call: the CUDA and torch peers (selftest, the variants, every
# operation), then those of our programs this compiler builds, then the
# table and the matmul sweep plot. From the folder holding cbench (nvcc -O3
# -arch=sm_90 -std=c++17 bench.cu, built on the development machine),
# torch_peer.py, table.py, plot_matmul_sweep.py and bench/ (build.sh's
# output with the packed runtime).
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
T0=$(date +%s)
./cbench selftest > "$OUT/selftest.txt" 2>&1; echo "selftest exit $? after $(( $(date +%s) - T0 )) s"
grep -c 'PEER-CHECK.*ok' "$OUT/selftest.txt"; grep -E 'FAIL|SELFTEST|error' "$OUT/selftest.txt" | head
./cbench tune > "$OUT/tune.txt" 2>&1; echo "tune exit $? after $(( $(date +%s) - T0 )) s"
R=20
MM="512:100 1024:100 2048:50 3072:20 4096:20 6144:10 8192:5"
{
  for T in f32 f64; do for N in 33554432 268435456; do ./cbench stream $T $N $R; done; done
  ./cbench rowsum 8192 $R
  ./cbench stencil 8192 100
  ./cbench transpose 8192 $R
  ./cbench softmax 8192 $R
  for p in $MM; do ./cbench matmul ${p%:*} ${p#*:}; done
  cmds=()
  for T in f32 f64; do for N in 33554432 268435456; do cmds+=("stream $T $N $R"); done; done
  cmds+=("rowsum 8192 $R" "transpose 8192 $R" "softmax 8192 $R")
  for p in $MM; do cmds+=("matmul ${p%:*} ${p#*:}"); done
  cmds+=("conv2d $R")
  python3 torch_peer.py batch "${cmds[@]}"
} >> "$LOG" 2>&1
echo "peers done after $(( $(date +%s) - T0 )) s"
# Ours: the programs build.sh built (the linalg ones are not, yet).
cd bench && tar xJf offload-rt.tar.xz && cd ..
ours() {
  local p=$1; shift
  if [ -x "bench/$p" ]; then
    OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$PWD/bench/offload-rt timeout 90 "bench/$p" "$@" || echo "EXIT $p $?"
  else
    echo "MISSING ./$p"
  fi
}
{
  for T in f32 f64; do for N in 33554432 268435456; do ours stream_$T $N $R; ours dot_linalg_$T $N $R; done; done
  ours rowsum_linalg 8192 $R
  ours stencil 8192 100
  for p in transpose transpose_loop transpose_linalg; do ours $p 8192 $R; done
  ours softmax 8192 $R; ours softmax_linalg 8192 $R
  for p in $MM; do ours matmul_linalg ${p%:*} ${p#*:}; ours matmul_loop ${p%:*} ${p#*:}; done
  ours conv2d_linalg 32 $R
  for T in f32 f64; do for N in 33554432 268435456; do ours dot_linalg_kernel_$T $N $R; done; done
  ours rowsum_linalg_kernel 8192 $R
  ours transpose_linalg_kernel 8192 $R
  ours softmax_linalg_kernel 8192 $R
  for p in $MM; do ours matmul_linalg_kernel ${p%:*} ${p#*:}; done
  ours conv2d_linalg_kernel 32 $R
  ours launch 1000 7; ./cbench launch 1000 7
} >> "$LOG" 2>&1
echo "ours done after $(( $(date +%s) - T0 )) s"
python3 table.py "$LOG" > "$OUT/table.md"
python3 plot_matmul_sweep.py "$LOG" "$OUT/matmul-sweep.png" && echo plotted
cat "$OUT/table.md"
grep -E '^INFO' "$LOG"
grep -v PEER-CHECK "$OUT/tune.txt"
grep FAIL "$LOG"; true
