// alias_cast: a launch passing %a and a memref.cast of it with
// {allow_aliasing} (an in-place kernel): map inference gives the buffer one
// clause, which the cast finds too. Two clauses became one value when a
// later pass folded the casts, and the launch was rejected ("map clause #1
// maps an argument that an earlier clause already maps").
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("a[0] = %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @inc(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %n = memref.dim %y, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %u = arith.addi %v, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 16 : index
    %ten = arith.constant 10 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %ten, %a[%i] : memref<?xi64>
    }
    %x = memref.cast %a : memref<?xi64> to memref<16xi64>
    %y = memref.cast %x : memref<16xi64> to memref<?xi64>
    offload.launch @inc(%a, %y) {allow_aliasing} : (memref<?xi64>, memref<?xi64>) -> ()
    %v = memref.load %a[%c0] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
