#!/bin/bash
# GPU machine: bash .device-lo/run.sh (results under $OUT/results.txt).
cd "$(dirname "$0")"
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
export PATH=/usr/local/cuda/bin:$PATH # ptxas, for the bitcode image's JIT
OUT=${OUT:-/tmp}
LOG=$OUT/results.txt
ours() { LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=mandatory "$@"; }
run() { echo "+ $*" | tee -a "$LOG"; "$@" 2>&1 | tee -a "$LOG"; echo "exit ${PIPESTATUS[0]}" | tee -a "$LOG"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$LOG"
nvcc --version | tail -2 | tee -a "$LOG"
nvcc -O3 -arch=sm_90 -o cuda_peer cuda_peer.cu 2>&1 | tee -a "$LOG"
run ./cuda_peer 1000 7
run ./cuda_peer 1000 7 blocking
run ours ./proto bump.cubin 1000 7 bumpk.cubin bumpk.bc
run ours ./launch 1000
run ours ./proto bump.cubin 1000 7
run ours env PROTO_NO_CTX_RETAIN=1 ./proto bump.cubin 1000 7
run ./cuda_peer 1000 7
run ./cuda_peer 1000 7 blocking
# One more pass under compute-sanitizer (memcheck) with both runtimes in the
# shared CUDA context. Expected API errors: the plugins' probes
# (cuModuleGetGlobal of <kernel>_kernel_environment, cuFuncGetParamInfo).
run ours compute-sanitizer --print-limit 5 ./proto bump.cubin 100 3 bumpk.cubin
