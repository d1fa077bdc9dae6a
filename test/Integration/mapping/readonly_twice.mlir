// readonly_twice: two launches read the same 2^22 f32 input x, one writing
// y1 = 2 * x, the other y2 = x + 1, checked on the host. x is only read, by
// both, and the host does not touch it between them: the compiler should
// copy it to the device once for both launches, not once per launch. y1 and
// y2 are written everywhere and never read by a kernel (`from`).
//
//   offload-cc readonly_twice.mlir -o readonly_twice && ./readonly_twice
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @twice(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %two, %xi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @plus1(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %r = arith.addf %xi, %one : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("readonly_twice: n = %ld, y1 = 2 * x and y2 = x + 1 in two launches, %ld of %ld elements of y1 and y2 as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1024 = arith.constant 1024 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %n = arith.constant 4194304 : index
    %x = memref.alloc(%n) : memref<?xf32>
    %y1 = memref.alloc(%n) : memref<?xf32>
    %y2 = memref.alloc(%n) : memref<?xf32>
    // x[i] = i mod 1024: every result is an exact float.
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.remui %i, %c1024 : index
      %mi = arith.index_cast %m : index to i32
      %xf = arith.sitofp %mi : i32 to f32
      memref.store %xf, %x[%i] : memref<?xf32>
    }

    offload.launch @twice(%x, %y1) : (memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @plus1(%x, %y2) : (memref<?xf32>, memref<?xf32>) -> ()

    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %xi = memref.load %x[%i] : memref<?xf32>
      %e1 = arith.mulf %two, %xi : f32
      %e2 = arith.addf %xi, %one : f32
      %g1 = memref.load %y1[%i] : memref<?xf32>
      %g2 = memref.load %y2[%i] : memref<?xf32>
      %eq1 = arith.cmpf oeq, %g1, %e1 : f32
      %eq2 = arith.cmpf oeq, %g2, %e2 : f32
      %i1 = arith.select %eq1, %c1, %c0 : index
      %i2 = arith.select %eq2, %c1, %c0 : index
      %c = arith.addi %count, %i1 : index
      %next = arith.addi %c, %i2 : index
      scf.yield %next : index
    }
    %total = arith.muli %n, %c2 : index
    %all = arith.cmpi eq, %ok, %total : index
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %total64 = arith.index_cast %total : index to i64
    llvm.call @printf(%fmt, %n64, %ok64, %total64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y1 : memref<?xf32>
    memref.dealloc %y2 : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
