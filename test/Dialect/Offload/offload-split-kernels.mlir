// RUN: offload-opt %s --offload-split-kernels | FileCheck %s
// RUN: offload-opt %s --offload-split-kernels=remarks=true -verify-diagnostics -o /dev/null

// An elementwise chain over the same iteration space fuses into one loop.
// CHECK-LABEL: offload.kernel @chain
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: memref.store %{{.*}}, %[[T:.*]][%[[I]]]
// CHECK: memref.load %[[T]][%[[I]]]
// CHECK: memref.store
// CHECK-NOT: scf.parallel
// CHECK: offload.return
// expected-remark@+1 {{kernel @chain: 1 parallel loop fused into the one before}}
offload.kernel @chain(%x: memref<?xf32>, %t: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %d = arith.mulf %v, %two : f32
    memref.store %d, %t[%i] : memref<?xf32>
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %t[%i] : memref<?xf32>
    %w = arith.addf %v, %two : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Row-wise steps (a row maximum, then each row shifted by it) fuse into
// one loop over rows.
// CHECK-LABEL: offload.kernel @rows
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: scf.parallel {{.*}} init
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R]]]
// CHECK: scf.parallel (%[[C:.*]]) =
// CHECK: memref.load %{{.*}}[%[[R]]]
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[R]], %[[C]]]
// CHECK: offload.return
// expected-remark@+1 {{kernel @rows: 1 parallel loop fused into the one before}}
offload.kernel @rows(%x: memref<?x?xf32>, %m: memref<?xf32>, %o: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %r = memref.dim %x, %c0 : memref<?x?xf32>
  %c = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%r) step (%c1) {
    %mx = scf.parallel (%j) = (%c0) to (%c) step (%c1) init (%ninf) -> f32 {
      %v = memref.load %x[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %t = arith.maximumf %a, %b : f32
        scf.reduce.return %t : f32
      }
    }
    scf.parallel (%t) = (%c0) to (%c1) step (%c1) {
      memref.store %mx, %m[%i] : memref<?xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%r) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c) step (%c1) {
      %v = memref.load %x[%i, %j] : memref<?x?xf32>
      %mx = memref.load %m[%i] : memref<?xf32>
      %d = arith.subf %v, %mx : f32
      memref.store %d, %o[%i, %j] : memref<?x?xf32>
    }
  }
  offload.return
}

// A loop reading another iteration's element does not fuse: two kernels,
// each with the pure computations and the arguments it needs (the first
// does not touch %y), launched in order; an explicit map becomes a data
// region around the launches. Each part keeps the classes of equal
// argument dimensions that it has two members of, renumbered.
// CHECK-LABEL: offload.kernel private @reverse_0(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>)
// CHECK-SAME: attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0>]}
// CHECK: memref.dim
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK-LABEL: offload.kernel private @reverse_1(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>)
// CHECK-SAME: attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0, 2, 0>, array<i64: 1, 0, 2, 0>]}
// CHECK: arith.subi
// CHECK: scf.parallel
// CHECK-NOT: offload.kernel @reverse(
// CHECK-LABEL: func.func @run(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[T:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.launch @reverse_0(%[[X]], %[[T]]) :
// CHECK-NEXT: offload.launch @reverse_1(%[[X]], %[[T]], %[[Y]]) :
// CHECK: offload.data map(to: %{{.*}} : memref<?xf32>, from: %{{.*}} : memref<?xf32>) {
// CHECK-NEXT: offload.launch @reverse_0(
// CHECK-NEXT: offload.launch @reverse_1(
offload.kernel @reverse(%x: memref<?xf32>, %t: memref<?xf32>, %y: memref<?xf32>) attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0, 2, 0>, array<i64: 1, 0, 2, 0>]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %t[%i] : memref<?xf32>
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %j = arith.subi %last, %i : index
    %v = memref.load %t[%j] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func @run(%x: memref<?xf32>, %t: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+1 {{launch of @reverse split into 2 launches}}
  offload.launch @reverse(%x, %t, %y) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{launch of @reverse split into 2 launches}}
  offload.launch @reverse(%x, %t, %y) map(to: %x : memref<?xf32>, from: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}

// What follows a loop with reductions (storing its result) stays with it.
// CHECK-LABEL: offload.kernel private @dot_0
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK-LABEL: offload.kernel private @dot_1
// CHECK: %[[S:.*]] = scf.parallel {{.*}} init
// CHECK: memref.load %{{.*}}[] : memref<f32>
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK: offload.return
offload.kernel @dot(%x: memref<?xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%t) = (%c0) to (%c1) step (%c1) {
    memref.store %zero, %out[] : memref<f32>
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %r = arith.addf %a, %b : f32
      scf.reduce.return %r : f32
    }
  }
  %old = memref.load %out[] : memref<f32>
  %new = arith.addf %old, %s : f32
  memref.store %new, %out[] : memref<f32>
  offload.return
}

// The maximum and the number of positive elements that a reduction loop
// computes, read by the next loop (x[i] = 2 * max - x[i] + count): the
// first part stores each value it hands on in a one-element buffer (an
// index as i64), the second loads them before its loop (the size of x,
// without memory effects, it computes again); each launch allocates the
// buffers around the two launches.
// CHECK-LABEL: offload.kernel private @rescale_0(
// CHECK-SAME: %{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<1xi32>, %[[SM:[^:]*]]: memref<1xi32>, %[[SN:[^:]*]]: memref<1xi64>)
// CHECK: %[[R:.*]]:2 = scf.parallel
// CHECK: memref.store %[[R]]#0, %[[SM]][%{{.*}}] : memref<1xi32>
// CHECK-NEXT: %[[N64:.*]] = arith.index_cast %[[R]]#1 : index to i64
// CHECK-NEXT: memref.store %[[N64]], %[[SN]][%{{.*}}] : memref<1xi64>
// CHECK-NEXT: memref.store %[[R]]#0, %{{.*}}[%{{.*}}] : memref<1xi32>
// CHECK-LABEL: offload.kernel private @rescale_1(
// CHECK-SAME: %{{[^:]*}}: memref<?xi32>, %[[LM:[^:]*]]: memref<1xi32>, %[[LN:[^:]*]]: memref<1xi64>)
// CHECK: %[[M1:.*]] = memref.load %[[LM]][%{{.*}}] : memref<1xi32>
// CHECK-NEXT: %[[N1:.*]] = memref.load %[[LN]][%{{.*}}] : memref<1xi64>
// CHECK-NEXT: %[[NI:.*]] = arith.index_cast %[[N1]] : i64 to index
// CHECK: arith.muli %[[M1]]
// CHECK: scf.parallel
// CHECK: arith.index_cast %[[NI]] : index to i32
offload.kernel @rescale(%x: memref<?xi32>, %o: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %init = arith.constant -1000 : i32
  %n = memref.dim %x, %c0 : memref<?xi32>
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init, %c0) -> (i32, index) {
    %v = memref.load %x[%i] : memref<?xi32>
    %pos = arith.cmpi sgt, %v, %zero : i32
    %one = arith.select %pos, %c1, %c0 : index
    scf.reduce(%v, %one : i32, index) {
    ^bb0(%a: i32, %b: i32):
      %q = arith.maxsi %a, %b : i32
      scf.reduce.return %q : i32
    }, {
    ^bb0(%a: index, %b: index):
      %q = arith.addi %a, %b : index
      scf.reduce.return %q : index
    }
  }
  memref.store %r#0, %o[%c0] : memref<1xi32>
  %two = arith.constant 2 : i32
  %m2 = arith.muli %r#0, %two : i32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    %ni = arith.index_cast %r#1 : index to i32
    %d = arith.subi %m2, %v : i32
    %e = arith.addi %d, %ni : i32
    memref.store %e, %x[%i] : memref<?xi32>
  }
  offload.return
}

// CHECK-LABEL: func.func @run_rescale(
// CHECK: %[[BM:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT: %[[BN:.*]] = memref.alloc() : memref<1xi64>
// CHECK-NEXT: offload.launch @rescale_0(%{{.*}}, %{{.*}}, %[[BM]], %[[BN]])
// CHECK-NEXT: offload.launch @rescale_1(%{{.*}}, %[[BM]], %[[BN]])
// CHECK-NEXT: memref.dealloc %[[BM]] : memref<1xi32>
// CHECK-NEXT: memref.dealloc %[[BN]] : memref<1xi64>
func.func @run_rescale(%x: memref<?xi32>, %o: memref<1xi32>) {
  // expected-remark@+1 {{launch of @rescale split into 2 launches, 2 value(s) one computes and a later one uses passed in one-element buffers}}
  offload.launch @rescale(%x, %o) : (memref<?xi32>, memref<1xi32>) -> ()
  return
}
