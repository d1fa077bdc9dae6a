// RUN: offload-opt %s --offload-split-kernels -split-input-file -verify-diagnostics

offload.kernel @store_between(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %x[%i] : memref<?xf32>
  }
  // expected-error@+1 {{kernel @store_between holds 2 parallel loops or linalg ops, which run as one kernel each, and 'memref.store' at its top level, which cannot be split between them}}
  memref.store %one, %y[%c0] : memref<?xf32>
  // expected-note@+1 {{second parallel part}}
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}
