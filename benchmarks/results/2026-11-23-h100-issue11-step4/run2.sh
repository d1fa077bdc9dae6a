#!/usr/bin/env bash
# Second call: the TF32 B[k][n] path with its slices transposed into two
# copies (3 stages) against an in-place transposition (4 stages), torch in
# the same call; the updated integration tests.
cd "$(dirname "$0")"
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
OUT=${OUT:-/tmp/tc4}
mkdir -p "$OUT/tests"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
start=$(date +%s)
{
  echo "# TF32 8192^3: copies (3 stages)"
  R ./gemm_layouts tf32 8192 8192 8192 10
  echo "# TF32 8192^3: in place (4 stages)"
  R ./gemm_layouts_inplace tf32 8192 8192 8192 10
  python3 torch_layouts.py tf32 8192 8192 8192 10
} 2>&1 | tee "$OUT/perf2.txt"
for p in matmul-tensor-core-transposed matmul-tf32 matmul-tf32-inplace; do
  R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p > "$OUT/tests/$p.info.out" 2> "$OUT/tests/$p.info.err"
  echo "$p.info: exit $?"
done
for p in matmul-tensor-core-transposed matmul-tf32; do
  R env OFFLOAD_QUEUE_LAUNCHES=0 ./$p > "$OUT/tests/$p.noqueue.out" 2> "$OUT/tests/$p.noqueue.err"
  echo "$p.noqueue: exit $?"
  R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p \
    > "$OUT/tests/$p.memcheck.out" 2> "$OUT/tests/$p.memcheck.err"
  echo "$p.memcheck: exit $?"
done
echo "total: $(( $(date +%s) - start )) s"
cat "$OUT/tests/matmul-tf32.info.out" "$OUT/tests/matmul-tf32-inplace.info.out"
(cd "$OUT" && tar czf tests2.tar.gz tests && rm -rf tests)
