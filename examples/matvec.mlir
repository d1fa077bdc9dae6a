// Matrix-vector product y += A x (BLAS gemv with alpha = beta = 1) for a
// 4096 x 2048 matrix, one device thread per row. A and x are only read, so
// they are mapped `to` the device; y is read and written, so `tofrom`. The
// values are small integers, so every result is exact and is compared with
// the host's.
//
//   offload-cc matvec.mlir -o matvec && ./matvec
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @gemv(%a: memref<?x?xf32>, %x: memref<?xf32>,
                       %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %a, %c0 : memref<?x?xf32>
    %cols = memref.dim %a, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %y0 = memref.load %y[%i] : memref<?xf32>
      %dot = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %y0) -> f32 {
        %aij = memref.load %a[%i, %j] : memref<?x?xf32>
        %xj = memref.load %x[%j] : memref<?xf32>
        %p = arith.mulf %aij, %xj : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %dot, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  /// (v mod m) - d as a float.
  func.func @pattern(%v: index, %m: index, %d: index) -> f32 {
    %r = arith.remui %v, %m : index
    %s = arith.subi %r, %d : index
    %i = arith.index_cast %s : index to i32
    %f = arith.sitofp %i : i32 to f32
    return %f : f32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("matvec: y += A x with A %ld x %ld, %ld of %ld rows equal to the host's, y[1] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %m = arith.constant 4096 : index
    %n = arith.constant 2048 : index
    %a = memref.alloc(%m, %n) : memref<?x?xf32>
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%m) : memref<?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %ij = arith.addi %i, %j : index
        %v = func.call @pattern(%ij, %c7, %c3) : (index, index, index) -> f32
        memref.store %v, %a[%i, %j] : memref<?x?xf32>
      }
      %yi = func.call @pattern(%i, %c3, %c1) : (index, index, index) -> f32
      memref.store %yi, %y[%i] : memref<?xf32>
    }
    scf.for %j = %c0 to %n step %c1 {
      %v = func.call @pattern(%j, %c5, %c2) : (index, index, index) -> f32
      memref.store %v, %x[%j] : memref<?xf32>
    }

    offload.launch @gemv(%a, %x, %y) : (memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()

    // The host's answer, row by row, recomputing the original y[i].
    %same = scf.for %i = %c0 to %m step %c1 iter_args(%count = %c0) -> index {
      %y0 = func.call @pattern(%i, %c3, %c1) : (index, index, index) -> f32
      %dot = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %y0) -> f32 {
        %aij = memref.load %a[%i, %j] : memref<?x?xf32>
        %xj = memref.load %x[%j] : memref<?xf32>
        %p = arith.mulf %aij, %xj : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      %got = memref.load %y[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %dot : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %same, %m : index
    %y1 = memref.load %y[%c1] : memref<?xf32>
    %y164 = arith.extf %y1 : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %m64, %n64, %same64, %m64, %y164, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
