#!/usr/bin/env bash
# gpu-dialect programs on the GPU (names as scripts/gpu-tests.sh's).
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/gd}; T=$(mktemp -d)
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$T/gpu.txt"
run() { local name=$1 variant=$2; shift 2
  env LD_LIBRARY_PATH=$PWD/../offload-rt "$@" > "$T/$name.$variant.out" 2> "$T/$name.$variant.err"
  echo "$name.$variant: exit $?"; }
for p in elementwise launch-inline gpu-only; do
  run gpu-dialect-$p info LIBOMPTARGET_INFO=16 ./gpu-dialect-$p
  run gpu-dialect-$p memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./gpu-dialect-$p
done
run gpu-dialect-gpu-only racecheck compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 3 ./gpu-dialect-gpu-only
# The host device of the GPU machine (after the GPU): the same results; the
# GPU-only kernels stop with a message.
for p in elementwise launch-inline gpu-only; do
  run gpu-dialect-$p hostdev OMP_DEFAULT_DEVICE=1 LIBOMPTARGET_INFO=16 ./gpu-dialect-$p
done
s=$(date +%s.%N); for i in 1 2 3 4 5; do LD_LIBRARY_PATH=$PWD/../offload-rt ./gpu-dialect-elementwise > /dev/null; done
echo "elementwise x5: $(echo "$(date +%s.%N) - $s" | bc) s"
tar czf "$OUT/gpu-dialect.tgz" -C "$T" .
head -c 3000 "$T"/gpu-dialect-*.info.out
