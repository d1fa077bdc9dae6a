// halves_helpers: a temporary t that two helpers fill, each launching a
// kernel over one half of it, and a third reads whole (accumulating into
// o), three times in a loop. Nothing writes t before the loop: its
// contents are undefined there (memref.alloc does not initialize them), so
// it is only allocated on the device, though no single launch provably
// writes all of it. The result is checked against the host's arithmetic.
//
//   offload-cc halves_helpers.mlir -o halves_helpers && ./halves_helpers
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @fillr(%t: memref<?xi32>, %lo: index, %hi: index, %k: i32) {
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %k : i32
      memref.store %v, %t[%i] : memref<?xi32>
    }
    offload.return
  }
  offload.kernel @accum(%t: memref<?xi32>, %o: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %o, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %t[%i] : memref<?xi32>
      %b = memref.load %o[%i] : memref<?xi32>
      %s = arith.addi %a, %b : i32
      %r = arith.remui %s, %m : i32
      memref.store %r, %o[%i] : memref<?xi32>
    }
    offload.return
  }
  func.func private @lo_half(%t: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %t, %c0 : memref<?xi32>
    %h = arith.divui %n, %c2 : index
    offload.launch @fillr(%t, %c0, %h, %k) : (memref<?xi32>, index, index, i32) -> ()
    return
  }
  func.func private @hi_half(%t: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %t, %c0 : memref<?xi32>
    %h = arith.divui %n, %c2 : index
    offload.launch @fillr(%t, %h, %n, %k) : (memref<?xi32>, index, index, i32) -> ()
    return
  }
  func.func private @consume(%t: memref<?xi32>, %o: memref<?xi32>) {
    offload.launch @accum(%t, %o) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("halves_helpers: %ld of %ld equal, o[100]=%d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %n = arith.constant 65536 : index
    %z = arith.constant 0 : i32
    %z64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64
    %m = arith.constant 65521 : i32
    %t = memref.alloc(%n) : memref<?xi32>
    %o = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %z, %o[%i] : memref<?xi32>
    }
    scf.for %k = %c1 to %c4 step %c1 {
      %ki = arith.index_cast %k : index to i32
      %k2 = arith.addi %ki, %ki : i32
      func.call @lo_half(%t, %ki) : (memref<?xi32>, i32) -> ()
      func.call @hi_half(%t, %k2) : (memref<?xi32>, i32) -> ()
      func.call @consume(%t, %o) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    %h = arith.divui %n, %c2 : index
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z64) -> i64 {
      %ii = arith.index_cast %i : index to i32
      %low = arith.cmpi ult, %i, %h : index
      %e = scf.for %k = %c1 to %c4 step %c1 iter_args(%v = %z) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %k2 = arith.addi %ki, %ki : i32
        %kk = arith.select %low, %ki, %k2 : i32
        %tv = arith.muli %ii, %kk : i32
        %s = arith.addi %tv, %v : i32
        %r = arith.remui %s, %m : i32
        scf.yield %r : i32
      }
      %g = memref.load %o[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %g, %e : i32
      %inc = arith.addi %acc, %one64 : i64
      %nx = arith.select %eq, %inc, %acc : i64
      scf.yield %nx : i64
    }
    %o100 = memref.load %o[%c100] : memref<?xi32>
    %n64 = arith.index_cast %n : index to i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %same, %n64, %o100) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i32) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
