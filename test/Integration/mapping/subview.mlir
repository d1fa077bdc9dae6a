// subview: m = 2 * m + 1 on rows 100 to 199 of a 1024 x 256 f32 matrix, on
// the device, checked on the host. The host takes the rows as a
// memref.subview and launches the kernel on it; the kernel sees a 100 x 256
// matrix with the parent's row stride. Only the subview's 100 rows (100 KiB)
// need to cross, not the 1 MiB parent.
//
//   offload-cc subview.mlir -o subview && ./subview
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @affine(%m: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %rows = memref.dim %m, %c0 : memref<?x?xf32, strided<[?, 1], offset: ?>>
    %cols = memref.dim %m, %c1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols) step (%c1, %c1) {
      %v = memref.load %m[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      %d = arith.mulf %two, %v : f32
      %r = arith.addf %d, %one : f32
      memref.store %r, %m[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
    }
    offload.return
  }

  /// (i + j) mod 1024 as a float.
  func.func @pattern(%i: index, %j: index) -> f32 {
    %c1024 = arith.constant 1024 : index
    %s = arith.addi %i, %j : index
    %r = arith.remui %s, %c1024 : index
    %v = arith.index_cast %r : index to i32
    %f = arith.sitofp %v : i32 to f32
    return %f : f32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("subview: %ld x %ld matrix, m = 2 * m + 1 on rows [%ld, %ld), %ld of %ld elements as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %rows = arith.constant 1024 : index
    %cols = arith.constant 256 : index
    %first = arith.constant 100 : index
    %last = arith.constant 200 : index
    %m = memref.alloc(%rows, %cols) : memref<?x?xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %v = func.call @pattern(%i, %j) : (index, index) -> f32
        memref.store %v, %m[%i, %j] : memref<?x?xf32>
      }
    }

    // Rows 100 to 199, all columns.
    %sub = memref.subview %m[100, 0] [100, 256] [1, 1]
        : memref<?x?xf32> to memref<100x256xf32, strided<[?, 1], offset: ?>>
    %dyn = memref.cast %sub : memref<100x256xf32, strided<[?, 1], offset: ?>>
        to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.launch @affine(%dyn) : (memref<?x?xf32, strided<[?, 1], offset: ?>>) -> ()

    // 2 * v + 1 inside the rows, v outside.
    %ok = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %c0) -> index {
      %ge = arith.cmpi uge, %i, %first : index
      %lt = arith.cmpi ult, %i, %last : index
      %in = arith.andi %ge, %lt : i1
      %row = scf.for %j = %c0 to %cols step %c1 iter_args(%r = %acc) -> index {
        %v = func.call @pattern(%i, %j) : (index, index) -> f32
        %d = arith.mulf %two, %v : f32
        %w = arith.addf %d, %one : f32
        %expect = arith.select %in, %w, %v : f32
        %got = memref.load %m[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %got, %expect : f32
        %inc = arith.addi %r, %c1 : index
        %next = arith.select %eq, %inc, %r : index
        scf.yield %next : index
      }
      scf.yield %row : index
    }
    %total = arith.muli %rows, %cols : index
    %all = arith.cmpi eq, %ok, %total : index
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %rows64 = arith.index_cast %rows : index to i64
    %cols64 = arith.index_cast %cols : index to i64
    %first64 = arith.index_cast %first : index to i64
    %last64 = arith.index_cast %last : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %total64 = arith.index_cast %total : index to i64
    llvm.call @printf(%fmt, %rows64, %cols64, %first64, %last64, %ok64, %total64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %m : memref<?x?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
