// RUN: offload-opt %s --offload-check-kernels | FileCheck %s

// Kernels every target can run.

// Writes outside the parallel loop to a thread-private alloca, and after a
// loop with reductions (where the kernel runs on one thread).
// CHECK-LABEL: offload.kernel @sum
offload.kernel @sum(%a: memref<?xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloca() : memref<1xf32>
  memref.store %zero, %tmp[%c0] : memref<1xf32>
  %n = memref.dim %a, %c0 : memref<?xf32>
  %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      scf.reduce.return %r : f32
    }
  }
  memref.store %sum, %out[%c0] : memref<1xf32>
  offload.return
}

// A kernel without a parallel loop runs once; a tiled contraction.
// CHECK-LABEL: offload.kernel @once
// CHECK-LABEL: offload.kernel @mm
offload.kernel @once(%a: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c0] : memref<1xf32>
  offload.return
}
offload.kernel @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  offload.return
}
