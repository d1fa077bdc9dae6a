// aggregate: a struct of buffers as one kernel argument. Particles hold
// positions x, velocities v and a count n, packed into one aggregate
// (offload.pack, a tuple) and taken apart in the kernel (offload.unpack).
// Each buffer member gets its own inferred map clause (x is read and written:
// tofrom; v is only read: to) and the kernel sees device addresses in its
// aggregate, as OpenMP's declare mapper with pointer attachment gives the
// twin. Ten steps in a loop: both members stay on the device throughout.
//
//   offload-cc aggregate.mlir -o aggregate && ./aggregate
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @advance(%p: tuple<memref<?xf32>, memref<?xf32>, index>,
                          %dt: f32) {
    %x, %v, %n = offload.unpack %p : tuple<memref<?xf32>, memref<?xf32>, index>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %vi = memref.load %v[%i] : memref<?xf32>
      %d = arith.mulf %vi, %dt : f32
      %r = arith.addf %xi, %d : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("aggregate: n = %ld, 10 steps of x += v * dt with {x, v, n} in one argument, %ld of %ld positions as expected, x[7] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 1048576 : index
    %dt = arith.constant 0.5 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %v = memref.alloc(%n) : memref<?xf32>
    // x[i] = i mod 64, v[i] = 2 * (i mod 4): every result is an exact float.
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.remui %i, %c64 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      %c4 = arith.constant 4 : index
      %q = arith.remui %i, %c4 : index
      %qi = arith.index_cast %q : index to i32
      %qf = arith.sitofp %qi : i32 to f32
      %two = arith.constant 2.0 : f32
      %vf = arith.mulf %qf, %two : f32
      memref.store %mf, %x[%i] : memref<?xf32>
      memref.store %vf, %v[%i] : memref<?xf32>
    }
    %p = offload.pack %x, %v, %n : tuple<memref<?xf32>, memref<?xf32>, index>
    scf.for %s = %c0 to %c10 step %c1 {
      offload.launch @advance(%p, %dt) : (tuple<memref<?xf32>, memref<?xf32>, index>, f32) -> ()
    }

    // x[i] = (i mod 64) + 10 * 0.5 * 2 * (i mod 4).
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %m = arith.remui %i, %c64 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      %c4 = arith.constant 4 : index
      %q = arith.remui %i, %c4 : index
      %qi = arith.index_cast %q : index to i32
      %qf = arith.sitofp %qi : i32 to f32
      %ten = arith.constant 10.0 : f32
      %add = arith.mulf %qf, %ten : f32
      %expect = arith.addf %mf, %add : f32
      %xi = memref.load %x[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %xi, %expect : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %ok, %n : index
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %ps = llvm.mlir.addressof @pass : !llvm.ptr
    %fs = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %ps, %fs : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %c7 = arith.constant 7 : index
    %x7 = memref.load %x[%c7] : memref<?xf32>
    %x7d = arith.extf %x7 : f32 to f64
    llvm.call @printf(%fmt, %n64, %ok64, %n64, %x7d, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %v : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
