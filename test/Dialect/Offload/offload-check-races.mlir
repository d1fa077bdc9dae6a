// RUN: offload-opt %s --offload-check-races | FileCheck %s

// Kernels whose parallel loops do not race: the pass accepts them and
// leaves them as they are.

// Neighbours of another buffer.
// CHECK-LABEL: offload.kernel @stencil
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}]
offload.kernel @stencil(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    %ip1 = arith.addi %i, %c1 : index
    %l = memref.load %a[%im1] : memref<?xf32>
    %r = memref.load %a[%ip1] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %b[%i] : memref<?xf32>
  }
  offload.return
}

// Read-modify-write of an iteration's own element.
// CHECK-LABEL: offload.kernel @saxpy
offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %m = arith.mulf %a, %xi : f32
    %r = arith.addf %m, %yi : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Disjoint strided writes: a[2i] and a[2i + 1], and a[2i + 1] read.
// CHECK-LABEL: offload.kernel @interleave
offload.kernel @interleave(%x: memref<?xf32>, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %e = arith.muli %i, %c2 : index
    %o = arith.addi %e, %c1 : index
    memref.store %v, %a[%e] : memref<?xf32>
    %w = memref.load %a[%o] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %a[%o] : memref<?xf32>
  }
  offload.return
}

// A step of 4 with four writes per iteration.
// CHECK-LABEL: offload.kernel @unrolled
offload.kernel @unrolled(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c4) {
    %i1 = arith.addi %i, %c1 : index
    %i2 = arith.addi %i, %c2 : index
    %i3 = arith.addi %i, %c3 : index
    memref.store %f, %a[%i] : memref<?xf32>
    memref.store %f, %a[%i1] : memref<?xf32>
    memref.store %f, %a[%i2] : memref<?xf32>
    memref.store %f, %a[%i3] : memref<?xf32>
  }
  offload.return
}

// Row-major linear indices: a[i * n + j] with j in [0, n).
// CHECK-LABEL: offload.kernel @linear
offload.kernel @linear(%x: memref<?x?xf32>, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    %in = arith.muli %i, %n : index
    %k = arith.addi %in, %j : index
    memref.store %v, %a[%k] : memref<?xf32>
  }
  offload.return
}

// Column-major, through affine.apply.
// CHECK-LABEL: offload.kernel @column_major
offload.kernel @column_major(%x: memref<?x?xf32>, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    %k = affine.apply affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>(%i, %j)[%m]
    memref.store %v, %a[%k] : memref<?xf32>
  }
  offload.return
}

// An inner sequential loop writing a[i, k], and a[i * m + k] with k in
// [0, m).
// CHECK-LABEL: offload.kernel @rows
offload.kernel @rows(%x: memref<?x?xf32>, %a: memref<?x?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %m step %c1 {
      %v = memref.load %x[%i, %k] : memref<?x?xf32>
      memref.store %v, %a[%i, %k] : memref<?x?xf32>
      %im = arith.muli %i, %m : index
      %l = arith.addi %im, %k : index
      memref.store %v, %b[%l] : memref<?xf32>
    }
  }
  offload.return
}

// A matrix-vector product accumulating into y[i] in an inner loop.
// CHECK-LABEL: offload.kernel @matvec
offload.kernel @matvec(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf32>
  %m = memref.dim %A, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.for %k = %c0 to %m step %c1 {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %x[%k] : memref<?xf32>
      %acc = memref.load %y[%i] : memref<?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
  }
  offload.return
}

// Tiles of 32: the inner loop runs from 32 ii up to min(32 ii + 32, n).
// CHECK-LABEL: offload.kernel @tiles
offload.kernel @tiles(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%ii) = (%c0) to (%n) step (%c32) {
    %end = arith.addi %ii, %c32 : index
    %ub = arith.minsi %end, %n : index
    scf.for %i = %ii to %ub step %c1 {
      memref.store %f, %a[%i] : memref<?xf32>
    }
  }
  offload.return
}

// Atomic updates at data-dependent indices (a histogram), and a reduction.
// CHECK-LABEL: offload.kernel @histogram
offload.kernel @histogram(%data: memref<?xindex>, %hist: memref<256xi32>, %sum: memref<1xf32>, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %data, %c0 : memref<?xindex>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %bin = memref.load %data[%i] : memref<?xindex>
    %old = memref.atomic_rmw addi %one, %hist[%bin] : (i32, memref<256xi32>) -> i32
    %g = memref.generic_atomic_rmw %hist[%c0] : memref<256xi32> {
    ^bb0(%current: i32):
      %m = arith.maxsi %current, %old : i32
      memref.atomic_yield %m : i32
    }
  }
  %zero = arith.constant 0.0 : f32
  %total = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      scf.reduce.return %s : f32
    }
  }
  memref.store %total, %sum[%c0] : memref<1xf32>
  offload.return
}

// Writes to views indexed injectively: a row of a subview made in the loop,
// a view that starts at an offset, a transposed and an expanded view.
// CHECK-LABEL: offload.kernel @views
offload.kernel @views(%a: memref<?x?xf32>, %b: memref<?xf32>, %c: memref<?x?xf32>, %d: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %nb = memref.dim %b, %c0 : memref<?xf32>
  %tail = arith.subi %nb, %c4 : index
  %shifted = memref.subview %b[4] [%tail] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 4>>
  %t = memref.transpose %c (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %e = memref.expand_shape %d [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %row = memref.subview %a[%i, 0] [1, %m] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %m step %c1 {
      memref.store %f, %row[%j] : memref<?xf32, strided<[1], offset: ?>>
      memref.store %f, %t[%j, %i] : memref<?x?xf32, strided<[1, ?]>>
    }
    memref.store %f, %shifted[%i] : memref<?xf32, strided<[1], offset: 4>>
    scf.for %k = %c0 to %c4 step %c1 {
      memref.store %f, %e[%i, %k] : memref<?x4xf32>
    }
  }
  offload.return
}

// Writes through collapsed views, read through the same views: distinct
// indices of a collapse_shape are distinct elements.
// CHECK-LABEL: offload.kernel @collapsed_views
offload.kernel @collapsed_views(%a: memref<?x?xi32>, %b: memref<?x?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %flat = memref.collapse_shape %a [[0, 1]] : memref<?x?xi32> into memref<?xi32>
  %n = memref.dim %flat, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %flat[%i] : memref<?xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %flat[%i] : memref<?xi32>
  }
  %rows = memref.collapse_shape %b [[0, 1], [2]] : memref<?x?x4xf32> into memref<?x4xf32>
  %m = memref.dim %rows, %c0 : memref<?x4xf32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.for %k = %c0 to %c4 step %c1 {
      %v = memref.load %rows[%i, %k] : memref<?x4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %rows[%i, %k] : memref<?x4xf32>
    }
  }
  offload.return
}

// A 4-D iteration space collapsed into one loop dimension, delinearized
// with divui/remui (as offload-lower-linalg does).
// CHECK-LABEL: offload.kernel @collapsed
offload.kernel @collapsed(%a: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %f = arith.constant 1.0 : f32
  %s0 = memref.dim %a, %c0 : memref<?x?x?x?xf32>
  %s1 = memref.dim %a, %c1 : memref<?x?x?x?xf32>
  %s2 = memref.dim %a, %c2 : memref<?x?x?x?xf32>
  %s3 = memref.dim %a, %c3 : memref<?x?x?x?xf32>
  %lead = arith.muli %s0, %s1 : index
  scf.parallel (%p, %k, %l) = (%c0, %c0, %c0) to (%lead, %s2, %s3) step (%c1, %c1, %c1) {
    %i1 = arith.remui %p, %s1 : index
    %i0 = arith.divui %p, %s1 : index
    %v = memref.load %a[%i0, %i1, %k, %l] : memref<?x?x?x?xf32>
    %w = arith.addf %v, %f : f32
    memref.store %w, %a[%i0, %i1, %k, %l] : memref<?x?x?x?xf32>
  }
  offload.return
}

// Blocks and threads: an outer parallel loop over rows, inner parallel
// loops over each row.
// CHECK-LABEL: offload.kernel @softmax_like
offload.kernel @softmax_like(%a: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %sum = scf.parallel (%j) = (%c0) to (%m) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%l: f32, %r: f32):
        %s = arith.addf %l, %r : f32
        scf.reduce.return %s : f32
      }
    }
    scf.parallel (%j) = (%c0) to (%m) step (%c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      %d = arith.divf %v, %sum : f32
      memref.store %d, %out[%i, %j] : memref<?x?xf32>
    }
  }
  offload.return
}

// Buffers allocated in the kernel are private to each thread.
// CHECK-LABEL: offload.kernel @scratch
offload.kernel @scratch(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %tmp = memref.alloca() : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %tmp[%c0] : memref<4xf32>
    %local = memref.alloca() : memref<1xf32>
    memref.store %v, %local[%c0] : memref<1xf32>
  }
  offload.return
}

// Vectors of 4 elements, 4 iterations apart; an scf.forall.
// CHECK-LABEL: offload.kernel @vectors
offload.kernel @vectors(%a: memref<?xf32>, %b: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %v = arith.constant dense<1.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c4) {
    %w = vector.load %a[%i] : memref<?xf32>, vector<4xf32>
    %s = arith.addf %v, %w : vector<4xf32>
    vector.store %s, %a[%i] : memref<?xf32>, vector<4xf32>
  }
  scf.forall (%i, %j) in (64, 16) {
    %j4 = arith.muli %j, %c4 : index
    vector.store %v, %b[%i, %j4] : memref<64x64xf32>, vector<4xf32>
  }
  offload.return
}

// The opt-out: a scatter through a permutation the compiler cannot see.
// CHECK-LABEL: offload.kernel @scatter
// CHECK-SAME: attributes {allow_races}
offload.kernel @scatter(%perm: memref<?xindex>, %x: memref<?xf32>, %y: memref<?xf32>) attributes {allow_races} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %p = memref.load %perm[%i] : memref<?xindex>
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%p] : memref<?xf32>
  }
  offload.return
}

// A row reduction as offload-lower-linalg writes it: the output element is
// written in a loop of one iteration next to the reduction; and a loop with
// a step known only at run time.
// CHECK-LABEL: offload.kernel @row_sums
offload.kernel @row_sums(%a: memref<?x?xf32>, %y: memref<?xf32>, %s: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %sum = scf.parallel (%j) = (%c0) to (%m) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%l: f32, %r: f32):
        %t = arith.addf %l, %r : f32
        scf.reduce.return %t : f32
      }
    }
    scf.parallel (%k) = (%c0) to (%c1) step (%c1) {
      %old = memref.load %y[%i] : memref<?xf32>
      %new = arith.addf %old, %sum : f32
      memref.store %new, %y[%i] : memref<?xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%s) {
    memref.store %zero, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Whole-view writes in the loop: a fill and a copy of row i.
// CHECK-LABEL: offload.kernel @row_ops
offload.kernel @row_ops(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %row = memref.subview %a[%i, 0] [1, %m] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %out = memref.subview %b[%i, 0] [1, %m] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%row : memref<?xf32, strided<[1], offset: ?>>)
    memref.copy %row, %out : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  }
  offload.return
}

// Safe parallel loops in called functions are accepted, and a kernel that
// allows races is not looked into.
// CHECK-LABEL: func.func @scale_rows(
func.func @scale_rows(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  return
}
func.func @racy_helper(%y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %y[%c0] : memref<?xf32>
  }
  return
}
// CHECK-LABEL: offload.kernel @calls_safe(
offload.kernel @calls_safe(%x: memref<?xf32>, %y: memref<?xf32>) {
  func.call @scale_rows(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.return
}
// CHECK-LABEL: offload.kernel @calls_racy_allowed(
offload.kernel @calls_racy_allowed(%y: memref<?xf32>) attributes {allow_races} {
  func.call @racy_helper(%y) : (memref<?xf32>) -> ()
  offload.return
}
