// RUN: offload-opt %s -canonicalize | FileCheck %s
// RUN: offload-opt %s -cse | FileCheck %s

// Launches and data movement are what the program is for: canonicalization
// and CSE must keep them, whatever map kinds they use and whether or not the
// kernel takes buffers. A launch has the effects of its kernel, and a data
// region the effects of what it holds.

memref.global "private" @counter : memref<1xi32> = dense<0>

// A kernel that takes no buffer can still write memory.
offload.kernel @bump() {
  %g = memref.get_global @counter : memref<1xi32>
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %v = memref.load %g[%c0] : memref<1xi32>
  %s = arith.addi %v, %one : i32
  memref.store %s, %g[%c0] : memref<1xi32>
  offload.return
}

offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf32>
  %r = arith.mulf %a, %v : f32
  memref.store %r, %x[%c0] : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launches(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>)
// CHECK: offload.launch @bump() : () -> ()
// CHECK: offload.launch @bump() : () -> ()
// CHECK: offload.launch @scale(%[[A]], %[[X]]) : (f32, memref<?xf32>) -> ()
// CHECK: offload.launch @scale(%[[A]], %[[X]]) map(to: %[[X]] : memref<?xf32>) : (f32, memref<?xf32>) -> ()
func.func @launches(%a: f32, %x: memref<?xf32>) {
  offload.launch @bump() : () -> ()
  offload.launch @bump() : () -> ()
  offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
  offload.launch @scale(%a, %x) map(to: %x : memref<?xf32>) : (f32, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @data_movement(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.enter_data map(to: %[[X]] : memref<?xf32>)
// CHECK: offload.enter_data map(alloc: %[[Y]] : memref<?xf32>)
// CHECK: offload.update map(to: %[[X]] : memref<?xf32>)
// CHECK: offload.update map(from: %[[Y]] : memref<?xf32>)
// CHECK: offload.exit_data map(from: %[[Y]] : memref<?xf32>)
// CHECK: offload.exit_data map(release: %[[X]] : memref<?xf32>)
// CHECK: offload.exit_data map(delete: %[[X]] : memref<?xf32>)
func.func @data_movement(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  offload.enter_data map(to: %x : memref<?xf32>)
  offload.enter_data map(alloc: %y : memref<?xf32>)
  offload.update map(to: %x : memref<?xf32>)
  offload.update map(from: %y : memref<?xf32>)
  offload.exit_data map(from: %y : memref<?xf32>)
  offload.exit_data map(release: %x : memref<?xf32>)
  offload.exit_data map(delete: %x : memref<?xf32>)
  return
}

// CHECK-LABEL: func.func @data_regions(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.data map(to: %[[Y]] : memref<?xf32>) {
// CHECK-NEXT: offload.launch @scale(%[[A]], %[[X]])
// CHECK: offload.data map(alloc: %[[X]] : memref<?xf32>) {
// CHECK-NEXT: offload.launch @scale(%[[A]], %[[X]])
// CHECK: offload.data map(tofrom: %[[X]] : memref<?xf32>) {
// CHECK-NEXT: offload.launch @bump()
func.func @data_regions(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  offload.data map(to: %y : memref<?xf32>) {
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
  }
  offload.data map(alloc: %x : memref<?xf32>) {
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
  }
  offload.data map(tofrom: %x : memref<?xf32>) {
    offload.launch @bump() : () -> ()
  }
  return
}
