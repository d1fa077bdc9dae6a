// Whatever a kernel may not contain is rejected before anything is specific
// to a target: a build for the host alone gives the same errors as one for
// a GPU and the host.
//
// RUN: offload-opt %s -split-input-file --offload-pipeline="targets=host" -verify-diagnostics
// RUN: offload-opt %s -split-input-file --offload-pipeline="targets=nvptx:sm_90,host" -verify-diagnostics
// RUN: offload-opt %s -split-input-file --offload-pipeline="targets=amdgpu:gfx942" -verify-diagnostics

// A prefix sum as a parallel loop (the host device, which runs iterations
// in order, would compute it right).
offload.kernel @scan(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    // expected-note@+1 {{the other access}}
    %prev = memref.load %y[%im1] : memref<?xf32>
    %xi = memref.load %x[%i] : memref<?xf32>
    %s = arith.addf %prev, %xi : f32
    // expected-error@+1 {{'memref.store' writes an element of argument #1 of @scan that another iteration of the parallel loop may read}}
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// A histogram without atomics.
offload.kernel @histogram(%data: memref<?xindex>, %hist: memref<256xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %data, %c0 : memref<?xindex>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %bin = memref.load %data[%i] : memref<?xindex>
    %h = memref.load %hist[%bin] : memref<256xi32>
    %h1 = arith.addi %h, %one : i32
    // expected-error@+1 {{'memref.store' writes argument #1 of @histogram at an index read from memory}}
    memref.store %h1, %hist[%bin] : memref<256xi32>
  }
  offload.return
}

// -----

// A store outside the parallel loop: every GPU thread would run it.
offload.kernel @store_outside(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  // expected-error@+1 {{kernel "store_outside" may write memory outside its parallel loop}}
  memref.store %f, %a[%c0] : memref<?xf32>
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{the kernel's parallel loop}}
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// A reduction a GPU cannot combine.
offload.kernel @difference(%a: memref<?xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  // expected-error@+1 {{reduction 0 of a kernel's parallel loop must combine its two arguments}}
  %d = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %r = arith.subf %x, %y : f32
      scf.reduce.return %r : f32
    }
  }
  memref.store %d, %out[%c0] : memref<1xf32>
  offload.return
}

// -----

// Past the end of a static buffer.
offload.kernel @next(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %ip1 = arith.addi %i, %c1 : index
    // expected-error@+1 {{'memref.load' reads argument #0 of @next at indices 1 to 64 along dimension 0, but it has 64 elements there}}
    %v = memref.load %a[%ip1] : memref<64xf32>
    memref.store %v, %b[%i] : memref<64xf32>
  }
  offload.return
}

// -----

// Loops from linalg are checked too: an in-place transpose, and an output
// that leaves out a parallel dimension (every j writes b[i]).
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
offload.kernel @linalg_races(%a: memref<?x?xf32>, %b: memref<?xf32>) {
  // expected-error@+3 {{'memref.store' writes an element of argument #0 of @linalg_races that another iteration of the parallel loop may read}}
  // expected-note@+2 {{the other access}}
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x?xf32>) outs(%a : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  offload.return
}
