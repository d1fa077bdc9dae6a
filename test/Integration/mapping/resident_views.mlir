// A helper launches on a subview of its argument (a kernel whose loop runs
// over [lo, hi) of it, so the launch maps a section of the view); two calls
// keep the argument on the device and call a resident copy (compiling it
// crashed offload-hoist-transfers). x[i] = 2 x[i] + 1 twice on x[0, 8).
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @affv(%x: memref<?xi32, strided<[1], offset: ?>>, %lo: index, %hi: index) {
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
      %w = arith.muli %v, %two : i32
      %u = arith.addi %w, %one : i32
      memref.store %u, %x[%i] : memref<?xi32, strided<[1], offset: ?>>
    }
    offload.return
  }
  func.func private @h(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %s = memref.subview %a[%c0] [%c8] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    offload.launch @affv(%s, %c0, %c8) : (memref<?xi32, strided<[1], offset: ?>>, index, index) -> ()
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("x[3] = %d (expected 7)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 16 : index
    %one = arith.constant 1 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %x[%i] : memref<?xi32>
    }
    func.call @h(%x) : (memref<?xi32>) -> ()
    func.call @h(%x) : (memref<?xi32>) -> ()
    %r = memref.load %x[%c3] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %r) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
