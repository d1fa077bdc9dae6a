// RUN: offload-opt %s --convert-offload-to-gpu=remarks=true -verify-diagnostics | FileCheck %s

// A grid loop whose accesses at the innermost induction variable are
// contiguous runs 4 (f32) consecutive iterations per thread: unrolled, with
// the first iteration's accesses 16-byte aligned when a uniform test finds
// the buffers aligned, else a loop over the iterations inside the bounds.
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
// CHECK: arith.remui %{{.*}}, %c16
// CHECK: scf.if
// CHECK: %[[FIRST:.*]] = arith.addi %c0, %{{.*}} : index
// CHECK: %[[END:.*]] = arith.addi %[[FIRST]], %{{.*}} : index
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[END]]
// CHECK: scf.if %[[FULL]] {
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK-NEXT: memref.load %{{.*}}[%[[FIRST]]] {alignment = 16 : i64}
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[FIRST]]] {alignment = 16 : i64}
// CHECK-COUNT-3: memref.store
// CHECK: } else {
// CHECK-COUNT-4: memref.store
// CHECK: } else {
// CHECK: scf.for %[[I:.*]] = %[[FIRST]] to
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-LABEL: gpu.func @copy64
// CHECK: memref.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xf64>
// CHECK-LABEL: gpu.func @strided
// CHECK-NOT: alignment
// CHECK: gpu.return
