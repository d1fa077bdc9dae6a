#!/usr/bin/env bash
# Call 2: batch and square bf16 against torch; Nsight Compute on the
# tensor-core kernels (if the counters are allowed).
cd "$(dirname "$0")/tf"
export OMP_TARGET_OFFLOAD=mandatory PATH=/usr/local/cuda/bin:$PATH
R() { env LD_LIBRARY_PATH=$PWD/../offload-rt "$@"; }
echo "# batch 32 x 1024^3, 8 x 4096^3"
R ./hbmm 32 1024 20
python3 torch_hgemm.py 1024 20 32
R ./hbmm 32 1024 20
R ./hbmm 8 4096 10
python3 torch_hgemm.py 4096 10 8
which ncu; ncu --version | tail -1
for spec in "hbmm_bf16:./hbmm 32 1024 1" "hgemm_bf16:./hgemm_mnk 8192 8192 8192 1" "k_tf32:./gemm_layouts tf32 4096 4096 4096 1"; do
  k=${spec%%:*}; cmd=${spec#*:}
  echo "# ncu $k"
  R timeout 120 ncu --kernel-name regex:"^$k\$" --launch-skip 1 --launch-count 1 \
    --section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats \
    --section MemoryWorkloadAnalysis --metrics sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_tensor_op_gmma.sum \
    $cmd 2>&1 | grep -v "^RESULT\|^==PROF== Connected" | head -90
done
