// RUN: offload-opt %s --convert-offload-to-gpu -split-input-file | FileCheck %s
// RUN: offload-opt %s --convert-offload-to-gpu -split-input-file | FileCheck %s --check-prefix=CHECK-SPLIT

// A parallel loop with a reduction: each thread accumulates from the neutral
// element over a grid-stride loop, each block combines its threads' values
// and leaves them in a partials buffer, and the last block to finish
// combines the partials and runs the code after the loop on one thread.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @dot(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant 1.5 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %p = arith.mulf %x, %y : f32
      scf.reduce(%p : f32) {
      ^bb0(%l: f32, %r: f32):
        %t = arith.addf %l, %r : f32
        scf.reduce.return %t : f32
      }
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    offload.return
  }
}

// The host copy keeps the loop and its reduction.
// CHECK-LABEL: func.func private @__offload_fallback_dot(
// CHECK: scf.parallel {{.*}} init (%{{.*}}) -> f32
// CHECK: scf.reduce

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90
// CHECK-DAG: memref.global "private" @__offload_dot_blocks_done : memref<1xi32, #gpu.address_space<global>> = dense<0>
// CHECK-DAG: memref.global "private" @__offload_dot_partials0 : memref<2048xf32, #gpu.address_space<global>>
// CHECK-LABEL: gpu.func @dot(
// CHECK: %[[INIT:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[NEUTRAL:.*]] = arith.constant 0.000000e+00 : f32
// When the buffers are 16-byte aligned (a uniform test), each thread takes
// chunks of 4 consecutive iterations (16-byte loads), then the iterations
// after the last whole chunk; otherwise one iteration at a time.
// CHECK: %[[ACC:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:   %[[CH:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[NEUTRAL]]) -> (f32) {
// CHECK:     memref.load %{{.*}}[%{{.*}}] {alignment = 16 : i64}
// CHECK-COUNT-4: arith.addf
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %[[CH]]) -> (f32) {
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[NEUTRAL]]) -> (f32) {
// CHECK:     %[[P:.*]] = arith.mulf
// CHECK:     %[[NEXT:.*]] = arith.addf %[[A]], %[[P]] : f32
// CHECK:     scf.yield %[[NEXT]] : f32
// CHECK: %[[DONE:.*]] = memref.get_global @__offload_dot_blocks_done
// CHECK: %[[PARTIALS:.*]] = memref.get_global @__offload_dot_partials0
// CHECK: %[[BLOCKVAL:.*]] = gpu.all_reduce add %[[ACC]] uniform
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID:.*]], %{{.*}} : index
// CHECK: %[[LASTFLAG:.*]] = scf.if %[[FIRST]] -> (i32) {
// CHECK:   memref.store %[[BLOCKVAL]], %[[PARTIALS]][%[[BID:.*]]]
// CHECK:   llvm.fence acq_rel
// CHECK:   %[[OLD:.*]] = memref.atomic_rmw addi %{{.*}}, %[[DONE]][%{{.*}}]
// CHECK:   arith.cmpi eq, %[[OLD]]
// CHECK: } else {
// CHECK: %[[ANY:.*]] = gpu.all_reduce maxsi %[[LASTFLAG]] uniform
// CHECK: %[[ISLAST:.*]] = arith.cmpi ne, %[[ANY]]
// CHECK: scf.if %[[ISLAST]] {
// CHECK:   llvm.fence acq_rel
// CHECK:   %[[GATHER:.*]] = scf.for %[[J:.*]] = %[[TID]] to %{{.*}} step %{{.*}} iter_args(%[[G:.*]] = %[[NEUTRAL]]) -> (f32) {
// CHECK:     %[[V:.*]] = memref.load %[[PARTIALS]][%[[J]]]
// CHECK:     arith.addf %[[G]], %[[V]] : f32
// CHECK:   %[[TOTAL:.*]] = gpu.all_reduce add %[[GATHER]] uniform
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %{{.*}}, %[[DONE]][%{{.*}}] : memref<1xi32, #gpu.address_space<global>>
// CHECK:     %[[RESULT:.*]] = arith.addf %[[INIT]], %[[TOTAL]] : f32
// CHECK:     memref.store %[[RESULT]], %{{.*}}[%{{.*}}] : memref<1xf32>
// CHECK: gpu.return

// -----

// Accumulators narrower than 32 bits go through 32 bits where the block's
// threads combine them (NVVM's warp shuffles take 32-bit values): an f16
// max through f32, an i8 sum zero-extended to i32 (the same modulo 2^8).
// CHECK-SPLIT-LABEL: gpu.func @narrow(
// CHECK-SPLIT: %[[WIDE:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK-SPLIT: %[[MAX:.*]] = gpu.all_reduce maximumf %[[WIDE]] uniform {
// CHECK-SPLIT: arith.truncf %[[MAX]] : f32 to f16
// CHECK-SPLIT: %[[WIDEI:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK-SPLIT: %[[SUM:.*]] = gpu.all_reduce add %[[WIDEI]] uniform {
// CHECK-SPLIT: arith.trunci %[[SUM]] : i32 to i8
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @narrow(%a: memref<?xf16>, %b: memref<?xi8>, %out: memref<1xf16>, %cnt: memref<1xi8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ninf = arith.constant 0xFC00 : f16
    %zero = arith.constant 0 : i8
    %n = memref.dim %a, %c0 : memref<?xf16>
    %max, %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%ninf, %zero) -> (f16, i8) {
      %x = memref.load %a[%i] : memref<?xf16>
      %y = memref.load %b[%i] : memref<?xi8>
      scf.reduce(%x, %y : f16, i8) {
      ^bb0(%l: f16, %r: f16):
        %t = arith.maximumf %l, %r : f16
        scf.reduce.return %t : f16
      }, {
      ^bb0(%l: i8, %r: i8):
        %t = arith.addi %l, %r : i8
        scf.reduce.return %t : i8
      }
    }
    memref.store %max, %out[%c0] : memref<1xf16>
    memref.store %sum, %cnt[%c0] : memref<1xi8>
    offload.return
  }
}
