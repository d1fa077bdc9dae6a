#!/usr/bin/env bash
# Issue 11 step 2 on the GPU: perf against torch in the same call, then the
# tensor-core integration test (queued, not queued, memcheck).
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/tc}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
{
  R ./hgemm 4096 20
  R ./hgemm 8192 10
  R ./hbmm 32 1024 20
  echo "# the same with the 128x256 tiles of the matmuls (step 2's first build)"
  R ./hbmm-256 32 1024 20
  R ./hbmm 8 4096 10
  R ./hbmm-256 8 4096 10
  python3 torch_hgemm.py 4096 20
  python3 torch_hgemm.py 8192 10
  python3 torch_hgemm.py 1024 20 32
  python3 torch_hgemm.py 4096 10 8
} 2>&1 | tee "$OUT/perf.txt"
R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./matmul-tensor-core \
  > "$OUT/mtc.info.out" 2> "$OUT/mtc.info.err"; echo "info: exit $?"
R env OFFLOAD_QUEUE_LAUNCHES=0 ./matmul-tensor-core > "$OUT/mtc.noqueue.out" 2>&1; echo "noqueue: exit $?"
R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 \
  ./matmul-tensor-core > "$OUT/mtc.memcheck.out" 2>&1; echo "memcheck: exit $?"
tail -3 "$OUT/mtc.memcheck.out"
cat "$OUT/mtc.info.out"
