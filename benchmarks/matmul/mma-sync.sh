#!/usr/bin/env bash
# sm_80's tensor-core contraction (mma.sync m16n8k16 from cp.async stages,
# MmaSyncContraction.cpp) on the GPU machine against torch (cuBLAS) in the
# same call. An sm_80 cubin does not load on an H100: the programs carry
# NVPTX bitcode built for sm_80, which the CUDA plugin compiles with ptxas
# for the GPU it finds (the same mma.sync kernel; only sm_90 cubins get
# wgmma). The wgmma build of the same program runs beside it.
#
#   benchmarks/matmul/mma-sync.sh build     # here: fills .device/mma-sync/
#   # with the device tool: run command="bash .device/mma-sync/run.sh"
#   #                           carry=[".device"]   (results in $OUT)
#   #   (run.sh tf32: only the TF32 part)
#
# hgemm N REPS prints "RESULT matmul bf16|f16 N <us> <TFLOP/s> ok|FAIL"
# (64 sampled elements compared exactly); gemm_layouts bf16t M N K REPS
# the transposed layouts (A[k][m], B[n][k]); gemm_layouts tf32 M N K REPS
# (built with --offload-tf32) f32 inputs as TF32: A[m][k] with B[k][n] and
# B[n][k], and A[k][m] with B[k][n] (TF32 mma.sync m16n8k8 as sm_80
# bitcode; the sm_90 build runs the first two on wgmma and A[k][m] on TF32
# mma.sync too); torch_hgemm.py N REPS and torch_layouts.py bf16t|tf32 M N
# K REPS the same products with torch.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=build/bin
D=.device/mma-sync
case "${1:-}" in
build)
  mkdir -p "$D"
  [[ -s .device/offload-rt.tar.xz ]] ||
    ../shared/device/pack-runtime.sh .device/offload-rt.tar.xz
  "$B/offload-cc" benchmarks/matmul/hgemm.mlir -O3 \
    --offload-targets=nvptx:sm_80:bitcode,host -o "$D/hgemm_mma_sync"
  "$B/offload-cc" benchmarks/matmul/gemm_layouts.mlir -O3 \
    --offload-targets=nvptx:sm_80:bitcode,host -o "$D/gemm_layouts_mma_sync"
  "$B/offload-cc" benchmarks/matmul/hgemm.mlir -O3 \
    --offload-targets=nvptx:sm_90,host -o "$D/hgemm_wgmma"
  "$B/offload-cc" benchmarks/matmul/gemm_layouts.mlir -O3 --offload-tf32 \
    --offload-targets=nvptx:sm_80:bitcode,host -o "$D/gemm_tf32_mma_sync"
  "$B/offload-cc" benchmarks/matmul/gemm_layouts.mlir -O3 --offload-tf32 \
    --offload-targets=nvptx:sm_90,host -o "$D/gemm_tf32_sm90"
  cp benchmarks/matmul/torch_hgemm.py benchmarks/matmul/torch_layouts.py "$D/"
  cat > "$D/run.sh" <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/mma-sync}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/gpu.txt"
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
[ "${1:-}" = tf32 ] || {
  for n in 4096 8192; do
    reps=$(( n == 4096 ? 20 : 10 ))
    echo "# bf16 and f16 ${n}^3, A[m][k] and B[k][n]: mma.sync, wgmma, torch"
    R ./hgemm_mma_sync $n $reps
    R ./hgemm_wgmma $n $reps
    python3 torch_hgemm.py $n $reps
  done
  echo "# bf16 4096^3, transposed operands: mma.sync, torch"
  R ./gemm_layouts_mma_sync bf16t 4096 4096 4096 20
  python3 torch_layouts.py bf16t 4096 4096 4096 20
} 2>&1 | tee "$OUT/perf.txt"
{
  for n in 4096 8192; do
    reps=$(( n == 4096 ? 20 : 10 ))
    echo "# TF32 ${n}^3: sm_80 bitcode (mma.sync), sm_90 (wgmma; A[k][m] mma.sync), torch"
    R ./gemm_tf32_mma_sync tf32 $n $n $n $reps
    R ./gemm_tf32_sm90 tf32 $n $n $n $reps
    python3 torch_layouts.py tf32 $n $n $n $reps
  done
} 2>&1 | tee "$OUT/perf-tf32.txt"
RUN
  chmod +x "$D/run.sh"
  echo "built $D; now run: bash $D/run.sh (carry .device)"
  ;;
*) echo "usage: $0 build" >&2; exit 2 ;;
esac
