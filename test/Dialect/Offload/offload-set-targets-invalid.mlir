// Each bad `targets` option fails the pass with an error on the module.
// RUN: offload-opt %s --offload-set-targets=targets=cuda -verify-diagnostics
// RUN: not offload-opt %s --offload-set-targets="targets=nvptx,NVPTX" 2>&1 | FileCheck %s --check-prefix=UPPER
// RUN: not offload-opt %s --offload-set-targets=targets=nvptx:gfx90a 2>&1 | FileCheck %s --check-prefix=NVPTX-CHIP
// RUN: not offload-opt %s --offload-set-targets=targets=nvptx: 2>&1 | FileCheck %s --check-prefix=NVPTX-NO-CHIP
// RUN: not offload-opt %s --offload-set-targets=targets=nvptx:sm_80:ptx 2>&1 | FileCheck %s --check-prefix=NVPTX-FORMAT
// RUN: not offload-opt %s --offload-set-targets=targets=nvptx:sm_80:cubin:extra 2>&1 | FileCheck %s --check-prefix=NVPTX-EXTRA
// RUN: not offload-opt %s --offload-set-targets=targets=amdgpu:sm_90 2>&1 | FileCheck %s --check-prefix=AMDGPU-CHIP
// RUN: not offload-opt %s --offload-set-targets=targets=amdgpu:gfx90a:xnack 2>&1 | FileCheck %s --check-prefix=AMDGPU-EXTRA
// RUN: not offload-opt %s --offload-set-targets=targets=host:x86_64 2>&1 | FileCheck %s --check-prefix=HOST-EXTRA
// RUN: not offload-opt %s --offload-set-targets="targets=host,nvptx,host" 2>&1 | FileCheck %s --check-prefix=TWICE-HOST
// RUN: not offload-opt %s --offload-set-targets="targets=nvptx:sm_90,amdgpu,nvptx" 2>&1 | FileCheck %s --check-prefix=TWICE-NVPTX
// RUN: not offload-opt %s --offload-set-targets="targets=amdgpu:gfx942,amdgpu" 2>&1 | FileCheck %s --check-prefix=TWICE-AMDGPU

// UPPER: offload-set-targets-invalid.mlir:[[@LINE+27]]:1: error: unknown offload target 'NVPTX' (expected nvptx, amdgpu or host)
// NVPTX-CHIP: offload-set-targets-invalid.mlir:[[@LINE+26]]:1: error: NVPTX chip must look like 'sm_90', got 'gfx90a'
// NVPTX-NO-CHIP: offload-set-targets-invalid.mlir:[[@LINE+25]]:1: error: NVPTX chip must look like 'sm_90', got ''
// NVPTX-FORMAT: offload-set-targets-invalid.mlir:[[@LINE+24]]:1: error: NVPTX image format must be 'auto', 'cubin' or 'bitcode', got 'ptx'
// NVPTX-EXTRA: offload-set-targets-invalid.mlir:[[@LINE+23]]:1: error: expected nvptx[:chip[:format]], got 'nvptx:sm_80:cubin:extra'
// AMDGPU-CHIP: offload-set-targets-invalid.mlir:[[@LINE+22]]:1: error: AMDGPU chip must look like 'gfx942', got 'sm_90'
// AMDGPU-EXTRA: offload-set-targets-invalid.mlir:[[@LINE+21]]:1: error: expected amdgpu[:chip], got 'amdgpu:gfx90a:xnack'
// HOST-EXTRA: offload-set-targets-invalid.mlir:[[@LINE+20]]:1: error: target 'host' takes no options, got 'host:x86_64'
// TWICE-HOST: offload-set-targets-invalid.mlir:[[@LINE+19]]:1: error: target 'host' listed twice
// TWICE-NVPTX: offload-set-targets-invalid.mlir:[[@LINE+18]]:1: error: target 'nvptx' listed twice
// TWICE-AMDGPU: offload-set-targets-invalid.mlir:[[@LINE+17]]:1: error: target 'amdgpu' listed twice

// The module is not printed when the pass fails (the dump that a note may
// attach to the error is in the generic form).
// UPPER-NOT: offload.kernel @k(
// NVPTX-CHIP-NOT: offload.kernel @k(
// NVPTX-NO-CHIP-NOT: offload.kernel @k(
// NVPTX-FORMAT-NOT: offload.kernel @k(
// NVPTX-EXTRA-NOT: offload.kernel @k(
// AMDGPU-CHIP-NOT: offload.kernel @k(
// AMDGPU-EXTRA-NOT: offload.kernel @k(
// HOST-EXTRA-NOT: offload.kernel @k(
// TWICE-HOST-NOT: offload.kernel @k(
// TWICE-NVPTX-NOT: offload.kernel @k(
// TWICE-AMDGPU-NOT: offload.kernel @k(

// expected-error@+1 {{unknown offload target 'cuda' (expected nvptx, amdgpu or host)}}
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @k(%x: memref<?xf32>) {
    offload.return
  }
}
