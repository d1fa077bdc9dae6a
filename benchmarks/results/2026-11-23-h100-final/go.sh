#!/bin/bash
# Issue 10, final table: one GPU call with the CUDA and torch peers, every
# program of benchmarks/build.sh (LINALG_KERNELS=1), the table, the matmul
# sweep plot, Nsight Compute on the dot kernels, then scripts/gpu-tests.sh's
# programs. Folder: cbench (nvcc -O3 -arch=sm_90 -std=c++17 bench.cu),
# torch_peer.py, table.py, plot_matmul_sweep.py, bench/ (build.sh output);
# the packed runtime in ../offload-rt.tar.xz, the GPU tests in ../tests.
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
LOG=$OUT/results.txt
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | head -1)"
  echo "TORCH $(python3 -c 'import torch; print(torch.__version__)' 2>&1)"
  echo "COMMAND bash .device/f10/go.sh"
} > "$LOG"
( cd .. && [ -d offload-rt ] || tar xJf offload-rt.tar.xz )
RT=$(cd ../offload-rt && pwd)
T0=$(date +%s)
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
ours() {
  local p=$1; shift
  if [ -x "bench/$p" ]; then
    OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$RT timeout 90 "bench/$p" "$@" || echo "EXIT $p $?"
  else
    echo "MISSING ./$p"
  fi
}
{
  for T in f32 f64; do for N in 33554432 268435456; do ours stream_$T $N $R; ours dot_linalg_$T $N $R; ours dot_linalg_kernel_$T $N $R; done; done
  ours rowsum_linalg 8192 $R; ours rowsum_linalg_kernel 8192 $R
  ours stencil 8192 100
  for p in transpose transpose_loop transpose_linalg transpose_linalg_kernel; do ours $p 8192 $R; done
  ours softmax 8192 $R; ours softmax_linalg 8192 $R; ours softmax_linalg_kernel 8192 $R
  for p in $MM; do ours matmul_linalg ${p%:*} ${p#*:}; ours matmul_linalg_kernel ${p%:*} ${p#*:}; ours matmul_loop ${p%:*} ${p#*:}; done
  ours conv2d_linalg 32 $R; ours conv2d_linalg_kernel 32 $R
  ours launch 1000 7; ./cbench launch 1000 7
} >> "$LOG" 2>&1
echo "ours done after $(( $(date +%s) - T0 )) s"
python3 table.py "$LOG" > "$OUT/table.md"
python3 plot_matmul_sweep.py "$LOG" "$OUT/matmul-sweep.png" && echo plotted
NCU=/usr/local/cuda/bin/ncu
S="--section SpeedOfLight --section Occupancy --section LaunchStats"
{
  $NCU $S -k regex:dotK -c 1 ./cbench stream f32 33554432 2
  OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$RT $NCU $S -k regex:dot -c 1 bench/dot_linalg_f32 33554432 2
} > "$OUT/ncu-dot.txt" 2>&1
echo "ncu done after $(( $(date +%s) - T0 )) s"
mkdir -p "$OUT/gpu-tests"; OUT=$OUT/gpu-tests bash ../tests/run.sh > "$OUT/gpu-tests-run.txt" 2>&1
(cd "$OUT" && tar czf gpu-tests.tgz gpu-tests && rm -rf gpu-tests)
echo "gpu tests done after $(( $(date +%s) - T0 )) s"
cat "$OUT/table.md"
grep -E "EXIT|MISSING|FAIL" "$LOG"; true
