#!/bin/bash
# Runs every benchmark on the GPU machine and prints the table. Expects the
# folder benchmarks/build.sh made (programs, bench.cu, the packed runtime).
#   bash run.sh            # table in $OUT (or ./out)
#   NCU=1 bash run.sh      # also profile a few kernels with ncu
#   TORCH=0 SWEEP=0 bash run.sh   # leave out the torch peers / the triad sweep
#   MMSWEEP=0 bash run.sh  # matmul at 4096 and 8192 only, not the sweep
#   REPS=N                 # launches timed per measurement (default 20)
# Programs build.sh could not compile are reported (MISSING) and skipped.
set -u
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
LOG=$OUT/results.txt
: > "$LOG"
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | head -1)"
  echo "CUDA $(nvcc --version | tail -2 | head -1)"
  [ "${TORCH:-1}" = 0 ] || echo "TORCH $(python3 -c 'import torch; print(torch.__version__)' 2>&1)"
  echo "COMMAND bash run.sh (NCU=${NCU:-0} TORCH=${TORCH:-1} SWEEP=${SWEEP:-1} MMSWEEP=${MMSWEEP:-1} REPS=${REPS:-20})"
} >> "$LOG"
tar xJf offload-rt.tar.xz
nvcc -O3 -arch=sm_90 -std=c++17 bench.cu -o cbench || { echo "nvcc failed" >> "$LOG"; }
export OMP_TARGET_OFFLOAD=mandatory
ours() {
  if [ -x "$1" ]; then LD_LIBRARY_PATH=$PWD/offload-rt "$@"; else echo "MISSING $1"; fi
}
run() { echo "+ $*" >&2; "$@" 2>&1 | tee -a "$LOG"; }
# The same linalg ops inside kernels (build.sh with LINALG_KERNELS=1): run
# when built, nothing said otherwise.
opt() { [ -e "src/${1#./}.mlir" ] && run ours "$@"; true; }
torch() { [ "${TORCH:-1}" = 0 ] || run python3 torch_peer.py "$@"; }

R=${REPS:-20}
for T in f32 f64; do
  for N in 33554432 268435456; do
    run ours ./stream_$T $N $R
    run ours ./dot_linalg_$T $N $R
    opt ./dot_linalg_kernel_$T $N $R
    run ./cbench stream $T $N $R
    torch stream $T $N $R
  done
done
run ours ./rowsum_linalg 8192 $R
opt ./rowsum_linalg_kernel 8192 $R
run ./cbench rowsum 8192 $R
torch rowsum 8192 $R
run ours ./stencil 8192 100
run ./cbench stencil 8192 100
run ours ./transpose 8192 $R
run ours ./transpose_loop 8192 $R
run ours ./transpose_linalg 8192 $R
opt ./transpose_linalg_kernel 8192 $R
run ./cbench transpose 8192 $R
torch transpose 8192 $R
run ours ./softmax 8192 $R
run ours ./softmax_linalg 8192 $R
opt ./softmax_linalg_kernel 8192 $R
run ./cbench softmax 8192 $R
torch softmax 8192 $R
# f32 matmul, n^3: size:reps (fewer reps for the larger sizes).
MM="512:100 1024:100 2048:50 3072:20 4096:20 6144:10 8192:5"
[ "${MMSWEEP:-1}" = 0 ] && MM="4096:20 8192:5"
for p in $MM; do
  n=${p%:*}; r=${p#*:}
  run ours ./matmul_linalg $n $r
  opt ./matmul_linalg_kernel $n $r
  run ours ./matmul_loop $n $r
  run ./cbench matmul $n $r
  torch matmul $n $r
done
run ours ./conv2d_linalg 32 $R
opt ./conv2d_linalg_kernel 32 $R
torch conv2d $R
# Launch costs depend on the host core's speed, which varies from process
# to process: 5 alternating processes each, the table takes the medians.
for i in 1 2 3 4 5; do
  run ours ./launch 1000 7
  run ./cbench launch 1000 7
done
# Triad sweep, f32, ours and CUDA.
[ "${SWEEP:-1}" = 0 ] || for E in $(seq 16 28); do
  N=$((1 << E)); SR=$(( E < 24 ? 200 : 20 ))
  ours ./stream_f32 $N $SR | grep -E '^RESULT triad' | head -1 | sed 's/^/SWEEP /' | tee -a "$LOG"
  ./cbench stream f32 $N $SR | grep -E 'PEER cuda triad' | sed 's/^/SWEEP /' | tee -a "$LOG"
done

if [ "${NCU:-0}" = 1 ]; then
  NCU_SECTIONS="--section SpeedOfLight --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section SchedulerStats --section WarpStateStats"
  N=$((1 << 28))
  {
    ncu $NCU_SECTIONS -k regex:'^(triad|dot)$' -c 4 env LD_LIBRARY_PATH=$PWD/offload-rt ./stream_f32 $N 1
    ncu $NCU_SECTIONS -k regex:'streamK|dotK' -c 4 ./cbench stream f32 $N 1
    ncu $NCU_SECTIONS -k regex:'sweep' -c 1 env LD_LIBRARY_PATH=$PWD/offload-rt ./stencil 8192 2
    ncu $NCU_SECTIONS -k regex:'sweepK' -c 1 ./cbench stencil 8192 2
    ncu $NCU_SECTIONS -k regex:'transpose' -c 1 env LD_LIBRARY_PATH=$PWD/offload-rt ./transpose 8192 1
    ncu $NCU_SECTIONS -k regex:'transposeTiledK' -c 1 ./cbench transpose 8192 1
    ncu $NCU_SECTIONS -k regex:'softmax' -c 1 env LD_LIBRARY_PATH=$PWD/offload-rt ./softmax 8192 1
    ncu $NCU_SECTIONS -k regex:'softmaxRegK' -c 1 ./cbench softmax 8192 1
    [ -x ./matmul_linalg ] && ncu $NCU_SECTIONS -k regex:'matmul' -c 1 env LD_LIBRARY_PATH=$PWD/offload-rt ./matmul_linalg 4096 1
    # The first SGEMM launch is the 128x128x16 configuration (the one picked
    # at 4096 and 8192 on the H100).
    ncu $NCU_SECTIONS --kernel-name-base demangled -k regex:'sgemm' -c 1 ./cbench matmul 4096 1
  } > "$OUT/ncu.txt" 2>&1
fi
python3 table.py "$LOG" > "$OUT/table.md"
cat "$OUT/table.md"
