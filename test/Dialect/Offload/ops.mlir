// RUN: offload-opt %s | offload-opt | FileCheck %s
// RUN: offload-opt %s --mlir-print-op-generic | offload-opt | FileCheck %s

// CHECK: module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", features = "+ptx80", format = "bitcode">, #offload.amdgpu<chip = "gfx90a", features = "+xnack">, #offload.host]}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80", features = "+ptx80", format = "bitcode">,
                                      #offload.amdgpu<chip = "gfx90a", features = "+xnack">,
                                      #offload.host]} {

//===----------------------------------------------------------------------===//
// offload.kernel, offload.return
//===----------------------------------------------------------------------===//

// CHECK-LABEL: offload.kernel @scale(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>) {
// CHECK: scf.parallel
// CHECK: memref.load %[[X]]
// CHECK: arith.mulf %[[A]]
// CHECK: offload.return
offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %r = arith.mulf %a, %v : f32
    memref.store %r, %x[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: offload.kernel @scalars(
// CHECK-SAME: %{{.*}}: i1, %{{.*}}: i32, %{{.*}}: i64, %{{.*}}: index, %{{.*}}: f16, %{{.*}}: f32, %{{.*}}: f64) {
// CHECK-NEXT: offload.return
offload.kernel @scalars(%a: i1, %b: i32, %c: i64, %d: index, %e: f16, %f: f32, %g: f64) {
  offload.return
}

// CHECK-LABEL: offload.kernel @ranks(
// CHECK-SAME: %{{.*}}: memref<f32>, %{{.*}}: memref<?xi32>, %{{.*}}: memref<?x?xf64>, %{{.*}}: memref<?x?x?xindex>, %{{.*}}: memref<?x?x?x?xi8>) {
offload.kernel @ranks(%r0: memref<f32>, %r1: memref<?xi32>, %r2: memref<?x?xf64>,
                      %r3: memref<?x?x?xindex>, %r4: memref<?x?x?x?xi8>) {
  offload.return
}

// CHECK-LABEL: offload.kernel @static_shapes(
// CHECK-SAME: %{{.*}}: memref<16xf32>, %{{.*}}: memref<4x8xi64>, %{{.*}}: memref<2x?x3xf16>, %{{.*}}: memref<1xi1>) {
offload.kernel @static_shapes(%a: memref<16xf32>, %b: memref<4x8xi64>,
                              %c: memref<2x?x3xf16>, %d: memref<1xi1>) {
  offload.return
}

// CHECK-LABEL: offload.kernel @strided(
// CHECK-SAME: %{{.*}}: memref<4x4xf32, strided<[8, 1], offset: 2>>,
// CHECK-SAME: %{{.*}}: memref<?x?xf32, strided<[?, ?], offset: ?>>,
// CHECK-SAME: %{{.*}}: memref<?xf64, strided<[2]>>,
// CHECK-SAME: %{{.*}}: memref<?x?xi32, strided<[?, 1]>>,
// CHECK-SAME: %{{.*}}: memref<8x?xf32, strided<[1, 8], offset: ?>>) {
offload.kernel @strided(%a: memref<4x4xf32, strided<[8, 1], offset: 2>>,
                        %b: memref<?x?xf32, strided<[?, ?], offset: ?>>,
                        %c: memref<?xf64, strided<[2], offset: 0>>,
                        %d: memref<?x?xi32, strided<[?, 1]>>,
                        %e: memref<8x?xf32, strided<[1, 8], offset: ?>>) {
  offload.return
}

// An explicit default memory space is the default memory space.
// CHECK-LABEL: offload.kernel @memory_space_zero(
// CHECK-SAME: %{{.*}}: memref<?xf32>) {
offload.kernel @memory_space_zero(%a: memref<?xf32, 0>) {
  offload.return
}

// CHECK-LABEL: offload.kernel @arg_attrs(
// CHECK-SAME: %{{.*}}: memref<?xf32> {llvm.noalias, llvm.readonly},
// CHECK-SAME: %{{.*}}: f32 {test.scale = 2 : i32}, %{{.*}}: index)
// CHECK-SAME: attributes {test.kernel_attr}
offload.kernel @arg_attrs(%x: memref<?xf32> {llvm.noalias, llvm.readonly},
                          %s: f32 {test.scale = 2 : i32}, %n: index)
    attributes {test.kernel_attr} {
  offload.return
}

// CHECK-LABEL: offload.kernel @forall_2d(
// CHECK-SAME: %[[X:.*]]: memref<?x?xf32>) {
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in
// CHECK: memref.load %[[X]][%[[I]], %[[J]]]
// CHECK: offload.return
offload.kernel @forall_2d(%x: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i, %j) in (%n, %m) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    %r = arith.addf %v, %v : f32
    memref.store %r, %x[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: offload.kernel @parallel_3d(
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) =
offload.kernel @parallel_3d(%x: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n0 = memref.dim %x, %c0 : memref<?x?x?xf32>
  %n1 = memref.dim %x, %c1 : memref<?x?x?xf32>
  %n2 = memref.dim %x, %c2 : memref<?x?x?xf32>
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%n0, %n1, %n2) step (%c1, %c1, %c1) {
    %v = memref.load %x[%i, %j, %k] : memref<?x?x?xf32>
    memref.store %v, %x[%k, %j, %i] : memref<?x?x?xf32>
  }
  offload.return
}

// A kernel without a parallel loop runs once.
// CHECK-LABEL: offload.kernel @serial(
// CHECK-SAME: %[[X:.*]]: memref<f32>, %[[V:.*]]: f32) {
// CHECK-NEXT: memref.store %[[V]], %[[X]][] : memref<f32>
// CHECK-NEXT: offload.return
offload.kernel @serial(%x: memref<f32>, %v: f32) {
  memref.store %v, %x[] : memref<f32>
  offload.return
}

// CHECK-LABEL: offload.kernel @no_args() {
// CHECK-NEXT: offload.return
offload.kernel @no_args() {
  offload.return
}

// CHECK-LABEL: offload.kernel private @private_kernel(
offload.kernel private @private_kernel(%x: memref<?xf32>) {
  offload.return
}

// CHECK-LABEL: offload.kernel @copy(
offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
  memref.copy %x, %y : memref<?xf32> to memref<?xf32>
  offload.return
}

//===----------------------------------------------------------------------===//
// offload.launch
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @launch_no_maps(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>)
// CHECK: offload.launch @scale(%[[A]], %[[X]]) : (f32, memref<?xf32>) -> ()
// CHECK: offload.launch @no_args() : () -> ()
func.func @launch_no_maps(%a: f32, %x: memref<?xf32>) {
  offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
  offload.launch @no_args() : () -> ()
  return
}

// CHECK-LABEL: func.func @launch_nowait(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: offload.launch @scale(%[[A]], %[[X]]) nowait : (f32, memref<?xf32>) -> ()
// CHECK: offload.launch @scale(%[[A]], %[[X]]) blocks(%[[N]]) threads(%[[N]]) nowait : (f32, memref<?xf32>) -> ()
// CHECK-NEXT: offload.wait
// CHECK-NEXT: return
func.func @launch_nowait(%a: f32, %x: memref<?xf32>, %n: index) {
  offload.launch @scale(%a, %x) nowait : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) blocks(%n) threads(%n) nowait : (f32, memref<?xf32>) -> ()
  offload.wait
  return
}

// CHECK-LABEL: func.func @launch_scalars(
// CHECK: offload.launch @scalars(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i1, i32, i64, index, f16, f32, f64) -> ()
func.func @launch_scalars(%a: i1, %b: i32, %c: i64, %d: index, %e: f16, %f: f32, %g: f64) {
  offload.launch @scalars(%a, %b, %c, %d, %e, %f, %g) : (i1, i32, i64, index, f16, f32, f64) -> ()
  return
}

// CHECK-LABEL: func.func @launch_map_kinds(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
func.func @launch_map_kinds(%x: memref<?xf32>, %y: memref<?xf32>) {
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(to: %[[X]] : memref<?xf32>, from: %[[Y]] : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @copy(%x, %y) map(to: %x : memref<?xf32>, from: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(tofrom: %[[X]] : memref<?xf32>, alloc: %[[Y]] : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @copy(%x, %y) map(tofrom: %x : memref<?xf32>, alloc: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // Clauses keep the order they are written in; a buffer may go unmapped.
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(from: %[[Y]] : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @copy(%x, %y) map(from: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(alloc: %[[Y]] : memref<?xf32>, to: %[[X]] : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @copy(%x, %y) map(alloc: %y : memref<?xf32>, to: %x : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// Modifiers print in a fixed order (always, then present) whatever order
// they were written in.
// CHECK-LABEL: func.func @launch_map_modifiers(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
func.func @launch_map_modifiers(%x: memref<?xf32>, %y: memref<?xf32>) {
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(always, to: %[[X]] : memref<?xf32>, present, from: %[[Y]] : memref<?xf32>) :
  offload.launch @copy(%x, %y) map(always, to: %x : memref<?xf32>, present, from: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(always, present, tofrom: %[[X]] : memref<?xf32>, always, present, alloc: %[[Y]] : memref<?xf32>) :
  offload.launch @copy(%x, %y) map(always, present, tofrom: %x : memref<?xf32>, present, always, alloc: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(present, to: %[[X]] : memref<?xf32>, always, from: %[[Y]] : memref<?xf32>) :
  offload.launch @copy(%x, %y) map(present, to: %x : memref<?xf32>, always, from: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(always, present, to: %[[X]] : memref<?xf32>, tofrom: %[[Y]] : memref<?xf32>) :
  offload.launch @copy(%x, %y) map(always, present, to: %x : memref<?xf32>, tofrom: %y : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @launch_device(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[D32:.*]]: i32, %[[D64:.*]]: i64, %[[DIDX:.*]]: index)
func.func @launch_device(%x: memref<?xf32>, %d32: i32, %d64: i64, %didx: index) {
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) device(%[[D32]] : i32) : (f32, memref<?xf32>) -> ()
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) device(%[[D64]] : i64) : (f32, memref<?xf32>) -> ()
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) map(tofrom: %[[X]] : memref<?xf32>) device(%[[DIDX]] : index) : (f32, memref<?xf32>) -> ()
  %a = arith.constant 2.0 : f32
  offload.launch @scale(%a, %x) device(%d32 : i32) : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) device(%d64 : i64) : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) map(tofrom: %x : memref<?xf32>) device(%didx : index) : (f32, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @launch_devices(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[D32:.*]]: i32, %[[DIDX:.*]]: index)
func.func @launch_devices(%x: memref<?xf32>, %d32: i32, %didx: index) {
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) devices(%[[D32]], %[[DIDX]] : i32, index) nowait : (f32, memref<?xf32>) -> ()
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) devices(all) : (f32, memref<?xf32>) -> ()
  %a = arith.constant 2.0 : f32
  offload.launch @scale(%a, %x) devices(%d32, %didx : i32, index) nowait : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) devices(all) : (f32, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @launch_device_list(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[L:.*]]: memref<?xi32>)
func.func @launch_device_list(%x: memref<?xf32>, %list: memref<?xi32>) {
  // CHECK: offload.launch @scale(%{{.*}}, %[[X]]) devices(%[[L]] : memref<?xi32>) : (f32, memref<?xf32>) -> ()
  %a = arith.constant 2.0 : f32
  offload.launch @scale(%a, %x) devices(%list : memref<?xi32>) : (f32, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @launch_grid(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[X2:.*]]: memref<?x?xf32>, %[[X3:.*]]: memref<?x?x?xf32>, %[[B0:.*]]: index, %[[B1:.*]]: index, %[[B2:.*]]: index, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[T2:.*]]: index, %[[D:.*]]: i32)
func.func @launch_grid(%a: f32, %x: memref<?xf32>, %x2: memref<?x?xf32>, %x3: memref<?x?x?xf32>,
                       %b0: index, %b1: index, %b2: index,
                       %t0: index, %t1: index, %t2: index, %d: i32) {
  // CHECK: offload.launch @scale(%[[A]], %[[X]]) blocks(%[[B0]]) threads(%[[T0]]) : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) blocks(%b0) threads(%t0) : (f32, memref<?xf32>) -> ()
  // CHECK: offload.launch @forall_2d(%[[X2]]) blocks(%[[B0]], %[[B1]]) threads(%[[T0]], %[[T1]]) : (memref<?x?xf32>) -> ()
  offload.launch @forall_2d(%x2) blocks(%b0, %b1) threads(%t0, %t1) : (memref<?x?xf32>) -> ()
  // CHECK: offload.launch @parallel_3d(%[[X3]]) map(present, tofrom: %[[X3]] : memref<?x?x?xf32>) device(%[[D]] : i32) blocks(%[[B0]], %[[B1]], %[[B2]]) threads(%[[T0]], %[[T1]], %[[T2]]) : (memref<?x?x?xf32>) -> ()
  offload.launch @parallel_3d(%x3) map(present, tofrom: %x3 : memref<?x?x?xf32>) device(%d : i32) blocks(%b0, %b1, %b2) threads(%t0, %t1, %t2) : (memref<?x?x?xf32>) -> ()
  // A kernel without a parallel loop takes a grid of any rank.
  // CHECK: offload.launch @no_args() blocks(%[[B0]], %[[B1]]) threads(%[[T0]], %[[T1]]) : () -> ()
  offload.launch @no_args() blocks(%b0, %b1) threads(%t0, %t1) : () -> ()
  return
}

// CHECK-LABEL: func.func @launch_memrefs(
func.func @launch_memrefs(%r0: memref<f32>, %s: memref<4x4xf32, strided<[8, 1], offset: 2>>,
                          %d: memref<?x?xf32, strided<[?, ?], offset: ?>>,
                          %c: memref<?xf64, strided<[2]>>, %e: memref<?x?xi32, strided<[?, 1]>>,
                          %f: memref<8x?xf32, strided<[1, 8], offset: ?>>, %v: f32) {
  // CHECK: offload.launch @serial(%{{.*}}, %{{.*}}) map(from: %{{.*}} : memref<f32>) : (memref<f32>, f32) -> ()
  offload.launch @serial(%r0, %v) map(from: %r0 : memref<f32>) : (memref<f32>, f32) -> ()
  // CHECK: offload.launch @strided({{.*}}) map(to: %{{.*}} : memref<4x4xf32, strided<[8, 1], offset: 2>>, to: %{{.*}} : memref<?x?xf32, strided<[?, ?], offset: ?>>) :
  offload.launch @strided(%s, %d, %c, %e, %f)
      map(to: %s : memref<4x4xf32, strided<[8, 1], offset: 2>>,
          to: %d : memref<?x?xf32, strided<[?, ?], offset: ?>>)
      : (memref<4x4xf32, strided<[8, 1], offset: 2>>, memref<?x?xf32, strided<[?, ?], offset: ?>>,
         memref<?xf64, strided<[2]>>, memref<?x?xi32, strided<[?, 1]>>,
         memref<8x?xf32, strided<[1, 8], offset: ?>>) -> ()
  return
}

//===----------------------------------------------------------------------===//
// offload.data, offload.enter_data, offload.exit_data, offload.update
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @data(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[D:.*]]: i64)
func.func @data(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index, %d: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: offload.data map(to: %[[X]] : memref<?xf32>, tofrom: %[[Y]] : memref<?xf32>) {
  // CHECK-NEXT: offload.launch @copy(%[[X]], %[[Y]]) : (memref<?xf32>, memref<?xf32>) -> ()
  // CHECK-NEXT: offload.launch @scale(%[[A]], %[[Y]]) : (f32, memref<?xf32>) -> ()
  offload.data map(to: %x : memref<?xf32>, tofrom: %y : memref<?xf32>) {
    offload.launch @copy(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @scale(%a, %y) : (f32, memref<?xf32>) -> ()
  }
  // CHECK: offload.data map(always, from: %[[X]] : memref<?xf32>, present, alloc: %[[Y]] : memref<?xf32>) device(%[[D]] : i64) {
  // CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} {
  // CHECK-NEXT: offload.launch @copy(%[[Y]], %[[X]]) map(present, tofrom: %[[X]] : memref<?xf32>) device(%[[D]] : i64) :
  // CHECK-NEXT: offload.update map(from: %[[X]] : memref<?xf32>) device(%[[D]] : i64)
  offload.data map(always, from: %x : memref<?xf32>, present, alloc: %y : memref<?xf32>) device(%d : i64) {
    scf.for %i = %c0 to %n step %c1 {
      offload.launch @copy(%y, %x) map(present, tofrom: %x : memref<?xf32>) device(%d : i64) : (memref<?xf32>, memref<?xf32>) -> ()
      offload.update map(from: %x : memref<?xf32>) device(%d : i64)
    }
  }
  // Data regions nest.
  // CHECK: offload.data map(tofrom: %[[X]] : memref<?xf32>) {
  // CHECK-NEXT: offload.data map(alloc: %[[Y]] : memref<?xf32>) {
  // CHECK-NEXT: offload.launch @copy
  offload.data map(tofrom: %x : memref<?xf32>) {
    offload.data map(alloc: %y : memref<?xf32>) {
      offload.launch @copy(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @device_copy(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[G:.*]]: memref<?x?xf64>, %[[S:.*]]: i32, %[[D:.*]]: index, %[[R:.*]]: index)
func.func @device_copy(%x: memref<?xf32>, %g: memref<?x?xf64>, %s: i32, %d: index, %r: index) {
  // CHECK: offload.device_copy %[[X]] from(%[[S]] : i32) to(%[[D]] : index) : memref<?xf32>
  offload.device_copy %x from(%s : i32) to(%d : index) : memref<?xf32>
  // CHECK: %[[ROWS:.*]] = memref.subview %[[G]]
  // CHECK: offload.device_copy %[[ROWS]] from(%[[D]] : index) to(%[[S]] : i32) : memref<1x?xf64, strided<[?, 1], offset: ?>>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %g, %c1 : memref<?x?xf64>
  %rows = memref.subview %g[%r, 0] [1, %n] [1, 1] : memref<?x?xf64> to memref<1x?xf64, strided<[?, 1], offset: ?>>
  offload.device_copy %rows from(%d : index) to(%s : i32) : memref<1x?xf64, strided<[?, 1], offset: ?>>
  // CHECK: offload.device_copy %[[X]] from(%[[S]] : i32) to(%[[D]] : index) nowait : memref<?xf32>
  offload.device_copy %x from(%s : i32) to(%d : index) nowait : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @enter_exit_update(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x?xf64>, %[[Z:.*]]: memref<i32>, %[[D:.*]]: index)
func.func @enter_exit_update(%x: memref<?xf32>, %y: memref<?x?xf64>, %z: memref<i32>, %d: index) {
  // CHECK: offload.enter_data map(to: %[[X]] : memref<?xf32>, alloc: %[[Y]] : memref<?x?xf64>, always, to: %[[Z]] : memref<i32>)
  offload.enter_data map(to: %x : memref<?xf32>, alloc: %y : memref<?x?xf64>, always, to: %z : memref<i32>)
  // CHECK: offload.enter_data map(always, present, alloc: %[[X]] : memref<?xf32>) device(%[[D]] : index)
  offload.enter_data map(present, always, alloc: %x : memref<?xf32>) device(%d : index)
  // CHECK: offload.update map(to: %[[X]] : memref<?xf32>, from: %[[Y]] : memref<?x?xf64>)
  offload.update map(to: %x : memref<?xf32>, from: %y : memref<?x?xf64>)
  // CHECK: offload.update map(present, to: %[[Z]] : memref<i32>, present, from: %[[X]] : memref<?xf32>) device(%[[D]] : index)
  offload.update map(present, to: %z : memref<i32>, present, from: %x : memref<?xf32>) device(%d : index)
  // CHECK: offload.exit_data map(from: %[[X]] : memref<?xf32>, release: %[[Y]] : memref<?x?xf64>, delete: %[[Z]] : memref<i32>)
  offload.exit_data map(from: %x : memref<?xf32>, release: %y : memref<?x?xf64>, delete: %z : memref<i32>)
  // CHECK: offload.exit_data map(always, from: %[[X]] : memref<?xf32>, present, release: %[[Y]] : memref<?x?xf64>, always, present, delete: %[[Z]] : memref<i32>) device(%[[D]] : index)
  offload.exit_data map(always, from: %x : memref<?xf32>, present, release: %y : memref<?x?xf64>, always, present, delete: %z : memref<i32>) device(%d : index)
  return
}

//===----------------------------------------------------------------------===//
// #offload.map in generic form
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @generic_maps(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>)
func.func @generic_maps(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>) {
  // CHECK: offload.launch @copy(%[[X]], %[[Y]]) map(to: %[[X]] : memref<?xf32>, always, present, tofrom: %[[Y]] : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  "offload.launch"(%x, %y, %x, %y) <{kernel = @copy,
      map_kinds = [#offload.map<to>, #offload.map<tofrom, "always|present">],
      operandSegmentSizes = array<i32: 2, 2, 0, 0, 0, 0>}> : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.enter_data map(always, alloc: %[[X]] : memref<?xf32>, present, to: %[[Y]] : memref<?xf32>, to: %[[Z]] : memref<?xf32>)
  "offload.enter_data"(%x, %y, %z) <{map_kinds = [#offload.map<alloc, always>, #offload.map<to, present>, #offload.map<to, none>],
      operandSegmentSizes = array<i32: 3, 0>}> : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  // CHECK: offload.exit_data map(from: %[[X]] : memref<?xf32>, release: %[[Y]] : memref<?xf32>, always, delete: %[[Z]] : memref<?xf32>)
  "offload.exit_data"(%x, %y, %z) <{map_kinds = [#offload.map<from>, #offload.map<release>, #offload.map<delete, always>],
      operandSegmentSizes = array<i32: 3, 0>}> : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}

// The attribute itself, as the generic printer writes it.
// CHECK-LABEL: func.func @map_attrs()
// CHECK-SAME: test.alloc = #offload.map<alloc, "always|present">
// CHECK-SAME: test.delete = #offload.map<delete, always>
// CHECK-SAME: test.from = #offload.map<from, present>
// CHECK-SAME: test.release = #offload.map<release>
// CHECK-SAME: test.to = #offload.map<to>
// CHECK-SAME: test.tofrom = #offload.map<tofrom, always>
func.func @map_attrs() attributes {
    test.to = #offload.map<to, none>, test.from = #offload.map<from, present>,
    test.tofrom = #offload.map<tofrom, always>,
    test.alloc = #offload.map<alloc, "present|always">,
    test.release = #offload.map<release>, test.delete = #offload.map<delete, always>} {
  return
}

}

//===----------------------------------------------------------------------===//
// Target attributes
//===----------------------------------------------------------------------===//

// Parameters with their default value are not printed.
// CHECK-LABEL: module @defaults attributes {offload.targets = [#offload.nvptx, #offload.amdgpu, #offload.host]}
module @defaults attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "auto">,
                                                #offload.amdgpu<chip = "gfx942">, #offload.host]} {
}

// CHECK-LABEL: module @nvptx_forms attributes {offload.targets = [#offload.nvptx<chip = "sm_90a", format = "cubin">, #offload.nvptx<features = "+ptx80">, #offload.nvptx<chip = "sm_100f">, #offload.nvptx<chip = "sm_70", format = "bitcode">]}
module @nvptx_forms attributes {offload.targets = [
    #offload.nvptx<chip = "sm_90a", format = "cubin">, #offload.nvptx<features = "+ptx80">,
    #offload.nvptx<chip = "sm_100f">, #offload.nvptx<format = "bitcode", chip = "sm_70">]} {
}

// CHECK-LABEL: module @amdgpu_forms attributes {offload.targets = [#offload.amdgpu<chip = "gfx1100">, #offload.amdgpu<features = "+sramecc,-xnack">, #offload.amdgpu<chip = "gfx90a", features = "+xnack">]}
module @amdgpu_forms attributes {offload.targets = [
    #offload.amdgpu<chip = "gfx1100">, #offload.amdgpu<features = "+sramecc,-xnack">,
    #offload.amdgpu<features = "+xnack", chip = "gfx90a">]} {
}

// LLVM's generic AMDGPU targets: one code object for a family of chips.
// CHECK-LABEL: module @amdgpu_generic attributes {offload.targets = [#offload.amdgpu<chip = "gfx9-generic">, #offload.amdgpu<chip = "gfx9-4-generic", features = "+xnack">, #offload.amdgpu<chip = "gfx11-generic">]}
module @amdgpu_generic attributes {offload.targets = [
    #offload.amdgpu<chip = "gfx9-generic">, #offload.amdgpu<chip = "gfx9-4-generic", features = "+xnack">,
    #offload.amdgpu<chip = "gfx11-generic">]} {
}

// An empty list is allowed.
// CHECK-LABEL: module @no_targets attributes {offload.targets = []}
module @no_targets attributes {offload.targets = []} {
}

// The other attributes the dialect owns: the target of a device module and
// the offload entry of a kernel.
// CHECK-LABEL: module @device_modules
// CHECK: gpu.module @nvptx_module attributes {offload.target = #offload.nvptx<chip = "sm_80">}
// CHECK: gpu.module @amdgpu_module attributes {offload.target = #offload.amdgpu<chip = "gfx90a">}
// CHECK: gpu.module @host_module attributes {offload.target = #offload.host}
// CHECK: llvm.mlir.global internal constant @__offload_entry_scale(0 : i8) {addr_space = 0 : i32, offload.entry = "scale"} : i8
module @device_modules attributes {gpu.container_module} {
  gpu.module @nvptx_module attributes {offload.target = #offload.nvptx<chip = "sm_80">} {
  }
  gpu.module @amdgpu_module attributes {offload.target = #offload.amdgpu<chip = "gfx90a">} {
  }
  gpu.module @host_module attributes {offload.target = #offload.host} {
  }
  llvm.mlir.global internal constant @__offload_entry_scale(0 : i8) {offload.entry = "scale"} : i8
}

// -----

// Aggregates: offload.pack on the host, offload.unpack in the kernel.

// CHECK-LABEL: offload.kernel @aggregate(
// CHECK-SAME: %[[P:.*]]: tuple<memref<?xf32>, i32>)
// CHECK-NEXT: %{{.*}}:2 = offload.unpack %[[P]] : tuple<memref<?xf32>, i32>
offload.kernel @aggregate(%p: tuple<memref<?xf32>, i32>) {
  %x, %s = offload.unpack %p : tuple<memref<?xf32>, i32>
  offload.return
}

// CHECK-LABEL: func.func @pack(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[S:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = offload.pack %[[X]], %[[S]] : tuple<memref<?xf32>, i32>
// CHECK-NEXT: offload.launch @aggregate(%[[A]]) map(to: %[[X]] : memref<?xf32>) : (tuple<memref<?xf32>, i32>) -> ()
func.func @pack(%x: memref<?xf32>, %s: i32) {
  %a = offload.pack %x, %s : tuple<memref<?xf32>, i32>
  offload.launch @aggregate(%a) map(to: %x : memref<?xf32>) : (tuple<memref<?xf32>, i32>) -> ()
  return
}

// CHECK-LABEL: func.func @all_devices(
// CHECK-SAME: %[[L:.*]]: memref<?xi32>)
func.func @all_devices(%list: memref<?xi32>) -> index {
  // CHECK: %{{.*}} = offload.all_devices %[[L]] : memref<?xi32>
  %n = offload.all_devices %list : memref<?xi32>
  return %n : index
}
