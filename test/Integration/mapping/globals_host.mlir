// A global (memref.global @G) that main launches on in a loop, and that
// helpers main calls in the same loop read (@show) and write (@poke) on the
// host through their own memref.get_global. G stays on the device around
// the loop; the helpers take it as an argument, so their accesses get the
// updates they need (before, they read and wrote the host's stale copy:
// G[3] = 0, 100, 200, then 3). Run by globals_host.test.
module attributes {offload.targets = [#offload.host]} {
  memref.global "private" @G : memref<1024xi32> = dense<0>
  offload.kernel @inc(%x: memref<1024xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1024 : index
    %one = arith.constant 1 : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<1024xi32>
      %u = arith.addi %v, %one : i32
      memref.store %u, %x[%i] : memref<1024xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("G[3] = %d\0A\00") {addr_space = 0 : i32}
  func.func @show() {
    %c3 = arith.constant 3 : index
    %g = memref.get_global @G : memref<1024xi32>
    %v = memref.load %g[%c3] : memref<1024xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    return
  }
  func.func @poke() {
    %c3 = arith.constant 3 : index
    %g = memref.get_global @G : memref<1024xi32>
    %v = memref.load %g[%c3] : memref<1024xi32>
    %h = arith.constant 100 : i32
    %w = arith.addi %v, %h : i32
    memref.store %w, %g[%c3] : memref<1024xi32>
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %g = memref.get_global @G : memref<1024xi32>
    scf.for %i = %c0 to %c3 step %c1 {
      offload.launch @inc(%g) : (memref<1024xi32>) -> ()
      func.call @show() : () -> ()
      func.call @poke() : () -> ()
    }
    func.call @show() : () -> ()
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
