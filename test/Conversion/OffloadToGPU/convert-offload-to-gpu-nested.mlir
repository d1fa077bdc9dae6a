// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s

// Nested parallel loops: the kernel's loop goes on blocks (one row per
// block, striding by the number of blocks), the loops in its body on the
// block's threads (striding by the block size), their reductions through
// gpu.all_reduce over the block, and the initial values combined after.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @rownorm(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant 1.0 : f32
    %rows = memref.dim %x, %c0 : memref<?x?xf32>
    %cols = memref.dim %x, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%init) -> f32 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        scf.reduce(%v : f32) {
        ^bb0(%l: f32, %r: f32):
          %t = arith.addf %l, %r : f32
          scf.reduce.return %t : f32
        }
      }
      %inv = arith.divf %init, %s : f32
      scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %r = arith.mulf %v, %inv : f32
        memref.store %r, %y[%i, %j] : memref<?x?xf32>
      }
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @rownorm(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[INIT:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[ROWS:.*]] = memref.dim
// CHECK: %[[COLS:.*]] = memref.dim
// The linear block id and the number of blocks (z, y, x).
// CHECK: gpu.block_id z
// CHECK: gpu.grid_dim z
// CHECK: gpu.block_id y
// CHECK: gpu.grid_dim y
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[GX:.*]] = gpu.grid_dim x
// CHECK: %[[BMUL:.*]] = arith.muli %{{.*}}, %[[GX]] : index
// CHECK: %[[BLOCK:.*]] = arith.addi %[[BMUL]], %[[BX]] : index
// CHECK: %[[NBLOCKS:.*]] = arith.muli %{{.*}}, %[[GX]] : index
// The linear thread id in the block and the block size.
// CHECK: gpu.thread_id z
// CHECK: gpu.block_dim z
// CHECK: gpu.thread_id y
// CHECK: gpu.block_dim y
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[DX:.*]] = gpu.block_dim x
// CHECK: %[[TMUL:.*]] = arith.muli %{{.*}}, %[[DX]] : index
// CHECK: %[[THREAD:.*]] = arith.addi %[[TMUL]], %[[TX]] : index
// CHECK: %[[BSIZE:.*]] = arith.muli %{{.*}}, %[[DX]] : index
// Rows on blocks.
// CHECK: %[[ROFF:.*]] = arith.muli %[[BLOCK]], %[[C1]] : index
// CHECK: %[[RLB:.*]] = arith.addi %[[C0]], %[[ROFF]] : index
// CHECK: %[[RSTEP:.*]] = arith.muli %[[NBLOCKS]], %[[C1]] : index
// CHECK: scf.for %[[I:.*]] = %[[RLB]] to %[[ROWS]] step %[[RSTEP]] {
// The reduction: per thread from the neutral element. The load at the
// column is contiguous: when %x is aligned for vectors of 4 f32 (base, offset
// and row stride), each thread takes chunks of 4 columns, every block-size-th
// chunk from its id on, 4 chunks per step while all 4 are inside.
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[EXTENT:.*]] = arith.maxsi
// CHECK: memref.extract_strided_metadata
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[PART:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: %[[CHUNKS:.*]] = arith.divui %[[EXTENT]], %{{.*}} : index
// CHECK: %[[GROUP:.*]] = arith.muli %[[BSIZE]], %{{.*}} : index
// CHECK: %[[MAINEND:.*]] = arith.subi %[[CHUNKS]], %{{.*}} : index
// CHECK: %[[MAIN:.*]]:2 = scf.for %[[C:.*]] = %[[THREAD]] to %[[MAINEND]] step %[[GROUP]] iter_args(%{{.*}} = %[[THREAD]], %[[ACC:.*]] = %[[ZERO]]) -> (index, f32) {
// Each access carries the alignment of its place in the chunk: 16 bytes at
// the first column, 8 at the third.
// CHECK: %[[V0:.*]] = memref.load %{{.*}}[%[[I]], %{{.*}}] {alignment = 16 : i64}
// CHECK: arith.addf %[[ACC]], %[[V0]] : f32
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] : memref<?x?xf32>
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] {alignment = 8 : i64} : memref<?x?xf32>
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] : memref<?x?xf32>
// CHECK-COUNT-3: memref.load %{{.*}}[%[[I]], %{{.*}}] {alignment = 16 : i64}
// CHECK: %[[NEXTC:.*]] = arith.addi %[[C]], %[[GROUP]] : index
// CHECK: scf.yield %[[NEXTC]], %{{.*}} : index, f32
// The chunks after, one per step.
// CHECK: %[[REST:.*]] = scf.for %{{.*}} = %[[MAIN]]#0 to %[[CHUNKS]] step %[[BSIZE]] iter_args(%{{.*}} = %[[MAIN]]#1) -> (f32) {
// CHECK: memref.load %{{.*}} {alignment = 16 : i64}
// CHECK-COUNT-3: memref.load
// CHECK: scf.yield
// The columns after the last whole chunk, one per thread.
// CHECK: %[[TAILOFF:.*]] = arith.muli %[[CHUNKS]], %{{.*}} : index
// CHECK: %[[TAIL:.*]] = arith.addi %[[C0]], %[[TAILOFF]] : index
// CHECK: %[[TAILLB:.*]] = arith.addi %[[TAIL]], %[[THREAD]] : index
// CHECK: %[[TAILSUM:.*]] = scf.for %{{.*}} = %[[TAILLB]] to %[[COLS]] step %[[BSIZE]] iter_args(%{{.*}} = %[[REST]]) -> (f32) {
// CHECK: scf.yield %[[TAILSUM]] : f32
// Else one column per step, 4 per step while all 4 are inside.
// CHECK: } else {
// CHECK: %[[TRIPS:.*]] = arith.ceildivui %[[EXTENT]], %[[C1]] : index
// CHECK: scf.for %{{.*}} = %[[THREAD]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[THREAD]], %{{.*}} = %[[ZERO]]) -> (index, f32) {
// CHECK-COUNT-4: memref.load %{{.*}}[%[[I]], %{{.*}}] : memref<?x?xf32>
// CHECK: scf.yield
// CHECK: scf.for %{{.*}} to %[[TRIPS]] step %[[BSIZE]]
// CHECK: }
// Then the block's total, with the initial value.
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %[[PART]] uniform {
// CHECK: %[[S:.*]] = arith.addf %[[INIT]], %[[TOTAL]] : f32
// Code between the loops runs on every thread.
// CHECK: %[[INV:.*]] = arith.divf %[[INIT]], %[[S]] : f32
// The second loop on the threads, both buffers contiguous: vector loads and
// stores when both are aligned. It writes memory, so a barrier follows.
// CHECK: scf.if %{{.*}} {
// CHECK: scf.for
// CHECK: %[[W:.*]] = memref.load %{{.*}}[%[[I]], %[[J:.*]]] {alignment = 16 : i64}
// CHECK: %[[R:.*]] = arith.mulf %[[W]], %[[INV]] : f32
// CHECK: memref.store %[[R]], %{{.*}}[%[[I]], %[[J]]] {alignment = 16 : i64}
// CHECK: } else {
// CHECK: scf.for
// CHECK-COUNT-4: memref.store
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK-NOT: scf.parallel
// CHECK: gpu.return

// -----

// A kernel that writes memory outside its nested loops keeps one thread per
// outer iteration (the nested loops stay sequential in each thread); reads
// between nested loops are fine (every thread of the block makes them), and
// a nested loop that writes can be a single iteration.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @rowmax(%x: memref<?x?xf32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %rows = memref.dim %x, %c0 : memref<?x?xf32>
    %cols = memref.dim %x, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %m = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%ninf) -> f32 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        scf.reduce(%v : f32) {
        ^bb0(%l: f32, %r: f32):
          %t = arith.maximumf %l, %r : f32
          scf.reduce.return %t : f32
        }
      }
      memref.store %m, %out[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @rowmax_reads(%x: memref<?x?xf32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %rows = memref.dim %x, %c0 : memref<?x?xf32>
    %cols = memref.dim %x, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %m = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%ninf) -> f32 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        scf.reduce(%v : f32) {
        ^bb0(%l: f32, %r: f32):
          %t = arith.maximumf %l, %r : f32
          scf.reduce.return %t : f32
        }
      }
      %first = memref.load %x[%i, %c0] : memref<?x?xf32>
      %d = arith.subf %m, %first : f32
      scf.parallel (%j) = (%c0) to (%c1) step (%c1) {
        memref.store %d, %out[%i] : memref<?xf32>
      }
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @rowmax(
// CHECK-NOT: gpu.all_reduce
// CHECK: gpu.thread_id x
// CHECK: scf.if
// CHECK: scf.parallel
// CHECK: memref.store
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @rowmax_reads(
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[PART:.*]] = scf.if
// CHECK: arith.maximumf
// CHECK: %[[M:.*]] = gpu.all_reduce maximumf %[[PART]] uniform
// CHECK: arith.maximumf %{{.*}}, %[[M]] : f32
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}]
// The loop of one iteration: no access at its induction variable, so one
// iteration per chunk (the 4-at-a-time loop, then the rest).
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK-COUNT-4: memref.store
// CHECK: scf.for
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK: gpu.return

// -----

// Chunk widths: 2 f64 (16 bytes) per chunk for a contiguous f64 row; a
// nested loop whose accesses are not contiguous at its induction variable
// (a column) has no aligned path, one iteration per chunk.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @rows_f64(%x: memref<?x?xf64>, %out: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %rows = memref.dim %x, %c0 : memref<?x?xf64>
    %cols = memref.dim %x, %c1 : memref<?x?xf64>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%zero) -> f64 {
        %v = memref.load %x[%i, %j] : memref<?x?xf64>
        scf.reduce(%v : f64) {
        ^bb0(%l: f64, %r: f64):
          %t = arith.addf %l, %r : f64
          scf.reduce.return %t : f64
        }
      }
      %c = scf.parallel (%j) = (%c0) to (%rows) step (%c1) init (%zero) -> f64 {
        %v = memref.load %x[%j, %i] : memref<?x?xf64>
        scf.reduce(%v : f64) {
        ^bb0(%l: f64, %r: f64):
          %t = arith.addf %l, %r : f64
          scf.reduce.return %t : f64
        }
      }
      %d = arith.subf %s, %c : f64
      scf.parallel (%k) = (%c0) to (%c1) step (%c1) {
        memref.store %d, %out[%i] : memref<?xf64>
      }
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @rows_f64(
// CHECK: scf.for %[[I:.*]] =
// The row: chunks of 2 f64 when aligned.
// CHECK: %[[ROW:.*]] = scf.if %{{.*}} -> (f64) {
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: arith.divui %{{.*}}, %[[TWO]] : index
// CHECK: scf.for
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] {alignment = 16 : i64} : memref<?x?xf64>
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] : memref<?x?xf64>
// CHECK-NOT: alignment = 16
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}] {alignment = 16 : i64} : memref<?x?xf64>
// CHECK: } else {
// CHECK: gpu.all_reduce add %[[ROW]] uniform
// The column: no alignment test, one iteration per chunk.
// CHECK-NOT: scf.if
// CHECK-NOT: alignment
// CHECK: %[[COL:.*]]:2 = scf.for
// CHECK-COUNT-4: memref.load %{{.*}}[%{{.*}}, %[[I]]] : memref<?x?xf64>
// CHECK: %[[COLREST:.*]] = scf.for %{{.*}} = %[[COL]]#0
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[I]]] : memref<?x?xf64>
// CHECK: gpu.all_reduce add %[[COLREST]] uniform
// CHECK: gpu.return
