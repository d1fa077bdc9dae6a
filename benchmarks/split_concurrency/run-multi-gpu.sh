#!/usr/bin/env bash
# Runs multi_gpu (built by build-multi-gpu.sh) on a machine with two GPUs
# and prints, for each benchmark, the time per launch on GPU 0 alone and on
# GPUs 0 and 1, and the speedup (results.txt in $OUT, or ./out).
#   bash run-multi-gpu.sh
set -u
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
LOG=$OUT/results.txt
: > "$LOG"
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=index,name,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv,noheader
  nvidia-smi topo -m
  echo "COMMAND bash run-multi-gpu.sh"
} >> "$LOG" 2>&1
tar xJf offload-rt.tar.xz
export OMP_TARGET_OFFLOAD=mandatory
ours() { LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
# Devices 0 and 1 must be the GPUs: the small run's launches, by device and
# kind (a CUDA launch names its grid; the host plugin's run one block).
echo "+ small run (MULTI_GPU_SMALL=1), launches by device:" | tee -a "$LOG"
# One host thread: the lines of threads printing at the same time interleave.
MULTI_GPU_SMALL=1 OMP_THREAD_LIMIT=1 LIBOMPTARGET_INFO=16 ours ./multi_gpu > "$OUT/small.out" 2> "$OUT/small.err"
echo "exit $?" | tee -a "$LOG"
cat "$OUT/small.out" | tee -a "$LOG"
grep -o 'device [0-9]* info: Launching kernel [a-z_]* with \[[0-9,]*\] blocks' "$OUT/small.err" \
  | sed 's/Launching kernel //' | sort | uniq -c | tee -a "$LOG"
echo "+ ./multi_gpu" | tee -a "$LOG"
ours ./multi_gpu 2>&1 | tee -a "$LOG"
echo "exit ${PIPESTATUS[0]}" | tee -a "$LOG"
# The triad against the best one-GPU program (a plain `device(0)` launch,
# queued), and two shares on GPU 0 (the split's own cost).
echo "+ SPLIT_TWO_GPUS=1 ./split_overhead" | tee -a "$LOG"
SPLIT_TWO_GPUS=1 ours ./split_overhead 2>&1 | tee -a "$LOG"
echo "exit ${PIPESTATUS[0]}" | tee -a "$LOG"
