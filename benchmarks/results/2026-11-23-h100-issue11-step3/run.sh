#!/usr/bin/env bash
# Issue 11 step 3 on the GPU: fused epilogue (matmul + bias + gelu) against
# torch, the LLM shapes and the square sweep against torch, all in one call;
# then the fused-epilogue integration test (queued, not queued, memcheck).
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/tc}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
{
  echo "# fused epilogue"
  R ./hgemm_bias_gelu 4096 20
  R ./hgemm_bias_gelu 8192 10
  python3 torch_hgemm_bias_gelu.py 4096 20
  python3 torch_hgemm_bias_gelu.py 8192 10
  echo "# LLM shapes"
  R ./hgemm_mnk 16384 4096 4096 20
  R ./hgemm_mnk 16384 11008 4096 10
  R ./hgemm_mnk 16384 4096 11008 10
  python3 torch_hgemm_shapes.py 16384x4096x4096:20 16384x11008x4096:10 16384x4096x11008:10
  echo "# sweep"
  for s in "512 200" "1024 100" "2048 50" "4096 20" "8192 10" "16384 5"; do
    set -- $s
    R ./hgemm_mnk $1 $1 $1 $2
  done
  python3 torch_hgemm_shapes.py 512x512x512:200 1024x1024x1024:100 2048x2048x2048:50 4096x4096x4096:20 8192x8192x8192:10 16384x16384x16384:5
} 2>&1 | tee "$OUT/perf.txt"
R env OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./matmul-epilogue \
  > "$OUT/epi.info.out" 2> "$OUT/epi.info.err"; echo "info: exit $?"
R env OFFLOAD_QUEUE_LAUNCHES=0 ./matmul-epilogue > "$OUT/epi.noqueue.out" 2>&1; echo "noqueue: exit $?"
R compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 \
  ./matmul-epilogue > "$OUT/epi.memcheck.out" 2>&1; echo "memcheck: exit $?"
R ./matmul-tensor-core > "$OUT/mtc.out" 2>&1; echo "matmul-tensor-core: exit $?"
tail -3 "$OUT/epi.memcheck.out"
cat "$OUT/epi.info.out" "$OUT/epi.noqueue.out" "$OUT/mtc.out"
grep -E "Launching kernel|tensor maps" "$OUT/epi.info.err" | head -20
