// RUN: offload-opt %s --convert-offload-to-gpu=remarks=true -verify-diagnostics | FileCheck %s

// A grid loop whose accesses at the innermost induction variable are
// contiguous runs 4 (f32) consecutive iterations per thread, in chunks from
// where the buffers are aligned (the lower bound moved up by up to 3
// iterations): unrolled, its accesses aligned as their place in the chunk
// allows and its stores one vector store when a uniform test finds the
// buffers aligned; the thread after the last whole chunk runs the
// iterations before the first chunk and after the last one by one.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  // expected-remark@+1 {{kernel @scale: strategy 'grid-loop': a parallel loop without reductions: 4 consecutive iterations per thread}}
  offload.kernel @scale(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %xi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  // f64: 2 per thread.
  // expected-remark@+1 {{kernel @copy64: strategy 'grid-loop': a parallel loop without reductions: 2 consecutive iterations per thread}}
  offload.kernel @copy64(%x: memref<?xf64>, %y: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf64>
      memref.store %xi, %y[%i] : memref<?xf64>
    }
    offload.return
  }
  // A 2-D stencil from row and column 1, reading its neighbours: chunks
  // from the first aligned column at or above 1; the rows above and below and
  // the stores at the chunk's start 16-byte aligned, the row's own
  // neighbours at the chunk's start or middle too.
  // expected-remark@+1 {{kernel @stencil: strategy 'grid-loop': a parallel loop without reductions: 4 consecutive iterations per thread}}
  offload.kernel @stencil(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    %mlast = arith.subi %m, %c1 : index
    %nlast = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%mlast, %nlast) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %u = memref.load %x[%im, %j] : memref<?x?xf32>
      %l = memref.load %x[%i, %jm] : memref<?x?xf32>
      %r = memref.load %x[%i, %jp] : memref<?x?xf32>
      %s1 = arith.addf %u, %l : f32
      %s = arith.addf %s1, %r : f32
      memref.store %s, %y[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }
  // 3-byte elements: no vectors.
  // expected-remark@+1 {{kernel @odd_bytes: strategy 'grid-loop': a parallel loop without reductions: one iteration per thread}}
  offload.kernel @odd_bytes(%x: memref<?xi24>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i24
    %n = memref.dim %x, %c0 : memref<?xi24>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %z, %x[%i] : memref<?xi24>
    }
    offload.return
  }
  // A step of 2: no vectors.
  // expected-remark@+1 {{kernel @strided: strategy 'grid-loop': a parallel loop without reductions: one iteration per thread}}
  offload.kernel @strided(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c2) {
      memref.store %one, %x[%i] : memref<?xf32>
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @scale
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[SHIFT:.*]] = arith.divui
// CHECK: %[[SHIFTED:.*]] = arith.subi %c0, %[[SHIFT]] : index
// CHECK: arith.remui %{{.*}}, %c16
// CHECK: %[[ALIGNED:.*]] = arith.andi
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[SHIFTED]], %c0 : index
// CHECK: %[[NEXT:.*]] = arith.addi %[[SHIFTED]], %{{.*}} : index
// CHECK: %[[UP:.*]] = arith.select %[[BELOW]], %[[NEXT]], %c0 : index
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[UP]], %[[N:.*]] : index
// CHECK: %[[START:.*]] = arith.select %[[ALIGNED]], %[[CLAMPED]], %c0 : index
// CHECK: scf.if
// CHECK: %[[FIRST:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[END]], %[[N]] : index
// CHECK: scf.if %[[FULL]] {
// CHECK: scf.if %[[ALIGNED]] {
// CHECK: memref.load %{{.*}}[%[[FIRST]]] {alignment = 16 : i64}
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[FIRST]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: memref.store
// CHECK: } else {
// CHECK: %[[LAST:.*]] = arith.cmpi sle, %[[FIRST]], %[[N]] : index
// CHECK: scf.if %[[LAST]] {
// CHECK: scf.for %[[H:.*]] = %c0 to %[[START]] step
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[H]]]
// CHECK: scf.for %[[I:.*]] = %[[FIRST]] to %[[N]] step
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-LABEL: gpu.func @copy64
// CHECK: memref.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xf64>
// CHECK-LABEL: gpu.func @stencil
// CHECK: %[[SHIFTED:.*]] = arith.subi %c1, %{{.*}} : index
// CHECK: %[[UP:.*]] = arith.select %{{.*}}, %{{.*}}, %c1 : index
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[UP]], %{{.*}} : index
// CHECK: %[[START:.*]] = arith.select %[[ALIGNED:.*]], %[[CLAMPED]], %c1 : index
// CHECK: %[[FIRST:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK: scf.if %[[ALIGNED]] {
// The row above: each iteration's load, aligned by its place in the chunk.
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[FIRST]]] {alignment = 16 : i64}
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64}
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// The left neighbours (columns first - 1 .. first + 2): the second at the
// chunk's start.
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64}
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64}
// The right neighbours (first + 1 .. first + 4).
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64}
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64}
// CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %[[FIRST]]] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK-LABEL: gpu.func @odd_bytes
// CHECK-NOT: alignment
// CHECK-LABEL: gpu.func @strided
// CHECK-NOT: alignment
// CHECK: gpu.return
