#!/usr/bin/env bash
# Runs the one-GPU stencil benchmark on the GPU machine: our program and
# the CUDA peer in one call, then both under ncu (kernel time and DRAM
# throughput of one launch each). Built by build.sh into .device/stencil:
#   run (carry [".device"]): bash .device/stencil/run.sh   (log in $OUT)
set -u
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
LOG=$OUT/stencil.txt
export PATH=/usr/local/cuda/bin:$PATH
{
  echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
  # The runtime pack: beside this script, or the one .device holds.
  RT=offload-rt.tar.xz; [ -f $RT ] || RT=../offload-rt.tar.xz
  [ -d offload-rt ] || tar xJf $RT
  export OMP_TARGET_OFFLOAD=mandatory
  echo "+ ./jacobi_steps ${N:-16384} ${K:-1000}"
  LD_LIBRARY_PATH=$PWD/offload-rt ./jacobi_steps ${N:-16384} ${K:-1000}
  echo "exit $?"
  echo "+ ./jacobi_peer ${N:-16384} ${K:-1000}"
  ./jacobi_peer ${N:-16384} ${K:-1000}
  echo "exit $?"
  echo "+ python3 torch_peer.py ${N:-16384} ${K:-1000}"
  python3 torch_peer.py ${N:-16384} ${K:-1000}
  echo "exit $?"
  M="gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,launch__grid_size,launch__block_size"
  echo "+ ncu (2 launches of each kernel, N 16384, K 2)"
  for k in jacobi jacobi_share; do
    LD_LIBRARY_PATH=$PWD/offload-rt ncu --metrics $M -k $k -c 2 ./jacobi_steps 16384 2 2>&1 | grep -E "^  [a-z_]+|gpu__|dram__|launch__"
  done
  for k in block2d march; do
    ncu --metrics $M -k $k -c 2 ./jacobi_peer 16384 2 2>&1 | grep -E "^  [a-z_0-9]+|gpu__|dram__|launch__"
  done
} > "$LOG" 2>&1
cat "$LOG"
