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
// The reduction: per thread from the neutral element, then the block.
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[COFF:.*]] = arith.muli %[[THREAD]], %[[C1]] : index
// CHECK: %[[CLB:.*]] = arith.addi %[[C0]], %[[COFF]] : index
// CHECK: %[[CSTEP:.*]] = arith.muli %[[BSIZE]], %[[C1]] : index
// CHECK: %[[PART:.*]] = scf.for %[[J:.*]] = %[[CLB]] to %[[COLS]] step %[[CSTEP]] iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: }
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %[[PART]] uniform {
// CHECK: %[[S:.*]] = arith.addf %[[INIT]], %[[TOTAL]] : f32
// Code between the loops runs on every thread.
// CHECK: %[[INV:.*]] = arith.divf %[[INIT]], %[[S]] : f32
// The second loop on the threads; it writes memory, so a barrier follows.
// CHECK: scf.for %[[J2:.*]] = %{{.*}} to %[[COLS]] step %{{.*}} {
// CHECK: arith.mulf %{{.*}}, %[[INV]] : f32
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J2]]]
// CHECK: }
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
// CHECK: %[[PART:.*]] = scf.for
// CHECK: arith.maximumf
// CHECK: %[[M:.*]] = gpu.all_reduce maximumf %[[PART]] uniform
// CHECK: arith.maximumf %{{.*}}, %[[M]] : f32
// CHECK: memref.load %{{.*}}[%[[I]], %{{.*}}]
// CHECK: scf.for
// CHECK: memref.store
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK: gpu.return
