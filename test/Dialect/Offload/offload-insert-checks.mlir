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


// -----

// A contraction: the comparison of C allows, besides the relative
// tolerance, K * eps * max|A| * max|B| (the device sums the products in
// another order). Here TF32 is allowed (eps = 2^-10 = 9.765625E-4), K is A's
// dimension 1 at the launch, and max|A|, max|B| are computed from the
// inputs before the launch. The f16 output of @mm16 rounds every partial
// sum on the host: eps = 2^-11 (4.8828125E-4), and its relative tolerance
// is one unit in the last place (2^-10).
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  offload.kernel @mm16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }
  func.func @check_mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    offload.launch @mm(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @check_mm16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    offload.launch @mm16(%a, %b, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
    return
  }
}

// CHECK-LABEL: func.func @check_mm(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: %[[KF:.*]] = arith.uitofp %[[KI]] : i64 to f64
// CHECK: %[[EPS:.*]] = arith.constant 9.765625E-4 : f64
// CHECK: %[[KEPS:.*]] = arith.mulf %[[KF]], %[[EPS]] : f64
// CHECK: %[[CELLA:.*]] = memref.alloca() : memref<f64>
// CHECK: memref.load %[[A]]
// CHECK: math.absf
// CHECK: arith.maxnumf
// CHECK-NEXT: memref.store %{{.*}}, %[[CELLA]][]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[MAXA:.*]] = memref.load %[[CELLA]][] : memref<f64>
// CHECK: %[[CELLB:.*]] = memref.alloca() : memref<f64>
// CHECK: memref.load %[[B]]
// CHECK: arith.maxnumf
// CHECK-NEXT: memref.store %{{.*}}, %[[CELLB]][]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[MAXB:.*]] = memref.load %[[CELLB]][] : memref<f64>
// CHECK: %[[AB:.*]] = arith.mulf %[[MAXA]], %[[MAXB]] : f64
// CHECK: %[[SLACK:.*]] = arith.mulf %[[KEPS]], %[[AB]] : f64
// CHECK: call @__offload_fallback_mm(
// CHECK: offload.launch @mm(
// CHECK: %[[S32:.*]] = arith.truncf %[[SLACK]] : f64 to f32
// CHECK: %[[REL:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK: %[[BOUND:.*]] = arith.mulf %{{.*}}, %[[REL]] : f32
// CHECK: %[[WIDE:.*]] = arith.addf %[[BOUND]], %[[S32]] : f32
// CHECK: arith.cmpf ole, %{{.*}}, %[[WIDE]] : f32

// CHECK-LABEL: func.func @check_mm16(
// CHECK: arith.constant 4.8828125E-4 : f64
// CHECK: offload.launch @mm16(
// CHECK: arith.truncf %{{.*}} : f64 to f16
// CHECK: arith.constant 9.765620e-04 : f16
