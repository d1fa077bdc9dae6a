// RUN: offload-opt %s --offload-check-bounds | FileCheck %s

// Accesses that stay in their buffers, or whose reach is not known at
// compile time: accepted.

// CHECK-LABEL: offload.kernel @inside
offload.kernel @inside(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c63 = arith.constant 63 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %c, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  %v4 = arith.constant dense<1.0> : vector<4xf32>
  // Neighbours from 1 to 62.
  scf.parallel (%i) = (%c1) to (%c63) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    %ip1 = arith.addi %i, %c1 : index
    %l = memref.load %a[%im1] : memref<64xf32>
    %r = memref.load %a[%ip1] : memref<64xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %b[%i] : memref<64xf32>
  }
  // Up to the run-time size minus one.
  scf.parallel (%i) = (%c0) to (%last) step (%c1) {
    %ip1 = arith.addi %i, %c1 : index
    %v = memref.load %c[%ip1] : memref<?xf32>
    memref.store %v, %c[%i] : memref<?xf32>
  }
  // Vectors of 4 with a step of 4.
  scf.parallel (%i) = (%c0) to (%c64) step (%c4) {
    vector.store %v4, %a[%i] : memref<64xf32>, vector<4xf32>
  }
  offload.return
}

// A guard keeps the access inside; a bound from elsewhere is not compared.
// CHECK-LABEL: offload.kernel @guarded
offload.kernel @guarded(%a: memref<?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %ip1 = arith.addi %i, %c1 : index
    %in = arith.cmpi ult, %ip1, %n : index
    scf.if %in {
      memref.store %f, %a[%ip1] : memref<?xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A step other than 1 up to a bound known at run time, from 3: the first
// iteration reads x[0]; the last is not known, and is not checked.
// CHECK-LABEL: offload.kernel @step_three
offload.kernel @step_three(%x: memref<?xi64>, %y: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %x, %c0 : memref<?xi64>
  scf.parallel (%i) = (%c3) to (%n) step (%c3) {
    %im = arith.subi %i, %c3 : index
    %l = memref.load %x[%im] : memref<?xi64>
    memref.store %l, %y[%i] : memref<?xi64>
  }
  offload.return
}
