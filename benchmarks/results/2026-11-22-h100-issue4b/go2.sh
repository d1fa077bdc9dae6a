#!/bin/bash
# Final GPU run for issue4b: every benchmark with torch, the triad sweep and
# Nsight Compute (run.sh NCU=1), and the grid-paths test under
# compute-sanitizer (full logs).
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi -L
NCU=1 OUT=$OUT bash run.sh > "$OUT/run.log" 2>&1
RT=$PWD/offload-rt
export OMP_TARGET_OFFLOAD=mandatory
{
  echo "== LD_LIBRARY_PATH=offload-rt LIBOMPTARGET_INFO=16 ./grid-paths"
  LD_LIBRARY_PATH=$RT LIBOMPTARGET_INFO=16 ./grid-paths; echo "exit $?"
  echo "== compute-sanitizer --tool racecheck ./grid-paths"
  LD_LIBRARY_PATH=$RT timeout 120 compute-sanitizer --tool racecheck ./grid-paths 2>&1
  echo "== compute-sanitizer --tool memcheck ./grid-paths"
  LD_LIBRARY_PATH=$RT timeout 120 compute-sanitizer --tool memcheck ./grid-paths 2>&1
  echo "== compute-sanitizer --tool memcheck --report-api-errors no ./grid-paths"
  LD_LIBRARY_PATH=$RT timeout 120 compute-sanitizer --tool memcheck --report-api-errors no ./grid-paths 2>&1
} > "$OUT/grid-paths.txt" 2>&1
cat "$OUT/table.md"
grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Program hit|^fill2" "$OUT/grid-paths.txt"
grep -E "^  [a-zA-Z_]+K?[ (]|Duration|Registers Per|DRAM Throughput" "$OUT/ncu.txt"
