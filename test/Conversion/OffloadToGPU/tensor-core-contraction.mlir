// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s
// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu=remarks=true -verify-diagnostics -o /dev/null

// The tensor-core contraction strategy: a bf16 or f16 matmul in a module with
// an sm_90 target. The NVIDIA device module is built for sm_90a (PTX 8.0);
// its kernel runs two warpgroups per 128x256 output tile (64 rows each),
// k-slices of 64 loaded by TMA into dynamic shared memory through 4 mbarrier
// stages and multiplied by nvgpu.warpgroup.mma, when both tensor maps (the
// kernel's two last parameters) are there and the launch gave 197632 bytes
// of dynamic shared memory; otherwise the tiled contraction (128x128 tiles,
// 256 threads). The AMD module and the host copy keep the same parameters.

// bf16 inputs, f32 output, after a fill.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">,
                                      #offload.amdgpu<chip = "gfx942">]} {
  // expected-remark@+1 {{kernel @mm: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 warpgroups, k in slices of 64 loaded by TMA through 4 shared-memory stages; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid; the fill as the accumulators' initial value}}
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
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 256, 1, 1>}
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
// CHECK: %[[BARS:.*]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// CHECK-COUNT-4: nvgpu.mbarrier.init %[[BARS]]
// CHECK: gpu.barrier
// CHECK: %[[PA:.*]] = llvm.inttoptr %[[MAPA]] : i64 to !llvm.ptr
// CHECK: %[[DA:.*]] = builtin.unrealized_conversion_cast %[[PA]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: %[[PB:.*]] = llvm.inttoptr %[[MAPB]] : i64 to !llvm.ptr
// CHECK: %[[DB:.*]] = builtin.unrealized_conversion_cast %[[PB]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: nvgpu.tma.prefetch.descriptor %[[DA]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index) {
// The prologue: the first 3 slices, from one thread, 49152 bytes a stage:
// A's 128x64 box and four 64x64 boxes of B.
// CHECK: scf.if
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BARS]][%{{.*}}], %c49152
// CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %{{.*}}], %[[BARS]][%{{.*}}] to %{{.*}} : {{.*}} -> memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]][%{{.*}}, %{{.*}}], %[[BARS]][%{{.*}}] to %{{.*}} : {{.*}} -> memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// Each warpgroup: a 64x256 accumulator, its 64 rows of A's slice.
// CHECK: %[[INIT:.*]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x256xf32>>
// CHECK: %[[AOFF:.*]] = arith.muli %[[WG]], %c8192
// The main loop: wait for the stage's phase, multiply, refill.
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C:.*]] = %[[INIT]]) -> (!nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>>) {
// CHECK: nvgpu.mbarrier.try_wait.parity %[[BARS]][%{{.*}}], %{{.*}}, %{{.*}}
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %c49152
// CHECK: %[[AW:.*]] = arith.addi %[[OFF]], %[[AOFF]]
// CHECK: %[[AWP:.*]] = arith.addi %{{.*}}, %[[AW]]
// CHECK: %[[AV:.*]] = memref.view %[[SMEM]][%[[AWP]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[WA:.*]] = nvgpu.warpgroup.generate.descriptor %[[AV]], %[[DA]]
// CHECK: %[[WB:.*]] = nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[DB]] : memref<64x256xbf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma %[[WA]], %[[WB]], %[[C]] {transposeB} : <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xbf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x256xf32>> -> <fragmented = vector<64x256xf32>>
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.tma.async.load
// CHECK: scf.yield
// The epilogue: through shared memory (each warpgroup stores its fragments
// into its 64 rows of the staged tile, two f32 at a time), then 16 bytes of
// C per thread where C is aligned and the 4 columns lie inside it, single
// elements behind bounds checks elsewhere.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[STAGED:.*]] = memref.view %[[SMEM]]{{.*}} to memref<128x264xf32, #gpu.address_space<workgroup>>
// CHECK: %[[REGS:.*]] = builtin.unrealized_conversion_cast %[[ACC]] : !nvgpu.warpgroup.accumulator<fragmented = vector<64x256xf32>> to !llvm.struct<(struct<(f32, {{.*}})>)>
// CHECK: %[[ROW:.*]] = arith.muli %[[WG]], %c64
// CHECK: %[[X:.*]] = llvm.extractvalue %[[REGS]][0, 0]
// CHECK: %[[Y:.*]] = llvm.extractvalue %[[REGS]][0, 1]
// CHECK: %[[XY:.*]] = vector.from_elements %[[X]], %[[Y]] : vector<2xf32>
// CHECK: vector.store %[[XY]], %[[STAGED]][%{{.*}}, %{{.*}}] {alignment = 8 : i64}
// CHECK-COUNT-63: vector.store %{{.*}}, %[[STAGED]]
// CHECK: gpu.barrier
// CHECK: memref.extract_aligned_pointer_as_index %{{.*}} : memref<?x?xf32>
// CHECK: scf.for
// CHECK: scf.if
// CHECK: %[[V:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<128x264xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %[[V]] : vector<4xf32>
// CHECK: vector.store %[[S]], %{{.*}} {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: memref.store %{{.*}} : memref<?x?xf32>
// CHECK: nvvm.fence.proxy
// CHECK: } else {
// Without tensor maps: the tiled contraction, 128x128 tiles, 8x8 per thread.
// CHECK: vector.load
// CHECK: iter_args
// CHECK-SAME: -> (f32, f32,

// The AMD module: the tiled contraction alone, same parameters.
// CHECK-LABEL: gpu.module @__offload_amdgpu_gfx942
// CHECK: gpu.func @mm(%{{.*}}: !llvm.ptr, %{{.*}}, %{{.*}}: i64, %{{.*}}: i64)
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: nvgpu.
// CHECK: gpu.return

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
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>
// 8 elements (16 bytes) of C per thread and step.
// CHECK: %[[V:.*]] = vector.load %{{.*}} {alignment = 32 : i64} : memref<128x264xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK: %[[OLDV:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK: %[[WIDEV:.*]] = arith.extf %[[OLDV]] : vector<8xf16> to vector<8xf32>
// CHECK: %[[SUMV:.*]] = arith.addf %[[WIDEV]], %[[V]] : vector<8xf32>
// CHECK: %[[OUTV:.*]] = arith.truncf %[[SUMV]] : vector<8xf32> to vector<8xf16>
// CHECK: vector.store %[[OUTV]], %{{.*}} {alignment = 16 : i64} : memref<?x?xf16>, vector<8xf16>
// CHECK: } else {
// CHECK: %[[OLD:.*]] = memref.load %{{.*}} : memref<?x?xf16>
// CHECK: %[[WIDE:.*]] = arith.extf %[[OLD]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WIDE]], %{{.*}} : f32
// CHECK: %[[OUT:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[OUT]], %{{.*}} : memref<?x?xf16>

// -----

// No tensor cores: f32 inputs, an sm_80 target, a transposed B (with and
// without a batch), a batch that is not outermost, rows TMA cannot take:
// the tiled contraction, with the reason when the target has wgmma.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tiled-contraction': 'linalg.matmul' in 256x128 output tiles per block, 16x8 per thread, k in steps of 8 through shared memory (not on tensor cores: inputs that are not both f16 or both bf16)}}
  offload.kernel @f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  // expected-remark@+1 {{(not on tensor cores: operands that are not A[b][m][k] and B[b][k][n])}}
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
  // expected-remark@+1 {{(not on tensor cores: operands that are not A[m][k] and B[k][n])}}
  offload.kernel @mm_bt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>],
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

// -----

// An sm_80 target has no wgmma: the tiled contraction of 256 threads.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "cubin">]} {
  // expected-remark@+1 {{strategy 'tiled-contraction'}}
  offload.kernel @mm80(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }
}

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80 [#nvvm.target<O = 3, chip = "sm_80">]
// CHECK: gpu.func @mm80(
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: nvgpu.

// -----

// batch_matmul (bf16 inputs, f32 output after a fill): 3-D tensor maps with
// the batch outermost, boxes of one batch; the wgmma descriptors take the
// maps as 2-D boxes; the tiles of each batch in turn, the batch in C's
// indices.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @bmm: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 warpgroups}}
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
// CHECK: %[[DA2:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK: %[[DB2:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>
// The tiles of all batches, batch z = tile / tiles per batch.
// CHECK: %[[PER:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[BATCH:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?x?xf32>
// CHECK: %[[TILES:.*]] = arith.muli %[[PER]], %[[BATCH]] : index
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %[[TILES]] step
// CHECK: %[[Z:.*]] = arith.divui %[[T]], %[[PER]] : index
// CHECK: arith.remui %[[T]], %[[PER]] : index
// CHECK: nvgpu.tma.async.load %[[DA]][%{{.*}}, %{{.*}}, %[[Z]]], %{{.*}} to %{{.*}} : {{.*}} -> memref<1x128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: nvgpu.tma.async.load %[[DB]][%{{.*}}, %{{.*}}, %[[Z]]], %{{.*}} to %{{.*}} : {{.*}} -> memref<1x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: scf.for
// CHECK: nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[DA2]]
// CHECK: nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[DB2]]
// CHECK: nvgpu.warpgroup.mma
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[Z]], %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?x?xf32>, vector<4xf32>

// CHECK-LABEL: gpu.func @bmm_generic(
// CHECK: nvgpu.tma.async.load {{.*}} -> memref<1x128x64xf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.warpgroup.mma {{.*}} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x256xf16, #gpu.address_space<workgroup>>>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?x?x?xf16>, vector<8xf16>

// -----

// An elementwise op on the matmul's result (bias along n, gelu in its tanh
// form, rounded to a bf16 D) runs in the epilogue: each element of the f32
// tile staged in shared memory gets the fill's value added, is stored to C
// (which the kernel still writes), goes through the op's body with the
// bias loaded at its column, and D gets one vector per 16 bytes of C (4
// elements, 8 bytes of bf16) where aligned, one element at a time
// elsewhere. The tiled contraction that runs without tensor maps applies
// the same body to each element it stores.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "cubin">]} {
  // expected-remark@+1 {{kernel @mm_bias_gelu: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 warpgroups, k in slices of 64 loaded by TMA through 4 shared-memory stages; elsewhere, and when the runtime gives no tensor maps, the tiled contraction on the same grid; the fill as the accumulators' initial value; epilogue fused into the tensor-core contraction: 'linalg.generic' computed on each element of the tile before it is stored}}
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
// The tensor-core epilogue: C's vector, then the body on each of its four
// elements (the bias at the element's column), one bf16 vector into D.
// CHECK: nvgpu.warpgroup.mma
// CHECK: %[[V:.*]] = vector.load %{{.*}} : memref<128x264xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %[[V]] : vector<4xf32>
// CHECK: vector.store %[[S]], %{{.*}} {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK: vector.extract %[[S]][0] : f32 from vector<4xf32>
// CHECK: memref.load %{{.*}} : memref<?xf32>
// CHECK: math.tanh
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: vector.extract %[[S]][3] : f32 from vector<4xf32>
// CHECK: math.tanh
// CHECK: %[[R:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xbf16>
// CHECK: vector.store %[[R]], %{{.*}} {alignment = 8 : i64} : memref<?x?xbf16>, vector<4xbf16>
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
