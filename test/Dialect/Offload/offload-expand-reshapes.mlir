// RUN: offload-opt %s -split-input-file --offload-expand-reshapes | FileCheck %s

// A static expansion: the sizes and strides are constants.
// CHECK-LABEL: func.func @static
//  CHECK-SAME: (%[[SRC:.*]]: memref<12xf32>)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   %[[R:.*]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [3, 4], strides: [4, 1] : memref<f32> to memref<3x4xf32>
//   CHECK-NOT:   memref.expand_shape
//       CHECK:   return %[[R]]
func.func @static(%src: memref<12xf32>) -> memref<3x4xf32> {
  %0 = memref.expand_shape %src [[0, 1]] output_shape [3, 4] : memref<12xf32> into memref<3x4xf32>
  return %0 : memref<3x4xf32>
}

// -----

// A dynamic outer size (what crashes upstream's expand-strided-metadata).
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[N:.*]]: index)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[N]], 4], strides: [4, 1] : memref<f32> to memref<?x4xf32>
func.func @dynamic(%src: memref<?xf32>, %n: index) -> memref<?x4xf32> {
  %0 = memref.expand_shape %src [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  return %0 : memref<?x4xf32>
}

// -----

// A dynamic inner size: the outer stride is the inner size.
// CHECK-LABEL: func.func @dynamic_inner
//  CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>, %[[M:.*]]: index)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [2, %[[M]]], strides: [%[[M]], 1] : memref<f32> to memref<2x?xf32>
func.func @dynamic_inner(%src: memref<?xf32>, %m: index) -> memref<2x?xf32> {
  %0 = memref.expand_shape %src [[0, 1]] output_shape [2, %m] : memref<?xf32> into memref<2x?xf32>
  return %0 : memref<2x?xf32>
}

// -----

// Only the second dimension is expanded; the first keeps its stride.
// CHECK-LABEL: func.func @second_group
//  CHECK-SAME: (%[[SRC:.*]]: memref<?x8xf32>, %[[N:.*]]: index)
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[N]], 2, 4], strides: [8, 4, 1] : memref<f32> to memref<?x2x4xf32>
func.func @second_group(%src: memref<?x8xf32>, %n: index) -> memref<?x2x4xf32> {
  %0 = memref.expand_shape %src [[0], [1, 2]] output_shape [%n, 2, 4] : memref<?x8xf32> into memref<?x2x4xf32>
  return %0 : memref<?x2x4xf32>
}

// -----

// A strided source with a dynamic offset: the offset carries over, and the
// outer stride is the source's stride times the inner size.
// CHECK: #[[TIMES4:.*]] = affine_map<()[s0] -> (s0 * 4)>
// CHECK-LABEL: func.func @strided
//  CHECK-SAME: (%[[SRC:.*]]: memref<?xf32, strided<[?], offset: ?>>, %[[N:.*]]: index)
//       CHECK:   %[[BASE:.*]], %[[OFF:.*]], %{{.*}}, %[[STRIDE:.*]] = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   %[[OUTER:.*]] = affine.apply #[[TIMES4]]()[%[[STRIDE]]]
//       CHECK:   memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%[[N]], 4], strides: [%[[OUTER]], %[[STRIDE]]]
func.func @strided(%src: memref<?xf32, strided<[?], offset: ?>>, %n: index) -> memref<?x4xf32, strided<[?, ?], offset: ?>> {
  %0 = memref.expand_shape %src [[0, 1]] output_shape [%n, 4] : memref<?xf32, strided<[?], offset: ?>> into memref<?x4xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x4xf32, strided<[?, ?], offset: ?>>
}

// -----

// Constant sizes in a dynamic result type (upstream's rewrite crashes on
// this): the cast takes them as values, and the outer stride folds.
// CHECK-LABEL: func.func @constant_sizes
//  CHECK-SAME: (%[[SRC:.*]]: memref<?xf32>)
//       CHECK:   %[[C2:.*]] = arith.constant 2 : index
//       CHECK:   %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[SRC]]
//       CHECK:   memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[C2]], %[[C2]]], strides: [%[[C2]], 1] : memref<f32> to memref<?x?xf32>
func.func @constant_sizes(%src: memref<?xf32>) -> memref<?x?xf32> {
  %c2 = arith.constant 2 : index
  %0 = memref.expand_shape %src [[0, 1]] output_shape [%c2, %c2] : memref<?xf32> into memref<?x?xf32>
  return %0 : memref<?x?xf32>
}
