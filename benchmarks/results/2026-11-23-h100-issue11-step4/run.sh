#!/usr/bin/env bash
# Issue 11 step 4 on the GPU, one call: TF32 8192^3 (B[k][n] and B[n][k])
# and bf16 4096^3 with B transposed (and A transposed) against torch in the
# same call, our bf16 4096^3 in the usual layout for reference; then the
# integration tests of the new kernels (and the existing tensor-core ones)
# queued, not queued and under compute-sanitizer memcheck.
cd "$(dirname "$0")"
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
OUT=${OUT:-/tmp/tc4}
mkdir -p "$OUT/tests"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
start=$(date +%s)
{
  echo "# TF32 8192^3"
  R ./gemm_layouts tf32 8192 8192 8192 10
  python3 torch_layouts.py tf32 8192 8192 8192 10
  echo "# bf16 4096^3, transposed operands"
  R ./gemm_layouts bf16t 4096 4096 4096 20
  R ./hgemm_mnk 4096 4096 4096 20
  python3 torch_layouts.py bf16t 4096 4096 4096 20
  echo "# TF32 4096^3"
  R ./gemm_layouts tf32 4096 4096 4096 20
  python3 torch_layouts.py tf32 4096 4096 4096 20
} 2>&1 | tee "$OUT/perf.txt"
echo "perf: $(( $(date +%s) - start )) s"
for p in matmul-tensor-core-transposed matmul-tf32 matmul-tensor-core matmul-epilogue; do
  R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p > "$OUT/tests/$p.info.out" 2> "$OUT/tests/$p.info.err"
  echo "$p.info: exit $?"
  R env OFFLOAD_QUEUE_LAUNCHES=0 ./$p > "$OUT/tests/$p.noqueue.out" 2> "$OUT/tests/$p.noqueue.err"
  echo "$p.noqueue: exit $?"
done
for p in matmul-tensor-core-transposed matmul-tf32; do
  R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p \
    > "$OUT/tests/$p.memcheck.out" 2> "$OUT/tests/$p.memcheck.err"
  echo "$p.memcheck: exit $?"
done
echo "total: $(( $(date +%s) - start )) s"
cat "$OUT/tests/matmul-tensor-core-transposed.info.out" "$OUT/tests/matmul-tf32.info.out"
tail -2 "$OUT/tests/matmul-tf32.memcheck.out"
(cd "$OUT" && tar czf tests.tar.gz tests && rm -rf tests)
