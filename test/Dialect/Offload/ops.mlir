// RUN: offload-opt %s | offload-opt | FileCheck %s
// RUN: offload-opt %s --mlir-print-op-generic | offload-opt | FileCheck %s

// CHECK: module attributes {offload.targets = [#offload.nvptx, #offload.amdgpu<chip = "gfx90a">, #offload.host]}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.amdgpu<chip = "gfx90a">,
                                      #offload.host]} {
// CHECK-LABEL: offload.kernel @scale(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>)
offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %r = arith.mulf %a, %v : f32
    memref.store %r, %x[%i] : memref<?xf32>
  }
  // CHECK: offload.return
  offload.return
}
}
