#!/usr/bin/env bash
# TF32 mma.sync checks and timings (issue 11, branch tf32mma).
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/tf32}
R=$OUT/r; mkdir -p "$R"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$R/gpu.txt"
run() { # name variant seconds env... program
  local name=$1 variant=$2 t=$3; shift 3
  local s=$SECONDS
  timeout $t env LD_LIBRARY_PATH=$PWD/../offload-rt "$@" > "$R/$name.$variant.out" 2> "$R/$name.$variant.err"
  echo "$name.$variant: exit $? ($((SECONDS - s)) s)" | tee -a "$R/log.txt"
}
for p in matmul-tf32-mma-sync matmul-tf32; do
  run $p info 60 OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p
done
P() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
{
  echo "# TF32 4096^3: sm_80 bitcode (mma.sync), sm_90 (wgmma; A[k][m] mma.sync), torch"
  timeout 40 env LD_LIBRARY_PATH=$PWD/../offload-rt ./gemm_tf32_mma_sync tf32 4096 4096 4096 20
  timeout 40 env LD_LIBRARY_PATH=$PWD/../offload-rt ./gemm_tf32_sm90 tf32 4096 4096 4096 20
  timeout 40 python3 torch_layouts.py tf32 4096 4096 4096 20
  echo "# TF32 8192^3"
  timeout 40 env LD_LIBRARY_PATH=$PWD/../offload-rt ./gemm_tf32_mma_sync tf32 8192 8192 8192 5
  timeout 40 python3 torch_layouts.py tf32 8192 8192 8192 5
} 2>&1 | tee "$R/perf.txt"
for p in matmul-tf32-mma-sync matmul-tf32; do
  run $p-check run 40 ./$p-check
  run $p noqueue 40 OFFLOAD_QUEUE_LAUNCHES=0 ./$p
done
for p in matmul-tf32-mma-sync matmul-tf32; do
  [ $SECONDS -lt 120 ] || { echo "$p memcheck: skipped (time)" | tee -a "$R/log.txt"; continue; }
  run $p memcheck 50 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p
done
tar czf "$OUT/results.tar.gz" -C "$OUT" r
cp "$R/perf.txt" "$R/log.txt" "$OUT/"
