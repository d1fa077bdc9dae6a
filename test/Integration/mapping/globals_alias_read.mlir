// A helper @mixed3(%x) launches on %x, loads G[0] through
// memref.get_global @G on the host, then launches on %x again; main passes
// @G as %x: the load sees what the first launch wrote.
// Run by globals_paths.test; prints 1.
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
  memref.global "private" @G : memref<16xi32> = dense<0>
  func.func private @mixed3(%x: memref<?xi32>) -> i32 {
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    offload.launch @add(%x, %one) : (memref<?xi32>, i32) -> ()
    %g = memref.get_global @G : memref<16xi32>
    %v = memref.load %g[%c0] : memref<16xi32>
    offload.launch @add(%x, %one) : (memref<?xi32>, i32) -> ()
    return %v : i32
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    %g = memref.get_global @G : memref<16xi32>
    %gd = memref.cast %g : memref<16xi32> to memref<?xi32>
    %v = func.call @mixed3(%gd) : (memref<?xi32>) -> i32
    func.call @pr(%v) : (i32) -> ()
    return %z : i32
  }
}
