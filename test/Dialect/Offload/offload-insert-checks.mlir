// RUN: offload-opt %s -split-input-file --offload-infer-maps --convert-offload-to-gpu --offload-insert-checks | FileCheck %s

// The message names the launch's location.
// CHECK: llvm.mlir.global private constant @__offload_check_message("offload-check: kernel @scale at {{.*}}offload-insert-checks.mlir:[[#@LINE+44]]:5: argument #1 differs at [%ld, %ld]: device %ld, host %ld\0A\00")
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @scale(%x: memref<?xf32>, %y: memref<?x4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %n = memref.dim %y, %c0 : memref<?x4xi32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c4) step (%c1, %c1) {
      %v = memref.load %y[%i, %j] : memref<?x4xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %y[%i, %j] : memref<?x4xi32>
    }
    offload.return
  }

  // Only y is written: its inputs are saved, the launch copies `always`,
  // the host copy runs on the saved inputs and the results are compared
  // element by element; x is read-only and not compared.
  // CHECK-LABEL: func.func @check(
  // CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x4xi32>)
  // CHECK: %[[SAVED:.*]] = memref.alloc(%{{.*}}) : memref<?x4xi32>
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: %[[V:.*]] = memref.load %[[Y]]
  // CHECK-NEXT: memref.store %[[V]], %[[SAVED]]
  // CHECK: offload.launch @scale(%[[X]], %[[Y]]) map(always, tofrom: %[[Y]] : memref<?x4xi32>)
  // CHECK: %[[DEVICE:.*]] = memref.alloc(%{{.*}}) : memref<?x4xi32>
  // CHECK: memref.store %{{.*}}, %[[DEVICE]]
  // CHECK: memref.load %[[SAVED]]
  // CHECK-NEXT: memref.store %{{.*}}, %[[Y]]
  // CHECK: call @__offload_fallback_scale(
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: %[[H:.*]] = memref.load %[[Y]]
  // CHECK: %[[D:.*]] = memref.load %[[DEVICE]]
  // CHECK: %[[NE:.*]] = arith.cmpi ne, %[[D]], %[[H]] : i32
  // CHECK: scf.if
  // CHECK: llvm.call @printf
  // CHECK: llvm.call @exit
  // CHECK: memref.load %[[DEVICE]]
  // CHECK-NEXT: memref.store %{{.*}}, %[[Y]]
  // CHECK: memref.dealloc %[[DEVICE]]
  // CHECK-NEXT: memref.dealloc %[[SAVED]]
  func.func @check(%x: memref<?xf32>, %y: memref<?x4xi32>) {
    offload.launch @scale(%x, %y) : (memref<?xf32>, memref<?x4xi32>) -> ()
    return
  }
}

