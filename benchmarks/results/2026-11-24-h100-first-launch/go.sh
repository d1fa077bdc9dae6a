#!/bin/bash
# The one GPU call of this benchmark: nvidia-smi, run.sh (11 rounds), the
# queued-launch GPU tests (launch-chain, queued-fault) with the new set-up,
# and the default path once under compute-sanitizer memcheck.
cd "$(dirname "$0")"
nvidia-smi | tee "$OUT/nvidia-smi.txt"
tar xJf offload-rt.tar.xz
OUT=$OUT bash run.sh 4096 11
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
cd tests
export LD_LIBRARY_PATH=$PWD/../offload-rt
timeout 120 env OFFLOAD_RUNTIME_INFO=1 ./launch-chain > "$OUT/lc-info.out" 2> "$OUT/lc-info.err"; echo "launch-chain info rc=$?"
timeout 120 env OFFLOAD_QUEUE_LAUNCHES=0 ./launch-chain > "$OUT/lc-noqueue.out" 2>&1; echo "launch-chain noqueue rc=$?"
timeout 120 env OFFLOAD_QUEUE_SETUP=background OFFLOAD_RUNTIME_INFO=1 ./launch-chain > "$OUT/lc-background.out" 2> "$OUT/lc-background.err"; echo "launch-chain setup=background rc=$?"
echo "== queued-fault (expect an abort with the message)"
timeout 60 ./queued-fault 2>&1 | tail -3; echo "queued-fault rc=${PIPESTATUS[0]}"
cd ..
echo "== memcheck: first_launch (default) and launch-chain"
timeout 120 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./first_launch 4096 2>&1 | tail -4
timeout 120 compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 tests/launch-chain 2>&1 | tail -5
