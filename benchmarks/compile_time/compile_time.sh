#!/usr/bin/env bash
# Compile time of the same program with offload-cc and with nvcc, on the
# development machine (no GPU needed): a saxpy (examples/saxpy.mlir against
# saxpy.cu) and a 2-D 5-point stencil (examples/jacobi.mlir against
# jacobi.cu), each compiled to an executable with an sm_90 cubin and the
# host code, N times each, alternating; prints the median and the minimum
# of each, then one `offload-cc -v` and one `nvcc --time` per program (the
# time of each step). nvcc -arch=sm_90 embeds sm_90 SASS and compute_90 PTX;
# offload-cc --offload-targets=nvptx:sm_90 an sm_90 cubin.
#   benchmarks/compile_time/compile_time.sh [N]     (default 11)
# OFFLOAD_CC and NVCC override the compilers.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$(dirname "$HERE")")
CC=${OFFLOAD_CC:-$ROOT/build/bin/offload-cc}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
n=${1:-11}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "DATE $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "HOST $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "OFFLOAD_CC $CC ($(git -C "$ROOT" rev-parse --short HEAD))"
echo "NVCC $("$NVCC" --version | tail -2 | head -1)"
echo "COMMAND benchmarks/compile_time/compile_time.sh $n"
seconds() { # seconds command...: wall time of the command
  local s e
  s=$(date +%s%N)
  "$@" > /dev/null
  e=$(date +%s%N)
  echo "scale=3; ($e - $s) / 1000000000" | bc
}
for prog in saxpy jacobi; do
  mlir=$ROOT/examples/$prog.mlir cu=$HERE/$prog.cu
  for i in $(seq "$n"); do
    echo "$prog offload-cc $(seconds "$CC" "$mlir" --offload-targets=nvptx:sm_90 -o "$tmp/$prog-ours")"
    echo "$prog nvcc $(seconds "$NVCC" -arch=sm_90 "$cu" -o "$tmp/$prog-cuda")"
  done
done > "$tmp/times"
echo
echo "| program | compiler | median (s) | min (s) | runs |"
echo "|---|---|---|---|---|"
for prog in saxpy jacobi; do
  for c in offload-cc nvcc; do
    awk -v p="$prog" -v c="$c" '$1 == p && $2 == c {print $3}' "$tmp/times" |
      sort -n | awk -v p="$prog" -v c="$c" '{v[NR] = $1}
        END {printf "| %s | %s | %.3f | %.3f | %d |\n", p, c, v[int((NR + 1) / 2)], v[1], NR}'
  done
done
for prog in saxpy jacobi; do
  echo
  echo "offload-cc -v examples/$prog.mlir --offload-targets=nvptx:sm_90:"
  "$CC" -v "$ROOT/examples/$prog.mlir" --offload-targets=nvptx:sm_90 \
    -o "$tmp/$prog-v" 2>&1 | grep took || true
  echo
  echo "nvcc -arch=sm_90 $prog.cu --time (ms per phase):"
  "$NVCC" -arch=sm_90 "$HERE/$prog.cu" -o "$tmp/$prog-t" --time "$tmp/$prog.csv"
  awk -F' *, *' 'NR > 1 {printf "  %-24s %9.1f\n", $2, $7}' "$tmp/$prog.csv"
done
