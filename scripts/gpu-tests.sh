#!/usr/bin/env bash
# The GPU tests of test/Integration/GPU/CUDA without lit on the GPU machine
# (which has no LLVM to run offload-cc): build the programs here, run them
# there, check their output here with the same FileCheck lines.
#
#   scripts/gpu-tests.sh build         # here: fills .device/tests/
#   # with the device tool:  run command="bash .device/tests/run.sh"
#   #                            carry=[".device"]   (outputs go to $OUT)
#   scripts/gpu-tests.sh check DIR     # here: FileCheck DIR/*.out, *.err
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/bin
D=.device/tests
FC=/usr/lib/llvm-22/bin/FileCheck
K=test/Integration/kernels
G=test/Integration/GPU/CUDA
L=test/Integration/linalg

case "${1:-}" in
build)
  mkdir -p "$D"
  [[ -s .device/offload-rt.tar.xz ]] ||
    ../shared/device/pack-runtime.sh .device/offload-rt.tar.xz
  for p in launch-chain grid-paths kernel-abi vector-paths matmul-tiled transpose-paths copy-paths collapse-paths; do
    "$B/offload-cc" "$K/$p.mlir" --offload-targets=nvptx:sm_90,host -o "$D/$p"
  done
  "$B/offload-cc" "$L/ops.mlir" --offload-targets=nvptx:sm_90,host -o "$D/linalg-ops"
  "$B/offload-cc" "$L/ops.mlir" --offload-targets=nvptx:sm_90,host \
    --offload-check -o "$D/linalg-ops-check"
  for p in saxpy jacobi matvec; do
    "$B/offload-cc" "examples/$p.mlir" -o "$D/$p"
  done
  "$B/offload-cc" "$L/layer.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/linalg-layer"
  # Reductions narrower than 32 bits (f16, bf16, i8, i16, i1).
  cat test/Target/Inputs/narrow-reductions.mlir "$L/narrow-reductions.mlir" \
    > "$D/narrow-reductions.mlir"
  "$B/offload-cc" "$D/narrow-reductions.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/narrow-reductions"
  "$B/offload-cc" "$G/Inputs/queued-fault.mlir" -o "$D/queued-fault"
  "$B/offload-cc" "$K/matmul-tensor-core.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/matmul-tensor-core"
  "$B/offload-cc" "$K/matmul-epilogue.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/matmul-epilogue"
  "$B/offload-cc" "$K/matmul-tensor-core-transposed.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/matmul-tensor-core-transposed"
  "$B/offload-cc" "$K/matmul-tf32.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/matmul-tf32"
  # --offload-check on the tensor cores: tolerances scaled with K.
  for p in matmul-tf32 matmul-tensor-core matmul-epilogue; do
    "$B/offload-cc" "$K/$p.mlir" --offload-targets=nvptx:sm_90,host \
      --offload-check -o "$D/$p-check"
  done
  # A debug build whose waits give up (offload.bounded_waits).
  "$B/offload-cc" "$G/Inputs/stuck-wait.mlir" -o "$D/stuck-wait"
  # The sm_80 mma.sync kernels, as bitcode the CUDA plugin compiles for
  # the GPU it finds (an sm_80 cubin does not load on an H100); matmul-tf32:
  # TF32 mma.sync m16n8k8 for every layout (the sm_90 build above runs its
  # A[k][m] kernels on TF32 mma.sync too).
  for p in matmul-tensor-core matmul-tensor-core-transposed matmul-epilogue matmul-tf32; do
    "$B/offload-cc" "$K/$p.mlir" \
      --offload-targets=nvptx:sm_80:bitcode,host -o "$D/$p-mma-sync"
  done
  "$B/offload-cc" "$K/reshape-paths.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/reshape-paths"
  "$B/offload-cc" test/Integration/devices/split.mlir \
    --offload-targets=nvptx:sm_90,host -o "$D/split-devices"
  # Programs in the gpu dialect (docs/GPUDialect.md), and the kernels only a
  # GPU runs (all-reduce, shuffles, a barrier, wmma).
  for p in elementwise launch-inline Inputs/gpu-only; do
    "$B/offload-cc" "test/Integration/gpu-dialect/$p.mlir" \
      --offload-targets=nvptx:sm_90,host -o "$D/gpu-dialect-${p#Inputs/}"
  done
  # MLIR's mgpu* functions over liboffload (docs/GPUDialect.md): a program
  # lowered by upstream's gpu-lower-to-nvvm-pipeline, as an executable linked
  # with libOffloadMGPURuntime.so.
  mlir-opt-22 test/Integration/mgpu/upstream-pipeline.mlir \
    --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=bin" |
    mlir-translate-22 --mlir-to-llvmir -o "$D/mgpu.ll"
  cp build/lib/libOffloadMGPURuntime.so "$D/"
  /usr/lib/llvm-22/bin/clang -Wno-override-module "$D/mgpu.ll" -o "$D/mgpu" \
    -L"$D" -lOffloadMGPURuntime -Wl,-rpath,'$ORIGIN'
  # Every math op: with libdevice, and without it (the approximations).
  python3 test/Integration/math/Inputs/math_ops.py gen > "$D/math-ops.mlir"
  "$B/offload-cc" "$D/math-ops.mlir" --offload-targets=nvptx:sm_90,host \
    -o "$D/math-ops"
  python3 test/Integration/math/Inputs/math_ops.py gen \
    --types=f32,f16,bf16,i32,i64 > "$D/math-ops-approx.mlir"
  OFFLOAD_LIBDEVICE=/nonexistent "$B/offload-cc" "$D/math-ops-approx.mlir" \
    --offload-targets=nvptx:sm_90,host -o "$D/math-ops-approx"
  cat > "$D/run.sh" <<'RUN'
#!/usr/bin/env bash
# Each program's stdout and stderr, per variant, into $OUT.
cd "$(dirname "$0")"
[ -d ../offload-rt ] || (cd .. && tar xJf offload-rt.tar.xz)
OUT=${OUT:-/tmp/gpu-tests}
mkdir -p "$OUT"
export PATH=/usr/local/cuda/bin:$PATH OMP_TARGET_OFFLOAD=mandatory
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/gpu.txt"
run() { # name variant env... program
  local name=$1 variant=$2; shift 2
  env LD_LIBRARY_PATH=$PWD/../offload-rt "$@" > "$OUT/$name.$variant.out" \
    2> "$OUT/$name.$variant.err"
  echo "$name.$variant: exit $?"
}
run launch-chain info OFFLOAD_RUNTIME_INFO=1 ./launch-chain
run launch-chain noqueue OFFLOAD_QUEUE_LAUNCHES=0 ./launch-chain
run launch-chain launches LIBOMPTARGET_INFO=16 ./launch-chain
run launch-chain memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./launch-chain
run launch-chain racecheck compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 3 ./launch-chain
for p in grid-paths kernel-abi saxpy jacobi matvec; do
  run $p info LIBOMPTARGET_INFO=16 ./$p
done
for p in saxpy jacobi matvec; do
  run $p fallback OMP_TARGET_OFFLOAD=disabled LIBOMPTARGET_INFO=-1 ./$p
done
run queued-fault run ./queued-fault
run vector-paths info LIBOMPTARGET_INFO=16 ./vector-paths
run copy-paths memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./copy-paths
run collapse-paths memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./collapse-paths
run vector-paths memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./vector-paths
run linalg-ops info LIBOMPTARGET_INFO=16 ./linalg-ops
run narrow-reductions info LIBOMPTARGET_INFO=16 ./narrow-reductions
run linalg-ops memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./linalg-ops
run linalg-ops check ./linalg-ops-check
run matmul-tiled info LIBOMPTARGET_INFO=16 ./matmul-tiled
run matmul-tiled memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./matmul-tiled
run matmul-tiled racecheck compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 3 ./matmul-tiled
run transpose-paths info LIBOMPTARGET_INFO=16 ./transpose-paths
for tool in memcheck racecheck; do
  run transpose-paths $tool compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 3 ./transpose-paths
done
run linalg-layer info LIBOMPTARGET_INFO=-1 ./linalg-layer
for tool in memcheck racecheck; do
  run linalg-layer $tool compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 3 ./linalg-layer
done
run matmul-tensor-core info OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./matmul-tensor-core
run matmul-tensor-core noqueue OFFLOAD_QUEUE_LAUNCHES=0 ./matmul-tensor-core
run matmul-tensor-core memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./matmul-tensor-core
run matmul-epilogue info OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./matmul-epilogue
run matmul-epilogue noqueue OFFLOAD_QUEUE_LAUNCHES=0 ./matmul-epilogue
run matmul-epilogue memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./matmul-epilogue
for p in math-ops math-ops-approx; do
  run $p info LIBOMPTARGET_INFO=16 ./$p
done
for p in matmul-tensor-core-transposed matmul-tf32; do
  run $p info OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p
  run $p noqueue OFFLOAD_QUEUE_LAUNCHES=0 ./$p
  run $p memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p
done
for p in matmul-tf32 matmul-tensor-core matmul-epilogue; do
  run $p-check run ./$p-check
done
run stuck-wait normal ./stuck-wait
run stuck-wait stuck OFFLOAD_TEST_SHORT_TMA_BOX=1 ./stuck-wait
for p in matmul-tensor-core matmul-tensor-core-transposed matmul-epilogue matmul-tf32; do
  run $p-mma-sync info OFFLOAD_RUNTIME_INFO=1 LIBOMPTARGET_INFO=16 ./$p-mma-sync
  run $p-mma-sync noqueue OFFLOAD_QUEUE_LAUNCHES=0 ./$p-mma-sync
  run $p-mma-sync memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p-mma-sync
done
run matmul-tensor-core-mma-sync racecheck compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 3 ./matmul-tensor-core-mma-sync
for p in reshape-paths split-devices; do
  run $p info LIBOMPTARGET_INFO=16 ./$p
  run $p memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./$p
done
for p in elementwise launch-inline gpu-only; do
  run gpu-dialect-$p info LIBOMPTARGET_INFO=16 ./gpu-dialect-$p
  run gpu-dialect-$p memcheck compute-sanitizer --tool memcheck --report-api-errors no --error-exitcode 3 ./gpu-dialect-$p
done
run mgpu run ./mgpu
run gpu-dialect-gpu-only racecheck compute-sanitizer --tool racecheck --report-api-errors no --error-exitcode 3 ./gpu-dialect-gpu-only
RUN
  chmod +x "$D/run.sh"
  echo "built $D; now run: bash $D/run.sh (carry .device), then: $0 check DIR"
  ;;
check)
  R=${2:?usage: $0 check DIR}
  fail=0
  check() { # description, FileCheck arguments...; input on stdin
    if "$FC" "$@"; then echo "ok   $desc"; else echo "FAIL $desc"; fail=1; fi
  }
  desc="launch-chain results (queued)"
  check "$K/launch-chain.mlir" < "$R/launch-chain.info.out"
  desc="launch-chain queued launches"
  check "$G/launch-chain.test" < "$R/launch-chain.info.err"
  desc="launch-chain results (OFFLOAD_QUEUE_LAUNCHES=0)"
  check "$K/launch-chain.mlir" < "$R/launch-chain.noqueue.out"
  for tool in memcheck racecheck; do
    desc="launch-chain under compute-sanitizer $tool"
    check "$K/launch-chain.mlir" < "$R/launch-chain.$tool.out"
    desc="compute-sanitizer $tool: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/launch-chain.$tool.out"
  done
  for p in grid-paths kernel-abi; do
    desc="$p results"; check "$G/$p.test" < "$R/$p.info.out"
    desc="$p launches"; check --check-prefix=LAUNCH "$G/$p.test" < "$R/$p.info.err"
  done
  for p in saxpy jacobi matvec; do
    desc="$p results"
    check --match-full-lines --check-prefix=RESULT "$G/$p.test" < "$R/$p.info.out"
    desc="$p launches"; check --check-prefix=LAUNCH "$G/$p.test" < "$R/$p.info.err"
    desc="$p with offloading disabled"
    check --match-full-lines --check-prefix=RESULT "$G/$p.test" < "$R/$p.fallback.out"
    desc="$p with offloading disabled: no launch"
    check --allow-empty --check-prefix=FALLBACK "$G/$p.test" < "$R/$p.fallback.err"
  done
  for v in info memcheck; do
    desc="vector-paths results ($v)"; check "$K/vector-paths.mlir" < "$R/vector-paths.$v.out"
    desc="linalg-ops results ($v)"; check "$L/ops.mlir" < "$R/linalg-ops.$v.out"
  done
  desc="linalg-ops under --offload-check"; check "$L/ops.mlir" < "$R/linalg-ops.check.out"
  desc="narrow-reductions results"
  check "$L/narrow-reductions.mlir" < "$R/narrow-reductions.info.out"
  desc="copy-paths results (memcheck)"; check "$K/copy-paths.mlir" < "$R/copy-paths.memcheck.out"
  desc="collapse-paths results (memcheck)"; check "$K/collapse-paths.mlir" < "$R/collapse-paths.memcheck.out"
  for p in vector-paths linalg-ops copy-paths collapse-paths; do
    desc="$p under compute-sanitizer memcheck: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/$p.memcheck.out"
  done
  for v in info memcheck racecheck; do
    desc="matmul-tiled results ($v)"; check "$K/matmul-tiled.mlir" < "$R/matmul-tiled.$v.out"
  done
  desc="matmul-tiled launches"
  check --check-prefix=LAUNCH "$G/matmul-tiled.test" < "$R/matmul-tiled.info.err"
  for tool in memcheck racecheck; do
    desc="matmul-tiled under compute-sanitizer $tool: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/matmul-tiled.$tool.out"
  done
  for v in info memcheck racecheck; do
    desc="transpose-paths results ($v)"; check "$K/transpose-paths.mlir" < "$R/transpose-paths.$v.out"
  done
  desc="transpose-paths launches"
  check --check-prefix=LAUNCH "$G/transpose-paths.test" < "$R/transpose-paths.info.err"
  for tool in memcheck racecheck; do
    desc="transpose-paths under compute-sanitizer $tool: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/transpose-paths.$tool.out"
  done
  desc="linalg-layer results"
  check "$G/linalg-layer.test" < "$R/linalg-layer.info.out"
  for prefix in LAUNCH COPIES; do
    desc="linalg-layer $prefix"
    check --check-prefix=$prefix "$G/linalg-layer.test" < "$R/linalg-layer.info.err"
  done
  for tool in memcheck racecheck; do
    desc="linalg-layer under compute-sanitizer $tool"
    check --check-prefix=SANITIZER "$0" < "$R/linalg-layer.$tool.out"
  done
  # sm_80's mma.sync kernels (bitcode compiled for the GPU found).
  for p in matmul-tensor-core:TC matmul-tensor-core-transposed:TR matmul-epilogue:EPI matmul-tf32:TF32; do
    prefix=MMA-${p##*:}; p=${p%%:*}
    # The TF32 results differ from the reference on the GPU (GPU lines).
    results=CHECK; [[ $p == matmul-tf32 ]] && results=GPU
    for v in info noqueue memcheck; do
      desc="$p mma.sync results ($v)"
      check --check-prefix=$results "$K/$p.mlir" < "$R/$p-mma-sync.$v.out"
    done
    desc="$p mma.sync launches"
    check --check-prefix=$prefix "$G/matmul-mma-sync.test" < "$R/$p-mma-sync.info.err"
    desc="$p mma.sync under compute-sanitizer memcheck: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/$p-mma-sync.memcheck.out"
  done
  desc="matmul-tensor-core mma.sync under compute-sanitizer racecheck"
  check "$K/matmul-tensor-core.mlir" < "$R/matmul-tensor-core-mma-sync.racecheck.out"
  desc="compute-sanitizer racecheck: no hazards"
  check --check-prefix=SANITIZER "$0" < "$R/matmul-tensor-core-mma-sync.racecheck.out"
  for p in matmul-tensor-core matmul-epilogue matmul-tensor-core-transposed matmul-tf32; do
    # The TF32 results differ from the reference on the GPU (GPU lines).
    prefix=CHECK; [[ $p == matmul-tf32 ]] && prefix=GPU
    for v in info noqueue memcheck; do
      desc="$p results ($v)"
      check --check-prefix=$prefix "$K/$p.mlir" < "$R/$p.$v.out"
    done
    desc="$p launches and tensor maps"
    check --check-prefix=LAUNCH "$G/$p.test" < "$R/$p.info.err"
    desc="$p under compute-sanitizer memcheck: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/$p.memcheck.out"
  done
  # --offload-check of the tensor-core kernels: tolerances scaled with K
  # (TF32 passes), the same results.
  for p in matmul-tf32 matmul-tensor-core matmul-epilogue; do
    prefix=CHECK; [[ $p == matmul-tf32 ]] && prefix=GPU
    desc="$p with --offload-check: no difference beyond the K-scaled tolerance"
    check --check-prefix=$prefix --implicit-check-not=offload-check "$K/$p.mlir" < "$R/$p-check.run.out"
  done
  desc="stuck-wait (debug build) runs normally"
  check --check-prefix=NORMAL "$G/stuck-wait.test" < "$R/stuck-wait.normal.out"
  desc="stuck-wait: a wait that never completes stops the kernel, naming it"
  check --check-prefix=STUCK "$G/stuck-wait.test" < "$R/stuck-wait.stuck.out"
  desc="stuck-wait: the program stops, naming the launch"
  check --check-prefix=STUCKERR "$G/stuck-wait.test" < "$R/stuck-wait.stuck.err"
  # split-devices on one GPU: devices(all) is that GPU, the listed devices
  # 1, 3 and 9 are absent (the host runs @smooth).
  for p in reshape-paths:$K/reshape-paths.mlir split-devices:test/Integration/devices/split.mlir; do
    for v in info memcheck; do
      desc="${p%%:*} results ($v)"; check "${p#*:}" < "$R/${p%%:*}.$v.out"
    done
    desc="${p%%:*} under compute-sanitizer memcheck: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/${p%%:*}.memcheck.out"
  done
  M=test/Integration/math/Inputs/math_ops.py
  T=$(mktemp -d)
  python3 $M check < "$R/math-ops.info.out" > "$T/math-ops.txt" || true
  python3 $M check --approx < "$R/math-ops-approx.info.out" \
    > "$T/math-ops-approx.txt" || true
  desc="math-ops with libdevice: every op within tolerance"
  check --match-full-lines test/Integration/math/math-ops.test < "$T/math-ops.txt"
  desc="math-ops without libdevice: the approximations within tolerance"
  check --check-prefix=APPROX "$G/math-ops.test" < "$T/math-ops-approx.txt"
  rm -rf "$T"
  for p in math-ops math-ops-approx; do
    desc="$p launches"; check --check-prefix=LAUNCH "$G/math-ops.test" < "$R/$p.info.err"
  done
  # The gpu dialect: results, the grid of each launch as the program gave
  # it, no memory errors (no races in the barrier and wmma kernels).
  GD=test/Integration/gpu-dialect
  for p in elementwise:CHECK launch-inline:ANY,CHECK Inputs/gpu-only:CHECK; do
    prefixes=${p#*:}; p=${p%%:*}; n=gpu-dialect-${p#Inputs/}
    for v in info memcheck; do
      desc="$n results ($v)"
      check --match-full-lines --check-prefixes=$prefixes "$GD/$p.mlir" < "$R/$n.$v.out"
    done
    desc="$n launches"; check --check-prefix=LAUNCH "$GD/$p.mlir" < "$R/$n.info.err"
    desc="$n under compute-sanitizer memcheck: no errors"
    check --check-prefix=SANITIZER "$0" < "$R/$n.memcheck.out"
  done
  desc="gpu-dialect-gpu-only under compute-sanitizer racecheck"
  check --check-prefix=SANITIZER "$0" < "$R/gpu-dialect-gpu-only.racecheck.out"
  desc="mgpu (upstream's lowering over liboffload) results"
  check --match-full-lines test/Integration/mgpu/upstream-pipeline.mlir < "$R/mgpu.run.out"
  desc="mgpu: no error messages"
  check --allow-empty --check-prefix=GPUERR test/Integration/mgpu/upstream-pipeline.mlir < "$R/mgpu.run.err"
  desc="queued-fault stops the program with the kernel's name and locations"
  check "$G/queued-fault.test" < "$R/queued-fault.run.err"
  exit $fail
  ;;
*)
  sed -n 2,9p "$0"
  exit 2
  ;;
esac
# SANITIZER: ========= {{(ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors, 0 warnings\))}}
