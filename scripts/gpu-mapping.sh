#!/usr/bin/env bash
# Builds the mapping programs of test/Integration/mapping (ours for the GPU,
# their C + OpenMP twins) and the checking-mode builds here, and writes the
# script that compares their copies on the GPU machine.
#
#   scripts/gpu-mapping.sh build    # here: fills .device/mapping/
#   # then, with the device tool:   run command="bash .device/mapping/run.sh"
#   #                                   carry=[".device"]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${1:-}" == build ]] || { sed -n 2,9p "$0"; exit 2; }

B=build/bin
D=.device/mapping
mkdir -p "$D"
[[ -s .device/offload-rt.tar.xz ]] ||
  ../shared/device/pack-runtime.sh .device/offload-rt.tar.xz
cp test/Integration/Inputs/compare_copies.py "$D/"
programs=()
for t in test/Integration/mapping/*.test; do
  name=$(basename "$t" .test)
  if [[ -f test/Integration/mapping/$name.mlir ]]; then
    src=test/Integration/mapping/$name.mlir
  else
    src=examples/$name.mlir
  fi
  "$B/offload-cc" "$src" --offload-targets=nvptx:sm_90,host -o "$D/$name"
  "$B/offload-cc" "$src" --offload-targets=nvptx:sm_90,host --offload-check \
    -o "$D/$name-check"
  /usr/lib/llvm-22/bin/clang -O2 -fopenmp \
    -fopenmp-targets=x86_64-pc-linux-gnu "test/Integration/mapping/$name.c" \
    -o "$D/$name-twin"
  programs+=("$name")
done

cat > "$D/run.sh" <<RUN
#!/usr/bin/env bash
# Ours on the GPU against the twins (on the runtime's host device: the copies
# a map clause makes do not depend on the device), then the checking mode.
cd "\$(dirname "\$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
export LD_LIBRARY_PATH=\$PWD/../offload-rt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in ${programs[*]}; do
  echo "== \$p"
  python3 compare_copies.py ./\$p ./\$p-twin
  LIBOMPTARGET_INFO=-1 ./\$p 2>&1 >/dev/null | grep -m1 -o 'Launching kernel .* mode'
done
echo "== checking mode (device against host copy, every launch)"
for p in ${programs[*]}; do
  out=\$(OMP_TARGET_OFFLOAD=mandatory ./\$p-check | head -c 60); echo "\$p-check: exit \$? \$out"
done
RUN
chmod +x "$D/run.sh"
echo "built $D; now run: bash $D/run.sh (carry .device)"
