// RUN: offload-opt %s --offload-decompose-linalg --split-input-file | FileCheck %s

// linalg.softmax on tensors: its own decomposition (the maximum, exp(x -
// max), the sum, the division), which the host's bufferization turns into
// buffers.
// CHECK-LABEL: func.func @on_tensors(
// CHECK-NOT: linalg.softmax
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.maxnumf
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK: return
func.func @on_tensors(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// On memrefs in host code: four linalg.generic ops over two temporaries
// holding each column's maximum and sum (dimension 0 reduced).
// CHECK-DAG: #[[ALL:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @on_memrefs(
// CHECK-SAME: %[[X:.*]]: memref<4x?x6xf64>, %[[Y:.*]]: memref<4x?x6xf64>)
// CHECK: %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<4x?x6xf64>
// CHECK: %[[MAX:.*]] = memref.alloc(%[[N]]) : memref<?x6xf64>
// CHECK: %[[SUM:.*]] = memref.alloc(%[[N]]) : memref<?x6xf64>
// CHECK: %[[LOWEST:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK: linalg.fill ins(%[[LOWEST]] : f64) outs(%[[MAX]] : memref<?x6xf64>)
// CHECK: linalg.generic {indexing_maps = [#[[ALL]], #[[ROW]]], iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[X]] : memref<4x?x6xf64>) outs(%[[MAX]] : memref<?x6xf64>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {indexing_maps = [#[[ALL]], #[[ROW]], #[[ALL]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]], %[[MAX]] : memref<4x?x6xf64>, memref<?x6xf64>) outs(%[[Y]] : memref<4x?x6xf64>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: linalg.fill ins(%[[ZERO]] : f64) outs(%[[SUM]] : memref<?x6xf64>)
// CHECK: linalg.generic {indexing_maps = [#[[ALL]], #[[ROW]]], iterator_types = ["reduction", "parallel", "parallel"]} ins(%[[Y]] : memref<4x?x6xf64>) outs(%[[SUM]] : memref<?x6xf64>)
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[ALL]]], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[SUM]] : memref<?x6xf64>) outs(%[[Y]] : memref<4x?x6xf64>)
// CHECK: ^bb0(%[[S:.*]]: f64, %[[E:.*]]: f64):
// CHECK: arith.divf %[[E]], %[[S]] : f64
// CHECK: memref.dealloc %[[SUM]]
// CHECK: memref.dealloc %[[MAX]]
// CHECK-NOT: linalg.softmax
func.func @on_memrefs(%x: memref<4x?x6xf64>, %y: memref<4x?x6xf64>) {
  linalg.softmax dimension(0) ins(%x : memref<4x?x6xf64>) outs(%y : memref<4x?x6xf64>)
  return
}

// -----

// Inside a kernel: no temporaries; a parallel loop over the rows, each
// row's maximum, then exp(x - max) written while summed, then divided.
module attributes {offload.targets = [#offload.host]} {
  // CHECK-LABEL: offload.kernel @in_kernel(
  // CHECK-SAME: %[[X:.*]]: memref<?x?xf32>, %[[Y:.*]]: memref<?x?xf32>)
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[C1:.*]] = arith.constant 1 : index
  // CHECK: %[[LEN:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf32>
  // CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?xf32>
  // CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[ROWS]]) step (%[[C1]]) {
  // CHECK: %[[LOWEST:.*]] = arith.constant 0xFF800000 : f32
  // CHECK: %[[MAX:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[LEN]] step %[[C1]] iter_args(%[[M:.*]] = %[[LOWEST]]) -> (f32) {
  // CHECK: %[[V:.*]] = memref.load %[[X]][%[[I]], %[[K]]]
  // CHECK: arith.maximumf %[[M]], %[[V]] : f32
  // CHECK: %[[SUM:.*]] = scf.for %[[K2:.*]] = %[[C0]] to %[[LEN]] step %[[C1]] iter_args(%{{.*}} = %{{.*}}) -> (f32) {
  // CHECK: arith.subf %{{.*}}, %[[MAX]] : f32
  // CHECK: %[[EXP:.*]] = math.exp
  // CHECK: memref.store %[[EXP]], %[[Y]][%[[I]], %[[K2]]]
  // CHECK: scf.for %[[K3:.*]] = %[[C0]] to %[[LEN]] step %[[C1]] {
  // CHECK: %[[W:.*]] = memref.load %[[Y]][%[[I]], %[[K3]]]
  // CHECK: %[[Q:.*]] = arith.divf %[[W]], %[[SUM]] : f32
  // CHECK: memref.store %[[Q]], %[[Y]][%[[I]], %[[K3]]]
  // CHECK-NOT: linalg.softmax
  // CHECK: offload.return
  offload.kernel @in_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    linalg.softmax dimension(1) ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
    offload.return
  }
}

// -----

// linalg.pack on tensors: pad to whole tiles, expand into tiles,
// transpose the tile dimensions inwards; linalg.unpack the other way.
// CHECK-LABEL: func.func @pack_unpack(
// CHECK-NOT: linalg.pack
// CHECK: tensor.pad
// CHECK: tensor.expand_shape {{.*}} : tensor<12x8xf32> into tensor<3x4x4x2xf32>
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK-NOT: linalg.unpack
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK: tensor.collapse_shape {{.*}} into tensor<12x8xf32>
// CHECK: tensor.extract_slice {{.*}}[0, 0] [10, 7] [1, 1]
// CHECK: return
func.func @pack_unpack(%x: tensor<10x7xf32>) -> tensor<10x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4x4x2xf32>
  %p = linalg.pack %x padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %e : tensor<10x7xf32> -> tensor<3x4x4x2xf32>
  %e2 = tensor.empty() : tensor<10x7xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %e2 : tensor<3x4x4x2xf32> -> tensor<10x7xf32>
  return %u : tensor<10x7xf32>
}
