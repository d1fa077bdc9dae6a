// A helper that launches on a buffer, then stores one element of it on
// the host at an index its caller passes (@stepfix); the caller reads that
// element and the next right after each of 20 calls, then sums the buffer
// on the host. Expected values: what the host device computes (the HOST
// run) and the C twin print the same.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @bump(%a: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.muli %v, %three : i32
      %x = arith.addi %w, %k : i32
      %y = arith.remui %x, %m : i32
      memref.store %y, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  func.func @fill_pattern(%a: memref<?xi32>, %seed: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    return
  }
  func.func @hsum(%a: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %a, %c0 : memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.extui %v : i32 to i64
      %t = arith.addi %acc, %w : i64
      scf.yield %t : i64
    }
    return %s : i64
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("callee_store: probes=%ld hsum(a)=%ld\0A\00") {addr_space = 0 : i32}
  func.func @stepfix(%a: memref<?xi32>, %k: index) {
    %ki = arith.index_cast %k : index to i32
    %seven = arith.constant 7 : i32
    offload.launch @bump(%a, %ki) : (memref<?xi32>, i32) -> ()
    memref.store %seven, %a[%k] : memref<?xi32>
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c20 = arith.constant 20 : index
    %c50 = arith.constant 50 : index
    %n = arith.constant 262144 : index
    %s1 = arith.constant 7919 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%a, %s1) : (memref<?xi32>, i32) -> ()
    %z = arith.constant 0 : i64
    %ps = scf.for %k = %c0 to %c20 step %c1 iter_args(%acc = %z) -> i64 {
      %kk = arith.muli %k, %c50 : index
      func.call @stepfix(%a, %kk) : (memref<?xi32>, index) -> ()
      %k1 = arith.addi %kk, %c1 : index
      %v = memref.load %a[%kk] : memref<?xi32>
      %w = memref.load %a[%k1] : memref<?xi32>
      %x = arith.extui %v : i32 to i64
      %y = arith.extui %w : i32 to i64
      %s = arith.addi %acc, %x : i64
      %t = arith.addi %s, %y : i64
      scf.yield %t : i64
    }
    %h = func.call @hsum(%a) : (memref<?xi32>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %ps, %h) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
