// slice: a[i] = 2 * a[i] for i in [lo, hi) only, the middle half of a 2^20
// f32 array, on the device, checked on the host. The kernel's parallel loop
// runs from %lo to %hi and indexes a with the loop variable, so it touches
// only a[lo:hi]: the compiler should map that slice (`tofrom`, 2 MiB each
// way), not the whole array.
//
//   offload-cc slice.mlir -o slice && ./slice
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @scale(%lo: index, %hi: index, %a: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %r = arith.mulf %two, %ai : f32
      memref.store %r, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  /// v mod 1024 as a float.
  func.func @pattern(%v: index) -> f32 {
    %c1024 = arith.constant 1024 : index
    %r = arith.remui %v, %c1024 : index
    %i = arith.index_cast %r : index to i32
    %f = arith.sitofp %i : i32 to f32
    return %f : f32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("slice: n = %ld, a[i] *= 2 for i in [%ld, %ld), %ld of %ld elements as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %two = arith.constant 2.0 : f32
    %n = arith.constant 1048576 : index
    %lo = arith.divui %n, %c4 : index
    %n3 = arith.muli %n, %c3 : index
    %hi = arith.divui %n3, %c4 : index
    %a = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = func.call @pattern(%i) : (index) -> f32
      memref.store %v, %a[%i] : memref<?xf32>
    }

    offload.launch @scale(%lo, %hi, %a) : (index, index, memref<?xf32>) -> ()

    // Doubled inside [lo, hi), untouched outside.
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %v = func.call @pattern(%i) : (index) -> f32
      %d = arith.mulf %two, %v : f32
      %ge = arith.cmpi uge, %i, %lo : index
      %lt = arith.cmpi ult, %i, %hi : index
      %in = arith.andi %ge, %lt : i1
      %expect = arith.select %in, %d, %v : f32
      %got = memref.load %a[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %expect : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %ok, %n : index
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %lo64 = arith.index_cast %lo : index to i64
    %hi64 = arith.index_cast %hi : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    llvm.call @printf(%fmt, %n64, %lo64, %hi64, %ok64, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
