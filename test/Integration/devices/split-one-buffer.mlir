// A split launch passed one buffer as input and output ({allow_aliasing}:
// a[i] = 2 a[i] + 1 reads and writes only element i) runs whole on the first
// device present: split, every device mapped all of it 'tofrom' and copied
// its stale rows back over the others' (wrong counts, run to run).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: ok 4000000 of 4000000
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("ok %ld of %ld\0A\00") {addr_space = 0 : i32}
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
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 4000000 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %a[%i] : memref<?xi64>
    }
    offload.launch @aff(%a, %a) devices(all) {allow_aliasing} : (memref<?xi64>, memref<?xi64>) -> ()
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %e = arith.muli %ii, %two : i64
      %e1 = arith.addi %e, %one : i64
      %eq = arith.cmpi eq, %v, %e1 : i64
      %inc = arith.addi %acc, %one : i64
      %r = arith.select %eq, %inc, %acc : i64
      scf.yield %r : i64
    }
    %n64 = arith.index_cast %n : index to i64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %ok, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
