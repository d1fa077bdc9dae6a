// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s
// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu=remarks=true -verify-diagnostics -o /dev/null

// The tensor-core contraction strategy: a bf16 or f16 matmul in a module with
// an sm_90 target. The NVIDIA device module is built for sm_90a (PTX 8.0);
// its kernel runs two consumer warpgroups per 128x256 output tile (64 rows
// each) and a producer warpgroup, k-slices of 64 loaded by TMA into dynamic
// shared memory through 4 mbarrier stages and multiplied by
// nvvm.wgmma.mma_async (m64n256k16, descriptors
// built from the operands' layouts), when both tensor maps (the
// kernel's two last parameters) are there and the launch gave 197632 bytes
// of dynamic shared memory; otherwise the tiled contraction (128x128 tiles,
// 256 threads). The AMD module and the host copy keep the same parameters.

// bf16 inputs, f32 output, after a fill.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">,
                                      #offload.amdgpu<chip = "gfx942">]} {
  // expected-remark@+1 {{kernel @mm: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 64 loaded by TMA through 4 shared-memory stages; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid; the fill as the accumulators' initial value}}
  offload.kernel @mm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// The host copy (next to the kernel) keeps the two parameters.
// CHECK-LABEL: func.func private @__offload_fallback_mm(
// CHECK-SAME: %{{.*}}: i64, %{{.*}}: i64)

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK: gpu.func @mm(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr {{.*}}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {{.*}}, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr {{.*}}, %{{.*}}: i64, %{{.*}}: i64, %[[MAPA:.*]]: i64, %[[MAPB:.*]]: i64)
// Two consumer warpgroups and a producer warpgroup: 384 threads on every
// target of the module.
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 384, 1, 1>}
// CHECK-NOT: linalg.
// The pipeline when both maps are there and the dynamic shared memory is.
// CHECK-DAG: arith.cmpi ne, %[[MAPA]], %{{.*}} : i64
// CHECK-DAG: arith.cmpi ne, %[[MAPB]], %{{.*}} : i64
// CHECK: llvm.inline_asm {{.*}}"mov.u32 $0, %dynamic_smem_size;", "=r"
// CHECK: arith.cmpi uge, %{{.*}}, %c197632_i32 : i32
// CHECK: scf.if
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK: %[[WG:.*]] = arith.divui %[[TID]], %c128
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: memref.extract_aligned_pointer_as_index %[[SMEM]]
// Per stage a `full` mbarrier (one arrival: the producer's, with the bytes)
// and an `empty` one (one arrival per consumer warp).
// CHECK: %[[FULL:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[EMPTY:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c8{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c8{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c8{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[FULL]][%{{.*}}], %c1{{(_[0-9]+)?}}, predicate
// CHECK: nvgpu.mbarrier.init %[[EMPTY]][%{{.*}}], %c8{{(_[0-9]+)?}}, predicate
// CHECK: gpu.barrier
// CHECK: %[[PA:.*]] = llvm.inttoptr %[[MAPA]] : i64 to !llvm.ptr
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[PA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: %[[PB:.*]] = llvm.inttoptr %[[MAPB]] : i64 to !llvm.ptr
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %[[PB]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// The producer (warpgroup 2) gives registers back; its first thread streams
// the slices of the block's tiles (blocks stride over them: a persistent
// grid), each into its stage once the consumers released it, 49152 bytes a
// stage: A's 128x64 box and four 64x64 boxes of B.
// CHECK: %[[ISPROD:.*]] = arith.cmpi eq, %[[WG]], %c2
// CHECK: scf.if %[[ISPROD]] {
// CHECK-NEXT: nvvm.setmaxregister  decrease 48
// CHECK: arith.cmpi eq, %[[TID]], %c256
// CHECK: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK: nvgpu.tma.prefetch.descriptor %[[DB]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index) {
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%{{.*}}], %{{.*}}, %{{.*}}
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%{{.*}}], %c49152
// CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %{{.*}}], %[[FULL]][%{{.*}}] to %{{.*}} : {{.*}} -> memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]][%{{.*}}, %{{.*}}], %[[FULL]][%{{.*}}] to %{{.*}} : {{.*}} -> memref<64x64xbf16, #gpu.address_space<workgroup>>
// The consumers take the registers and the same tiles.
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister  increase 224
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index) {
// Each warpgroup: a 64x256 accumulator (the 128 f32 of wgmma's result
// registers, from zero).
// CHECK: %[[INIT:.*]] = llvm.mlir.zero : !llvm.struct<(f32, {{.*}})>
// The main loop: wait for the stage's phase, multiply, release the previous
// slice's stage.
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C:.*]] = %[[INIT]]) -> (!llvm.struct<(f32, {{.*}})>) {
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]][%{{.*}}], %{{.*}}, %{{.*}}
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %c49152
// The descriptors: (shared address / 16) | 128-byte swizzle (1 << 62) |
// stride byte offset 1024 (8 rows of 128 bytes) / 16 << 32 | leading byte
// offset / 16 << 16: 16 for A[m][k] (K-major), 8192 for B[k][n] (N-major:
// 64-wide boxes 8 KiB apart).
// CHECK: %[[WGOFF:.*]] = arith.muli %[[WG]], %c8192
// CHECK: arith.addi %[[OFF]], %[[WGOFF]]
// CHECK: %[[WA:.*]] = arith.ori %{{.*}}, %c4611686293305360384_i64 : i64
// CHECK: %[[WB:.*]] = arith.ori %{{.*}}, %c4611686293338849280_i64 : i64
// CHECK: nvvm.wgmma.fence.aligned
// A K-major (row), B N-major (row); the next k's A 32 bytes further, B's 16
// rows of 128 bytes further.
// CHECK: %[[D0:.*]] = nvvm.wgmma.mma_async %[[WA]], %[[WB]], %[[C]], <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
// CHECK: %[[WA1:.*]] = arith.addi %[[WA]], %c2_i64 : i64
// CHECK: %[[WB1:.*]] = arith.addi %[[WB]], %c128_i64 : i64
// CHECK: nvvm.wgmma.mma_async %[[WA1]], %[[WB1]], %[[D0]]
// CHECK-COUNT-2: nvvm.wgmma.mma_async
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT: gpu.barrier
// CHECK: scf.if
// CHECK: scf.if
// CHECK: nvgpu.mbarrier.arrive %[[EMPTY]]
// CHECK: scf.yield
// The tile's last slice: done, released before the stores.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: nvgpu.mbarrier.arrive %[[EMPTY]]
// The epilogue: straight from the registers into C, two f32 at a time
// (register 4j + 2h + e: row 16w + lane / 4 + 8h of the warpgroup's 64,
// column 8j + 2 (lane % 4) + e) where the tile lies inside C and C is
// aligned to pairs, one element at a time behind bounds checks elsewhere,
// through a local array in a loop.
// CHECK: arith.cmpi ule
// CHECK: arith.cmpi ule
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<?x?xf32>
// CHECK: scf.if
// CHECK: %[[X:.*]] = llvm.extractvalue %[[ACC]][0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[ACC]][1]
// CHECK: %[[XY:.*]] = vector.from_elements %[[X]], %[[Y]] : vector<2xf32>
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %[[XY]] : vector<2xf32>
// CHECK: vector.store %[[S]], %{{.*}} {alignment = 8 : i64} : memref<?x?xf32>, vector<2xf32>
// CHECK-COUNT-63: vector.store %{{.*}} : memref<?x?xf32>, vector<2xf32>
// CHECK: } else {
// CHECK: %[[LOCAL:.*]] = memref.alloca() : memref<128xf32>
// CHECK-COUNT-128: memref.store %{{.*}}, %[[LOCAL]]
// CHECK: scf.for
// CHECK: scf.if
// CHECK: memref.load %[[LOCAL]]
// CHECK: memref.store %{{.*}} : memref<?x?xf32>
// CHECK: scf.if
// CHECK: memref.load %[[LOCAL]]
// CHECK: memref.store %{{.*}} : memref<?x?xf32>
// CHECK-NOT: nvvm.fence.proxy
// CHECK: } else {
// Without tensor maps: the tiled contraction, 128x128 tiles, 8x8 per thread.
// CHECK: vector.load
// CHECK: iter_args
// CHECK-SAME: -> (f32, f32,

// The AMD module: the tiled contraction alone, same parameters, on the
// first 256 of the block's 384 threads.
// CHECK-LABEL: gpu.module @__offload_amdgpu_gfx942
// CHECK: gpu.func @mm(%{{.*}}: !llvm.ptr, %{{.*}}, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>
// CHECK: %[[AMDTID:.*]] = gpu.thread_id  x
// CHECK: %[[AMDIN:.*]] = arith.cmpi ult, %[[AMDTID]], %c256
// CHECK: scf.if %[[AMDIN]] {
// CHECK-NOT: nvgpu.
// CHECK: gpu.return

// -----

// bf16 output after a fill: where the tile lies inside C and C is aligned to
// 8 elements, each lane packs its pairs (rounded once) into i32, the four
// lanes of a quad transpose them in two butterfly steps (shuffles with
// lanes 2 and 1 away) and each stores 8 consecutive elements (16 bytes);
// with C aligned to pairs only, one pair at a time.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tensor-core-contraction'}}
  offload.kernel @mm_bf16_out(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
    %zero = arith.constant 0.0 : bf16
    linalg.fill ins(%zero : bf16) outs(%c : memref<?x?xbf16>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xbf16>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @mm_bf16_out(
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.if
// CHECK: scf.if
// CHECK: %[[P:.*]] = arith.truncf %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK: vector.bitcast %[[P]] : vector<2xbf16> to vector<1xi32>
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32{{[_0-9]*}}, %c32_i32{{[_0-9]*}} : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32{{[_0-9]*}}, %c32_i32{{[_0-9]*}} : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32{{[_0-9]*}}, %c32_i32{{[_0-9]*}} : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32{{[_0-9]*}}, %c32_i32{{[_0-9]*}} : i32
// CHECK: %[[W:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: %[[O:.*]] = vector.bitcast %[[W]] : vector<4xi32> to vector<8xbf16>
// CHECK: vector.store %[[O]], %{{.*}} {alignment = 16 : i64} : memref<?x?xbf16>, vector<8xbf16>
// CHECK-COUNT-15: vector.store %{{.*}} : memref<?x?xbf16>, vector<8xbf16>
// CHECK: } else {
// CHECK: vector.store %{{.*}} {alignment = 4 : i64} : memref<?x?xbf16>, vector<2xbf16>

// -----

// f16 inputs and f16 output, C read: the epilogue adds C's old contents and
// rounds once.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tensor-core-contraction'}}
  offload.kernel @mm16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @mm16(
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// Two elements (4 bytes) of C per register pair.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: %[[OLDV:.*]] = vector.load %{{.*}} {alignment = 4 : i64} : memref<?x?xf16>, vector<2xf16>
// CHECK: %[[WIDEV:.*]] = arith.extf %[[OLDV]] : vector<2xf16> to vector<2xf32>
// CHECK: %[[SUMV:.*]] = arith.addf %[[WIDEV]], %[[V]] : vector<2xf32>
// CHECK: %[[OUTV:.*]] = arith.truncf %[[SUMV]] : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %[[OUTV]], %{{.*}} {alignment = 4 : i64} : memref<?x?xf16>, vector<2xf16>
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %{{.*}} : memref<?x?xf16>
// CHECK: %[[WIDE:.*]] = arith.extf %[[OLD]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WIDE]], %{{.*}} : f32
// CHECK: %[[OUT:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[OUT]], %{{.*}} : memref<?x?xf16>

// -----

// No tensor cores: f32 inputs without offload.allow_tf32 (an f32 A[k][m]
// with it runs TF32 mma.sync: mma-sync-contraction.mlir), a batch that is
// not outermost,
// rows TMA cannot take: the tiled contraction, with the reason when the
// target has wgmma.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tiled-contraction': 'linalg.matmul' in 256x128 output tiles per block, 16x8 per thread, k in steps of 8 through shared memory (not on tensor cores: f32 inputs without 'offload.allow_tf32' (TF32 changes results; offload-cc --offload-tf32 allows it))}}
  offload.kernel @f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // expected-remark@+1 {{(not on tensor cores: operands whose batch is not their outermost dimension)}}
  offload.kernel @bmm_mbk(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, b, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                    iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
    offload.return
  }
  // expected-remark@+1 {{(not on tensor cores: B's batches are not a multiple of 16 bytes apart (TMA))}}
  offload.kernel @bmm_odd(%a: memref<2x64x8xf16>, %b: memref<2x8x8xf16, strided<[68, 8, 1]>>, %c: memref<2x64x8xf32>) {
    linalg.batch_matmul ins(%a, %b : memref<2x64x8xf16>, memref<2x8x8xf16, strided<[68, 8, 1]>>) outs(%c : memref<2x64x8xf32>)
    offload.return
  }
  // expected-remark@+1 {{(not on tensor cores: A's rows are not a multiple of 16 bytes apart (TMA))}}
  offload.kernel @odd_k(%a: memref<64x9xbf16>, %b: memref<9x64xbf16>, %c: memref<64x64xf32>) {
    linalg.matmul ins(%a, %b : memref<64x9xbf16>, memref<9x64xbf16>) outs(%c : memref<64x64xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90">]
// CHECK-NOT: nvgpu.
// CHECK: gpu.func @f32(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: nvvm.wgmma
// CHECK: gpu.func @bmm_mbk(

// -----

// Transposed operands (f16, bf16): A stored A[k][m] (M-major: two TMA boxes
// of 64 k-rows x 64 m per slice, one per warpgroup, read with wgmma's
// transpose bit: layout A col), B stored B[n][k] (K-major: one box of 256
// n-rows x 64 k, layout B col), and both.
#mk = affine_map<(m, n, k) -> (m, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_at: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[k][m] and B[k][n], k in slices of 64 loaded by TMA through 4 shared-memory stages}}
  offload.kernel @mm_at(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    linalg.matmul indexing_maps = [#km, #kn, #mn]
        ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // expected-remark@+1 {{kernel @mm_bt: strategy 'tensor-core-contraction': 'linalg.generic' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k], k in slices of 64}}
  offload.kernel @mm_bt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    linalg.generic {indexing_maps = [#mk, #nk, #mn],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>) {
    ^bb0(%x: bf16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : bf16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
    offload.return
  }
  // expected-remark@+1 {{kernel @mm_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[k][m] and B[n][k]}}
  offload.kernel @mm_atbt(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.matmul indexing_maps = [#km, #nk, #mn]
        ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }
  // expected-remark@+1 {{kernel @bmm_bt: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[b][m][k] and B[b][n][k]}}
  offload.kernel @bmm_bt(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @mm_at(
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// Two boxes of A at (m0, k0) and (m0 + 64, k0), 8 KiB apart, then B's four.
// CHECK: %[[K0:.*]] = arith.muli %{{.*}}, %c64
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c49152
// CHECK: %[[M0:.*]] = arith.addi %{{.*}}, %c0
// CHECK: nvgpu.tma.async.load %[[DA]][%[[M0]], %[[K0]]], %{{.*}} -> memref<64x64xbf16
// CHECK: %[[M64:.*]] = arith.addi %{{.*}}, %c64
// CHECK: nvgpu.tma.async.load %[[DA]][%[[M64]], %[[K0]]], %{{.*}} -> memref<64x64xbf16
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]]
// A M-major: leading byte offset 8192, the next k 16 rows (2048 bytes) on.
// CHECK: %[[WA:.*]] = arith.ori %{{.*}}, %c4611686293338849280_i64 : i64
// CHECK: nvvm.wgmma.mma_async %[[WA]], %{{.*}}, %{{.*}}, <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <col>], B[<bf16>, <one>, <row>]
// CHECK: arith.addi %[[WA]], %c128_i64 : i64

// CHECK-LABEL: gpu.func @mm_bt(
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<256x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// One box of B at (k0, n0).
// CHECK: nvgpu.tma.async.load %[[DA]][%[[K0:.*]], %{{.*}}], %{{.*}} -> memref<128x64xbf16
// CHECK: nvgpu.tma.async.load %[[DB]][%[[K0]], %{{.*}}], %{{.*}} -> memref<256x64xbf16
// CHECK-NOT: nvgpu.tma.async.load %[[DB]]
// CHECK: nvvm.setmaxregister  increase 224
// CHECK: nvgpu.mbarrier.try_wait.parity
// B K-major: leading byte offset 16, the next k 32 bytes on.
// CHECK: arith.ori %{{.*}}, %c4611686293305360384_i64 : i64
// CHECK: %[[WB:.*]] = arith.ori %{{.*}}, %c4611686293305360384_i64_{{[0-9]+}} : i64
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %[[WB]], %{{.*}}, <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// CHECK: arith.addi %[[WB]], %c2_i64{{.*}} : i64

// CHECK-LABEL: gpu.func @mm_atbt(
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <col>], B[<f16>, <one>, <col>]

// CHECK-LABEL: gpu.func @bmm_bt(
// CHECK: !nvgpu.tensormap.descriptor<tensor = memref<1x256x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: nvgpu.tma.async.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} -> memref<1x256x64xbf16
// CHECK: nvvm.wgmma.mma_async {{.*}} A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]

// -----

// TF32: f32 inputs on tensor cores only with offload.allow_tf32 (here on the
// module; the op or kernel works too). k in slices of 32 (128 bytes),
// wgmma m64n256k8 with both operands K-major. B[n][k] is read as it is; an
// f32 B[k][n] arrives as eight swizzled 32 (k) x 32 (n) boxes and the kernel
// computes C^T = B^T A^T: per warpgroup two m64n128k8 wgmma (inline PTX) take
// B's slice from registers (scalar shared-memory loads at the swizzled chunk)
// and A's slice, K-major, as their B (4 stages, 197632 bytes, as for 16-bit
// types).
module attributes {offload.allow_tf32, offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @tf32_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k], k in slices of 32 loaded by TMA through 4 shared-memory stages; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid}}
  offload.kernel @tf32_bt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // expected-remark@+1 {{kernel @tf32: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 32 loaded by TMA through 4 shared-memory stages, computed as C^T = B^T A^T with B's slices loaded into registers (TF32 wgmma reads shared memory only k-contiguous); elsewhere}}
  offload.kernel @tf32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // f16 inputs do not change.
  // expected-remark@+1 {{kernel @f16: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores}}
  offload.kernel @f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// The host copy stays exact f32.
// CHECK-LABEL: func.func private @__offload_fallback_tf32(
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK-NOT: tf32

// CHECK-LABEL: gpu.func @tf32_bt(
// CHECK: arith.cmpi uge, %{{.*}}, %c197632_i32 : i32
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<256x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: nvgpu.tma.async.load %[[DA]]{{.*}} -> memref<128x32xf32
// CHECK: nvgpu.tma.async.load %[[DB]]{{.*}} -> memref<256x32xf32
// CHECK-NOT: vector.load
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 8>, D[<f32>, <one>], A[<tf32>, <one>, <row>], B[<tf32>, <one>, <col>]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned

// CHECK-LABEL: gpu.func @tf32(
// CHECK: arith.cmpi uge, %{{.*}}, %c197632_i32 : i32
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<32x32xf32, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK-COUNT-8: nvgpu.tma.async.load %[[DB]]{{.*}} -> memref<32x32xf32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!llvm.struct<(f32,
// CHECK: nvgpu.mbarrier.try_wait.parity
// The previous slice's wgmma read their fragments from registers: they are
// done before these registers are loaded again.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// The fragments: 2 n-blocks x 4 registers x 4 k-steps of 8, one f32 each,
// at the chunk (n / 4) ^ k of the swizzle; then the fence and per k-step
// one m64n128k8 per n-block, all 128 m of A's slice as wgmma's B.
// CHECK: arith.xori
// CHECK-COUNT-32: memref.load %{{.*}} : memref<8192xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-8: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {$0, {{.*}}, $63}, {$128, $129, $130, $131}, $132, p, 1, 1;{{.*}}"=f,{{.*}},r,r,r,r,l,r"
// CHECK-NOT: llvm.inline_asm
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// The accumulators go to C transposed: C[m][n] from row n, column m of C^T,
// one element at a time (a register pair is two rows of C).
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: scf.if
// CHECK-COUNT-128: memref.store %{{.*}} : memref<?x?xf32>
// CHECK: } else {

// CHECK-LABEL: gpu.func @f16(
// CHECK: nvvm.wgmma.mma_async {{.*}} A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]

// -----

// An sm_75 target has no tensor cores of either kind: the tiled
// contraction of 256 threads (sm_80 gets mma.sync:
// mma-sync-contraction.mlir).
module attributes {offload.targets = [#offload.nvptx<chip = "sm_75", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tiled-contraction'}}
  offload.kernel @mm80(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_75 [#nvvm.target<O = 3, chip = "sm_75">]
// CHECK: gpu.func @mm80(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: nvgpu.

// -----

// batch_matmul (bf16 inputs, f32 output after a fill): 3-D tensor maps with
// the batch outermost, boxes of one batch; the tiles of each batch in
// turn, the batch in C's indices.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @bmm: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup}}
  offload.kernel @bmm(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }
  // A generic with a batch dimension is one too.
  // expected-remark@+1 {{kernel @bmm_generic: strategy 'tensor-core-contraction': 'linalg.generic' of f16}}
  offload.kernel @bmm_generic(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf16>) {
    linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                    iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%c : memref<?x?x?xf16>) {
    ^bb0(%x: f16, %y: f16, %acc: f16):
      %p = arith.mulf %x, %y : f16
      %s = arith.addf %acc, %p : f16
      linalg.yield %s : f16
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @bmm(
// CHECK-SAME: %[[MAPA:[^:]*]]: i64, %[[MAPB:[^:]*]]: i64)
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// The tiles of all batches, batch z = tile / tiles per batch (the
// prologue's loads: tile = block + (slice / numK) * blocks).
// CHECK: %[[PER:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[BATCH:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?x?xf32>
// CHECK: %[[TILES:.*]] = arith.muli %[[PER]], %[[BATCH]] : index
// CHECK: %[[Z0:.*]] = arith.divui %{{.*}}, %[[PER]] : index
// CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %{{.*}}, %[[Z0]]], %{{.*}} to %{{.*}} : {{.*}} -> memref<1x128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]][%{{.*}}, %{{.*}}, %[[Z0]]], %{{.*}} to %{{.*}} : {{.*}} -> memref<1x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %[[TILES]] step
// CHECK: %[[Z:.*]] = arith.divui %[[T]], %[[PER]] : index
// CHECK: arith.remui %[[T]], %[[PER]] : index
// CHECK: scf.for
// CHECK: nvvm.wgmma.mma_async
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] {alignment = 8 : i64} : memref<?x?x?xf32>, vector<2xf32>

// CHECK-LABEL: gpu.func @bmm_generic(
// CHECK: nvgpu.tma.async.load {{.*}} -> memref<1x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvvm.wgmma.mma_async {{.*}} A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: vector.store %{{.*}} {alignment = 4 : i64} : memref<?x?x?xf16>, vector<2xf16>

// -----

// An elementwise op on the matmul's result (bias along n, gelu in its tanh
// form, rounded to a bf16 D) runs in the epilogue: each accumulator gets
// the fill's value added, is stored to C (which the kernel still writes),
// goes through the op's body with the bias loaded at its column, and D gets
// one vector per register pair (2 elements, 4 bytes of bf16) where aligned,
// one element at a time elsewhere. The tiled contraction that runs without tensor maps applies
// the same body to each element it stores.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_bias_gelu: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 64 loaded by TMA through 4 shared-memory stages; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid; the fill as the accumulators' initial value; epilogue fused into the tensor-core contraction: 'linalg.generic' computed on each element of the tile before it is stored}}
  offload.kernel @mm_bias_gelu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %bias: memref<?xf32>, %c: memref<?x?xf32>, %d: memref<?x?xbf16>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : memref<?x?xf32>, memref<?xf32>) outs(%d : memref<?x?xbf16>) {
    ^bb0(%x: f32, %bv: f32, %out: bf16):
      %y = arith.addf %x, %bv : f32
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %k0 = arith.constant 0.797884583 : f32
      %k1 = arith.constant 4.471500e-02 : f32
      %y2 = arith.mulf %y, %y : f32
      %y3 = arith.mulf %y2, %y : f32
      %t0 = arith.mulf %y3, %k1 : f32
      %t1 = arith.addf %y, %t0 : f32
      %t2 = arith.mulf %t1, %k0 : f32
      %t3 = math.tanh %t2 : f32
      %t4 = arith.addf %t3, %one : f32
      %t5 = arith.mulf %y, %half : f32
      %g = arith.mulf %t5, %t4 : f32
      %r = arith.truncf %g : f32 to bf16
      linalg.yield %r : bf16
    }
    offload.return
  }
}

// The host copy runs the ops one after the other.
// CHECK-LABEL: func.func private @__offload_fallback_mm_bias_gelu(
// CHECK: math.tanh
// CHECK: arith.truncf %{{.*}} : f32 to bf16

// CHECK-LABEL: gpu.func @mm_bias_gelu(
// The tensor-core epilogue: C's pair, then the body on each of its two
// elements (the bias at the element's column), one bf16 pair into D.
// CHECK: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %[[V]] : vector<2xf32>
// CHECK: vector.store %[[S]], %{{.*}} {alignment = 8 : i64} : memref<?x?xf32>, vector<2xf32>
// CHECK: vector.extract %[[S]][0] : f32 from vector<2xf32>
// CHECK: memref.load %{{.*}} : memref<?xf32>
// CHECK: math.tanh
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: vector.extract %[[S]][1] : f32 from vector<2xf32>
// CHECK: math.tanh
// CHECK: %[[R:.*]] = vector.from_elements %{{.*}}, %{{.*}} : vector<2xbf16>
// CHECK: vector.store %[[R]], %{{.*}} {alignment = 4 : i64} : memref<?x?xbf16>, vector<2xbf16>
// Elsewhere one element at a time.
// CHECK: } else {
// CHECK: memref.store %{{.*}} : memref<?x?xf32>
// CHECK: math.tanh
// CHECK: memref.store %{{.*}} : memref<?x?xbf16>
// Without tensor maps: the tiled contraction, the body on each element.
// CHECK: } else {
// CHECK: memref.store %{{.*}} : memref<?x?xf32>
// CHECK: math.tanh
// CHECK: memref.store %{{.*}} : memref<?x?xbf16>
// CHECK: gpu.return

// -----

// N known to fit 128 columns: 128x128 tiles (wgmma m64n128, 64 accumulators
// per thread), B's slice as two 64x64 boxes, stages of 32 KiB, so 6 of them
// in the same 197632 bytes. A dynamic N keeps 256-wide tiles.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @narrow: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x128 (N fits) output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 64 loaded by TMA through 6 shared-memory stages}}
  offload.kernel @narrow(%a: memref<?x?xbf16>, %b: memref<?x120xbf16>, %c: memref<?x120xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x120xbf16>) outs(%c : memref<?x120xf32>)
    offload.return
  }
  // expected-remark@+1 {{kernel @wide: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block}}
  offload.kernel @wide(%a: memref<?x?xbf16>, %b: memref<?x136xbf16>, %c: memref<?x136xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x136xbf16>) outs(%c : memref<?x136xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.func @narrow(
// CHECK: arith.cmpi uge, %{{.*}}, %c197632_i32 : i32
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 6>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.*}}, %c32768
// CHECK: nvgpu.tma.async.load %{{.*}} -> memref<128x64xbf16
// CHECK-COUNT-2: nvgpu.tma.async.load %{{.*}} -> memref<64x64xbf16
// CHECK-NOT: nvgpu.tma.async.load
// CHECK-NOT: nvvm.setmaxregister
// CHECK: llvm.mlir.zero : !llvm.struct<([[F64:(f32, ){63}f32]])>
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, {{.*}} -> !llvm.struct<([[F64]])>
// CHECK-LABEL: gpu.func @wide(
// CHECK: num_barriers = 4>
// CHECK: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 256, k = 16>
