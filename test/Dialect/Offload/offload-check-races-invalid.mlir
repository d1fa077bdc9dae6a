// RUN: offload-opt %s -split-input-file --offload-check-races -verify-diagnostics
// RUN: not offload-opt %s -split-input-file --offload-check-races 2>&1 | FileCheck %s --implicit-check-not="see current operation"

// The error names the other access with its location, and offload-opt
// prints no dump of the operation.
// CHECK: offload-check-races-invalid.mlir:[[#STORE:]]:5: error: 'memref.store' writes an element of argument #1 of @scan that another iteration of the parallel loop may read with 'memref.load' at {{.*}}offload-check-races-invalid.mlir:[[#LOAD:]]:13; use memref.atomic_rmw for updates that may meet, a reduction (scf.reduce) to combine values across iterations, or a sequential loop (scf.for) when iterations depend on each other, or mark kernel @scan 'allow_races' if the accesses never meet{{$}}
// CHECK-NEXT: memref.store
// CHECK: offload-check-races-invalid.mlir:[[#LOAD]]:13: note: the other access
// CHECK: offload-check-races-invalid.mlir:[[#LOAD-3]]:3: note: iterations of this loop may run at the same time

// A prefix sum as a parallel loop: iteration i reads y[i-1], which
// iteration i-1 writes.
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
    // expected-error@+1 {{'memref.store' writes an element of argument #1 of @scan that another iteration of the parallel loop may read with 'memref.load' at}}
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// A histogram with a plain load, add and store at a data-dependent index.
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
    // expected-error@+1 {{'memref.store' writes argument #1 of @histogram at an index read from memory, so two iterations of the parallel loop may write the same element; use memref.atomic_rmw}}
    memref.store %h1, %hist[%bin] : memref<256xi32>
  }
  offload.return
}

// -----

// Every iteration writes the same element.
offload.kernel @last(%x: memref<?xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    // expected-error@+1 {{every iteration of the parallel loop writes the same element of argument #1 of @last with 'memref.store'; use memref.atomic_rmw}}
    memref.store %v, %out[%c0] : memref<1xf32>
  }
  offload.return
}

// -----

// An in-place stencil: a[i] = a[i-1] + a[i+1].
offload.kernel @stencil(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    %ip1 = arith.addi %i, %c1 : index
    // expected-note@+1 {{the other access}}
    %l = memref.load %a[%im1] : memref<?xf32>
    %r = memref.load %a[%ip1] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    // expected-error@+1 {{'memref.store' writes an element of argument #0 of @stencil that another iteration of the parallel loop may read with 'memref.load' at}}
    memref.store %s, %a[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// An in-place transpose: iteration (i, j) writes a[i, j], which iteration
// (j, i) reads.
offload.kernel @transpose(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%j, %i] : memref<?x?xf32>
    // expected-error@+1 {{writes an element of argument #0 of @transpose that another iteration of the parallel loop may read}}
    memref.store %v, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// -----

// Iteration i writes a[2i] and reads a[i]: iteration 2i reads what
// iteration i writes.
offload.kernel @spread(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %half = arith.divui %n, %c2 : index
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%half) step (%c1) {
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%i] : memref<?xf32>
    %i2 = arith.muli %i, %c2 : index
    // expected-error@+1 {{writes an element of argument #0 of @spread that another iteration of the parallel loop may read}}
    memref.store %v, %a[%i2] : memref<?xf32>
  }
  offload.return
}

// -----

// A run-time stride may be 0: every iteration would write a[0].
offload.kernel @runtime_stride(%a: memref<?xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %is = arith.muli %i, %s : index
    // expected-error@+1 {{'memref.store' may write the same element of argument #0 of @runtime_stride in two iterations of the parallel loop}}
    memref.store %f, %a[%is] : memref<?xf32>
  }
  offload.return
}

// -----

// A sequential loop inside the parallel one that writes elements whose
// indices do not hold the parallel variable.
offload.kernel @inner_all(%a: memref<?xf32>, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = memref.dim %x, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.for %k = %c0 to %n step %c1 {
      // expected-error@+1 {{every iteration of the parallel loop writes the same elements of argument #0 of @inner_all with 'memref.store'}}
      memref.store %v, %a[%k] : memref<?xf32>
    }
  }
  offload.return
}

// -----

// Nested parallel loops: the inner loop's iterations all write out[i].
offload.kernel @nested(%a: memref<?x?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-note@+1 {{iterations of this loop may run at the same time}}
    scf.parallel (%j) = (%c0) to (%m) step (%c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      // expected-error@+1 {{every iteration of the parallel loop writes the same element of argument #1 of @nested with 'memref.store'}}
      memref.store %v, %out[%i] : memref<?xf32>
    }
  }
  offload.return
}

// -----

// scf.forall is a parallel loop too.
offload.kernel @forall_shift(%a: memref<64xf32>) {
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.forall (%i) in (63) {
    %c1 = arith.constant 1 : index
    %ip1 = arith.addi %i, %c1 : index
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%ip1] : memref<64xf32>
    // expected-error@+1 {{writes an element of argument #0 of @forall_shift that another iteration of the parallel loop may read}}
    memref.store %v, %a[%i] : memref<64xf32>
  }
  offload.return
}

// -----

// Atomic updates do not race with each other, but a plain read of the
// element other iterations update does.
offload.kernel @atomic_and_read(%data: memref<?xindex>, %hist: memref<256xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %data, %c0 : memref<?xindex>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %bin = memref.load %data[%i] : memref<?xindex>
    // expected-error@+1 {{'memref.atomic_rmw' writes an element of argument #1 of @atomic_and_read that another iteration of the parallel loop may read with 'memref.load'}}
    %old = memref.atomic_rmw addf %one, %hist[%bin] : (f32, memref<256xf32>) -> f32
    // expected-note@+1 {{the other access}}
    %h = memref.load %hist[%i] : memref<256xf32>
    memref.store %h, %out[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// Vectors of 4 elements at consecutive indices overlap.
offload.kernel @vector_overlap(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = arith.subi %n, %c4 : index
  %v = arith.constant dense<1.0> : vector<4xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    // expected-error@+1 {{'vector.store' may write the same element of argument #0 of @vector_overlap in two iterations of the parallel loop}}
    vector.store %v, %a[%i] : memref<?xf32>, vector<4xf32>
  }
  offload.return
}

// -----

// Which elements a view that reinterprets the buffer reaches is unknown.
offload.kernel @reinterpret(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-note@+1 {{the compiler does not follow indices through this 'memref.reinterpret_cast' to the elements of argument #0 of @reinterpret}}
    %v = memref.reinterpret_cast %a to offset: [%i], sizes: [1], strides: [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    // expected-error@+1 {{'memref.store' writes argument #0 of @reinterpret at elements the compiler cannot determine, so it cannot prove that iterations of the parallel loop write different elements}}
    memref.store %f, %v[%c0] : memref<1xf32, strided<[1], offset: ?>>
  }
  offload.return
}

// -----

// A function that writes its buffer argument: which elements is unknown.
func.func @fill(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %a[%c0] : memref<?xf32>
  return
}
offload.kernel @calls(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error@+1 {{every iteration of the parallel loop writes argument #0 of @calls with 'func.call', all of it as far as the compiler can tell}}
    func.call @fill(%a) : (memref<?xf32>) -> ()
  }
  offload.return
}

// -----

// A function of several blocks stays a call in the pipeline (offload-inline-
// kernel-calls inlines one-block functions only): the error says so.
func.func @put(%a: memref<?xf32>, %i: index, %v: f32, %c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %v, %a[%i] : memref<?xf32>
  return
^bb2:
  return
}
offload.kernel @branches(%a: memref<?xf32>, %v: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-error@+1 {{every iteration of the parallel loop writes argument #0 of @branches with 'func.call', all of it as far as the compiler can tell (@put has several blocks, so it is not inlined into the kernel: written with scf.if instead of branches, it would be)}}
    func.call @put(%a, %i, %v, %c) : (memref<?xf32>, index, f32, i1) -> ()
  }
  offload.return
}

// -----

// Members of an aggregate are buffers like arguments.
offload.kernel @member(%s: tuple<memref<?xf32>, memref<?xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a, %b = offload.unpack %s : tuple<memref<?xf32>, memref<?xf32>>
  %n = memref.dim %a, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%im1] : memref<?xf32>
    // expected-error@+1 {{writes an element of member #0 of argument #0 of @member that another iteration of the parallel loop may read}}
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// A view that shifts the buffer: view[i] is a[i + 1], which the next
// iteration reads through the buffer itself.
offload.kernel @shifted_view(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = arith.subi %n, %c1 : index
  %view = memref.subview %a[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%i] : memref<?xf32>
    // expected-error@+1 {{writes an element of argument #0 of @shifted_view that another iteration of the parallel loop may read}}
    memref.store %v, %view[%i] : memref<?xf32, strided<[1], offset: 1>>
  }
  offload.return
}

// -----

// A parallel loop in a function the kernel calls (through another one) is
// checked like the kernel's own: a prefix sum written as scf.parallel.
func.func @scan(%y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c1) to (%n) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    // expected-note@+1 {{the other access}}
    %p = memref.load %y[%im1] : memref<?xf32>
    %v = memref.load %y[%i] : memref<?xf32>
    %s = arith.addf %p, %v : f32
    // expected-error@+1 {{'memref.store' writes an element of argument #0 of @scan that another iteration of the parallel loop may read with 'memref.load' at}}
    memref.store %s, %y[%i] : memref<?xf32>
  }
  return
}
func.func @middle(%y: memref<?xf32>) {
  func.call @scan(%y) : (memref<?xf32>) -> ()
  return
}
offload.kernel @calls_scan(%y: memref<?xf32>) {
  func.call @middle(%y) : (memref<?xf32>) -> ()
  offload.return
}
// CHECK: error: 'memref.store' writes an element of argument #0 of @scan that another iteration of the parallel loop may read with 'memref.load' at {{.*}} (in @scan, which kernel @calls_scan calls); use memref.atomic_rmw

// -----

// A write through a collapsed view and a read of the buffer itself: the
// compiler does not relate the two views' indices, and says which view.
offload.kernel @collapse_and_whole(%a: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{the compiler does not follow indices through this 'memref.collapse_shape' to the elements of argument #0 of @collapse_and_whole}}
  %flat = memref.collapse_shape %a [[0, 1]] : memref<?x?xi32> into memref<?xi32>
  %n = memref.dim %flat, %c0 : memref<?xi32>
  // expected-note@+1 {{iterations of this loop may run at the same time}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    // expected-note@+1 {{the other access}}
    %v = memref.load %a[%c0, %c0] : memref<?x?xi32>
    // expected-error@+1 {{'memref.store' writes argument #0 of @collapse_and_whole at elements the compiler cannot determine}}
    memref.store %v, %flat[%i] : memref<?xi32>
  }
  offload.return
}
// CHECK: error: 'memref.store' writes argument #0 of @collapse_and_whole at elements the compiler cannot determine, so it cannot prove that iterations of the parallel loop write different elements; use memref.atomic_rmw
// CHECK: note: the other access
// CHECK: note: the compiler does not follow indices through this 'memref.collapse_shape' to the elements of argument #0 of @collapse_and_whole
// CHECK: note: iterations of this loop may run at the same time
