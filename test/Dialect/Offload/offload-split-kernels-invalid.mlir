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

// -----

// A buffer the part after a reduction loop allocates and the next loop
// uses: only integers, indices and floats can be handed from one part to
// the next.
offload.kernel @handed_buffer(%x: memref<?xf32>, %o: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      scf.reduce.return %t : f32
    }
  }
  // expected-error@+1 {{kernel @handed_buffer holds 2 parallel loops or linalg ops, which run as one kernel each, and a value of type 'memref<4xf32>' one of them computes and a later one uses, which cannot be passed between them (an integer, index or float can)}}
  %t = memref.alloca() : memref<4xf32>
  memref.store %s, %t[%c0] : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  }
  offload.return
}
