// saxpy: y = a * x + y on the device, checked on the host.
//
//   offload-cc saxpy.mlir -o saxpy && ./saxpy
//
// The kernel reads x and reads and writes y, so the compiler maps x `to` the
// device and y `tofrom` (see offload-infer-maps); the program needs no map
// clause. It prints what it checked and exits with 1 when any element is
// wrong.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("saxpy: n = %ld, a = %.1f, y[i] == a * x[i] + y0[i] for %ld of %ld elements: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 16777216 : index
    %a = arith.constant 2.0 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    // x[i] = i mod 1024, y[i] = 1: every result is an exact float.
    %c1024 = arith.constant 1024 : index
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.remui %i, %c1024 : index
      %mi = arith.index_cast %m : index to i32
      %xf = arith.sitofp %mi : i32 to f32
      memref.store %xf, %x[%i] : memref<?xf32>
      memref.store %one, %y[%i] : memref<?xf32>
    }

    offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()

    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %expect = arith.addf %ax, %one : f32
      %eq = arith.cmpf oeq, %yi, %expect : f32
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
    %ok64 = arith.index_cast %ok : index to i64
    %a64 = arith.extf %a : f32 to f64
    llvm.call @printf(%fmt, %n64, %a64, %ok64, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
