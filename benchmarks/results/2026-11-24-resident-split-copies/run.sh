#!/usr/bin/env bash
# The copies of test/Integration/devices/resident.mlir (iterated 1-D and
# 2-D stencils with a reduction, over the host plugin's four devices) built
# by two compilers: BEFORE (each split launch moves its sections) and AFTER
# (sections kept on the devices, halo rows exchanged), per device and in
# all, from LIBOMPTARGET_INFO=-1 with one host thread.
#
#   benchmarks/results/2026-11-24-resident-split-copies/run.sh BEFORE_OFFLOAD_CC AFTER_OFFLOAD_CC OUTDIR
set -euo pipefail
before=$1 after=$2 out=$3
root=$(cd "$(dirname "$0")/../../.." && pwd)
src=$root/test/Integration/devices/resident.mlir
count=$root/test/Integration/Inputs/copies_per_device.py
mkdir -p "$out"
for v in before after; do
  cc=$before; [ $v = after ] && cc=$after
  "$cc" "$src" -o "$out/resident-$v"
  "$out/resident-$v"
  LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 "$out/resident-$v" 2> "$out/$v.info" > /dev/null
  echo "== $v: per device"
  python3 "$count" < "$out/$v.info"
  echo "== $v: in all"
  grep -o 'Copying data from [a-z]* to [a-z]*, .*Size=[0-9]*' "$out/$v.info" \
    | sed -E 's/Copying data from ([a-z]*) to ([a-z]*), .*Size=([0-9]*)/\1->\2 \3/' \
    | awk '{n[$1]++; b[$1]+=$2} END {for (d in n) printf "%s %d copies %d bytes\n", d, n[d], b[d]}' | sort
  rm -f "$out/resident-$v" "$out/$v.info"
done
