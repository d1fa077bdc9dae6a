// Split launches whose buffers devices hold: the launch runs whole on the
// first device holding one (split-held.mlir), which is right only when
// that device holds the current values of all of them.
//
//   1. x (read) entered on devices 1 and 2, y (written) on device 1: runs
//      whole on device 1, y[i] = 2 x[i] + y[i] comes back at exit_data;
//   2. x entered on device 1, y on device 2: no device holds both; device
//      2's copy of y would come back over the result. The program stops
//      with a message naming the launch, the buffer and both devices
//      instead of printing a wrong sum (it printed 499500 before).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --check-prefix=HOST
//
// x[i] = y[i] = i for i < 1000: sum(2 x + y) = 3 * 499500.
// CHECK: case 1: 1498500
// CHECK-NOT: case 2
// ERR: offload: launch of @step at {{.*}}split-held-apart.mlir:88:5 over several devices: device 2 holds argument #1 of @step, which the launch writes, but the launch would run whole on device 1, the first holding one of its buffers
// HOST: case 1: 1498500
// HOST-NEXT: case 2: 1498500
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("case %ld: %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @step(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %c = memref.load %x[%i] : memref<?xi64>
      %d = memref.load %y[%i] : memref<?xi64>
      %c2 = arith.muli %c, %two : i64
      %s = arith.addi %c2, %d : i64
      memref.store %s, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func private @fill(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %x[%i] : memref<?xi64>
    }
    return
  }
  func.func private @sum_and_print(%case: i64, %x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %b = arith.addi %a, %v : i64
      scf.yield %b : i64
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %case, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    return
  }
  func.func @main() -> i32 {
    %n = arith.constant 1000 : index
    %d1 = arith.constant 1 : i32
    %d2 = arith.constant 2 : i32
    %k1 = arith.constant 1 : i64
    %k2 = arith.constant 2 : i64
    %x = memref.alloc(%n) : memref<?xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    func.call @fill(%x) : (memref<?xi64>) -> ()
    func.call @fill(%y) : (memref<?xi64>) -> ()
    offload.enter_data map(to: %x : memref<?xi64>) device(%d1 : i32)
    offload.enter_data map(to: %x : memref<?xi64>) device(%d2 : i32)
    offload.enter_data map(to: %y : memref<?xi64>) device(%d1 : i32)
    offload.launch @step(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    offload.exit_data map(release: %x : memref<?xi64>) device(%d1 : i32)
    offload.exit_data map(release: %x : memref<?xi64>) device(%d2 : i32)
    offload.exit_data map(from: %y : memref<?xi64>) device(%d1 : i32)
    func.call @sum_and_print(%k1, %y) : (i64, memref<?xi64>) -> ()

    func.call @fill(%y) : (memref<?xi64>) -> ()
    offload.enter_data map(to: %x : memref<?xi64>) device(%d1 : i32)
    offload.enter_data map(to: %y : memref<?xi64>) device(%d2 : i32)
    offload.launch @step(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    offload.exit_data map(release: %x : memref<?xi64>) device(%d1 : i32)
    offload.exit_data map(from: %y : memref<?xi64>) device(%d2 : i32)
    func.call @sum_and_print(%k2, %y) : (i64, memref<?xi64>) -> ()
    memref.dealloc %x : memref<?xi64>
    memref.dealloc %y : memref<?xi64>
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
