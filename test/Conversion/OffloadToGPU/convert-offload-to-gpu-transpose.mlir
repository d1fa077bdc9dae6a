// RUN: offload-opt %s --convert-offload-to-gpu=remarks=true -verify-diagnostics | FileCheck %s

// A 2-D loop reading a buffer at [j, i]: 32x32 tiles of it go through
// shared memory (padded to 33 columns), read along the buffer's rows and
// used along the loop's.
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

// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: scf.for %[[I0:.*]] =
// CHECK: scf.for %[[J0:.*]] =
// CHECK: %[[R:.*]] = arith.addi %[[TY]], %{{.*}}
// CHECK: %[[J:.*]] = arith.addi %[[J0]], %[[R]]
// CHECK: %[[I:.*]] = arith.addi %[[I0]], %[[TX]]
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[J]], %[[I]]] : memref<?x?xf32>
// CHECK: memref.store %[[V]], %[[TILE]][%[[R]], %[[TX]]]
// CHECK: gpu.barrier
// CHECK: %[[R2:.*]] = arith.addi %[[TY]], %{{.*}}
// CHECK: %[[I2:.*]] = arith.addi %[[I0]], %[[R2]]
// CHECK: %[[J2:.*]] = arith.addi %[[J0]], %[[TX]]
// CHECK: %[[W:.*]] = memref.load %[[TILE]][%[[TX]], %[[R2]]]
// CHECK: memref.store %[[W]], %{{.*}}[%[[I2]], %[[J2]]] : memref<?x?xf32>
// CHECK: gpu.barrier
// CHECK-LABEL: gpu.func @store_transposed
// CHECK-SAME: workgroup(%[[TILE2:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[TX2:.*]] = gpu.thread_id x
// CHECK: %[[TY2:.*]] = gpu.thread_id y
// CHECK: %[[V2:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: memref.store %[[V2]], %[[TILE2]][%[[TX2]], %{{.*}}]
// CHECK: gpu.barrier
// CHECK: %[[W2:.*]] = memref.load %[[TILE2]][%{{.*}}, %[[TX2]]]
// CHECK: memref.store %[[W2]], %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: gpu.barrier
// CHECK-LABEL: gpu.func @straight
// CHECK-NOT: workgroup
