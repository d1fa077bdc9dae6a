#!/usr/bin/env bash
# Third call: the TF32 B[k][n] path with each warp transposing its own box
# in place one slice ahead of the wgmma (4 stages), torch in the same call;
# the TF32 test and the tensor-core tests again.
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
  echo "# TF32 4096^3"
  R ./gemm_layouts tf32 4096 4096 4096 20
  python3 torch_layouts.py tf32 4096 4096 4096 20
  echo "# bf16 4096^3, transposed operands"
  R ./gemm_layouts bf16t 4096 4096 4096 20
  R ./hgemm_mnk 4096 4096 4096 20
  python3 torch_layouts.py bf16t 4096 4096 4096 20
} 2>&1 | tee "$OUT/perf3.txt"
for p in matmul-tf32 matmul-tensor-core matmul-tensor-core-transposed; do
  R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p > "$OUT/tests/$p.info.out" 2> "$OUT/tests/$p.info.err"
  echo "$p.info: exit $?"
  R env OFFLOAD_QUEUE_LAUNCHES=0 ./$p > "$OUT/tests/$p.noqueue.out" 2> "$OUT/tests/$p.noqueue.err"
  echo "$p.noqueue: exit $?"
done
R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./matmul-tf32 \
  > "$OUT/tests/matmul-tf32.memcheck.out" 2> "$OUT/tests/matmul-tf32.memcheck.err"
echo "matmul-tf32.memcheck: exit $?"
echo "total: $(( $(date +%s) - start )) s"
cat "$OUT/tests/matmul-tf32.info.out"
tail -1 "$OUT/tests/matmul-tf32.memcheck.out"
(cd "$OUT" && tar czf tests3.tar.gz tests && rm -rf tests)
