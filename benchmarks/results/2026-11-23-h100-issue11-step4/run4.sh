#!/usr/bin/env bash
# Fourth call: TF32 B[k][n], each warp transposing its own 32 x 32 box in
# place: (b) right before the slice's wgmma, (c) one slice ahead; torch in
# the same call; the TF32 test with (b).
cd "$(dirname "$0")"
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
OUT=${OUT:-/tmp/tc4}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/offload-rt "$@"; }
{
  echo "# TF32 8192^3 (b)"
  R ./gemm_layouts_b tf32 8192 8192 8192 10
  echo "# TF32 8192^3 (c)"
  R ./gemm_layouts_c tf32 8192 8192 8192 10
  python3 torch_layouts.py tf32 8192 8192 8192 10
  echo "# TF32 4096^3 (b)"
  R ./gemm_layouts_b tf32 4096 4096 4096 20
  python3 torch_layouts.py tf32 4096 4096 4096 20
} 2>&1 | tee "$OUT/perf4.txt"
R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./matmul-tf32-b > "$OUT/tf32-b.info.out" 2> "$OUT/tf32-b.info.err"
echo "matmul-tf32-b: exit $?"
R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./matmul-tf32-b > "$OUT/tf32-b.memcheck.out" 2>&1
echo "matmul-tf32-b memcheck: exit $?"
cat "$OUT/tf32-b.info.out"; tail -1 "$OUT/tf32-b.memcheck.out"
