// main gets global @G only through a helper that returns it (@getG:
// get_global + memref.cast) and launches on that in a loop; @peek reads
// G[k] through its own get_global: the call's result is @G (its callee
// returns its argument), so @peek's reads get their updates.
// Run by globals_paths.test; prints 10.
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
  func.func private @getG() -> memref<?xi32> {
    %g = memref.get_global @G : memref<16xi32>
    %d = memref.cast %g : memref<16xi32> to memref<?xi32>
    return %d : memref<?xi32>
  }
  func.func private @peek(%k: index) -> i32 {
    %g = memref.get_global @G : memref<16xi32>
    %v = memref.load %g[%k] : memref<16xi32>
    return %v : i32
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %r = func.call @getG() : () -> memref<?xi32>
    // G += 1 on the device, then read G[k] in @peek: 1 + 2 + 3 + 4
    %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> i32 {
      offload.launch @add(%r, %one) : (memref<?xi32>, i32) -> ()
      %v = func.call @peek(%k) : (index) -> i32
      %t = arith.addi %acc, %v : i32
      scf.yield %t : i32
    }
    func.call @pr(%s) : (i32) -> ()
    return %z : i32
  }
}
