#!/bin/bash
# xpose helper run: peers and ours in one call (H100).
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
LOG=$OUT/results.txt
( cd .. && [ -d offload-rt ] || tar xJf offload-rt.tar.xz )
RT=$(cd .. && pwd)/offload-rt
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | head -1)"
  echo "COMMAND bash go.sh"
} > "$LOG"
T0=$(date +%s)
R=20
MM="512:100 1024:100 2048:50 3072:20 4096:20"
{
  for T in f32 f64; do for N in 33554432 268435456; do ./cbench stream $T $N $R; done; done
  ./cbench transpose 8192 $R
  ./cbench rowsum 8192 $R
  ./cbench softmax 8192 $R
  for p in $MM; do ./cbench matmul ${p%:*} ${p#*:}; done
  cmds=()
  for T in f32 f64; do for N in 33554432 268435456; do cmds+=("stream $T $N $R"); done; done
  cmds+=("transpose 8192 $R" "rowsum 8192 $R" "softmax 8192 $R")
  for p in $MM; do cmds+=("matmul ${p%:*} ${p#*:}"); done
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
  ours dot_linalg_f32_base 33554432 $R | sed 's/dot_linalg/dot_linalg_base/'
  for p in transpose transpose_loop transpose_linalg transpose_linalg_kernel; do ours $p 8192 $R; done
  ours transpose_loop_base 8192 $R | sed 's/transpose_loop/transpose_loop_base/'
  ours rowsum_linalg 8192 $R; ours rowsum_linalg_kernel 8192 $R
  ours softmax_linalg 8192 $R; ours softmax_linalg_kernel 8192 $R
  for p in $MM; do
    ours matmul_loop ${p%:*} ${p#*:}
    for v in t1 t2 t3; do ours matmul_loop_$v ${p%:*} ${p#*:} | sed "s/matmul_loop/matmul_loop_$v/"; done
  done
} >> "$LOG" 2>&1
echo "ours done after $(( $(date +%s) - T0 )) s"
python3 table.py "$LOG" > "$OUT/table.md" 2>&1
# Nsight Compute: our transpose and dot kernels and the CUDA peer's.
NCU=/usr/local/cuda/bin/ncu
S="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis"
{
  $NCU $S -k regex:transposeTiledK -c 1 ./cbench transpose 8192 2
  OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$RT $NCU $S -k regex:transpose_loop -c 1 bench/transpose_loop 8192 2
  $NCU $S -k regex:dotK -c 1 ./cbench stream f32 33554432 2
  OMP_TARGET_OFFLOAD=mandatory LD_LIBRARY_PATH=$RT $NCU $S -k regex:linalg_main_dot -c 1 bench/dot_linalg_f32 33554432 2
} > "$OUT/ncu.txt" 2>&1
echo "ncu done after $(( $(date +%s) - T0 )) s"
# GPU tests (scripts/gpu-tests.sh build of the same compiler).
ln -sfn "$RT" offload-rt
mkdir -p "$OUT/gpu-tests"
gt() { # name variant env... program
  local name=$1 variant=$2; shift 2
  ( cd tests && env LD_LIBRARY_PATH=$RT OMP_TARGET_OFFLOAD=mandatory "$@" > "$OUT/gpu-tests/$name.$variant.out" 2> "$OUT/gpu-tests/$name.$variant.err"; echo "$name.$variant: exit $?" )
}
CS="/usr/local/cuda/bin/compute-sanitizer --report-api-errors no --error-exitcode 3"
{
gt transpose-paths info LIBOMPTARGET_INFO=16 ./transpose-paths
gt transpose-paths memcheck $CS --tool memcheck ./transpose-paths
gt transpose-paths racecheck $CS --tool racecheck ./transpose-paths
gt linalg-ops info LIBOMPTARGET_INFO=16 ./linalg-ops
gt linalg-ops memcheck $CS --tool memcheck ./linalg-ops
gt linalg-ops check ./linalg-ops-check
gt linalg-layer info LIBOMPTARGET_INFO=-1 ./linalg-layer
gt linalg-layer racecheck $CS --tool racecheck ./linalg-layer
for p in grid-paths kernel-abi matmul-tiled vector-paths launch-chain; do gt $p info LIBOMPTARGET_INFO=16 ./$p; done
for p in saxpy jacobi matvec; do gt $p info LIBOMPTARGET_INFO=16 ./$p; done
} > "$OUT/gpu-tests-run.txt" 2>&1
( cd "$OUT" && tar czf gpu-tests.tgz gpu-tests && rm -rf gpu-tests )
echo "gpu tests done after $(( $(date +%s) - T0 )) s"
grep -E "^(ours|OURS|PEER cuda (transpose|dot)|PEER torch (transpose|dot))" "$LOG" | head -5
cat "$OUT/table.md" | grep -E "transpose|dot|matmul|rowsum|softmax"
grep -E "EXIT|MISSING|FAIL" "$LOG"; true
