#!/bin/bash
# On the GPU machine, in the folder build.sh made:
#   bash run.sh [N] [ROUNDS]          (defaults: 4096 floats, 9 rounds)
# Each round runs one process of each variant, in turn:
#   ours        the offload-cc program as built (queued launches; liboffload
#               set up in a constructor, before main)
#   background  the same with OFFLOAD_QUEUE_SETUP=background (set up on a
#               thread started there)
#   launch      OFFLOAD_QUEUE_SETUP=launch (set up at the first launch, as
#               before this benchmark)
#   noqueue     OFFLOAD_QUEUE_LAUNCHES=0 (every launch through libomptarget's
#               __tgt_target_kernel)
#   cuda        the nvcc-built peer (first_launch.cu)
# wall_ms is the whole process (exec to exit). Then one process of each of
# ours with OFFLOAD_RUNTIME_INFO=1 (where the set-up's time goes), and the
# medians (summary.py). Everything goes to $OUT/results.txt (or ./out).
set -u
cd "$(dirname "$0")"
N=${1:-4096}
ROUNDS=${2:-9}
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
LOG=$OUT/results.txt
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "GPU $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
  echo "COMMAND bash run.sh $N $ROUNDS"
} | tee "$LOG"
export OMP_TARGET_OFFLOAD=mandatory
ours() { timeout 60 env LD_LIBRARY_PATH=$PWD/offload-rt "$@" ./first_launch "$N"; }
variant() {
  case $1 in
  ours) ours ;;
  background) ours OFFLOAD_QUEUE_SETUP=background ;;
  launch) ours OFFLOAD_QUEUE_SETUP=launch ;;
  noqueue) ours OFFLOAD_QUEUE_LAUNCHES=0 ;;
  cuda) timeout 60 ./first_launch_cuda "$N" ;;
  esac
}
for r in $(seq "$ROUNDS"); do
  for v in ours background launch noqueue cuda; do
    start=$(date +%s%N)
    line=$(variant $v 2>&1 | tr '\n' ' ')
    end=$(date +%s%N)
    echo "$v round=$r wall_ms=$(((end - start) / 1000000)) $line" | tee -a "$LOG"
  done
done
for v in ours background launch; do
  echo "INFO $v" | tee -a "$LOG"
  case $v in
  ours) ours OFFLOAD_RUNTIME_INFO=1 ;;
  *) ours OFFLOAD_RUNTIME_INFO=1 OFFLOAD_QUEUE_SETUP=$v ;;
  esac 2>&1 | tee -a "$LOG"
done
python3 summary.py "$LOG" | tee "$OUT/table.md"
