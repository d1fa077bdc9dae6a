// A helper that launches on its argument and returns it (as a memref.cast
// to a static shape); the caller reads and writes one element through what
// it returned, in a loop of 10 calls. Twin: call_result.c.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%x: memref<?xi32>, %c: i32) {
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
  // a += c on the device; returns a.
  func.func @bump(%a: memref<?xi32>, %c: i32) -> memref<1048576xi32> {
    offload.launch @inc(%a, %c) : (memref<?xi32>, i32) -> ()
    %r = memref.cast %a : memref<?xi32> to memref<1048576xi32>
    return %r : memref<1048576xi32>
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("call_result: sum of r[7] %d, a[5] %d, a[10] %d (expected 235 900 55)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i32
    %h = arith.constant 100 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %a[%i] : memref<?xi32>
    }
    // r[7] is read after each call; r[5] is overwritten after each.
    %s = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z) -> i32 {
      %ki = arith.index_cast %k : index to i32
      %r = func.call @bump(%a, %ki) : (memref<?xi32>, i32) -> memref<1048576xi32>
      %v = memref.load %r[%c7] : memref<1048576xi32>
      %t = arith.addi %acc, %v : i32
      %w = arith.muli %ki, %h : i32
      memref.store %w, %r[%c5] : memref<1048576xi32>
      scf.yield %t : i32
    }
    %a5 = memref.load %a[%c5] : memref<?xi32>
    %a10 = memref.load %a[%c10] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %a5, %a10) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    %w1 = arith.constant 235 : i32
    %w2 = arith.constant 900 : i32
    %w3 = arith.constant 55 : i32
    %e1 = arith.cmpi ne, %s, %w1 : i32
    %e2 = arith.cmpi ne, %a5, %w2 : i32
    %e3 = arith.cmpi ne, %a10, %w3 : i32
    %e4 = arith.ori %e1, %e2 : i1
    %e = arith.ori %e4, %e3 : i1
    %rc = arith.extui %e : i1 to i32
    memref.dealloc %a : memref<?xi32>
    return %rc : i32
  }
}
