// RUN: offload-opt %s -split-input-file --offload-infer-maps --convert-offload-to-gpu --offload-insert-checks | FileCheck %s

// The messages name the launch's location, and each access of the host
// copy's location.
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("offload-check: kernel @scale at {{.*}}offload-insert-checks.mlir:[[#@LINE+60]]:5: argument #1 differs at [%ld, %ld]: device %ld, host %ld\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("offload-check: kernel @scale: the load at {{.*}}offload-insert-checks.mlir:[[#@LINE+9]]:12 is out of bounds of argument #1: index [%ld, %ld], size [%ld, %ld]\0A\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("offload-check: kernel @scale: the store at {{.*}}offload-insert-checks.mlir:[[#@LINE+10]]:7 is out of bounds of argument #1: index [%ld, %ld], size [%ld, %ld]\0A\00")
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

  // Every access of the host copy checks each index against the size.
  // CHECK-LABEL: func.func private @__offload_fallback_scale(
  // CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
  // CHECK: %[[D0:.*]] = memref.dim %[[BUF:.*]], %{{.*}} : memref<?x4xi32>
  // CHECK: arith.cmpi slt, %[[I]], %{{.*}} : index
  // CHECK: arith.cmpi sge, %[[I]], %[[D0]] : index
  // CHECK: %[[D1:.*]] = memref.dim %[[BUF]], %{{.*}} : memref<?x4xi32>
  // CHECK: arith.cmpi slt, %[[J]], %{{.*}} : index
  // CHECK: %[[LAST:.*]] = arith.cmpi sge, %[[J]], %[[D1]] : index
  // CHECK: %[[BAD:.*]] = arith.ori %{{.*}}, %[[LAST]] : i1
  // CHECK: scf.if %[[BAD]] {
  // CHECK: llvm.call @printf
  // CHECK: llvm.call @exit
  // CHECK: }
  // CHECK-NEXT: memref.load %[[BUF]][%[[I]], %[[J]]]
  // CHECK: scf.if
  // CHECK: llvm.call @exit
  // CHECK: }
  // CHECK-NEXT: memref.store %{{.*}}, %[[BUF]][%[[I]], %[[J]]]

  // Only y is written: the host copy runs first, on a copy of y; the launch
  // copies `always`; then the two results are compared element by element.
  // x is read-only and not compared.
  // CHECK-LABEL: func.func @check(
  // CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?x4xi32>)
  // CHECK: %[[HOST:.*]] = memref.alloc(%{{.*}}) : memref<?x4xi32>
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: %[[V:.*]] = memref.load %[[Y]]
  // CHECK-NEXT: memref.store %[[V]], %[[HOST]]
  // CHECK: call @__offload_fallback_scale(
  // CHECK-NEXT: offload.launch @scale(%[[X]], %[[Y]]) map(always, tofrom: %[[Y]] : memref<?x4xi32>)
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: %[[H:.*]] = memref.load %[[HOST]]
  // CHECK: %[[D:.*]] = memref.load %[[Y]]
  // CHECK: %[[NE:.*]] = arith.cmpi ne, %[[D]], %[[H]] : i32
  // CHECK: scf.if
  // CHECK: llvm.call @printf
  // CHECK: llvm.call @exit
  // CHECK: memref.dealloc %[[HOST]]
  // CHECK-NEXT: return
  func.func @check(%x: memref<?xf32>, %y: memref<?x4xi32>) {
    offload.launch @scale(%x, %y) : (memref<?xf32>, memref<?x4xi32>) -> ()
    return
  }
}

