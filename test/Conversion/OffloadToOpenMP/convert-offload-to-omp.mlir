// RUN: offload-opt %s -split-input-file --offload-infer-maps --convert-offload-to-gpu --convert-offload-to-omp \
// RUN:   | FileCheck %s --implicit-check-not=offload.kernel --implicit-check-not=offload.launch \
// RUN:       --implicit-check-not="offload.data map(" --implicit-check-not="offload.enter_data map(" \
// RUN:       --implicit-check-not="offload.exit_data map(" --implicit-check-not="offload.update map(" \
// RUN:       --implicit-check-not="offload.device_copy"

// A launch with inferred maps: x is read (to), y is written (tofrom), the
// scalar and the dynamic sizes are literals.

// CHECK-LABEL: module attributes {gpu.container_module, offload.targets = [#offload.nvptx, #offload.amdgpu, #offload.host], omp.is_target_device = false, omp.target_triples = ["nvptx64-nvidia-cuda", "amdgcn-amd-amdhsa", "x86_64-pc-linux-gnu"]}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.amdgpu<chip = "gfx942">,
                                      #offload.host]} {
  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  // The source location of the launch ("file;function;line;col"), as the
  // runtime prints it.
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_ident_loc(";{{.*}}convert-offload-to-omp.mlir;saxpy;[[#@LINE+23]];5;;\00")
  // ident_t {0, KMP_IDENT_KMPC, 0, strlen(psource), psource}
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_ident() {{.*}} : !llvm.struct<(i32, i32, i32, i32, ptr)> {
  // CHECK-DAG: %[[KMPC:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK-DAG: llvm.insertvalue %[[KMPC]], %{{.*}}[1] : !llvm.struct<(i32, i32, i32, i32, ptr)>
  // CHECK-DAG: %[[LOC:.*]] = llvm.mlir.addressof @__offload_saxpy_ident_loc : !llvm.ptr
  // CHECK-DAG: llvm.insertvalue %[[LOC]], %{{.*}}[4] : !llvm.struct<(i32, i32, i32, i32, ptr)>
  // CHECK-DAG: llvm.func @__tgt_target_kernel(!llvm.ptr, i64, i32, i32, !llvm.ptr, !llvm.ptr) -> i32
  // One name per argument slot, then their array.
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapname(";saxpy argument 0;{{.*}}convert-offload-to-omp.mlir;[[#@LINE+14]];5;;\00")
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapname_0(";saxpy argument 1;{{.*}}convert-offload-to-omp.mlir;[[#@LINE+13]];5;;\00")
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapname_1(";saxpy argument 1 size/stride 0;{{.*}}convert-offload-to-omp.mlir;[[#@LINE+12]];5;;\00")
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapname_2(";saxpy argument 2;{{.*}}convert-offload-to-omp.mlir;[[#@LINE+11]];5;;\00")
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapname_3(";saxpy argument 2 size/stride 0;{{.*}}convert-offload-to-omp.mlir;[[#@LINE+10]];5;;\00")
  // CHECK-DAG: llvm.mlir.global private constant @__offload_saxpy_mapnames() {{.*}} : !llvm.array<5 x ptr> {
  // The map types are not constants: x and y may be one buffer (see
  // below), where the types of both entries are computed at run time, on the
  // stack.
  // The kernel's host address, from which its offload entry is made.
  // CHECK-DAG: llvm.mlir.global internal constant @__offload_region_saxpy(0 : i8) {addr_space = 0 : i32, offload.entry = "saxpy"} : i8
  // The host copy stays for the fallback, internal to the module.
  // CHECK-DAG: func.func private @__offload_fallback_saxpy(%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64) attributes {llvm.linkage = #llvm.linkage<internal>} {
  func.func @run(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    return
  }


  // The runtime library's entry points, weak: programs linked without it
  // launch through libomptarget only.
  // CHECK-DAG: llvm.func extern_weak @__offload_rt_launch(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> i32
  // CHECK-DAG: llvm.func extern_weak @__offload_rt_wait(!llvm.ptr)
  // The module's launch state, whose descriptor the translation fills in.
  // CHECK-DAG: llvm.mlir.global internal @__offload_module() {addr_space = 0 : i32, offload.runtime_state} : !llvm.struct<(ptr, ptr)> {
  // CHECK-LABEL: func.func @run(
  // CHECK-SAME: %[[A:[^:]+]]: f32, %[[X:[^:]+]]: memref<?xf32>, %[[Y:[^:]+]]: memref<?xf32>)
  // The argument arrays and KernelArgs live in the function's entry block.
  // CHECK: %[[ARGS:.*]] = llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64, i64, array<3 x i32>, array<3 x i32>, i32)> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // CHECK: %[[TYPES:.*]] = llvm.alloca %{{.*}} x !llvm.array<5 x i64> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // CHECK: %[[SIZES:.*]] = llvm.alloca %{{.*}} x !llvm.array<5 x i64> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // CHECK: %[[PTRS:.*]] = llvm.alloca %{{.*}} x !llvm.array<5 x ptr> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // CHECK: %[[BASES:.*]] = llvm.alloca %{{.*}} x !llvm.array<5 x ptr> {alignment = 8 : i64} : (i64) -> !llvm.ptr
  // The scalar's bits, zero-extended.
  // CHECK: %[[ABITS:.*]] = arith.bitcast %[[A]] : f32 to i32
  // CHECK: %[[A64:.*]] = arith.extui %[[ABITS]] : i32 to i64
  // CHECK: %[[LIT8:.*]] = llvm.mlir.constant(8 : i64) : i64
  // x: the address of its first element, its size, its bytes.
  // CHECK: memref.extract_aligned_pointer_as_index %[[X]]
  // CHECK: %[[XP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
  // CHECK: %{{.*}}, %{{.*}}, %[[XSIZE:.*]], %{{.*}} = memref.extract_strided_metadata %[[X]]
  // CHECK: %[[XN:.*]] = arith.index_cast %[[XSIZE]] : index to i64
  // CHECK: %[[XBYTES:.*]] = arith.index_cast %{{.*}} : index to i64
  // CHECK: memref.extract_aligned_pointer_as_index %[[Y]]
  // CHECK: %[[YP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
  // CHECK: %[[YN:.*]] = arith.index_cast %{{.*}} : index to i64
  // CHECK: %[[YBYTES:.*]] = arith.index_cast %{{.*}} : index to i64
  // Map types: LITERAL|TARGET_PARAM = 288, TO|TARGET_PARAM = 33,
  // TO|FROM|TARGET_PARAM = 35. x and y are arguments: a caller may pass one
  // buffer as both, which libomptarget would map once, as x ('to': y's
  // results would not come back). Where their bytes overlap, x copies back
  // too (FROM = 2).
  // CHECK: %[[T0:.*]] = llvm.mlir.constant(288 : i64) : i64
  // CHECK: %[[T1:.*]] = llvm.mlir.constant(33 : i64) : i64
  // CHECK: %[[T2:.*]] = llvm.mlir.constant(288 : i64) : i64
  // CHECK: %[[T3:.*]] = llvm.mlir.constant(35 : i64) : i64
  // CHECK: %[[XB:.*]] = llvm.ptrtoint %[[XP]] : !llvm.ptr to i64
  // CHECK: %[[XE:.*]] = llvm.add %[[XB]], %[[XBYTES]] : i64
  // (y's first mapped byte: the section its loop reaches.)
  // CHECK: %[[YB:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
  // CHECK: %[[YE:.*]] = llvm.add %[[YB]], %[[YBYTES]] : i64
  // CHECK: %[[XY:.*]] = llvm.icmp "ult" %[[XB]], %[[YE]] : i64
  // CHECK: %[[YX:.*]] = llvm.icmp "ult" %[[YB]], %[[XE]] : i64
  // CHECK: %[[OVER:.*]] = llvm.and %[[XY]], %[[YX]] : i1
  // CHECK: %[[SOME:.*]] = llvm.and
  // CHECK: %[[BOTH:.*]] = llvm.and %[[OVER]], %[[SOME]] : i1
  // CHECK: %[[FROM:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[T1F:.*]] = llvm.or %[[T1]], %[[FROM]] : i64
  // CHECK: %[[T1M:.*]] = llvm.select %[[BOTH]], %[[T1F]], %[[T1]] : i1, i64
  // And where they overlap both map the hull of the two, with both copies
  // (libomptarget refuses a range that partly overlaps one it just mapped;
  // overlap_views.test).
  // CHECK: %[[LO:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
  // CHECK: %[[HI:.*]] = llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
  // CHECK: %[[XLO:.*]] = llvm.select %[[HULL:.*]], %[[LO]], %{{.*}} : i1, i64
  // CHECK: %[[YLO:.*]] = llvm.select %[[HULL]], %[[LO]], %{{.*}} : i1, i64
  // CHECK: %[[XHI:.*]] = llvm.select %[[HULL]], %[[HI]], %{{.*}} : i1, i64
  // CHECK: %[[YHI:.*]] = llvm.select %[[HULL]], %[[HI]], %{{.*}} : i1, i64
  // CHECK: %[[T1H:.*]] = llvm.select %[[HULL]], %{{.*}}, %[[T1M]] : i1, i64
  // CHECK: %[[T3H:.*]] = llvm.select %[[HULL]], %{{.*}}, %[[T3]] : i1, i64
  // CHECK: %[[XH:.*]] = llvm.inttoptr %[[XLO]] : i64 to !llvm.ptr
  // CHECK: %[[XHBYTES:.*]] = llvm.sub %[[XHI]], %[[XLO]] : i64
  // CHECK: %[[YH:.*]] = llvm.inttoptr %[[YLO]] : i64 to !llvm.ptr
  // CHECK: %[[YHBYTES:.*]] = llvm.sub %[[YHI]], %[[YLO]] : i64
  // Slot 0: the scalar in the pointer slot, 8 bytes.
  // CHECK: %[[AP:.*]] = llvm.inttoptr %[[A64]] : i64 to !llvm.ptr
  // CHECK: %[[B0:.*]] = llvm.getelementptr %[[BASES]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x ptr>
  // CHECK: llvm.store %[[AP]], %[[B0]] : !llvm.ptr, !llvm.ptr
  // CHECK: %[[P0:.*]] = llvm.getelementptr %[[PTRS]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x ptr>
  // CHECK: llvm.store %[[AP]], %[[P0]] : !llvm.ptr, !llvm.ptr
  // CHECK: %[[S0:.*]] = llvm.getelementptr %[[SIZES]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<5 x i64>
  // CHECK: llvm.store %[[LIT8]], %[[S0]] : i64, !llvm.ptr
  // Slot 1: x as its base, its range (the hull where it overlaps y).
  // CHECK: %[[B1:.*]] = llvm.getelementptr %[[BASES]][0, 1]
  // CHECK: llvm.store %[[XP]], %[[B1]]
  // CHECK: %[[P1:.*]] = llvm.getelementptr %[[PTRS]][0, 1]
  // CHECK: llvm.store %[[XH]], %[[P1]]
  // CHECK: %[[S1:.*]] = llvm.getelementptr %[[SIZES]][0, 1]
  // CHECK: llvm.store %[[XHBYTES]], %[[S1]]
  // CHECK: %[[B3:.*]] = llvm.getelementptr %[[BASES]][0, 3]
  // CHECK: llvm.store %[[YP]], %[[B3]]
  // CHECK: %[[P3:.*]] = llvm.getelementptr %[[PTRS]][0, 3]
  // CHECK: llvm.store %[[YH]], %[[P3]]
  // CHECK: %[[S3:.*]] = llvm.getelementptr %[[SIZES]][0, 3]
  // CHECK: llvm.store %[[YHBYTES]], %[[S3]]
  // CHECK: %[[TS0:.*]] = llvm.getelementptr %[[TYPES]][0, 0]
  // CHECK: llvm.store %[[T0]], %[[TS0]] : i64, !llvm.ptr
  // CHECK: %[[TS1:.*]] = llvm.getelementptr %[[TYPES]][0, 1]
  // CHECK: llvm.store %[[T1H]], %[[TS1]] : i64, !llvm.ptr
  // CHECK: %[[TS3:.*]] = llvm.getelementptr %[[TYPES]][0, 3]
  // CHECK: llvm.store %[[T3H]], %[[TS3]] : i64, !llvm.ptr
  // CHECK: %[[NAMES:.*]] = llvm.mlir.addressof @__offload_saxpy_mapnames : !llvm.ptr
  // The device: the default one (-1), resolved to one the runtime has.
  // CHECK: %[[UNDEF:.*]] = llvm.mlir.constant(-1 : i64) : i64
  // CHECK: %[[DEV:.*]] = call @__offload_resolve_device(%[[UNDEF]]) : (i64) -> i64
  // The grid: 256 threads, enough blocks for one thread per 4 iterations of
  // the kernel's loop (vectorized, see convert-offload-to-gpu), whose bound
  // is recomputed from the launch's arguments.
  // CHECK: %[[T256:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK: %[[DIM:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xf32>
  // CHECK: %[[DIFF:.*]] = arith.subi %[[DIM]], %{{.*}} : index
  // CHECK: %[[POS:.*]] = arith.maxsi %[[DIFF]], %{{.*}} : index
  // CHECK: %[[TRIPS:.*]] = arith.ceildivsi %[[POS]], %{{.*}} : index
  // CHECK: %[[TOTAL:.*]] = arith.muli %{{.*}}, %[[TRIPS]] : index
  // CHECK: %[[C1024:.*]] = arith.constant 1024 : index
  // CHECK: %[[NB:.*]] = arith.ceildivsi %[[TRIPS]], %[[C1024]] : index
  // CHECK: %[[NB1:.*]] = arith.maxsi %[[NB]], %{{.*}} : index
  // CHECK: %[[MAXX:.*]] = arith.constant 2147483647 : index
  // CHECK: %[[NB2:.*]] = arith.minsi %[[NB1]], %[[MAXX]] : index
  // CHECK: %[[BLOCKS:.*]] = arith.index_cast %[[NB2]] : index to i32
  // CHECK: %[[TRIP64:.*]] = arith.index_cast %[[TOTAL]] : index to i64
  // KernelArgs version 3.
  // CHECK: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[VERSION:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: llvm.insertvalue %[[VERSION]], %{{.*}}[0]
  // CHECK: %[[NARGS:.*]] = llvm.mlir.constant(5 : i32) : i32
  // CHECK: llvm.insertvalue %[[NARGS]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[BASES]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[PTRS]], %{{.*}}[3]
  // CHECK: llvm.insertvalue %[[SIZES]], %{{.*}}[4]
  // CHECK: llvm.insertvalue %[[TYPES]], %{{.*}}[5]
  // CHECK: llvm.insertvalue %[[NAMES]], %{{.*}}[6]
  // CHECK: llvm.insertvalue %[[NULL]], %{{.*}}[7]
  // CHECK: llvm.insertvalue %[[TRIP64]], %{{.*}}[8]
  // CHECK: %[[FLAGS:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.insertvalue %[[FLAGS]], %{{.*}}[9]
  // CHECK: llvm.insertvalue %[[BLOCKS]], %{{.*}}[10, 0]
  // CHECK: llvm.insertvalue %[[T256]], %{{.*}}[11, 0]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[10, 1]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[11, 1]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[10, 2]
  // CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[11, 2]
  // CHECK: %[[KARGS:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[12]
  // CHECK: llvm.store %[[KARGS]], %[[ARGS]]
  // The launch: default device (-1), the kernel's host address.
  // CHECK: %[[IDENT:.*]] = llvm.mlir.addressof @__offload_saxpy_ident : !llvm.ptr
  // CHECK: %[[HOST:.*]] = llvm.mlir.addressof @__offload_region_saxpy : !llvm.ptr
  // First the runtime library, when it is linked in (weak): it queues the
  // launch (0) or waits for its queue and leaves it to libomptarget.
  // CHECK: %[[STATE:.*]] = llvm.mlir.addressof @__offload_module : !llvm.ptr
  // CHECK: %[[RTL:.*]] = llvm.mlir.addressof @__offload_rt_launch : !llvm.ptr
  // CHECK: %[[NULLFN:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[HAVE:.*]] = llvm.icmp "ne" %[[RTL]], %[[NULLFN]] : !llvm.ptr
  // CHECK: %[[QUEUED:.*]] = scf.if %[[HAVE]] -> (i1) {
  // CHECK: %[[QRC:.*]] = llvm.call @__offload_rt_launch(%[[STATE]], %[[IDENT]], %[[DEV]], %[[HOST]], %[[ARGS]]) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr) -> i32
  // CHECK: %[[QZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[Q:.*]] = llvm.icmp "eq" %[[QRC]], %[[QZERO]] : i32
  // CHECK: scf.yield %[[Q]] : i1
  // CHECK: } else {
  // CHECK: %[[FALSE:.*]] = arith.constant false
  // CHECK: scf.yield %[[FALSE]] : i1
  // CHECK: }
  // Queued without nowait: wait for it here.
  // CHECK: scf.if %[[QUEUED]] {
  // CHECK-NEXT: llvm.call @__offload_rt_wait(%[[IDENT]]) : (!llvm.ptr) -> ()
  // CHECK-NEXT: } else {
  // CHECK: %[[RC:.*]] = llvm.call @__tgt_target_kernel(%[[IDENT]], %[[DEV]], %[[BLOCKS]], %[[T256]], %[[HOST]], %[[ARGS]]) : (!llvm.ptr, i64, i32, i32, !llvm.ptr, !llvm.ptr) -> i32
  // Not launched: run the host copy with the same parameters.
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK: %[[FAILED:.*]] = llvm.icmp "ne" %[[RC]], %[[ZERO]] : i32
  // CHECK: scf.if %[[FAILED]] {
  // CHECK: func.call @__offload_fallback_saxpy(%[[NULL]], %[[A64]], %[[XP]], %[[XN]], %[[YP]], %[[YN]]) : (!llvm.ptr, i64, !llvm.ptr, i64, !llvm.ptr, i64) -> ()
  // CHECK: }
  // CHECK: }
  // CHECK: return

  // The device resolver, once per module, internal: -1 is the default
  // device; a number at or above the count of devices (asked once) becomes
  // the count, the host, after one message, unless offloading is mandatory.
  // CHECK: llvm.mlir.global private constant @__offload_resolve_device_message("offload: device %ld does not exist (the runtime has %d): launches on it run on the host\0A\00")
  // CHECK-LABEL: func.func private @__offload_resolve_device(
  // CHECK-SAME: %[[D:.*]]: i64) -> i64 attributes {llvm.linkage = #llvm.linkage<internal>}
  // CHECK: %[[IS_DEFAULT:.*]] = arith.cmpi eq, %[[D]], %{{.*}} : i64
  // CHECK: %[[NUMBER:.*]] = scf.if %[[IS_DEFAULT]] -> (i64) {
  // CHECK: func.call @omp_get_default_device()
  // CHECK: %[[CACHED:.*]] = llvm.load %{{.*}} atomic monotonic
  // CHECK: func.call @omp_get_num_devices()
  // CHECK: %[[COUNT:.*]] = arith.extsi %{{.*}} : i32 to i64
  // CHECK: %[[GE0:.*]] = arith.cmpi sge, %[[NUMBER]], %{{.*}} : i64
  // CHECK: %[[LECOUNT:.*]] = arith.cmpi sle, %[[NUMBER]], %[[COUNT]] : i64
  // CHECK: %[[VALID:.*]] = arith.andi %[[GE0]], %[[LECOUNT]] : i1
  // CHECK: scf.if %[[VALID]] -> (i64) {
  // CHECK: llvm.call @getenv(
  // CHECK: llvm.call @strcasecmp(
  // CHECK: llvm.atomicrmw xchg
  // CHECK: llvm.call @dprintf(
  // CHECK: scf.yield %[[COUNT]] : i64
}

// -----

// Grids: 32x8 threads in 2-D and 32x4x2 in 3-D (innermost loop dimension on
// x); a bound read from memory gets the default 1024 blocks; an explicit
// grid and device are used as given; explicit map clauses of each kind.

// CHECK-LABEL: module attributes {gpu.container_module, offload.targets = [#offload.nvptx], omp.is_target_device = false, omp.target_triples = ["nvptx64-nvidia-cuda"]}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @k2(%a: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    %f = arith.constant 1.0 : f32
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      memref.store %f, %a[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }
  offload.kernel @k3(%a: memref<?x?x?xf32>) {
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
  offload.kernel @loaded(%a: memref<?xf32>, %nbuf: memref<1xindex>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.load %nbuf[%c0] : memref<1xindex>
    %f = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    offload.return
  }
  offload.kernel @maps(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>,
                       %d: memref<4xf32>, %e: memref<4xf32>, %s: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      %v = memref.load %a[%i] : memref<4xf32>
      memref.store %v, %b[%i] : memref<4xf32>
      memref.store %v, %c[%i] : memref<4xf32>
      memref.store %v, %d[%i] : memref<4xf32>
    }
    offload.return
  }

  // CHECK-DAG: llvm.mlir.global private constant @__offload_k2_maptypes(dense<[34, 288, 288, 288]> : tensor<4xi64>)
  // CHECK-DAG: llvm.mlir.global private constant @__offload_k3_maptypes(dense<[34, 288, 288, 288, 288, 288]> : tensor<6xi64>)
  // CHECK-DAG: llvm.mlir.global private constant @__offload_loaded_maptypes(dense<[35, 288, 33]> : tensor<3xi64>)
  // to 33, from 34, tofrom 35, alloc 32 (TARGET_PARAM alone); %e is not
  // accessed, so it is not mapped: a literal like the scalar.
  // CHECK-DAG: llvm.mlir.global private constant @__offload_maps_maptypes(dense<[33, 34, 35, 32, 288, 288]> : tensor<6xi64>)
  // ALWAYS adds 4 and PRESENT 4096: present to 4129, always from 38,
  // always present tofrom 4135.
  // CHECK-DAG: llvm.mlir.global private constant @__offload_maps_maptypes_0(dense<[4129, 38, 4135, 32, 288, 288]> : tensor<6xi64>)

  // CHECK-LABEL: func.func @launch2(
  // CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>)
  // CHECK: %[[T32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK: %[[DN:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf32>
  // CHECK: %[[TN:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : index
  // CHECK: %[[C128:.*]] = arith.constant 128 : index
  // CHECK: %[[BXC:.*]] = arith.ceildivsi %[[TN]], %[[C128]] : index
  // CHECK: %[[BXM:.*]] = arith.maxsi %[[BXC]], %{{.*}} : index
  // CHECK: %[[MAXX:.*]] = arith.constant 2147483647 : index
  // CHECK: %[[BXN:.*]] = arith.minsi %[[BXM]], %[[MAXX]] : index
  // CHECK: %[[BX:.*]] = arith.index_cast %[[BXN]] : index to i32
  // CHECK: %[[T8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK: %[[DM:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x?xf32>
  // CHECK: %[[TM:.*]] = arith.ceildivsi %{{.*}}, %{{.*}} : index
  // CHECK: %[[C8:.*]] = arith.constant 8 : index
  // CHECK: %[[BYC:.*]] = arith.ceildivsi %[[TM]], %[[C8]] : index
  // CHECK: %[[BYM:.*]] = arith.maxsi %[[BYC]], %{{.*}} : index
  // CHECK: %[[MAXY:.*]] = arith.constant 65535 : index
  // CHECK: %[[BYN:.*]] = arith.minsi %[[BYM]], %[[MAXY]] : index
  // CHECK: %[[BY:.*]] = arith.index_cast %[[BYN]] : index to i32
  // CHECK: %[[ONE1:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: %[[ONE2:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: llvm.insertvalue %[[BX]], %{{.*}}[10, 0]
  // CHECK: llvm.insertvalue %[[T32]], %{{.*}}[11, 0]
  // CHECK: llvm.insertvalue %[[BY]], %{{.*}}[10, 1]
  // CHECK: llvm.insertvalue %[[T8]], %{{.*}}[11, 1]
  // CHECK: llvm.insertvalue %[[ONE2]], %{{.*}}[10, 2]
  // CHECK: llvm.insertvalue %[[ONE1]], %{{.*}}[11, 2]
  // CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %{{.*}}, %[[BX]], %[[T32]], %{{.*}}, %{{.*}})
  func.func @launch2(%a: memref<?x?xf32>) {
    offload.launch @k2(%a) : (memref<?x?xf32>) -> ()
    return
  }

  // CHECK-LABEL: func.func @launch3(
  // CHECK-SAME: %[[A:[^:]+]]: memref<?x?x?xf32>)
  // CHECK: %[[T32:.*]] = llvm.mlir.constant(32 : i32) : i32
  // CHECK: memref.dim %[[A]], %c2{{(_[0-9]+)?}} : memref<?x?x?xf32>
  // CHECK: %[[C128:.*]] = arith.constant 128 : index
  // CHECK: arith.ceildivsi %{{.*}}, %[[C128]] : index
  // CHECK: arith.constant 2147483647 : index
  // CHECK: %[[BX:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[T4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: memref.dim %[[A]], %c1{{(_[0-9]+)?}} : memref<?x?x?xf32>
  // CHECK: %[[C4:.*]] = arith.constant 4 : index
  // CHECK: arith.ceildivsi %{{.*}}, %[[C4]] : index
  // CHECK: arith.constant 65535 : index
  // CHECK: %[[BY:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[T2:.*]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: memref.dim %[[A]], %c0{{(_[0-9]+)?}} : memref<?x?x?xf32>
  // CHECK: %[[CZ:.*]] = arith.constant 2 : index
  // CHECK: arith.ceildivsi %{{.*}}, %[[CZ]] : index
  // CHECK: arith.constant 65535 : index
  // CHECK: %[[BZ:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: llvm.insertvalue %[[BX]], %{{.*}}[10, 0]
  // CHECK: llvm.insertvalue %[[T32]], %{{.*}}[11, 0]
  // CHECK: llvm.insertvalue %[[BY]], %{{.*}}[10, 1]
  // CHECK: llvm.insertvalue %[[T4]], %{{.*}}[11, 1]
  // CHECK: llvm.insertvalue %[[BZ]], %{{.*}}[10, 2]
  // CHECK: llvm.insertvalue %[[T2]], %{{.*}}[11, 2]
  // CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %{{.*}}, %[[BX]], %[[T32]], %{{.*}}, %{{.*}})
  func.func @launch3(%a: memref<?x?x?xf32>) {
    offload.launch @k3(%a) : (memref<?x?x?xf32>) -> ()
    return
  }

  // The bound is loaded from memory: it cannot be computed on the host.
  // CHECK-LABEL: func.func @launch_loaded(
  // CHECK: %[[T256:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK-NOT: memref.load
  // CHECK: %[[B1024:.*]] = llvm.mlir.constant(1024 : i32) : i32
  // CHECK-NOT: memref.load
  // CHECK: %[[UNKNOWN:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.insertvalue %[[UNKNOWN]], %{{.*}}[8]
  // CHECK: llvm.insertvalue %[[B1024]], %{{.*}}[10, 0]
  // CHECK: llvm.insertvalue %[[T256]], %{{.*}}[11, 0]
  // CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %{{.*}}, %[[B1024]], %[[T256]], %{{.*}}, %{{.*}})
  // (llvm.noalias: the buffers are distinct, their map types constants.)
  func.func @launch_loaded(%a: memref<?xf32> {llvm.noalias}, %nbuf: memref<1xindex>) {
    offload.launch @loaded(%a, %nbuf) : (memref<?xf32>, memref<1xindex>) -> ()
    return
  }

  // CHECK-LABEL: func.func @launch_explicit(
  // CHECK-SAME: %[[A:[^:]+]]: memref<?x?xf32>, %[[DEVICE:[^:]+]]: i32, %[[BX:[^:]+]]: index, %[[BY:[^:]+]]: index, %[[TX:[^:]+]]: index, %[[TY:[^:]+]]: index)
  // CHECK: %[[EXT:.*]] = arith.extsi %[[DEVICE]] : i32 to i64
  // CHECK: %[[DEV64:.*]] = call @__offload_resolve_device(%[[EXT]]) : (i64) -> i64
  // CHECK-NOT: memref.dim
  // CHECK: %[[BX32:.*]] = arith.index_cast %[[BX]] : index to i32
  // CHECK: %[[TX32:.*]] = arith.index_cast %[[TX]] : index to i32
  // CHECK: %[[BY32:.*]] = arith.index_cast %[[BY]] : index to i32
  // CHECK: %[[TY32:.*]] = arith.index_cast %[[TY]] : index to i32
  // CHECK: %[[BZ32:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: %[[TZ32:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: %[[UNKNOWN:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.insertvalue %[[UNKNOWN]], %{{.*}}[8]
  // CHECK: llvm.insertvalue %[[BX32]], %{{.*}}[10, 0]
  // CHECK: llvm.insertvalue %[[TX32]], %{{.*}}[11, 0]
  // CHECK: llvm.insertvalue %[[BY32]], %{{.*}}[10, 1]
  // CHECK: llvm.insertvalue %[[TY32]], %{{.*}}[11, 1]
  // CHECK: llvm.insertvalue %[[BZ32]], %{{.*}}[10, 2]
  // CHECK: llvm.insertvalue %[[TZ32]], %{{.*}}[11, 2]
  // CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %[[DEV64]], %[[BX32]], %[[TX32]], %{{.*}}, %{{.*}})
  func.func @launch_explicit(%a: memref<?x?xf32>, %dev: i32, %bx: index,
                             %by: index, %tx: index, %ty: index) {
    offload.launch @k2(%a) device(%dev : i32) blocks(%bx, %by) threads(%tx, %ty)
        : (memref<?x?xf32>) -> ()
    return
  }

  // CHECK-LABEL: func.func @launch_maps(
  // CHECK-SAME: %{{[^:]+}}: memref<4xf32> {llvm.noalias}, %{{[^:]+}}: memref<4xf32> {llvm.noalias}, %{{[^:]+}}: memref<4xf32> {llvm.noalias}, %{{[^:]+}}: memref<4xf32>, %{{[^:]+}}: memref<4xf32>, %{{[^:]+}}: i32, %[[DEVICE:[^:]+]]: index)
  // CHECK: %[[CAST:.*]] = arith.index_cast %[[DEVICE]] : index to i64
  // CHECK: %[[DEV64:.*]] = call @__offload_resolve_device(%[[CAST]]) : (i64) -> i64
  // CHECK: %[[NARGS:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CHECK: llvm.insertvalue %[[NARGS]], %{{.*}}[1]
  // CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %[[DEV64]],
  // (llvm.noalias: the buffers are distinct, their map types constants.)
  func.func @launch_maps(%a: memref<4xf32> {llvm.noalias},
                         %b: memref<4xf32> {llvm.noalias},
                         %c: memref<4xf32> {llvm.noalias},
                         %d: memref<4xf32>, %e: memref<4xf32>, %s: i32,
                         %dev: index) {
    offload.launch @maps(%a, %b, %c, %d, %e, %s)
        map(to: %a : memref<4xf32>, from: %b : memref<4xf32>,
            tofrom: %c : memref<4xf32>, alloc: %d : memref<4xf32>)
        device(%dev : index)
        : (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>,
           memref<4xf32>, i32) -> ()
    return
  }

  // CHECK-LABEL: func.func @launch_modifiers(
  // CHECK: llvm.mlir.addressof @__offload_maps_maptypes_0 : !llvm.ptr
  // CHECK: llvm.call @__tgt_target_kernel(
  func.func @launch_modifiers(%a: memref<4xf32> {llvm.noalias},
                              %b: memref<4xf32> {llvm.noalias},
                              %c: memref<4xf32> {llvm.noalias},
                              %d: memref<4xf32>, %e: memref<4xf32>, %s: i32) {
    offload.launch @maps(%a, %b, %c, %d, %e, %s)
        map(present, to: %a : memref<4xf32>, always, from: %b : memref<4xf32>,
            always, present, tofrom: %c : memref<4xf32>,
            alloc: %d : memref<4xf32>)
        : (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>,
           memref<4xf32>, i32) -> ()
    return
  }

  // Launches in nested regions keep their slots in the function's entry
  // block.
  // CHECK-LABEL: func.func @launch_in_if(
  // CHECK-NOT: scf.if
  // CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64, i64, array<3 x i32>, array<3 x i32>, i32)>
  // CHECK: scf.if
  // CHECK-NOT: llvm.alloca
  // CHECK: llvm.call @__tgt_target_kernel(
  func.func @launch_in_if(%a: memref<?x?xf32>, %flag: i1) {
    scf.if %flag {
      offload.launch @k2(%a) : (memref<?x?xf32>) -> ()
    }
    return
  }

  // A launch in a loop reuses one set of argument slots, allocated in the
  // function's entry block and not in the scf.for body (an allocation scope
  // too): allocas in the body would grow the stack on every iteration.
  // CHECK-LABEL: func.func @launch_in_loop(
  // CHECK-NOT: scf.for
  // CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64, i64, array<3 x i32>, array<3 x i32>, i32)>
  // CHECK-NOT: scf.for
  // CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x i64>
  // CHECK-NOT: scf.for
  // CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x ptr>
  // CHECK-NOT: scf.for
  // CHECK: llvm.alloca %{{.*}} x !llvm.array<4 x ptr>
  // CHECK: scf.for
  // CHECK-NOT: llvm.alloca
  // CHECK: llvm.call @__tgt_target_kernel
  // CHECK-NOT: llvm.alloca
  // CHECK: return
  func.func @launch_in_loop(%a: memref<?x?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %it = %c0 to %n step %c1 {
      offload.launch @k2(%a) : (memref<?x?xf32>) -> ()
    }
    return
  }
}

// -----

// Data regions and standalone data movement become the omp dialect's target
// data operations, each buffer mapped from its first to its last byte.

// CHECK-LABEL: module attributes {gpu.container_module, offload.targets = [#offload.host], omp.is_target_device = false, omp.target_triples = ["x86_64-pc-linux-gnu"]}
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    %one = arith.constant 1 : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %r = arith.addi %v, %one : i32
      memref.store %r, %a[%i] : memref<?xi32>
    }
    offload.return
  }

  // CHECK-DAG: llvm.mlir.global private constant @__offload_wait_ident_loc(";{{.*}}convert-offload-to-omp.mlir;chain;[[#@LINE+77]];5;;\00")
  // CHECK-LABEL: func.func @data(
  // CHECK-SAME: %[[A:[^:]+]]: memref<?xf32> {llvm.noalias}, %[[B:[^:]+]]: memref<4x4xf64> {llvm.noalias}, %[[C:[^:]+]]: memref<?xi32> {llvm.noalias}, %[[D:[^:]+]]: memref<8xi8>, %[[DEVICE:[^:]+]]: i32)
  // CHECK: memref.extract_aligned_pointer_as_index %[[A]]
  // CHECK: %[[AP:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
  // CHECK: %[[ABYTES:.*]] = arith.index_cast %{{.*}} : index to i64
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %[[ALAST:.*]] = llvm.sub %[[ABYTES]], %[[ONE]] : i64
  // CHECK: %[[ABOUNDS:.*]] = omp.map.bounds lower_bound(%[[ZERO]] : i64) upper_bound(%[[ALAST]] : i64) extent(%[[ABYTES]] : i64) stride(%[[ONE]] : i64) start_idx(%[[ZERO]] : i64)
  // CHECK: %[[AMAP:.*]] = omp.map.info var_ptr(%[[AP]] : !llvm.ptr, i8) map_clauses(to) capture(ByRef) bounds(%[[ABOUNDS]]) -> !llvm.ptr {name = "offload.data map 0"}
  // CHECK: memref.extract_aligned_pointer_as_index %[[B]]
  // 4x4 f64: 128 bytes, from element 0 to the last one.
  // CHECK: %[[BELTS:.*]] = arith.select
  // CHECK: %[[C8:.*]] = arith.constant 8 : index
  // CHECK: arith.muli %[[BELTS]], %[[C8]] : index
  // CHECK: %[[BMAP:.*]] = omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(from) capture(ByRef) bounds(%{{.*}}) -> !llvm.ptr {name = "offload.data map 1"}
  // CHECK: memref.extract_aligned_pointer_as_index %[[C]]
  // CHECK: %[[CMAP:.*]] = omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(tofrom) capture(ByRef) bounds(%{{.*}}) -> !llvm.ptr {name = "offload.data map 2"}
  // CHECK: memref.extract_aligned_pointer_as_index %[[D]]
  // CHECK: %[[DMAP:.*]] = omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(storage) capture(ByRef) bounds(%{{.*}}) -> !llvm.ptr {name = "offload.data map 3"}
  // CHECK: %[[EXT:.*]] = arith.extsi %[[DEVICE]] : i32 to i64
  // CHECK: %[[DEV64:.*]] = call @__offload_resolve_device(%[[EXT]]) : (i64) -> i64
  // CHECK: omp.target_data device(%[[DEV64]] : i64) map_entries(%[[AMAP]], %[[BMAP]], %[[CMAP]], %[[DMAP]] : !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) {
  // CHECK-NEXT: %[[I0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: memref.load %[[A]][%[[I0]]] : memref<?xf32>
  // CHECK-NEXT: omp.terminator
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  func.func @data(%a: memref<?xf32> {llvm.noalias}, %b: memref<4x4xf64> {llvm.noalias},
                  %c: memref<?xi32> {llvm.noalias}, %d: memref<8xi8>, %dev: i32) {
    offload.data map(to: %a : memref<?xf32>, from: %b : memref<4x4xf64>,
                     tofrom: %c : memref<?xi32>, alloc: %d : memref<8xi8>)
        device(%dev : i32) {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<?xf32>
    }
    return
  }

  // A launch inside a data region: its slots still go to the entry block.
  // CHECK-LABEL: func.func @data_launch(
  // CHECK-SAME: %{{[^:]+}}: memref<?xi32>, %[[DEVICE:[^:]+]]: index)
  // CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, ptr, ptr, ptr, ptr, ptr, ptr, i64, i64, array<3 x i32>, array<3 x i32>, i32)>
  // CHECK: %[[MAP:.*]] = omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(tofrom) capture(ByRef)
  // CHECK: %[[CAST:.*]] = arith.index_cast %[[DEVICE]] : index to i64
  // CHECK: %[[DEV64:.*]] = call @__offload_resolve_device(%[[CAST]]) : (i64) -> i64
  // CHECK: omp.target_data device(%[[DEV64]] : i64) map_entries(%[[MAP]] : !llvm.ptr) {
  // CHECK-NOT: llvm.alloca
  // CHECK: llvm.call @__tgt_target_kernel(
  // CHECK: func.call @__offload_fallback_inc(
  // CHECK: omp.terminator
  func.func @data_launch(%a: memref<?xi32>, %dev: index) {
    offload.data map(tofrom: %a : memref<?xi32>) device(%dev : index) {
      offload.launch @inc(%a) device(%dev : index) : (memref<?xi32>) -> ()
    }
    return
  }

  // A nowait launch does not wait when queued; offload.wait calls the
  // runtime library's wait (when linked in) with its own source location.
  // CHECK-LABEL: func.func @chain(
  // CHECK: %[[QUEUED:.*]] = scf.if %{{.*}} -> (i1) {
  // CHECK: llvm.call @__offload_rt_launch(
  // CHECK: scf.if %[[QUEUED]] {
  // CHECK-NEXT: } else {
  // CHECK: llvm.call @__tgt_target_kernel(
  // CHECK: %[[WIDENT:.*]] = llvm.mlir.addressof @__offload_wait_ident : !llvm.ptr
  // CHECK: %[[WFN:.*]] = llvm.mlir.addressof @__offload_rt_wait : !llvm.ptr
  // CHECK: %[[WNULL:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: %[[WHAVE:.*]] = llvm.icmp "ne" %[[WFN]], %[[WNULL]] : !llvm.ptr
  // CHECK: scf.if %[[WHAVE]] {
  // CHECK-NEXT: llvm.call @__offload_rt_wait(%[[WIDENT]]) : (!llvm.ptr) -> ()
  // CHECK-NEXT: }
  // CHECK-NEXT: return
  func.func @chain(%a: memref<?xi32>) {
    offload.launch @inc(%a) nowait : (memref<?xi32>) -> ()
    offload.wait
    return
  }

  // CHECK-LABEL: func.func @enter_update_exit(
  // CHECK: %[[E0:.*]] = omp.map.info {{.*}} map_clauses(to) capture(ByRef) {{.*}} {name = "offload.enter_data map 0"}
  // CHECK: %[[E1:.*]] = omp.map.info {{.*}} map_clauses(storage) capture(ByRef) {{.*}} {name = "offload.enter_data map 1"}
  // CHECK: %[[E2:.*]] = omp.map.info {{.*}} map_clauses(always, present, to) capture(ByRef) {{.*}} {name = "offload.enter_data map 2"}
  // CHECK: omp.target_enter_data device(%{{.*}} : i64) map_entries(%[[E0]], %[[E1]], %[[E2]] : !llvm.ptr, !llvm.ptr, !llvm.ptr)
  // CHECK: %[[U0:.*]] = omp.map.info {{.*}} map_clauses(to) capture(ByRef) {{.*}} {name = "offload.update map 0"}
  // CHECK: %[[U1:.*]] = omp.map.info {{.*}} map_clauses(present, from) capture(ByRef) {{.*}} {name = "offload.update map 1"}
  // CHECK: omp.target_update device(%{{.*}} : i64) map_entries(%[[U0]], %[[U1]] : !llvm.ptr, !llvm.ptr)
  // CHECK: %[[X0:.*]] = omp.map.info {{.*}} map_clauses(from) capture(ByRef) {{.*}} {name = "offload.exit_data map 0"}
  // CHECK: %[[X1:.*]] = omp.map.info {{.*}} map_clauses(storage) capture(ByRef) {{.*}} {name = "offload.exit_data map 1"}
  // CHECK: %[[X2:.*]] = omp.map.info {{.*}} map_clauses(delete) capture(ByRef) {{.*}} {name = "offload.exit_data map 2"}
  // CHECK: omp.target_exit_data device(%{{.*}} : i64) map_entries(%[[X0]], %[[X1]], %[[X2]] : !llvm.ptr, !llvm.ptr, !llvm.ptr)
  // CHECK: %[[Y0:.*]] = omp.map.info {{.*}} map_clauses(always, from) capture(ByRef) {{.*}} {name = "offload.exit_data map 0"}
  // CHECK: %[[EXT:.*]] = arith.extsi %{{.*}} : i32 to i64
  // CHECK: %[[DEV64:.*]] = call @__offload_resolve_device(%[[EXT]]) : (i64) -> i64
  // CHECK: omp.target_exit_data device(%[[DEV64]] : i64) map_entries(%[[Y0]] : !llvm.ptr)
  // CHECK: return
  func.func @enter_update_exit(%a: memref<?xf32> {llvm.noalias}, %b: memref<?xf32> {llvm.noalias},
                               %c: memref<?xf32>, %dev: i32) {
    offload.enter_data map(to: %a : memref<?xf32>, alloc: %b : memref<?xf32>,
                           always, present, to: %c : memref<?xf32>)
    offload.update map(to: %a : memref<?xf32>, present, from: %b : memref<?xf32>)
    offload.exit_data map(from: %b : memref<?xf32>, release: %a : memref<?xf32>,
                          delete: %c : memref<?xf32>)
    offload.exit_data map(always, from: %b : memref<?xf32>) device(%dev : i32)
    return
  }

  // Two clauses that copy differently and may name one buffer (a caller may
  // pass one buffer as both arguments): libomptarget would find the second
  // present and copy nothing for it, so the op calls libomptarget itself
  // with map types computed where the bytes overlap: 'alloc' %b takes the
  // 'to' of %a, 'release' %a the 'from' of %b (alias_data.test runs it). %c and %d are
  // distinct allocations: constant types through omp.
  // CHECK-LABEL: func.func @data_aliased(
  // CHECK: %[[ABEGIN:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
  // CHECK: %[[AEND:.*]] = llvm.add %[[ABEGIN]], %{{.*}} : i64
  // CHECK: %[[BBEGIN:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
  // CHECK: %[[BEND:.*]] = llvm.add %[[BBEGIN]], %{{.*}} : i64
  // CHECK: %[[LOW:.*]] = llvm.icmp "ult" %[[ABEGIN]], %[[BEND]] : i64
  // CHECK: %[[HIGH:.*]] = llvm.icmp "ult" %[[BBEGIN]], %[[AEND]] : i64
  // CHECK: %[[MEET:.*]] = llvm.and %[[LOW]], %[[HIGH]] : i1
  // CHECK: %[[OVERLAP:.*]] = llvm.and %[[MEET]], %{{.*}} : i1
  // CHECK: %[[WITHTO:.*]] = llvm.or %[[ALLOC:.*]], %{{.*}} : i64
  // CHECK: %[[BTYPE:.*]] = llvm.select %[[OVERLAP]], %[[WITHTO]], %[[ALLOC]] : i1, i64
  // (Both map the hull of the two where they overlap, with both copies.)
  // CHECK: %[[BHULL:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[BTYPE]] : i1, i64
  // CHECK: llvm.store %[[BHULL]], %{{.*}} : i64, !llvm.ptr
  // CHECK: llvm.call @__tgt_target_data_begin_mapper(
  // CHECK: %[[WITHFROM:.*]] = llvm.or %[[RELEASE:.*]], %{{.*}} : i64
  // CHECK: llvm.select %{{.*}}, %[[WITHFROM]], %[[RELEASE]] : i1, i64
  // CHECK: llvm.call @__tgt_target_data_end_mapper(
  // A region: begin and end with the merged types, around its body.
  // CHECK: llvm.call @__tgt_target_data_begin_mapper(
  // CHECK: memref.load
  // CHECK: llvm.call @__tgt_target_data_end_mapper(
  // CHECK: omp.target_enter_data device(%{{.*}} : i64) map_entries(%{{.*}}, %{{.*}} : !llvm.ptr, !llvm.ptr)
  // CHECK: return
  func.func @data_aliased(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {
    offload.enter_data map(alloc: %b : memref<?xf32>, to: %a : memref<?xf32>)
    offload.exit_data map(from: %b : memref<?xf32>, release: %a : memref<?xf32>)
    offload.data map(to: %a : memref<?xf32>, from: %b : memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<?xf32>
    }
    %c = memref.alloc(%n) : memref<?xf32>
    %d = memref.alloc(%n) : memref<?xf32>
    offload.enter_data map(alloc: %c : memref<?xf32>, to: %d : memref<?xf32>)
    return
  }

  // A copy between two devices, for views with any bytes: first offered to
  // the runtime library (when linked in), which queues it (the op then
  // waits for it: no nowait); otherwise the address of the view's first
  // element on each device (omp_get_mapped_ptr), then omp_target_memcpy
  // (destination first); a device without the buffer, or a failed copy,
  // stops the program.
  // CHECK-LABEL: func.func @device_copy(
  //  CHECK-SAME: %[[ROWS:.*]]: memref<?xf32, strided<[1], offset: ?>>, %[[SRC:.*]]: i32, %[[DST:.*]]: index)
  //       CHECK: %[[SRC64:.*]] = arith.extsi %[[SRC]] : i32 to i64
  //       CHECK: %[[S:.*]] = arith.trunci %[[SRC64]] : i64 to i32
  //       CHECK: %[[DST64:.*]] = arith.index_cast %[[DST]] : index to i64
  //       CHECK: %[[D:.*]] = arith.trunci %[[DST64]] : i64 to i32
  //       CHECK: %[[BEGIN:.*]] = llvm.inttoptr
  //       CHECK: %[[BYTES:.*]] = arith.index_cast %{{.*}} : index to i64
  //       CHECK: %[[ANY:.*]] = llvm.icmp "ne" %[[BYTES]]
  //       CHECK: scf.if %[[ANY]] {
  //       CHECK:   %[[IDENT:.*]] = llvm.mlir.addressof @__offload_device_copy_ident : !llvm.ptr
  //       CHECK:   %[[D64:.*]] = arith.extsi %[[D]] : i32 to i64
  //       CHECK:   %[[S64:.*]] = arith.extsi %[[S]] : i32 to i64
  //       CHECK:   %[[RTCOPY:.*]] = llvm.mlir.addressof @__offload_rt_device_copy : !llvm.ptr
  //       CHECK:   %[[LINKED:.*]] = llvm.icmp "ne" %[[RTCOPY]]
  //       CHECK:   %[[QUEUED:.*]] = scf.if %[[LINKED]] -> (i1) {
  //       CHECK:     %[[QRC:.*]] = llvm.call @__offload_rt_device_copy(%[[IDENT]], %[[D64]], %[[S64]], %[[BEGIN]], %[[BYTES]]) : (!llvm.ptr, i64, i64, !llvm.ptr, i64) -> i32
  //       CHECK:     %[[OK:.*]] = llvm.icmp "eq" %[[QRC]]
  //       CHECK:     scf.yield %[[OK]] : i1
  //       CHECK:   } else {
  //       CHECK:     scf.yield %false
  //       CHECK:   scf.if %[[QUEUED]] {
  //  CHECK-NEXT:     llvm.call @__offload_rt_wait(%[[IDENT]]) : (!llvm.ptr) -> ()
  //  CHECK-NEXT:   } else {
  //       CHECK:   %[[FROM:.*]] = llvm.call @omp_get_mapped_ptr(%[[BEGIN]], %[[S]]) : (!llvm.ptr, i32) -> !llvm.ptr
  //       CHECK:   %[[TO:.*]] = llvm.call @omp_get_mapped_ptr(%[[BEGIN]], %[[D]]) : (!llvm.ptr, i32) -> !llvm.ptr
  //       CHECK:   %[[RC:.*]] = scf.if
  //       CHECK:   } else {
  //       CHECK:     %[[COPIED:.*]] = llvm.call @omp_target_memcpy(%[[TO]], %[[FROM]], %[[BYTES]], %{{.*}}, %{{.*}}, %[[D]], %[[S]])
  //       CHECK:     scf.yield %[[COPIED]] : i32
  //       CHECK:   %[[FAILED:.*]] = llvm.icmp "ne" %[[RC]]
  //       CHECK:   scf.if %[[FAILED]] {
  //       CHECK:     llvm.call @dprintf(%{{.*}}, %{{.*}}, %[[BYTES]], %[[S]], %[[D]])
  //       CHECK:     llvm.call @exit(
  //       CHECK: return
  func.func @device_copy(%rows: memref<?xf32, strided<[1], offset: ?>>, %src: i32, %dst: index) {
    offload.device_copy %rows from(%src : i32) to(%dst : index) : memref<?xf32, strided<[1], offset: ?>>
    return
  }

  // With nowait, a queued copy does not wait.
  // CHECK-LABEL: func.func @device_copy_nowait(
  //       CHECK: %[[QUEUED:.*]] = scf.if %{{.*}} -> (i1) {
  //       CHECK:   llvm.call @__offload_rt_device_copy(
  //       CHECK: scf.if %[[QUEUED]] {
  //  CHECK-NEXT: } else {
  //  CHECK-NEXT:   llvm.call @omp_get_mapped_ptr(
  //       CHECK: llvm.call @omp_target_memcpy(
  //       CHECK: return
  func.func @device_copy_nowait(%rows: memref<?x?xf32>, %src: i32, %dst: i32) {
    offload.device_copy %rows from(%src : i32) to(%dst : i32) nowait : memref<?x?xf32>
    return
  }

  // offload.all_devices: the runtime library's list (its size as the
  // capacity) when it is linked in and finds libomptarget (>= 0); every
  // device 0 .. omp_get_num_devices() - 1, as many as fit, otherwise.
  // CHECK-LABEL: func.func @all_devices(
  //  CHECK-SAME: %[[LIST:.*]]: memref<?xi32>) -> index
  //       CHECK: %[[CAP:.*]] = memref.dim %[[LIST]], %{{.*}} : memref<?xi32>
  //       CHECK: %[[CAP32:.*]] = arith.index_cast %[[CAP]] : index to i32
  //       CHECK: %[[FN:.*]] = llvm.mlir.addressof @__offload_rt_all_devices
  //       CHECK: %[[LINKED:.*]] = llvm.icmp "ne" %[[FN]]
  //       CHECK: %[[RT:.*]] = scf.if %[[LINKED]] -> (i32) {
  //       CHECK:   %[[BEGIN:.*]] = llvm.inttoptr
  //       CHECK:   %[[N:.*]] = llvm.call @__offload_rt_all_devices(%[[BEGIN]], %[[CAP32]]) : (!llvm.ptr, i32) -> i32
  //       CHECK:   scf.yield %[[N]] : i32
  //       CHECK: } else {
  //       CHECK:   scf.yield %{{.*}} : i32
  //       CHECK: %[[FOUND:.*]] = arith.cmpi sge, %[[RT]]
  //       CHECK: %[[COUNT:.*]] = scf.if %[[FOUND]] -> (index) {
  //       CHECK:   arith.index_cast %[[RT]] : i32 to index
  //       CHECK: } else {
  //       CHECK:   %[[AVAIL:.*]] = func.call @omp_get_num_devices() : () -> i32
  //       CHECK:   scf.for %[[D:.*]] =
  //       CHECK:     %[[D32:.*]] = arith.index_cast %[[D]] : index to i32
  //       CHECK:     memref.store %[[D32]], %[[LIST]][%[[D]]] : memref<?xi32>
  //       CHECK: return %[[COUNT]] : index
  func.func @all_devices(%list: memref<?xi32>) -> index {
    %n = offload.all_devices %list : memref<?xi32>
    return %n : index
  }
}

// -----

// A buffer the function allocates is new memory: it is not an argument, so
// the map types of a launch taking both are constants (no comparison of
// their addresses at run time, which grew with the square of the buffers).
// CHECK-LABEL: module attributes
// CHECK: llvm.mlir.global private constant @__offload_copy_maptypes(dense<[33, 288, 35, 288]> : tensor<4xi64>)
// CHECK-LABEL: func.func @fresh(
// CHECK-NOT: llvm.icmp "ult"
// CHECK: llvm.call @__tgt_target_kernel(
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @fresh(%x: memref<?xf32>) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    offload.launch @copy(%x, %y) map(to: %x : memref<?xf32>, tofrom: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
    return %y : memref<?xf32>
  }
}
