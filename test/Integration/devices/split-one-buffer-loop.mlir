// The same launch (one buffer as input and output) inside a loop of split
// launches that keep their sections on the devices: the loop does not keep
// them across it (it ran unsplit with all of the buffer while each device
// held only its rows, and the runtime stopped the program: "explicit
// extension not allowed").
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: 15 39 63 87 111 135 159 183 207 231 255
// CHECK-NEXT: 31 79 127 175 223 271 319 367 415 463 511
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld \00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}
  offload.kernel @aff(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.muli %v, %two : i64
      %u = arith.addi %w, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @print(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi64>
      llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    }
    %g = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%g) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 11 : index
    %k = arith.constant 3 : i64
    %m = arith.constant 1 : i64
    %z = arith.constant 0 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %k : i64
      %w = arith.addi %v, %m : i64
      memref.store %w, %a[%i] : memref<?xi64>
      memref.store %z, %b[%i] : memref<?xi64>
    }
    scf.for %it = %c0 to %c3 step %c1 {
      offload.launch @aff(%a, %a) devices(all) {allow_aliasing} : (memref<?xi64>, memref<?xi64>) -> ()
      offload.launch @aff(%a, %b) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    func.call @print(%a) : (memref<?xi64>) -> ()
    func.call @print(%b) : (memref<?xi64>) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
