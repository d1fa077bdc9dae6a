#!/usr/bin/env bash
# Where the time of a split run's launch goes on one GPU (devices [0]):
# the launch paths the runtime library takes (OFFLOAD_RUNTIME_INFO), a
# libomptarget time trace ($OUT/prof.json) and, where nsys exists, the
# kernels' timeline. Built by build.sh into .device/stencil:
#   run (carry .device/stencil, .device/offload-rt.tar.xz):
#     OUT=$OUT bash .device/stencil/diag.sh
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/out}
export PATH=/usr/local/cuda/bin:$PATH
RT=../offload-rt.tar.xz
[ -d offload-rt ] || tar xJf $RT
export OMP_TARGET_OFFLOAD=mandatory
which nsys ncu
echo "+ OFFLOAD_RUNTIME_INFO=1 ./jacobi_steps 1024 3"
OFFLOAD_RUNTIME_INFO=1 LD_LIBRARY_PATH=$PWD/offload-rt ./jacobi_steps 1024 3 2>&1 | sed 's/0x[0-9a-f]*/P/g' | sort | uniq -c | sort -rn | head -30
echo "+ LIBOMPTARGET_PROFILE ./jacobi_steps 4096 20"
LIBOMPTARGET_PROFILE=$OUT/prof.json LD_LIBRARY_PATH=$PWD/offload-rt ./jacobi_steps 4096 20
ls -la $OUT
if which nsys >/dev/null 2>&1; then
  LD_LIBRARY_PATH=$PWD/offload-rt nsys profile -o /tmp/rep --force-overwrite true --stats=false ./jacobi_steps 16384 20 > /dev/null 2>&1
  nsys stats --report cuda_gpu_trace --format csv /tmp/rep.nsys-rep 2>/dev/null | grep -E "jacobi" | tail -60 | cut -d, -f1-3,19-20
fi
