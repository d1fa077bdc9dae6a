// RUN: offload-opt %s --offload-inline-kernel-calls | FileCheck %s
// RUN: offload-opt %s --offload-inline-kernel-calls=remarks=1 -verify-diagnostics -o /dev/null

// Calls in kernels of functions of one block, not recursive, become the
// bodies they call (their calls in turn); the functions stay for the host.

func.func private @avg3(%x: memref<?xi32>, %i: index) -> i32 {
  %c1 = arith.constant 1 : index
  %im = arith.subi %i, %c1 : index
  %ip = arith.addi %i, %c1 : index
  %l = memref.load %x[%im] : memref<?xi32>
  %r = memref.load %x[%ip] : memref<?xi32>
  %s = arith.addi %l, %r : i32
  return %s : i32
}

func.func private @half(%v: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %h = arith.divsi %v, %c2 : i32
  return %h : i32
}

// Calls another helper, which is inlined too (the inlined ops keep their
// locations: the remark is at the call in @put).
// CHECK-LABEL: func.func private @put(
//       CHECK:   call @half(
func.func private @put(%y: memref<?xi32>, %i: index, %v: i32) {
  // expected-remark@+1 {{call of @half inlined into kernel @step}}
  %h = func.call @half(%v) : (i32) -> i32
  memref.store %h, %y[%i] : memref<?xi32>
  return
}

// CHECK-LABEL: offload.kernel @step(
//  CHECK-SAME: %[[X:.*]]: memref<?xi32>, %[[Y:.*]]: memref<?xi32>)
//       CHECK:   scf.parallel (%[[I:.*]]) =
//   CHECK-NOT:     func.call
//       CHECK:     %[[IM:.*]] = arith.subi %[[I]],
//       CHECK:     %[[IP:.*]] = arith.addi %[[I]],
//       CHECK:     %[[L:.*]] = memref.load %[[X]][%[[IM]]]
//       CHECK:     %[[R:.*]] = memref.load %[[X]][%[[IP]]]
//       CHECK:     %[[S:.*]] = arith.addi %[[L]], %[[R]]
//       CHECK:     %[[H:.*]] = arith.divsi %[[S]],
//       CHECK:     memref.store %[[H]], %[[Y]][%[[I]]]
offload.kernel @step(%x: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    // expected-remark@+1 {{call of @avg3 inlined into kernel @step}}
    %v = func.call @avg3(%x, %i) : (memref<?xi32>, index) -> i32
    // expected-remark@+1 {{call of @put inlined into kernel @step}}
    func.call @put(%y, %i, %v) : (memref<?xi32>, index, i32) -> ()
  }
  offload.return
}

// Not inlined: a recursive function, one of several blocks, one without a
// body.
func.func private @countdown(%x: memref<?xi32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %k, %c0 : index
  scf.if %more {
    %km = arith.subi %k, %c1 : index
    func.call @countdown(%x, %km) : (memref<?xi32>, index) -> ()
  }
  return
}

func.func private @branchy(%v: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %neg = arith.cmpi slt, %v, %c0 : i32
  cf.cond_br %neg, ^bb1, ^bb2
^bb1:
  %n = arith.subi %c0, %v : i32
  return %n : i32
^bb2:
  return %v : i32
}

func.func private @external(i32) -> i32

// CHECK-LABEL: offload.kernel @kept(
//       CHECK:   call @countdown(
//       CHECK:   call @branchy(
//       CHECK:   call @external(
offload.kernel @kept(%x: memref<?xi32>, %v: i32) {
  %c3 = arith.constant 3 : index
  func.call @countdown(%x, %c3) : (memref<?xi32>, index) -> ()
  %a = func.call @branchy(%v) : (i32) -> i32
  %b = func.call @external(%a) : (i32) -> i32
  offload.return
}
