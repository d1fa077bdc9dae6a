// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s

// The tiled contraction strategy: a linalg contraction becomes a kernel of
// 256 threads computing 256x128 output tiles (16x8 per thread), its operands
// staged through shared memory in k-slices of 8 (two stages, one barrier per
// slice), loaded as vectors where the block's tile is inside the operands
// and aligned, element by element behind bounds checks elsewhere.

// f32 matmul after a fill: A (row-major, contiguous along k) is stored
// transposed, its rows padded; B as it is; the accumulators start at the
// fill's value and C is only written.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @mm(
// CHECK-SAME: workgroup(%[[AS:.*]] : memref<2x8x260xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[BS:.*]] : memref<2x8x128xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK-NOT: linalg.
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[TID:.*]] = gpu.thread_id x
// Vector loads only from aligned bases with strides that are multiples of 4.
// CHECK: memref.extract_aligned_pointer_as_index
// The blocks stride over the tiles.
// CHECK: gpu.block_id z
// CHECK: gpu.grid_dim x
// CHECK: scf.for %[[TILE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// The first slice: vectors, or bounds-checked elements that read zero
// outside A and B.
// CHECK: scf.if %{{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK: scf.if %{{.*}} -> (f32) {
// CHECK: memref.load
// CHECK: } else {
// CHECK: arith.constant 0.000000e+00 : f32
// A transposed (element stores), B as vectors.
// CHECK: memref.store %{{.*}}, %[[AS]][%{{.*}}] : memref<2x8x260xf32, #gpu.address_space<workgroup>>
// CHECK: vector.store %{{.*}}, %[[BS]][%{{.*}}] {alignment = 16 : i64} : memref<2x8x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT: gpu.barrier
// The loop over k-slices, 128 accumulators from the fill's value.
// CHECK: %[[ACC:.*]]:128 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]],
// CHECK-SAME: -> (f32, f32,
// The next slice is loaded before this one is computed.
// CHECK: scf.if %{{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK: vector.load %[[AS]][%{{.*}}] {alignment = 16 : i64} : memref<2x8x260xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: vector.load %[[BS]][%{{.*}}] {alignment = 16 : i64} : memref<2x8x128xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %[[P]] fastmath<contract> : f32
// CHECK: memref.store %{{.*}}, %[[AS]]
// CHECK: vector.store %{{.*}}, %[[BS]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// The output: vectors, or stores behind bounds checks.
// CHECK: scf.if
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.store %[[ACC]]#0, %{{.*}} : memref<?x?xf32>
// CHECK: gpu.return

// -----

// A stored k x m, B n x k (linalg.generic), no fill: A is contiguous along
// m (vector stores to shared memory), B along k (stored transposed, padded);
// the accumulators start at C's values.
#a_kxm = affine_map<(m, n, k) -> (k, m)>
#b_nxk = affine_map<(m, n, k) -> (n, k)>
#c_mxn = affine_map<(m, n, k) -> (m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @transposed(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.generic {indexing_maps = [#a_kxm, #b_nxk, #c_mxn],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @transposed(
// CHECK-SAME: workgroup(%[[AS:.*]] : memref<2x8x256xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[BS:.*]] : memref<2x8x132xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: scf.for
// C's values first.
// CHECK: %[[INIT:.*]]:128 = scf.if %{{.*}} -> (f32, f32,
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}}, %[[AS]][%{{.*}}] {alignment = 16 : i64} : memref<2x8x256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: memref.store %{{.*}}, %[[BS]][%{{.*}}] : memref<2x8x132xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %[[INIT]]#0, %{{.*}} = %[[INIT]]#1,
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield

// -----

// Batch: blocks take (column, row, batch) tiles, the batch indexes every
// operand.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @bmm(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @bmm(
// CHECK-SAME: workgroup(%{{.*}} : memref<2x8x260xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<2x8x128xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: %[[TILES_N:.*]] = arith.ceildivui
// CHECK: %[[TILES_M:.*]] = arith.ceildivui
// CHECK: %[[MN:.*]] = arith.muli %[[TILES_N]], %[[TILES_M]] : index
// CHECK: %[[TILES:.*]] = arith.muli %[[MN]], %{{.*}} : index
// CHECK: scf.for %[[TILE:.*]] = %{{.*}} to %[[TILES]] step
// CHECK: %[[REST:.*]] = arith.divui %[[TILE]], %[[TILES_N]] : index
// CHECK: %[[Z:.*]] = arith.divui %[[REST]], %[[TILES_M]] : index
// CHECK: vector.load %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?x?xf32>, vector<4xf32>
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?x?xf32>, vector<4xf32>

// -----

// f16 inputs, f32 accumulation: shared memory holds f16, the body's
// conversions are cloned into every multiply-add. (On sm_75: sm_80 and
// sm_90 targets would run it on tensor cores, mma-sync-contraction.mlir and
// tensor-core-contraction.mlir.)
module attributes {offload.targets = [#offload.nvptx<chip = "sm_75">]} {
  offload.kernel @mixed(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @mixed(
// CHECK-SAME: workgroup(%[[AS:.*]] : memref<2x8x260xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %[[BS:.*]] : memref<2x8x128xf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: vector.load %{{.*}} {alignment = 8 : i64} : memref<?x?xf16>, vector<4xf16>
// CHECK: scf.for
// CHECK: vector.load %[[AS]][%{{.*}}] {alignment = 8 : i64} : memref<2x8x260xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[Y:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %[[P]] fastmath<contract> : f32

// -----

// f64: 64x64 tiles, 4x4 per thread, k-slices of 16.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @dgemm(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
    linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @dgemm(
// CHECK-SAME: workgroup(%[[AS:.*]] : memref<2x16x68xf64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}, %{{.*}} : memref<2x16x64xf64, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: %{{.*}}:16 = scf.for
// CHECK: vector.load %[[AS]][%{{.*}}] {alignment = 32 : i64} : memref<2x16x68xf64, #gpu.address_space<workgroup>>, vector<4xf64>
// CHECK: arith.mulf %{{.*}} fastmath<contract> : f64

// -----

// An integer contraction: the body's integer multiply-add, no fast-math.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @imm(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>) {
    linalg.matmul ins(%a, %b : memref<?x?xi32>, memref<?x?xi32>) outs(%c : memref<?x?xi32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @imm(
// CHECK: scf.for
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.addi %{{.*}}, %[[P]] : i32
