// A split launch in a loop whose device numbers are constants defined inside
// the loop body (as a front end emitting code per iteration writes them):
// offload-split-devices moves them to the function's entry and keeps the
// shares on devices 0 and 1 across the loop (it failed to compile: the run
// used them before the loop). x[i] = i + 40 after either iteration.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: x[5] = 45 (expected 45)
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @set(%x: memref<?xi32>, %c: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i32
      %v = arith.addi %ii, %c : i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("x[5] = %d (expected 45)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 16 : index
    %x = memref.alloc(%n) : memref<?xi32>
    scf.for %it = %c0 to %c2 step %c1 {
      %v = arith.constant 40 : i32
      %d0 = arith.constant 0 : i32
      %d1 = arith.constant 1 : i32
      offload.launch @set(%x, %v) devices(%d0, %d1 : i32, i32) : (memref<?xi32>, i32) -> ()
    }
    %r = memref.load %x[%c5] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %r) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
