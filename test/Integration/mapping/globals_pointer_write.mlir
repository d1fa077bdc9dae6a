// main launches on global @G in a loop and calls @apply(@poke, 0, 100),
// which stores G[0] = 100 through func.call_indirect: @G keeps its
// per-launch clauses, and the store is not overwritten.
// Run by globals_paths.test; prints 100.
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
  func.func @poke(%k: index, %v: i32) {
    %g = memref.get_global @G : memref<16xi32>
    memref.store %v, %g[%k] : memref<16xi32>
    return
  }
  // calls whatever function pointer it is given
  func.func private @apply(%f: (index, i32) -> (), %k: index, %v: i32) {
    func.call_indirect %f(%k, %v) : (index, i32) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %hun = arith.constant 100 : i32
    %p = func.constant @poke : (index, i32) -> ()
    %g = memref.get_global @G : memref<16xi32>
    %gd = memref.cast %g : memref<16xi32> to memref<?xi32>
    // G += 1 on the device, then G[0] = 100 through @apply(@poke, ...)
    scf.for %k = %c0 to %c4 step %c1 {
      offload.launch @add(%gd, %one) : (memref<?xi32>, i32) -> ()
      func.call @apply(%p, %c0, %hun) : ((index, i32) -> (), index, i32) -> ()
    }
    %v = memref.load %g[%c0] : memref<16xi32>
    func.call @pr(%v) : (i32) -> ()
    return %z : i32
  }
}
