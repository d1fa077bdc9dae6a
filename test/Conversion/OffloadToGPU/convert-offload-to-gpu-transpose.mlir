// RUN: offload-opt %s --convert-offload-to-gpu=remarks=true -verify-diagnostics | FileCheck %s

// A 2-D loop reading a buffer at [j, i]: 32x32 tiles of it go through
// shared memory (padded to 33 columns), read along the buffer's rows and
// used along the loop's, on blocks of 32 x 8 threads (4 rows each).
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  // expected-remark@+1 {{kernel @transpose: strategy 'tiled-transpose'}}
  offload.kernel @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %b, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%j, %i] : memref<?x?xf32>
      memref.store %v, %b[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }
  // The store transposed: the tile is written out along the buffer's rows.
  // expected-remark@+1 {{kernel @store_transposed: strategy 'tiled-transpose'}}
  offload.kernel @store_transposed(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %v, %b[%j, %i] : memref<?x?xf32>
    }
    offload.return
  }
  // Read along the loop's rows: no tiles.
  // expected-remark@+1 {{kernel @straight: strategy 'grid-loop'}}
  offload.kernel @straight(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %b, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %v, %b[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }
}

// The grid covers the tiles: block (x, y) takes tile (y, x); a whole tile
// runs its 4 loads per thread without bounds checks.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK-DAG: %[[M:.*]] = memref.dim %{{.*}}, %c0
// CHECK-DAG: %[[N:.*]] = memref.dim %{{.*}}, %c1
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[GX:.*]] = gpu.grid_dim x
// CHECK: %[[GY:.*]] = gpu.grid_dim y
// CHECK: %[[REACHY:.*]] = arith.muli %[[GY]], %c32
// CHECK: arith.cmpi sle, %{{.*}}, %[[REACHY]]
// CHECK: %[[REACHX:.*]] = arith.muli %[[GX]], %c32
// CHECK: arith.cmpi sle, %{{.*}}, %[[REACHX]]
// CHECK: %[[COVERED:.*]] = arith.andi
// CHECK: scf.if %[[COVERED]] {
// CHECK: %[[I0Y:.*]] = arith.muli %[[BY]], %c32
// CHECK: %[[I0:.*]] = arith.addi %c0, %[[I0Y]]
// CHECK: %[[J0X:.*]] = arith.muli %[[BX]], %c32
// CHECK: %[[J0:.*]] = arith.addi %c0, %[[J0X]]
// CHECK: scf.if
// CHECK: %[[IEND:.*]] = arith.addi %[[I0]], %c32
// CHECK: arith.cmpi sle, %[[IEND]], %[[M]]
// CHECK: %[[JEND:.*]] = arith.addi %[[J0]], %c32
// CHECK: arith.cmpi sle, %[[JEND]], %[[N]]
// CHECK: %[[WHOLE:.*]] = arith.andi
// CHECK: scf.if %[[WHOLE]] {
// CHECK-NOT: scf.if
// CHECK: %[[I:.*]] = arith.addi %[[I0]], %[[TX]]
// CHECK: %[[J:.*]] = arith.addi %[[J0]], %[[TY]]
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[J]], %[[I]]] : memref<?x?xf32>
// CHECK: memref.store %[[V]], %[[TILE]][%[[TY]], %[[TX]]]
// CHECK-COUNT-3: memref.store %{{.*}}, %[[TILE]]
// CHECK-NOT: scf.if
// CHECK: gpu.barrier
// CHECK-NOT: scf.if
// CHECK: %[[I2:.*]] = arith.addi %[[I0]], %[[TY]]
// CHECK: %[[J2:.*]] = arith.addi %[[J0]], %[[TX]]
// CHECK: %[[W:.*]] = memref.load %[[TILE]][%[[TX]], %[[TY]]]
// CHECK: memref.store %[[W]], %{{.*}}[%[[I2]], %[[J2]]] : memref<?x?xf32>
// CHECK-COUNT-3: memref.load %[[TILE]]
// CHECK-NOT: gpu.barrier
// CHECK: } else {
// The tiles on the upper edges: each access checked.
// CHECK: %[[EI:.*]] = arith.addi %[[I0]], %[[TX]]
// CHECK: %[[EJ:.*]] = arith.addi %[[J0]], %[[TY]]
// CHECK: %[[EIN:.*]] = arith.cmpi slt, %[[EI]], %[[M]]
// CHECK: %[[EJN:.*]] = arith.cmpi slt, %[[EJ]], %[[N]]
// CHECK: %[[EOK:.*]] = arith.andi %[[EIN]], %[[EJN]]
// CHECK: scf.if %[[EOK]] {
// CHECK: memref.load %{{.*}}[%[[EJ]], %[[EI]]] : memref<?x?xf32>
// CHECK: gpu.barrier
// CHECK: memref.load %[[TILE]]
// CHECK: } else {
// Any other grid: the blocks stride over the tiles' linear index, each
// access checked, a barrier after each tile.
// CHECK: arith.ceildivui %{{.*}}, %c32
// CHECK: %[[TILESJ:.*]] = arith.ceildivui %{{.*}}, %c32
// CHECK: %[[COUNT:.*]] = arith.muli %{{.*}}, %[[TILESJ]]
// CHECK: %[[FIRST0:.*]] = arith.muli %[[BY]], %[[GX]]
// CHECK: %[[FIRST:.*]] = arith.addi %[[FIRST0]], %[[BX]]
// CHECK: %[[STRIDE:.*]] = arith.muli %[[GY]], %[[GX]]
// CHECK: scf.for %[[T:.*]] = %[[FIRST]] to %[[COUNT]] step %[[STRIDE]] {
// CHECK: arith.divui %[[T]], %[[TILESJ]]
// CHECK: arith.remui %[[T]], %[[TILESJ]]
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK-NEXT: }
// CHECK: gpu.return

// Only the store transposed: no tile to read first; the tile is written
// out along the buffer's rows after a barrier.
// CHECK-LABEL: gpu.func @store_transposed
// CHECK-SAME: workgroup(%[[TILE2:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[TX2:.*]] = gpu.thread_id x
// CHECK: %[[TY2:.*]] = gpu.thread_id y
// CHECK: scf.if
// CHECK: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: %[[V2:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: memref.store %[[V2]], %[[TILE2]][%[[TX2]], %[[TY2]]]
// CHECK: gpu.barrier
// CHECK: %[[W2:.*]] = memref.load %[[TILE2]][%[[TY2]], %[[TX2]]]
// CHECK: memref.store %[[W2]], %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK-LABEL: gpu.func @straight
// CHECK-NOT: workgroup
