// tmp_calls: launches on sections of a buffer, across a function boundary
// and within one function.
//
// 1. A loop calls @use_tmp(x, t) 10 times: its first launch fills the
//    temporary t from x (all of t), its second adds t into x, reading t as
//    the section its loop over x's size reaches. The caller keeps x and t on
//    the device around the loop; t needs nothing of the host (entered
//    'alloc') and nothing of it comes back (the caller frees it).
// 2. In @main, a launch writes 2.0 into b[0, k) only, then a launch sums all
//    of b: b[k, m) must be the host's 1.0, so b is entered 'to' (a launch on
//    a section leaves the rest of the device's copy unwritten).
//
//   offload-cc tmp_calls.mlir -o tmp_calls && ./tmp_calls
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xf32>
      memref.store %u, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @addto(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xf32>
      %v = memref.load %y[%i] : memref<?xf32>
      %r = arith.addf %u, %v : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @fill_first(%a: memref<?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    scf.parallel (%i) = (%c0) to (%k) step (%c1) {
      memref.store %two, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  // One thread sums all of a into out[0].
  offload.kernel @total(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      %t = arith.addf %acc, %v : f32
      scf.yield %t : f32
    }
    memref.store %s, %out[%c0] : memref<1xf32>
    offload.return
  }

  /// x += x, through the temporary t.
  func.func private @use_tmp(%x: memref<?xf32>, %t: memref<?xf32>) {
    offload.launch @copy(%x, %t) : (memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @addto(%t, %x) : (memref<?xf32>, memref<?xf32>) -> ()
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("tmp_calls: n = %ld, 10 calls of x += x through a temporary: %ld of %ld elements as expected; sum of b after a launch on b[0, %ld) = %.1f (expected %.1f): %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c1024 = arith.constant 1024 : index
    %n = arith.constant 1048576 : index
    %m = arith.constant 1000 : index
    %k = arith.constant 300 : index
    %one = arith.constant 1.0 : f32
    %scale = arith.constant 1024.0 : f32
    // x[i] = i mod 1024.
    %x = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c1024 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
    }
    %t = memref.alloc(%n) : memref<?xf32>
    scf.for %it = %c0 to %c10 step %c1 {
      func.call @use_tmp(%x, %t) : (memref<?xf32>, memref<?xf32>) -> ()
    }
    memref.dealloc %t : memref<?xf32>
    // x[i] = (i mod 1024) * 2^10, exact in f32.
    %zero64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero64) -> i64 {
      %r = arith.remui %i, %c1024 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %e = arith.mulf %f, %scale : f32
      %v = memref.load %x[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %v, %e : f32
      %inc = arith.addi %acc, %one64 : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }

    %b = memref.alloc(%m) : memref<?xf32>
    scf.for %i = %c0 to %m step %c1 {
      memref.store %one, %b[%i] : memref<?xf32>
    }
    %out = memref.alloc() : memref<1xf32>
    offload.launch @fill_first(%b, %k) : (memref<?xf32>, index) -> ()
    offload.launch @total(%b, %out) : (memref<?xf32>, memref<1xf32>) -> ()
    memref.dealloc %b : memref<?xf32>
    %sum = memref.load %out[%c0] : memref<1xf32>
    // 2 k + (m - k) = m + k.
    %mk = arith.addi %m, %k : index
    %mki = arith.index_cast %mk : index to i64
    %expect = arith.sitofp %mki : i64 to f32

    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %allx = arith.cmpi eq, %ok, %n64 : i64
    %sumok = arith.cmpf oeq, %sum, %expect : f32
    %all = arith.andi %allx, %sumok : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %passp = llvm.mlir.addressof @pass : !llvm.ptr
    %failp = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = llvm.select %all, %passp, %failp : i1, !llvm.ptr
    %sumd = arith.extf %sum : f32 to f64
    %expd = arith.extf %expect : f32 to f64
    llvm.call @printf(%fmt, %n64, %ok, %n64, %k64, %sumd, %expd, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %out : memref<1xf32>
    %z = arith.constant 0 : i32
    %o = arith.constant 1 : i32
    %rc = arith.select %all, %z, %o : i32
    return %rc : i32
  }
}
