// A helper launches on device 1, then reads y[5] and writes x[5] on the
// host. Called in a loop, x and y stay on device 1 around it; the resident
// copy's updates must name device 1 too (they went to device 0, where
// nothing is present: a stale read, a lost write).
module attributes {offload.targets = [#offload.host]} {
  // y[i] = x[i] for all i
  offload.kernel @cp(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      memref.store %v, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // y = x on device 1, then x[5] = y[5] + 1 on the host
  func.func private @step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %d1 = arith.constant 1 : i32
    %c5 = arith.constant 5 : index
    %one = arith.constant 1 : i32
    offload.launch @cp(%x, %y) device(%d1 : i32) : (memref<?xi32>, memref<?xi32>) -> ()
    %v = memref.load %y[%c5] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %x[%c5] : memref<?xi32>
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("y[5] = %d (expected 3)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %x[%i] : memref<?xi32>
    }
    // x[5]: 0 -> 1 -> 2 -> 3 ; y[5] after the 3rd copy = 2 ... so run 4 times
    %c4 = arith.constant 4 : index
    scf.for %it = %c0 to %c4 step %c1 {
      func.call @step(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    %r = memref.load %y[%c5] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %r) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
