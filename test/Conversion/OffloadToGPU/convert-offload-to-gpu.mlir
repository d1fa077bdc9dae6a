// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu | FileCheck %s

// One device module per target, each holding every kernel lowered to the
// runtime's calling convention, plus a host copy of every kernel. Non-default
// chips show that the module names and targets come from the attributes.
// Only AMDGPU kernels get an attribute of their own: the largest workgroup
// they accept.

// CHECK-LABEL: module attributes {gpu.container_module, offload.targets = [#offload.nvptx<chip = "sm_80">, #offload.amdgpu<chip = "gfx90a">, #offload.host]}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80">,
                                      #offload.amdgpu<chip = "gfx90a">,
                                      #offload.host]} {
  // The callee stays on the host, public, for the host copies.
  // CHECK: func.func @square(%{{.*}}: f32) -> f32
  func.func @square(%v: f32) -> f32 {
    %r = arith.mulf %v, %v : f32
    return %r : f32
  }

  // The kernel itself stays: launches refer to it.
  // CHECK-LABEL: offload.kernel @saxpy(
  // CHECK-SAME: %{{.*}}: f32, %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>)
  // CHECK: scf.parallel
  // CHECK: offload.return
  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %sq = func.call @square(%ax) : (f32) -> f32
      %r = arith.addf %sq, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }
}

// The host copy, right after the kernel: private, with internal linkage so
// that the copies of modules linked into one program do not clash; same
// calling convention, loops kept as written.
// CHECK-LABEL: func.func private @__offload_fallback_saxpy(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[HA:[^:]+]]: i64, %[[HX:[^:]+]]: !llvm.ptr, %[[HXN:[^:]+]]: i64, %[[HY:[^:]+]]: !llvm.ptr, %[[HYN:[^:]+]]: i64) attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK: %[[HAI:.*]] = arith.trunci %[[HA]] : i64 to i32
// CHECK: %[[HAF:.*]] = arith.bitcast %[[HAI]] : i32 to f32
// CHECK: llvm.insertvalue %[[HX]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[HXN]], %{{.*}}[3, 0]
// CHECK: %[[HXM:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK: llvm.insertvalue %[[HY]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[HYN]], %{{.*}}[3, 0]
// CHECK: %[[HYM:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK-NOT: gpu.thread_id
// CHECK: scf.parallel (%[[HI:.*]]) =
// CHECK: memref.load %[[HXM]][%[[HI]]]
// CHECK: arith.mulf %[[HAF]],
// CHECK: func.call @square(
// CHECK: memref.store %{{.*}}, %[[HYM]][%[[HI]]]
// CHECK: return

// NVPTX: a gpu.func kernel whose first parameter is the runtime's pointer,
// then one i64 per scalar and a pointer plus one i64 per dynamic size.
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_80 [#nvvm.target<O = 3, chip = "sm_80">] attributes {offload.target = #offload.nvptx<chip = "sm_80">} {
// Buffer pointers are noalias (a written buffer has one argument), x is
// only read (readonly: loads through the read-only data cache).
// CHECK: gpu.func @saxpy(%{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: i64, %[[X:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.readonly}, %[[XN:[^:]+]]: i64, %[[Y:[^:]+]]: !llvm.ptr {llvm.noalias}, %[[YN:[^:]+]]: i64) kernel {
// The scalar: its bits in the low half of the i64.
// CHECK: %[[AI:.*]] = arith.trunci %[[A]] : i64 to i32
// CHECK: %[[AF:.*]] = arith.bitcast %[[AI]] : i32 to f32
// The descriptors, rebuilt from a pointer and the dynamic size.
// CHECK: %[[XD0:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[XD1:.*]] = llvm.insertvalue %[[X]], %[[XD0]][0]
// CHECK: %[[XD2:.*]] = llvm.insertvalue %[[X]], %[[XD1]][1]
// CHECK: %[[XOFF:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[XD3:.*]] = llvm.insertvalue %[[XOFF]], %[[XD2]][2]
// CHECK: %[[XD4:.*]] = llvm.insertvalue %[[XN]], %[[XD3]][3, 0]
// CHECK: %[[XSTRIDE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[XD5:.*]] = llvm.insertvalue %[[XSTRIDE]], %[[XD4]][4, 0]
// CHECK: %[[XM:.*]] = builtin.unrealized_conversion_cast %[[XD5]] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK: llvm.insertvalue %[[Y]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[Y]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[YN]], %{{.*}}[3, 0]
// CHECK: %[[YM:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// The 1-D loop on x: from the global id, by the grid size.
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = memref.dim %[[XM]], %[[C0]] : memref<?xf32>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[BDIM:.*]] = gpu.block_dim x
// CHECK: %[[GDIM:.*]] = gpu.grid_dim x
// CHECK: %[[BASE:.*]] = arith.muli %[[BID]], %[[BDIM]] : index
// CHECK: %[[GID:.*]] = arith.addi %[[BASE]], %[[TID]] : index
// CHECK: %[[NTHREADS:.*]] = arith.muli %[[GDIM]], %[[BDIM]] : index
// When the grid has a thread for every 4 iterations (the default grid of a
// launch), each thread runs the 4 iterations from the start plus 4 times
// its id, the start being the lower bound moved up to where x's elements
// are 16-byte aligned (when every buffer is aligned there): unrolled with
// the iterations' operations interleaved, the accesses aligned as their
// place in the chunk allows and the stores one vector store; the thread
// after the last whole chunk runs the iterations before the start and
// after its chunk's start one by one.
// CHECK: %[[SHIFT:.*]] = arith.divui
// CHECK: %[[SHIFTED:.*]] = arith.subi %[[C0]], %[[SHIFT]] : index
// CHECK: %[[ALIGNED:.*]] = arith.andi
// CHECK: %[[UP:.*]] = arith.select %{{.*}}, %{{.*}}, %[[C0]] : index
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[UP]], %[[N]] : index
// CHECK: %[[START:.*]] = arith.select %[[ALIGNED]], %[[CLAMPED]], %[[C0]] : index
// CHECK: %[[EXTENT:.*]] = arith.subi %[[N]], %[[C0]] : index
// CHECK: %[[REACH:.*]] = arith.muli %[[NTHREADS]], %[[C1]] overflow<nsw, nuw> : index
// CHECK: %[[REACH4:.*]] = arith.muli %[[REACH]], %{{.*}} overflow<nsw, nuw> : index
// CHECK: %[[COVERED:.*]] = arith.cmpi sle, %[[EXTENT]], %[[REACH4]] : index
// CHECK: scf.if %[[COVERED]] {
// CHECK: %[[OFF1:.*]] = arith.muli %[[GID]], %[[C1]] overflow<nsw, nuw> : index
// CHECK: %[[OFF4:.*]] = arith.muli %[[OFF1]], %{{.*}} overflow<nsw, nuw> : index
// CHECK: %[[I1:.*]] = arith.addi %[[START]], %[[OFF4]] : index
// CHECK: %[[END:.*]] = arith.addi %[[I1]], %{{.*}} : index
// CHECK: %[[FULL:.*]] = arith.cmpi sle, %[[END]], %[[N]] : index
// CHECK: scf.if %[[FULL]] {
// CHECK: scf.if %[[ALIGNED]] {
// CHECK: memref.load %[[XM]][%[[I1]]] {alignment = 16 : i64} : memref<?xf32>
// CHECK-NEXT: memref.load %[[XM]][%{{.*}}] : memref<?xf32>
// CHECK-NEXT: memref.load %[[XM]][%{{.*}}] {alignment = 8 : i64} : memref<?xf32>
// CHECK-NEXT: memref.load %[[XM]][%{{.*}}] : memref<?xf32>
// CHECK-NEXT: memref.load %[[YM]][%[[I1]]] {alignment = 16 : i64} : memref<?xf32>
// CHECK-COUNT-4: arith.mulf %[[AF]], %{{.*}} : f32
// CHECK-COUNT-4: func.call @square(
// CHECK-COUNT-4: arith.addf
// CHECK-NEXT: %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK-NEXT: vector.store %[[V]], %[[YM]][%[[I1]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT: } else {
// CHECK-COUNT-4: func.call @square(
// CHECK-COUNT-4: memref.store %{{.*}}, %[[YM]][%{{.*}}] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK: %[[LAST:.*]] = arith.cmpi sle, %[[I1]], %[[N]] : index
// CHECK: scf.if %[[LAST]] {
// CHECK: scf.for %[[H:.*]] = %[[C0]] to %[[START]] step %{{.*}} {
// CHECK: memref.store %{{.*}}, %[[YM]][%[[H]]] : memref<?xf32>
// CHECK: scf.for %[[T:.*]] = %[[I1]] to %[[N]] step %{{.*}} {
// CHECK: memref.store %{{.*}}, %[[YM]][%[[T]]] : memref<?xf32>
// Otherwise (an explicit grid) a grid-stride loop.
// CHECK: } else {
// CHECK: %[[FIRST:.*]] = arith.muli %[[GID]], %[[C1]] : index
// CHECK: %[[LB:.*]] = arith.addi %[[C0]], %[[FIRST]] : index
// CHECK: %[[STEP:.*]] = arith.muli %[[NTHREADS]], %[[C1]] : index
// CHECK: scf.for %[[I:.*]] = %[[LB]] to %[[N]] step %[[STEP]] {
// CHECK: memref.load %[[XM]][%[[I]]] : memref<?xf32>
// CHECK: memref.load %[[YM]][%[[I]]] : memref<?xf32>
// CHECK: arith.mulf %[[AF]], %{{.*}} : f32
// CHECK: func.call @square(
// CHECK: memref.store %{{.*}}, %[[YM]][%[[I]]] : memref<?xf32>
// CHECK-NOT: scf.parallel
// CHECK: gpu.return
// The callee, copied into the device module, private and internal there.
// CHECK: func.func private @square(%{{[^:]+}}: f32) -> f32 attributes {llvm.linkage = #llvm.linkage<internal>} {

// AMDGPU: the same kernel, code object version 5, accepting workgroups of up
// to 1024 work-items (the default is 256).
// CHECK-LABEL: gpu.module @__offload_amdgpu_gfx90a [#rocdl.target<O = 3, chip = "gfx90a", abi = "500">] attributes {offload.target = #offload.amdgpu<chip = "gfx90a">} {
// CHECK: gpu.func @saxpy(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr {llvm.noalias}, %{{[^:]+}}: i64) kernel attributes {rocdl.flat_work_group_size = "1,1024"} {
// CHECK: builtin.unrealized_conversion_cast
// CHECK: gpu.thread_id x
// CHECK: scf.for
// CHECK-NOT: scf.parallel
// CHECK: gpu.return
// CHECK: func.func private @square(%{{[^:]+}}: f32) -> f32 attributes {llvm.linkage = #llvm.linkage<internal>} {

// Host: a public func.func the host plugin calls once; the loops stay.
// CHECK-LABEL: gpu.module @__offload_host [#offload.host] attributes {offload.target = #offload.host} {
// CHECK: func.func @saxpy(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64) {
// CHECK-NOT: gpu.thread_id
// CHECK: scf.parallel
// CHECK: return
// CHECK: func.func private @square(%{{[^:]+}}: f32) -> f32 attributes {llvm.linkage = #llvm.linkage<internal>} {

// -----

// Grid mapping, scalars and memref layouts, on one GPU target.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  // 2-D: the inner (last) loop dimension goes to x, the outer one to y; lower
  // bound and step of each dimension are kept.
  offload.kernel @copy2d(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c1) to (%m, %n) step (%c1, %c2) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %v, %b[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  // 3-D: z, y, x from the outermost dimension in.
  offload.kernel @fill3d(%a: memref<?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %d0 = memref.dim %a, %c0 : memref<?x?x?xf32>
    %d1 = memref.dim %a, %c1 : memref<?x?x?xf32>
    %d2 = memref.dim %a, %c2 : memref<?x?x?xf32>
    %f = arith.constant 1.0 : f32
    scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%d0, %d1, %d2) step (%c1, %c1, %c1) {
      memref.store %f, %a[%i, %j, %k] : memref<?x?x?xf32>
    }
    offload.return
  }

  // scf.forall is distributed the same way.
  offload.kernel @fill_forall(%a: memref<?x?xf32>, %v: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    scf.forall (%i, %j) in (%m, %n) {
      memref.store %v, %a[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  // No parallel loop: the body runs on the first thread only.
  offload.kernel @single(%out: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : i32
    memref.store %c7, %out[%c0] : memref<1xi32>
    offload.return
  }

  // Every scalar width: narrowed from its i64 parameter, floats bitcast.
  offload.kernel @scalars(%out: memref<?xi64>, %p1: i1, %p8: i8, %p16: i16,
                          %p32: i32, %p64: i64, %h: f16, %bh: bf16,
                          %f: f32, %d: f64, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %w = arith.extui %p8 : i8 to i64
      memref.store %w, %out[%i] : memref<?xi64>
    }
    offload.return
  }

  // Static shapes and strides: no parameters, constants in the descriptor.
  offload.kernel @static_shapes(%a: memref<4x8xf32>, %b: memref<16xi8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %v = memref.load %a[%i, %c0] : memref<4x8xf32>
      memref.store %v, %a[%i, %c1] : memref<4x8xf32>
    }
    offload.return
  }

  // Strided layouts: dynamic strides travel as parameters; a static offset
  // stays in the type, so the pointer (to the first element) is stepped back
  // by it; a dynamic offset becomes 0.
  offload.kernel @strided(%a: memref<?x?xf32, strided<[?, ?], offset: 5>>,
                          %b: memref<?xf64, strided<[?], offset: ?>>,
                          %c: memref<4xf32, strided<[2], offset: 3>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?x?xf32, strided<[?, ?], offset: 5>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i, %c0] : memref<?x?xf32, strided<[?, ?], offset: 5>>
      memref.store %v, %a[%i, %c1] : memref<?x?xf32, strided<[?, ?], offset: 5>>
    }
    offload.return
  }

  // Writing a thread-private alloca outside the parallel loop is fine.
  offload.kernel @private_scratch(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %s = memref.alloca() : memref<1xf32>
    memref.store %two, %s[%c0] : memref<1xf32>
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %s[%c0] : memref<1xf32>
      memref.store %v, %a[%i] : memref<?xf32>
    }
    offload.return
  }
}

// CHECK-LABEL: func.func private @__offload_fallback_copy2d(
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK: scf.parallel
// CHECK-LABEL: func.func private @__offload_fallback_fill3d(
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK: scf.parallel
// CHECK-LABEL: func.func private @__offload_fallback_fill_forall(
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK: scf.forall
// CHECK-LABEL: func.func private @__offload_fallback_single(
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK-NOT: cf.cond_br
// CHECK: memref.store
// CHECK: return

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90">] attributes {offload.target = #offload.nvptx} {

// CHECK-LABEL: gpu.func @copy2d(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.readonly}, %[[AM:[^:]+]]: i64, %[[AN:[^:]+]]: i64, %[[AS:[^:]+]]: i64, %[[B:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.writeonly}, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64) kernel {
// CHECK: llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: llvm.insertvalue %[[AM]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[AN]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[AS]], %{{.*}}[4, 0]
// CHECK: %[[INNER:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.insertvalue %[[INNER]], %{{.*}}[4, 1]
// CHECK: %[[AM2:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf32>
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[0]
// CHECK: %[[BM2:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[M:.*]] = memref.dim %[[AM2]], %[[C0]]
// CHECK: %[[N:.*]] = memref.dim %[[AM2]], %[[C1]]
// Outer dimension (i) on y, inner dimension (j) on x.
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[DY:.*]] = gpu.block_dim y
// CHECK: %[[GY:.*]] = gpu.grid_dim y
// CHECK: %[[BASEY:.*]] = arith.muli %[[BY]], %[[DY]] : index
// CHECK: %[[IDY:.*]] = arith.addi %[[BASEY]], %[[TY]] : index
// CHECK: %[[SIZEY:.*]] = arith.muli %[[GY]], %[[DY]] : index
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[DX:.*]] = gpu.block_dim x
// CHECK: %[[GX:.*]] = gpu.grid_dim x
// CHECK: %[[BASEX:.*]] = arith.muli %[[BX]], %[[DX]] : index
// CHECK: %[[IDX:.*]] = arith.addi %[[BASEX]], %[[TX]] : index
// CHECK: %[[SIZEX:.*]] = arith.muli %[[GX]], %[[DX]] : index
// One iteration per thread when both dimensions are covered; j from lower
// bound 1 by steps of 2.
// CHECK: %[[EXTY:.*]] = arith.subi %[[M]], %[[C0]] : index
// CHECK: %[[REACHY:.*]] = arith.muli %[[SIZEY]], %[[C1]] overflow<nsw, nuw> : index
// CHECK: %[[FITY:.*]] = arith.cmpi sle, %[[EXTY]], %[[REACHY]] : index
// CHECK: %[[EXTX:.*]] = arith.subi %[[N]], %[[C1]] : index
// CHECK: %[[REACHX:.*]] = arith.muli %[[SIZEX]], %[[C2]] overflow<nsw, nuw> : index
// CHECK: %[[FITX:.*]] = arith.cmpi sle, %[[EXTX]], %[[REACHX]] : index
// CHECK: %[[COVERED:.*]] = arith.andi %[[FITY]], %[[FITX]] : i1
// CHECK: scf.if %[[COVERED]] {
// CHECK: %[[OFFY1:.*]] = arith.muli %[[IDY]], %[[C1]] overflow<nsw, nuw> : index
// CHECK: %[[I1:.*]] = arith.addi %[[C0]], %[[OFFY1]] : index
// CHECK: %[[INY:.*]] = arith.cmpi slt, %[[I1]], %[[M]] : index
// CHECK: %[[OFFX1:.*]] = arith.muli %[[IDX]], %[[C2]] overflow<nsw, nuw> : index
// CHECK: %[[J1:.*]] = arith.addi %[[C1]], %[[OFFX1]] : index
// CHECK: %[[INX:.*]] = arith.cmpi slt, %[[J1]], %[[N]] : index
// CHECK: %[[INSIDE:.*]] = arith.andi %[[INY]], %[[INX]] : i1
// CHECK: scf.if %[[INSIDE]] {
// CHECK: %[[V1:.*]] = memref.load %[[AM2]][%[[I1]], %[[J1]]] : memref<?x?xf32>
// CHECK: memref.store %[[V1]], %[[BM2]][%[[I1]], %[[J1]]] : memref<?x?xf32>
// CHECK: } else {
// CHECK: %[[OFFY:.*]] = arith.muli %[[IDY]], %[[C1]] : index
// CHECK: %[[LBY:.*]] = arith.addi %[[C0]], %[[OFFY]] : index
// CHECK: %[[STEPY:.*]] = arith.muli %[[SIZEY]], %[[C1]] : index
// CHECK: scf.for %[[I:.*]] = %[[LBY]] to %[[M]] step %[[STEPY]] {
// CHECK: %[[OFFX:.*]] = arith.muli %[[IDX]], %[[C2]] : index
// CHECK: %[[LBX:.*]] = arith.addi %[[C1]], %[[OFFX]] : index
// CHECK: %[[STEPX:.*]] = arith.muli %[[SIZEX]], %[[C2]] : index
// CHECK: scf.for %[[J:.*]] = %[[LBX]] to %[[N]] step %[[STEPX]] {
// CHECK: %[[V:.*]] = memref.load %[[AM2]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK: memref.store %[[V]], %[[BM2]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NOT: scf.parallel
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @fill3d(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.writeonly}, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64) kernel {
// CHECK: %[[D0:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?x?xf32>
// CHECK: %[[D1:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?x?xf32>
// CHECK: %[[D2:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?x?xf32>
// CHECK: gpu.thread_id z
// CHECK: gpu.block_id z
// CHECK: gpu.block_dim z
// CHECK: gpu.grid_dim z
// CHECK: gpu.thread_id y
// CHECK: gpu.block_id y
// CHECK: gpu.block_dim y
// CHECK: gpu.grid_dim y
// CHECK: gpu.thread_id x
// CHECK: gpu.block_id x
// CHECK: gpu.block_dim x
// CHECK: gpu.grid_dim x
// CHECK: scf.if
// CHECK: scf.if
// CHECK: memref.store
// CHECK: } else {
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[D0]] step
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[D1]] step
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %[[D2]] step
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]], %[[K]]] : memref<?x?x?xf32>
// CHECK-NOT: scf.parallel
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @fill_forall(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.writeonly}, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %{{[^:]+}}: i64, %[[V:[^:]+]]: i64) kernel {
// CHECK: %[[VI:.*]] = arith.trunci %[[V]] : i64 to i32
// CHECK: %[[VF:.*]] = arith.bitcast %[[VI]] : i32 to f32
// CHECK: %[[M:.*]] = memref.dim
// CHECK: %[[N:.*]] = memref.dim
// CHECK-NOT: scf.forall
// CHECK: gpu.thread_id y
// CHECK: gpu.thread_id x
// CHECK: scf.if
// CHECK: scf.if
// CHECK: memref.store %[[VF]], %{{.*}} : memref<?x?xf32>
// CHECK: } else {
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[M]] step
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[N]] step
// CHECK: memref.store %[[VF]], %{{.*}}[%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NOT: scf.forall
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @single(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.writeonly}) kernel {
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: gpu.thread_id x
// CHECK: %[[GIDX:.*]] = arith.addi
// CHECK: %[[ISX:.*]] = arith.cmpi eq, %[[GIDX]], %[[ZERO]] : index
// CHECK: %[[FX:.*]] = arith.andi %[[TRUE]], %[[ISX]] : i1
// CHECK: gpu.thread_id y
// CHECK: %[[GIDY:.*]] = arith.addi
// CHECK: %[[ISY:.*]] = arith.cmpi eq, %[[GIDY]], %[[ZERO]] : index
// CHECK: %[[FY:.*]] = arith.andi %[[FX]], %[[ISY]] : i1
// CHECK: gpu.thread_id z
// CHECK: %[[GIDZ:.*]] = arith.addi
// CHECK: %[[ISZ:.*]] = arith.cmpi eq, %[[GIDZ]], %[[ZERO]] : index
// CHECK: %[[FIRST:.*]] = arith.andi %[[FY]], %[[ISZ]] : i1
// CHECK: cf.cond_br %[[FIRST]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK: ^[[BODY]]:
// CHECK: %[[OUT:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<1xi32>
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: memref.store %[[C7]], %[[OUT]][%{{.*}}] : memref<1xi32>
// CHECK: gpu.return
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: gpu.return

// CHECK-LABEL: gpu.func @scalars(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.writeonly}, %[[OUTN:[^:]+]]: i64, %[[P1:[^:]+]]: i64, %[[P8:[^:]+]]: i64, %[[P16:[^:]+]]: i64, %[[P32:[^:]+]]: i64, %[[P64:[^:]+]]: i64, %[[H:[^:]+]]: i64, %[[BH:[^:]+]]: i64, %[[F:[^:]+]]: i64, %[[D:[^:]+]]: i64, %[[N:[^:]+]]: i64) kernel {
// CHECK-DAG: arith.trunci %[[P1]] : i64 to i1
// CHECK-DAG: %[[V8:.*]] = arith.trunci %[[P8]] : i64 to i8
// CHECK-DAG: arith.trunci %[[P16]] : i64 to i16
// CHECK-DAG: arith.trunci %[[P32]] : i64 to i32
// CHECK-DAG: %[[HI:.*]] = arith.trunci %[[H]] : i64 to i16
// CHECK-DAG: arith.bitcast %[[HI]] : i16 to f16
// CHECK-DAG: %[[BHI:.*]] = arith.trunci %[[BH]] : i64 to i16
// CHECK-DAG: arith.bitcast %[[BHI]] : i16 to bf16
// CHECK-DAG: %[[FI:.*]] = arith.trunci %[[F]] : i64 to i32
// CHECK-DAG: arith.bitcast %[[FI]] : i32 to f32
// CHECK-DAG: arith.bitcast %[[D]] : i64 to f64
// CHECK-DAG: %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK-NOT: %[[P64]] : i64 to
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[NI]] step
// CHECK: arith.extui %[[V8]] : i8 to i64
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @static_shapes(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: !llvm.ptr {llvm.noalias}, %[[B:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.readonly}) kernel {
// CHECK: llvm.insertvalue %[[A]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[S0:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[3, 0]
// CHECK: %[[S1:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[3, 1]
// CHECK: %[[ST0:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: llvm.insertvalue %[[ST0]], %{{.*}}[4, 0]
// CHECK: %[[ST1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.insertvalue %[[ST1]], %{{.*}}[4, 1]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<4x8xf32>
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: %[[BS:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: llvm.insertvalue %[[BS]], %{{.*}}[3, 0]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<16xi8>
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C4]] step
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @strided(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[A:[^:]+]]: !llvm.ptr {llvm.noalias}, %[[AM:[^:]+]]: i64, %[[AN:[^:]+]]: i64, %[[AS0:[^:]+]]: i64, %[[AS1:[^:]+]]: i64, %[[B:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.readonly}, %[[BN:[^:]+]]: i64, %[[BS:[^:]+]]: i64, %[[C:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.readonly}) kernel {
// Offset 5 of f32: 20 bytes back, an i64 index.
// CHECK: %[[ABACK:.*]] = llvm.mlir.constant(-20 : i64) : i64
// CHECK: %[[ABASE:.*]] = llvm.getelementptr %[[A]][%[[ABACK]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[ABASE]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[ABASE]], %{{.*}}[1]
// CHECK: %[[AOFF:.*]] = llvm.mlir.constant(5 : i64) : i64
// CHECK: llvm.insertvalue %[[AOFF]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[AM]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[AN]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[AS0]], %{{.*}}[4, 0]
// CHECK: llvm.insertvalue %[[AS1]], %{{.*}}[4, 1]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<?x?xf32, strided<[?, ?], offset: 5>>
// Dynamic offset: the pointer is used as is, with offset 0.
// CHECK-NOT: llvm.getelementptr %[[B]]
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[1]
// CHECK: %[[BOFF:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: llvm.insertvalue %[[BOFF]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[BN]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[BS]], %{{.*}}[4, 0]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<?xf64, strided<[?], offset: ?>>
// Static stride 2, offset 3 of f32: 12 bytes back.
// CHECK: %[[CBACK:.*]] = llvm.mlir.constant(-12 : i64) : i64
// CHECK: %[[CBASE:.*]] = llvm.getelementptr %[[C]][%[[CBACK]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[CBASE]], %{{.*}}[0]
// CHECK: %[[COFF:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: llvm.insertvalue %[[COFF]], %{{.*}}[2]
// CHECK: %[[CSTRIDE:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: llvm.insertvalue %[[CSTRIDE]], %{{.*}}[4, 0]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<4xf32, strided<[2], offset: 3>>
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @private_scratch(
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[S:.*]] = memref.alloca() : memref<1xf32>
// CHECK: memref.store %[[TWO]], %[[S]][%{{.*}}] : memref<1xf32>
// CHECK: gpu.thread_id x
// CHECK: scf.for
// CHECK: memref.load %[[S]]
// CHECK: gpu.return

// -----

// A static offset whose size in bytes does not fit in 32 bits: 300000000 f64
// elements are 2400000000 bytes. The host copy and the device kernel both
// step the pointer back with an i64 index, which does not wrap around to
// 32 bits (-252516352).

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @large_offset(%a: memref<4xf64, strided<[1], offset: 300000000>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %f = arith.constant 1.0 : f64
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      memref.store %f, %a[%i] : memref<4xf64, strided<[1], offset: 300000000>>
    }
    offload.return
  }
}

// CHECK-LABEL: func.func private @__offload_fallback_large_offset(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[HP:[^:]+]]: !llvm.ptr) attributes {llvm.linkage = #llvm.linkage<internal>} {
// CHECK-NOT: -252516352
// CHECK: %[[HBACK:.*]] = llvm.mlir.constant(-2400000000 : i64) : i64
// CHECK: %[[HBASE:.*]] = llvm.getelementptr %[[HP]][%[[HBACK]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[HBASE]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[HBASE]], %{{.*}}[1]
// CHECK: %[[HOFF:.*]] = llvm.mlir.constant(300000000 : i64) : i64
// CHECK: llvm.insertvalue %[[HOFF]], %{{.*}}[2]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<4xf64, strided<[1], offset: 300000000>>
// CHECK: return

// CHECK-LABEL: gpu.func @large_offset(
// CHECK-SAME: %{{[^:]+}}: !llvm.ptr, %[[P:[^:]+]]: !llvm.ptr {llvm.noalias, llvm.writeonly}) kernel {
// CHECK-NOT: -252516352
// CHECK: %[[BACK:.*]] = llvm.mlir.constant(-2400000000 : i64) : i64
// CHECK: %[[BASE:.*]] = llvm.getelementptr %[[P]][%[[BACK]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK: llvm.insertvalue %[[BASE]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[BASE]], %{{.*}}[1]
// CHECK: %[[OFF:.*]] = llvm.mlir.constant(300000000 : i64) : i64
// CHECK: llvm.insertvalue %[[OFF]], %{{.*}}[2]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<4xf64, strided<[1], offset: 300000000>>
// CHECK: gpu.return

// -----

// A step known only at run time: the grid-stride loop alone (the test for a
// covering grid would need a division, and threads * step could overflow).

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @strided(%a: memref<?xf32>, %s: index) {
    %c0 = arith.constant 0 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %f = arith.constant 2.0 : f32
    scf.parallel (%i) = (%c0) to (%n) step (%s) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    offload.return
  }
}

// CHECK-LABEL: gpu.func @strided(
// CHECK: gpu.grid_dim x
// CHECK-NOT: scf.if
// CHECK: scf.for
// CHECK: memref.store
// CHECK: gpu.return

// -----

// A kernel that some launch passes overlapping buffers (allow_aliasing):
// its buffer pointers may alias, so they are not noalias; what it only
// reads is still readonly.
// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90
// CHECK: gpu.func @shift(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.readonly}, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr {llvm.writeonly}, %{{[^:]+}}: i64) kernel {
// An aggregate's members are annotated one by one.
// CHECK: gpu.func @members(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.readonly}, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr {llvm.noalias, llvm.writeonly}, %{{[^:]+}}: i64, %{{[^:]+}}: i64) kernel {
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @shift(%in: memref<?xf32, strided<[1], offset: ?>>, %out: memref<?xf32, strided<[1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %out, %c0 : memref<?xf32, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %in[%i] : memref<?xf32, strided<[1], offset: ?>>
      memref.store %v, %out[%i] : memref<?xf32, strided<[1], offset: ?>>
    }
    offload.return
  }
  offload.kernel @members(%s: tuple<memref<?xf32>, memref<?xf32>, index>) {
    %a, %b, %n = offload.unpack %s : tuple<memref<?xf32>, memref<?xf32>, index>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xf32>
      memref.store %v, %b[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%x: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %in = memref.subview %x[%c0] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %out = memref.subview %x[%c1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @shift(%in, %out) {allow_aliasing} : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    return
  }
}

// -----

// Regressions found by offload-fuzz: a kernel whose body is only
// offload.return (it hung in the split before the first-thread guard), and
// one with no parallel loop that uses an aggregate's member (it crashed):
// the whole body, argument unpacking included, runs on the first thread.
// CHECK-LABEL: gpu.func @empty(
// CHECK: cf.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK: ^[[BODY]]:
// CHECK-NEXT: gpu.return
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: gpu.return
// CHECK-LABEL: gpu.func @unpacked(
// CHECK: cf.cond_br %{{.*}}, ^[[BODY:.*]], ^
// CHECK: ^[[BODY]]:
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<?xf32>
// CHECK: memref.store %{{.*}}, %[[X]][%{{.*}}] : memref<?xf32>
// CHECK: gpu.return
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @empty() {
    offload.return
  }
  offload.kernel @unpacked(%s: tuple<memref<?xf32>>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %x = offload.unpack %s : tuple<memref<?xf32>>
    memref.store %one, %x[%c0] : memref<?xf32>
    offload.return
  }
}
