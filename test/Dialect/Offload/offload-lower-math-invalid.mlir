// RUN: offload-opt %s --split-input-file --verify-diagnostics --offload-lower-math=library=none
// RUN: not offload-opt %s --split-input-file --offload-lower-math=library=libm 2>&1 | FileCheck %s --check-prefix=LIBM
// RUN: not offload-opt %s --offload-lower-math=library=cuda 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Without libdevice, f64 functions have no lowering on NVPTX (the math
// dialect's approximations are f32 ones).
func.func @sin_f64(%x: f64) -> f64 {
  // expected-error @+1 {{'math.sin' op on 'f64' cannot be lowered for NVPTX without CUDA's libdevice (not found: set OFFLOAD_LIBDEVICE to libdevice.10.bc, or CUDA_HOME to a CUDA toolkit)}}
  %r = math.sin %x : f64
  return %r : f64
}

// -----

// ipowi is outlined by convert-math-to-funcs before (offload-pipeline runs
// it); alone, the pass reports it.
func.func @ipowi(%a: i32, %b: i32) -> i32 {
  // expected-error @+1 {{'math.ipowi' op on 'i32' cannot be lowered for NVPTX without CUDA's libdevice}}
  %r = math.ipowi %a, %b : i32
  return %r : i32
}

// LIBM: error: 'math.ipowi' op on 'i32' cannot be lowered for the host (libm)
// UNKNOWN: error: offload-lower-math: unknown library 'cuda' (portable, libm, libdevice, ocml or none)
