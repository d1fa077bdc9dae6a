#!/usr/bin/env bash
# Builds the examples (and their C + OpenMP twins) here and runs them on the
# GPU machine through the `device` tool, keeping the offload runtime's launch
# and copy lines.
#
#   scripts/gpu-examples.sh build   # here: fills .device/ (runtime included)
#   # then, with the device tool:   run  command="bash .device/run-examples.sh"
#   #                                    carry=[".device"]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${1:-}" == build ]] || { sed -n 2,9p "$0"; exit 2; }

B=build/bin
mkdir -p .device
[[ -s .device/offload-rt.tar.xz ]] ||
  ../shared/device/pack-runtime.sh .device/offload-rt.tar.xz
for e in saxpy jacobi matvec; do
  "$B/offload-cc" "examples/$e.mlir" -o ".device/$e"
  /usr/lib/llvm-22/bin/clang -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
    "test/Integration/mapping/$e.c" -o ".device/$e-twin"
done
"$B/offload-cc" test/Integration/kernels/kernel-abi.mlir \
  --offload-targets=nvptx:sm_90,host -o .device/kernel-abi
"$B/offload-cc" examples/saxpy.mlir \
  --offload-targets=nvptx:sm_90:bitcode,host -o .device/saxpy-bitcode

cat > .device/run-examples.sh <<'RUN'
#!/usr/bin/env bash
cd "$(dirname "$0")"
[ -d offload-rt ] || tar xJf offload-rt.tar.xz
export PATH=/usr/local/cuda/bin:$PATH   # ptxas, for the bitcode image
OUT=${OUT:-/tmp}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in saxpy jacobi matvec kernel-abi saxpy-bitcode; do
  echo "== $p"
  LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=mandatory \
    LIBOMPTARGET_INFO=-1 ./$p 2>"$OUT/$p.info"
  echo "exit $?"
  grep -E 'Launching kernel|Copying data' "$OUT/$p.info" |
    sed -e 's/HstPtr=0x[0-9a-f]*, //; s/TgtPtr=0x[0-9a-f]*, //' | sort | uniq -c
done
echo "== offloading disabled: the host copies run"
for p in saxpy jacobi matvec; do
  LD_LIBRARY_PATH=$PWD/offload-rt OMP_TARGET_OFFLOAD=disabled ./$p
done
echo "== C + OpenMP twins (host device)"
for p in saxpy jacobi matvec; do LD_LIBRARY_PATH=$PWD/offload-rt ./$p-twin; done
RUN
chmod +x .device/run-examples.sh
echo "built .device/; now run: bash .device/run-examples.sh (carry .device)"
