#!/usr/bin/env bash
# Times one launch over the host plugin's four devices (work.mlir) built by
# two compilers in the same run: BEFORE (shares launched one after the
# other) and AFTER (shares on a host thread each), alternating, 5 runs each.
#
# Then overlap.mlir (AFTER only): four host threads launching one share each
# on devices 0-3 through the same runtime path, each printing when its
# launch started and returned (seconds from the start): the intervals show
# whether the runtime runs them at the same time. Last, burn.c: how much
# faster plain OpenMP threads make the same CPU work on this machine.
#
#   benchmarks/split_concurrency/run.sh BEFORE_OFFLOAD_CC AFTER_OFFLOAD_CC OUTDIR
set -euo pipefail
before=$1 after=$2 out=$3
here=$(dirname "$0")
mkdir -p "$out"
"$before" "$here/work.mlir" -o "$out/work-before"
"$after" "$here/work.mlir" -o "$out/work-after"
"$after" "$here/overlap.mlir" -o "$out/overlap"
/usr/lib/llvm-22/bin/clang -O1 -fopenmp "$here/burn.c" -o "$out/burn"
{
  echo "nproc: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  for i in 1 2 3 4 5; do
    echo "before: $("$out/work-before")"
    echo "after:  $("$out/work-after")"
  done
  echo "after, OMP_THREAD_LIMIT=1: $(OMP_THREAD_LIMIT=1 "$out/work-after")"
  echo "overlap:"; "$out/overlap" | sort
  echo "control (burn.c):"; for t in 1 2 4; do "$out/burn" $t; done
} | tee "$out/results.txt"
rm -f "$out/work-before" "$out/work-after" "$out/overlap" "$out/burn"
