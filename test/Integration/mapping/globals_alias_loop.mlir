// @mix(%x) launches x += 1, then does P[0] += 100 on the host through
// memref.get_global @P; main calls @mix(@P) 4 times in a loop that keeps
// @P on the device: @P becomes an argument of @mix, and its host access
// gets its updates.
// Run by globals_paths.test; prints 404.
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
  memref.global "private" @P : memref<16xi32> = dense<0>
  // x += 1 on the device, then P[0] += 100 on the host through get_global
  func.func private @mix(%x: memref<16xi32>) {
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %h = arith.constant 100 : i32
    %d = memref.cast %x : memref<16xi32> to memref<?xi32>
    offload.launch @add(%d, %one) : (memref<?xi32>, i32) -> ()
    %p = memref.get_global @P : memref<16xi32>
    %w = memref.load %p[%c0] : memref<16xi32>
    %s = arith.addi %w, %h : i32
    memref.store %s, %p[%c0] : memref<16xi32>
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0 : i32
    %p = memref.get_global @P : memref<16xi32>
    scf.for %k = %c0 to %c4 step %c1 {
      func.call @mix(%p) : (memref<16xi32>) -> ()
    }
    %v = memref.load %p[%c0] : memref<16xi32>
    func.call @pr(%v) : (i32) -> ()
    return %z : i32
  }
}
