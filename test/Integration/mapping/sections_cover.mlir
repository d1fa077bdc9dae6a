// Two launches write the two halves of y (y[i] = x[i] + 1 on [0, 400),
// x[i] + 2 on [400, 1000)); the host then sums all of y. Together the
// launches write all of it, so y is only allocated on the device and comes
// back once; x goes in once. Twin: sections_cover.c.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @mv(%x: memref<?xi32>, %y: memref<?xi32>, %lo: index, %hi: index, %c: i32) {
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.addi %v, %c : i32
      memref.store %u, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("sections_cover: sum of y %d (expected 501100)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 400 : index
    %n = arith.constant 1000 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %z = arith.constant 0 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %x[%i] : memref<?xi32>
    }
    offload.launch @mv(%x, %y, %c0, %k, %one) : (memref<?xi32>, memref<?xi32>, index, index, i32) -> ()
    offload.launch @mv(%x, %y, %k, %n, %two) : (memref<?xi32>, memref<?xi32>, index, index, i32) -> ()
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
      %v = memref.load %y[%i] : memref<?xi32>
      %t = arith.addi %acc, %v : i32
      scf.yield %t : i32
    }
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %w = arith.constant 501100 : i32
    %e = arith.cmpi ne, %s, %w : i32
    %rc = arith.extui %e : i1 to i32
    memref.dealloc %x : memref<?xi32>
    memref.dealloc %y : memref<?xi32>
    return %rc : i32
  }
}
