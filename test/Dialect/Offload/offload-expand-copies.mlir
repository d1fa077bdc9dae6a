// RUN: offload-opt %s --offload-expand-copies | FileCheck %s

// A copy between two boxes of matrices (strided views): a loop nest over the
// box's elements, loading from the source and storing into the target at the
// same indices.
// CHECK-LABEL: func.func @box(
// CHECK-SAME: %[[A:[^:]*]]: memref<3x4xf32, strided<[10, 1], offset: 11>>, %[[B:[^:]*]]: memref<3x4xf32, strided<[?, 1], offset: ?>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[M:.*]] = memref.dim %[[A]], %[[C0]]
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[M]] step %[[C1]]
// CHECK: %[[N:.*]] = memref.dim %[[A]], %[[C1]]
// CHECK: scf.for %[[J:.*]] = %[[C0]] to %[[N]] step %[[C1]]
// CHECK: %[[V:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK: memref.store %[[V]], %[[B]][%[[I]], %[[J]]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @box(%a: memref<3x4xf32, strided<[10, 1], offset: 11>>,
               %b: memref<3x4xf32, strided<[?, 1], offset: ?>>) {
  memref.copy %a, %b : memref<3x4xf32, strided<[10, 1], offset: 11>> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  return
}

// One side contiguous is not enough: a dynamic buffer into a column.
// CHECK-LABEL: func.func @column(
// CHECK: scf.for
// CHECK: memref.load
// CHECK: memref.store
// CHECK-NOT: memref.copy
func.func @column(%a: memref<?xi32>, %b: memref<?xi32, strided<[?], offset: ?>>) {
  memref.copy %a, %b : memref<?xi32> to memref<?xi32, strided<[?], offset: ?>>
  return
}

// Contiguous buffers (identity layouts, or static strides of a row-major
// buffer) stay: the LLVM lowering copies them with one memcpy. So do
// unranked ones.
// CHECK-LABEL: func.func @contiguous(
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<?x?xf32> to memref<?x?xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<4x8xf32, strided<[8, 1], offset: 16>> to memref<4x8xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: return
func.func @contiguous(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                      %c: memref<4x8xf32, strided<[8, 1], offset: 16>>, %d: memref<4x8xf32>,
                      %e: memref<*xf32>, %f: memref<*xf32>) {
  memref.copy %a, %b : memref<?x?xf32> to memref<?x?xf32>
  memref.copy %c, %d : memref<4x8xf32, strided<[8, 1], offset: 16>> to memref<4x8xf32>
  memref.copy %e, %f : memref<*xf32> to memref<*xf32>
  return
}

// A rank-0 view has one element, contiguous wherever it is.
// CHECK-LABEL: func.func @scalar(
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<f32, strided<[], offset: ?>> to memref<f32>
func.func @scalar(%a: memref<f32, strided<[], offset: ?>>, %b: memref<f32>) {
  memref.copy %a, %b : memref<f32, strided<[], offset: ?>> to memref<f32>
  return
}
