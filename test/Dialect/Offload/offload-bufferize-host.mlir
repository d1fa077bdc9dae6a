// RUN: offload-opt %s --offload-bufferize-host | FileCheck %s

// Host code on tensors: function boundaries become memrefs with the
// identity layout, tensor.empty an allocation, linalg ops on tensors the
// same ops on buffers.
// CHECK-LABEL: func.func @layer(
// CHECK-SAME: %[[X:.*]]: memref<4x8xf32>, %[[W:.*]]: memref<8x3xf32>) -> memref<4x3xf32>
// CHECK: %[[Y:.*]] = memref.alloc() {{.*}}: memref<4x3xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[Y]] : memref<4x3xf32>)
// CHECK: linalg.matmul ins(%[[X]], %[[W]] : memref<4x8xf32>, memref<8x3xf32>) outs(%[[Y]] : memref<4x3xf32>)
// CHECK: return %[[Y]] : memref<4x3xf32>
func.func @layer(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x3xf32>)
                     outs(%f : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// A caller: the call takes and returns the buffers.
// CHECK-LABEL: func.func @caller(
// CHECK: %[[R:.*]] = call @layer(%{{.*}}, %{{.*}}) : (memref<4x8xf32>, memref<8x3xf32>) -> memref<4x3xf32>
// CHECK: memref.load %[[R]]
func.func @caller(%x: memref<4x8xf32>, %w: memref<8x3xf32>, %i: index) -> f32 {
  %xt = bufferization.to_tensor %x restrict : memref<4x8xf32> to tensor<4x8xf32>
  %wt = bufferization.to_tensor %w restrict : memref<8x3xf32> to tensor<8x3xf32>
  %y = func.call @layer(%xt, %wt) : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %v = tensor.extract %y[%i, %i] : tensor<4x3xf32>
  return %v : f32
}

// Kernels are left alone: their tensors are the kernel lowering's to
// report.
// CHECK-LABEL: offload.kernel @on_tensors(
// CHECK: tensor.empty
// CHECK: linalg.copy ins(%{{.*}} : tensor<4xf32>)
offload.kernel @on_tensors(%a: memref<4xf32>) {
  %t = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.copy ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  offload.return
}

// A loop carrying a tensor that each iteration computes anew (a model
// applied again to its output): each iteration yields the buffer the call
// returns (it failed with "Yield operand #0 is not equivalent to the
// corresponding iter bbArg" before).
func.func private @apply(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x4xf32>, tensor<4x4xf32>)
                     outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @repeat(
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (memref<4x4xf32>) {
// CHECK:   %[[Y:.*]] = func.call @apply(%[[X]], %{{.*}}) : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
// CHECK:   scf.yield %[[Y]] : memref<4x4xf32>
// CHECK: memref.load %[[R]]
func.func @repeat(%x: memref<4x4xf32>, %w: memref<4x4xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %xt = bufferization.to_tensor %x restrict : memref<4x4xf32> to tensor<4x4xf32>
  %wt = bufferization.to_tensor %w restrict : memref<4x4xf32> to tensor<4x4xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %xt) -> tensor<4x4xf32> {
    %y = func.call @apply(%t, %wt) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %y : tensor<4x4xf32>
  }
  %v = tensor.extract %r[%c0, %c0] : tensor<4x4xf32>
  return %v : f32
}

// A function on memrefs in a module on tensors, freeing a buffer it
// allocates: the dealloc goes (the ownership-based deallocation after this
// pass frees the buffer, and takes no deallocs of the program's own).
// CHECK-LABEL: func.func @own_temporary(
// CHECK: %[[T:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK: %[[C:.*]] = memref.cast %[[T]]
// CHECK: linalg.pooling_nhwc_sum {{.*}} ins(%{{.*}}, %[[C]] :
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @own_temporary(%x: memref<1x4x4x1xf32>, %o: memref<1x2x2x1xf32>) {
  %win = memref.alloc() : memref<2x2xf32>
  %cast = memref.cast %win : memref<2x2xf32> to memref<?x?xf32>
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %cast : memref<1x4x4x1xf32>, memref<?x?xf32>) outs(%o : memref<1x2x2x1xf32>)
  memref.dealloc %cast : memref<?x?xf32>
  return
}
