// RUN: offload-opt %s --offload-split-devices=remarks=1 --offload-infer-maps --offload-hoist-transfers=remarks=1 -verify-diagnostics -o /dev/null
// RUN: offload-opt %s --offload-split-devices --offload-infer-maps --offload-hoist-transfers | FileCheck %s

// Launches split over several devices run their shares on each device's
// host thread: offload-split-devices places their data. A buffer they move
// at every iteration of a loop (here two views of one buffer the shares
// read, which the split does not keep) gets the reason from
// offload-hoist-transfers, naming the split, not "its launches pick
// different devices".

offload.kernel @add(%x: memref<?xi32, strided<[1], offset: ?>>, %y: memref<?xi32, strided<[1], offset: ?>>, %z: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %z, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
    %b = memref.load %y[%i] : memref<?xi32, strided<[1], offset: ?>>
    %s = arith.addi %a, %b : i32
    %o = memref.load %z[%i] : memref<?xi32>
    %t = arith.addi %s, %o : i32
    memref.store %t, %z[%i] : memref<?xi32>
  }
  offload.return
}

// CHECK-LABEL: func.func @views_split(
// CHECK: omp.parallel
// CHECK: offload.launch @add_share(
func.func @views_split(%buf: memref<?xi32>, %z: memref<?xi32>, %steps: index, %d0: i32, %d1: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c60 = arith.constant 60 : index
  %x = memref.subview %buf[%c0] [%c60] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
  %y = memref.subview %buf[%c20] [%c60] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: argument #0 of @add is a view of a buffer}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+3 {{launch of @add split over 2 listed devices}}
    // expected-remark@+2 {{buffer moved at every iteration of the loop around this launch: a launch splits it over several devices, whose shares move as offload-split-devices placed them (arguments #0, #1)}}
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: a launch splits it over several devices, whose shares move as offload-split-devices placed them (argument #2)}}
    offload.launch @add(%x, %y, %z) devices(%d0, %d1 : i32, i32) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
  }
  return
}
