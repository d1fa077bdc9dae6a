// @outer calls @leaf, which launches on a memref.cast of global @G, then
// launches on its own cast of @G; main calls @outer 10 times. @G becomes an
// argument of both helpers, which @outer passes as is (memref<32xi32>) to
// @leaf and as a cast to its launch: two names of the same elements, so main
// keeps @G on the device around the loop. Twin: globals_casts.c.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @add(%x: memref<?xi32>, %c: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.addi %v, %c : i32
      memref.store %u, %x[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_d("%d\0A\00") {addr_space = 0 : i32}
  func.func private @pr(%v: i32) {
    %f = llvm.mlir.addressof @fmt_d : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    return
  }
  memref.global "private" @G : memref<32xi32> = dense<0>
  func.func private @leaf() {
    %one = arith.constant 1 : i32
    %g = memref.get_global @G : memref<32xi32>
    %d = memref.cast %g : memref<32xi32> to memref<?xi32>
    offload.launch @add(%d, %one) : (memref<?xi32>, i32) -> ()
    return
  }
  func.func private @outer() {
    %one = arith.constant 1 : i32
    func.call @leaf() : () -> ()
    %g = memref.get_global @G : memref<32xi32>
    %d = memref.cast %g : memref<32xi32> to memref<?xi32>
    offload.launch @add(%d, %one) : (memref<?xi32>, i32) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %z = arith.constant 0 : i32
    scf.for %k = %c0 to %c10 step %c1 {
      func.call @outer() : () -> ()
    }
    %g = memref.get_global @G : memref<32xi32>
    %v = memref.load %g[%c0] : memref<32xi32>
    func.call @pr(%v) : (i32) -> ()
    return %z : i32
  }
}
