// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s
// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu=remarks=true -verify-diagnostics -o /dev/null

// The tensor-core contraction strategy for targets with warp-level tensor
// cores only (NVPTX sm_80 to sm_89, sm_90 in bitcode form): the device
// module keeps the chip; the kernel runs 8 warps per 128x256 output tile
// (64x64 each), k-slices of 32 copied by cp.async (16 bytes, zero-filled
// past the operands) into 3 stages of dynamic shared memory, read by
// ldmatrix (transposed for A[k][m] and B[k][n]) and multiplied by
// nvvm.mma.sync m16n8k16, when the launch gave 73856 bytes of dynamic
// shared memory and A and B are 16-byte aligned; otherwise the tiled
// contraction on the same grid. The kernel keeps the two i64 parameters of
// the strategy (unused here), as every image and the host copy do. f32
// inputs where offload.allow_tf32 allows TF32 get mma.sync m16n8k8 (below),
// on sm_90 too for an f32 A[k][m].

// bf16 A[m][k] and B[k][n], f32 C after a fill.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, mma.sync m16n8k16), A[m][k] and B[k][n], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (transposed for B); elsewhere, and when the launch gives too little shared memory, the tiled contraction on the same grid; the fill as the accumulators' initial value}}
  offload.kernel @mm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: func.func private @__offload_fallback_mm(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64)
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80 [#nvvm.target<O = 3, chip = "sm_80">]
// CHECK: gpu.func @mm(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64) workgroup(
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK-NOT: linalg.
// The stages' dynamic shared memory and 16-byte aligned operands.
// CHECK: llvm.inline_asm {{.*}}"mov.u32 $0, %dynamic_smem_size;", "=r"
// CHECK: arith.cmpi uge, %{{.*}}, %c73856_i32 : i32
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[ST:.*]] = memref.view %[[SMEM]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<36864xbf16, #gpu.address_space<workgroup>>
// CHECK: scf.for
// The prologue: 2 slices, each 2 chunks of A and 4 of B per thread, one
// group per slice.
// CHECK: scf.if
// CHECK-COUNT-2: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[ST]][%{{.*}}], 8, %{{.*}} {bypassL1} : memref<?x?xbf16> to memref<36864xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.device_async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.commit.group
// The main loop: 32 accumulators of 4 f32 per thread.
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, f32, f32, f32)>, {{.*}}) {
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.cp.async.commit.group
// Two k-steps of 16: 4 ldmatrix of A as stored, 4 of B transposed, 32
// mma.sync each.
// CHECK-COUNT-4: nvgpu.ldmatrix %[[ST]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<36864xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: nvgpu.ldmatrix %[[ST]][%{{.*}}] {numTiles = 4 : i32, transpose = true}
// CHECK: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-63: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// The epilogue: the fill's value plus each accumulator, a pair of columns
// at a time where C is aligned to the pair and the pair lies inside C, one
// element at a time behind bounds checks elsewhere; then every copy is
// done before the next tile's.
// CHECK: llvm.extractvalue
// CHECK: llvm.extractvalue
// CHECK: scf.if
// CHECK: %[[PAIR:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: %[[INIT:.*]] = vector.broadcast %{{.*}} : f32 to vector<2xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[INIT]], %[[PAIR]] : vector<2xf32>
// CHECK: vector.store %[[SUM]], %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<?x?xf32>, vector<2xf32>
// CHECK: } else {
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK: } else {
// The tiled contraction.
// CHECK: memref.load
// CHECK: gpu.barrier

// -----

// f16 A[k][m] and B[n][k] (both transposed in the other sense: A is read
// with ldmatrix.trans, B as stored) into an f16 C, C += A B^T; sm_86.
#km = affine_map<(m, n, k) -> (k, m)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_86", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, mma.sync m16n8k16), A[k][m] and B[n][k], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (transposed for A); elsewhere, and when the launch gives too little shared memory, the tiled contraction on the same grid}}
  offload.kernel @mm_atbt(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.matmul indexing_maps = [#km, #nk, #mn]
        ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_86 [#nvvm.target<O = 3, chip = "sm_86">]
// CHECK: gpu.func @mm_atbt(
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, f32, f32, f32)>, {{.*}}) {
// CHECK-COUNT-4: nvgpu.ldmatrix %{{.*}}[%{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<36864xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK: nvgpu.ldmatrix %{{.*}}[%{{.*}}] {numTiles = 4 : i32, transpose = false}
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// C's old contents (f16) plus each accumulator, rounded once.
// CHECK: vector.load %{{.*}} {alignment = 4 : i64} : memref<?x?xf16>, vector<2xf16>
// CHECK: arith.extf %{{.*}} : vector<2xf16> to vector<2xf32>
// CHECK: arith.addf
// CHECK: arith.truncf %{{.*}} : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %{{.*}} {alignment = 4 : i64} : memref<?x?xf16>, vector<2xf16>
// CHECK: memref.load %{{.*}} : memref<?x?xf16>
// CHECK: arith.extf
// CHECK: arith.addf
// CHECK: arith.truncf
// CHECK: memref.store

// -----

// A batch_matmul of bf16 A[b][m][k] and B[b][n][k] on sm_89: the batch is
// the copies' first index; an sm_90 bitcode target (no wgmma there: the
// runtime compiles it for the GPU it finds) gets the same kernel.
#bmk = affine_map<(b, m, n, k) -> (b, m, k)>
#bnk = affine_map<(b, m, n, k) -> (b, n, k)>
#bmn = affine_map<(b, m, n, k) -> (b, m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_89", format = "cubin">,
                                      #offload.nvptx<chip = "sm_90", format = "bitcode">,
                                      #offload.amdgpu<chip = "gfx942">]} {
  // expected-remark@+1 {{kernel @bmm_bt: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, mma.sync m16n8k16), A[b][m][k] and B[b][n][k], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix; elsewhere}}
  offload.kernel @bmm_bt(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    linalg.batch_matmul indexing_maps = [#bmk, #bnk, #bmn]
        ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_89 [#nvvm.target<O = 3, chip = "sm_89">]
// CHECK: gpu.func @bmm_bt(
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], 8, %{{.*}} {bypassL1} : memref<?x?x?xbf16> to memref<36864xbf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.ldmatrix %{{.*}}[%{{.*}}] {numTiles = 4 : i32, transpose = false}
// CHECK-NOT: transpose = true
// CHECK: nvvm.mma.sync
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90">]
// CHECK: gpu.func @bmm_bt(
// CHECK: nvvm.mma.sync
// CHECK-LABEL: gpu.module @__offload_amdgpu_gfx942
// CHECK-NOT: nvvm.
// CHECK-NOT: nvgpu.

// -----

// sm_80 with an sm_90 cubin: the wgmma kernel for sm_90 (sm_90a), the
// mma.sync one for sm_80, on the same grid: blocks of 384 threads (the wgmma
// kernel's producer warpgroup), of which the mma.sync kernel takes the first
// 256.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">,
                                      #offload.nvptx<chip = "sm_80", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_both: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 64 loaded by TMA through 4 shared-memory stages; where the target has mma.sync but not wgmma: 128x256 output tiles per block of 8 warps (64x64 each, mma.sync m16n8k16), A[m][k] and B[k][n], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (transposed for B); elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid}}
  offload.kernel @mm_both(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK: known_block_size = array<i32: 384, 1, 1>
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.mma.sync
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80 [#nvvm.target<O = 3, chip = "sm_80">]
// CHECK: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[TID80:.*]] = gpu.thread_id  x
// CHECK: %[[IN80:.*]] = arith.cmpi ult, %[[TID80]], %c256
// CHECK: scf.if %[[IN80]] {
// CHECK-NOT: nvvm.wgmma
// CHECK: nvvm.mma.sync

// -----

// f32 inputs as TF32 (offload.allow_tf32 on the module): mma.sync m16n8k8
// with tf32 operands (32-bit registers holding the f32's bits), k in slices
// of 16 (64 bytes, so the stages keep their 24 KiB: 18432 f32 in all),
// 16-byte cp.async copies of 4 f32. A[m][k] is read by ldmatrix as stored
// (lane i gets the f32 at row i / 4, column i % 4 of each 8 x 4 matrix: the
// TF32 fragment); B[k][n] by 32-bit shared loads (ldmatrix transposes only
// 16-bit elements), 16 per k-step.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "cubin">], offload.allow_tf32} {
  // expected-remark@+1 {{kernel @mm_tf32: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[m][k] and B[k][n], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (A) and 32-bit shared loads (B); elsewhere, and when the launch gives too little shared memory, the tiled contraction on the same grid; the fill as the accumulators' initial value}}
  offload.kernel @mm_tf32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80 [#nvvm.target<O = 3, chip = "sm_80">]
// CHECK: gpu.func @mm_tf32(
// CHECK: arith.cmpi uge, %{{.*}}, %c73856_i32 : i32
// A and B start at multiples of 16 bytes, rows 4 f32 apart.
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: arith.remui %{{.*}}, %c16
// CHECK: %[[ST:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<18432xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}], %[[ST]][%{{.*}}], 4, %{{.*}} {bypassL1} : memref<?x?xf32> to memref<18432xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.device_async_copy
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, f32, f32, f32)>, {{.*}}) {
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.ldmatrix %[[ST]][%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<18432xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK: vector.extract %{{.*}}[0, 0] : f32 from vector<4x1xf32>
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: %[[BV:.*]] = memref.load %[[ST]][%{{.*}}] : memref<18432xf32, #gpu.address_space<workgroup>>
// CHECK: arith.bitcast %[[BV]] : f32 to i32
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-63: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: scf.yield
// CHECK: } else {
// The tiled contraction.
// CHECK: gpu.barrier

// -----

// An f32 A stored A[k][m] with B[n][k] on sm_90 (cubin) and sm_86: TF32
// wgmma reads A only k-contiguous, so both device modules get the TF32
// mma.sync kernel (the sm_90 one built for sm_90a, as another kernel of the
// module needs wgmma); A by 32-bit shared loads, B by ldmatrix. The
// A[m][k] kernel beside it gets wgmma on sm_90 and mma.sync on sm_86.
#km = affine_map<(m, n, k) -> (k, m)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">,
                                      #offload.nvptx<chip = "sm_86", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_tf32_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later, sm_90 included: TF32 wgmma reads A only k-contiguous): 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[k][m] and B[n][k], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (B) and 32-bit shared loads (A); elsewhere, and when the launch gives too little shared memory, the tiled contraction on the same grid}}
  offload.kernel @mm_tf32_atbt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    linalg.matmul indexing_maps = [#km, #nk, #mn]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // expected-remark@+1 {{kernel @mm_tf32_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k], k in slices of 32 loaded by TMA through 4 shared-memory stages; where the target has mma.sync but not wgmma: 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[m][k] and B[n][k], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid}}
  offload.kernel @mm_tf32_bt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, #nk, #mn]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK: gpu.func @mm_tf32_atbt(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64) workgroup(
// CHECK-NOT: nvvm.wgmma
// CHECK-NOT: nvgpu.tma
// CHECK: arith.cmpi uge, %{{.*}}, %c73856_i32 : i32
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, f32, f32, f32)>, {{.*}}) {
// A: 16 32-bit loads per k-step (4 fragments of 4 registers), then B's
// pairs of fragments by ldmatrix.
// CHECK-COUNT-16: memref.load %{{.*}}[%{{.*}}] : memref<18432xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.ldmatrix %{{.*}}[%{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<18432xf32, #gpu.address_space<workgroup>> -> vector<4x1xf32>
// CHECK: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 8>
// CHECK: gpu.func @mm_tf32_bt(
// CHECK: nvvm.wgmma.mma_async
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_86 [#nvvm.target<O = 3, chip = "sm_86">]
// CHECK: gpu.func @mm_tf32_atbt(
// CHECK: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>
// CHECK: gpu.func @mm_tf32_bt(
// CHECK-NOT: nvvm.wgmma
// CHECK: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>

// -----

// Batches of f32 A[b][k][m] and B[b][k][n] on sm_89: the batch is the
// copies' first index; A and B both by 32-bit shared loads.
#bkm = affine_map<(b, m, n, k) -> (b, k, m)>
#bkn = affine_map<(b, m, n, k) -> (b, k, n)>
#bmn = affine_map<(b, m, n, k) -> (b, m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_89", format = "cubin">]} {
  // expected-remark@+1 {{kernel @bmm_tf32_at: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[b][k][m] and B[b][k][n], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by 32-bit shared loads; elsewhere}}
  offload.kernel @bmm_tf32_at(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) attributes {offload.allow_tf32} {
    linalg.batch_matmul indexing_maps = [#bkm, #bkn, #bmn]
        ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_89 [#nvvm.target<O = 3, chip = "sm_89">]
// CHECK: gpu.func @bmm_tf32_at(
// CHECK: nvgpu.device_async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], 4, %{{.*}} {bypassL1} : memref<?x?x?xf32> to memref<18432xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for {{.*}} -> (!llvm.struct<(f32, f32, f32, f32)>, {{.*}}) {
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: } else {

// -----

// Not on mma.sync: f32 inputs without offload.allow_tf32, and chips before
// sm_80.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_f32: strategy 'tiled-contraction': 'linalg.matmul' in 256x128 output tiles per block, 16x8 per thread, k in steps of 8 through shared memory (not on tensor cores: f32 inputs without 'offload.allow_tf32' (TF32 changes results; offload-cc --offload-tf32 allows it))}}
  offload.kernel @mm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80
// CHECK: gpu.func @mm_f32(
// CHECK-NOT: nvvm.mma.sync

// -----

module attributes {offload.targets = [#offload.nvptx<chip = "sm_75", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_sm75: strategy 'tiled-contraction'}}
  offload.kernel @mm_sm75(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_75
// CHECK: gpu.func @mm_sm75(
// CHECK-NOT: nvvm.mma.sync
