#!/usr/bin/env bash
# Link time of an offload-cc program with lld (what offload-cc uses) against
# GNU ld (clang's default), same object, same libraries, N runs each,
# alternating; prints the median of each.
#   benchmarks/link_time.sh [program.mlir] [N]
set -euo pipefail
src=${1:-examples/saxpy.mlir} n=${2:-11}
B=$(cd "$(dirname "$0")/.." && pwd)/build
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$B/bin/offload-cc" "$src" --save-temps -o "$tmp/prog" > /dev/null
common=("$tmp/prog.o" -o "$tmp/out" -Wl,--whole-archive "$B/lib/libOffloadRuntime.a"
        -Wl,--no-whole-archive -L/usr/lib/llvm-22/lib -Wl,-rpath,/usr/lib/llvm-22/lib -lomptarget -lm)
clang=/usr/lib/llvm-22/bin/clang
for i in $(seq "$n"); do
  for ld in lld gnu; do
    extra=(); [[ $ld == lld ]] && extra=(--ld-path=/usr/lib/llvm-22/bin/ld.lld)
    s=$(date +%s.%N); "$clang" "${extra[@]}" "${common[@]}"; e=$(date +%s.%N)
    echo "$ld $(echo "$e - $s" | bc)"
  done
done | sort -k1,1 -k2,2n | awk '{t[$1]=t[$1]" "$2; c[$1]++}
  END {for (k in t) {split(substr(t[k],2),a," "); printf "%s median %.3f s over %d links\n", k, a[int((c[k]+1)/2)], c[k]}}'
