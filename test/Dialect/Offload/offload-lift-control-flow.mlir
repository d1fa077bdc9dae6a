// RUN: offload-opt %s --pass-pipeline='builtin.module(func.func(offload-lift-control-flow))' | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(func.func(offload-lift-control-flow),offload-infer-maps,offload-hoist-transfers)' | FileCheck %s --check-prefix=HOIST

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A loop of launches written as blocks, after an early return: one block of
// scf.if and scf.while, whose loop then keeps the buffer on the device.
// CHECK-LABEL: func.func @blocks(
// CHECK-NOT: cf.
// CHECK: scf.if
// CHECK: scf.while
// CHECK: offload.launch @inc
// CHECK: return
// HOIST-LABEL: func.func @blocks(
// HOIST-SAME: %[[A:[^:]*]]: memref<?xf32>
// HOIST: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// HOIST-NEXT: scf.if
// HOIST: scf.while
// HOIST: offload.launch @inc(%[[A]])
// HOIST: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// HOIST-NEXT: return
func.func @blocks(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %none = arith.cmpi eq, %n, %c0 : index
  cf.cond_br %none, ^exit, ^header(%c0 : index)
^header(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
^exit:
  return
}

// One block already: left as it is.
// CHECK-LABEL: func.func @structured(
// CHECK-NEXT: offload.launch @inc
// CHECK-NEXT: return
func.func @structured(%a: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// A conditional branch of another dialect: not lifted, the function stays
// as it was.
// CHECK-LABEL: func.func @llvm_branch(
// CHECK: llvm.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: offload.launch @inc
// CHECK: ^bb2:
// CHECK: return
func.func @llvm_branch(%a: memref<?xf32>, %c: i1) {
  llvm.cond_br %c, ^launch, ^done
^launch:
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  llvm.br ^done
^done:
  return
}
