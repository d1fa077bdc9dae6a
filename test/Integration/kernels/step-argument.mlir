// A kernel whose parallel loop's step is an argument: x[i] += i for i = 0,
// s, 2s, ... With s = 3 it runs; with s = 0 the launch stops the program
// with a message naming the kernel and the step (it died of SIGFPE while
// computing the grid before; a negative step ran off the buffer), on the
// device and on the host alike.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env OMP_TARGET_OFFLOAD=disabled not %t > %t.host.out 2> %t.host.err
// RUN: FileCheck %s < %t.host.out
// RUN: FileCheck %s --check-prefix=ERR < %t.host.err
//
// CHECK: step 3: 0 0 0 3 0 0 6 0 0 9
// CHECK-NEXT: step 0:{{$}}
// ERR: offload: launch of @every at {{.*}}step-argument.mlir:[[@LINE+32]]:5: dimension 0 of its parallel loop would run with step 0; loop steps must be positive
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @head("step %ld:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @elt(" %ld\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}
  offload.kernel @every(%x: memref<?xi64>, %st: index) {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%st) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %r = arith.addi %v, %ii : i64
      memref.store %r, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @run(%steps: memref<2xindex>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 10 : index
    %zero = arith.constant 0 : i64
    %x = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %x[%i] : memref<?xi64>
    }
    %st = memref.load %steps[%k] : memref<2xindex>
    %st64 = arith.index_cast %st : index to i64
    %h = llvm.mlir.addressof @head : !llvm.ptr
    %e = llvm.mlir.addressof @elt : !llvm.ptr
    %l = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%h, %st64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    offload.launch @every(%x, %st) : (memref<?xi64>, index) -> ()
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi64>
      llvm.call @printf(%e, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    }
    llvm.call @printf(%l) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    memref.dealloc %x : memref<?xi64>
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %steps = memref.alloc() : memref<2xindex>
    memref.store %c3, %steps[%c0] : memref<2xindex>
    memref.store %c0, %steps[%c1] : memref<2xindex>
    func.call @run(%steps, %c0) : (memref<2xindex>, index) -> ()
    func.call @run(%steps, %c1) : (memref<2xindex>, index) -> ()
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
