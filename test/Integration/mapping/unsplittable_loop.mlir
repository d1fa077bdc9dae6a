// A kernel that cannot be split over devices (it writes y[i + 1], a row
// other than its iteration's), launched with devices(%d1, %d2) in a loop of
// 20 iterations: it runs whole on the first device present, device 1, and
// that choice is made once before the loop, so x and y stay on device 1
// across the loop (they moved in and out at every iteration before).
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("y[7] = %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @shift(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %m = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ip = arith.addi %i, %c1 : index
      %w = memref.load %y[%ip] : memref<?xi64>
      %s = arith.addi %v, %w : i64
      memref.store %s, %y[%ip] : memref<?xi64>
    }
    offload.return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %n = arith.constant 100000 : index
    %T = arith.constant 20 : index
    %d1 = arith.constant 1 : i32
    %d2 = arith.constant 2 : i32
    %x = memref.alloc(%n) : memref<?xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %x[%i] : memref<?xi64>
      memref.store %ii, %y[%i] : memref<?xi64>
    }
    scf.for %t = %c0 to %T step %c1 {
      offload.launch @shift(%x, %y) devices(%d1, %d2 : i32, i32) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    %a = memref.load %y[%c7] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %pr = llvm.call @printf(%f, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    memref.dealloc %x : memref<?xi64>
    memref.dealloc %y : memref<?xi64>
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
