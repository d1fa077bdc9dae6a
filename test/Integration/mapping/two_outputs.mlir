// two_outputs: one kernel computes s = a + b and d = a - b on 2^20 f32
// elements, checked on the host. a and b are only read (`to`); s and d are
// written at every index up to their size and never read by the kernel, so
// the compiler should map both `from`: nothing of them goes in.
//
//   offload-cc two_outputs.mlir -o two_outputs && ./two_outputs
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @sumdiff(%a: memref<?xf32>, %b: memref<?xf32>,
                          %s: memref<?xf32>, %d: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %s, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %bi = memref.load %b[%i] : memref<?xf32>
      %si = arith.addf %ai, %bi : f32
      %di = arith.subf %ai, %bi : f32
      memref.store %si, %s[%i] : memref<?xf32>
      memref.store %di, %d[%i] : memref<?xf32>
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
  llvm.mlir.global private constant @result("two_outputs: n = %ld, s = a + b and d = a - b, %ld of %ld elements of s and d as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c1024 = arith.constant 1024 : index
    %n = arith.constant 1048576 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %s = memref.alloc(%n) : memref<?xf32>
    %d = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ai = func.call @pattern(%i, %c1024, %c0) : (index, index, index) -> f32
      %bi = func.call @pattern(%i, %c7, %c3) : (index, index, index) -> f32
      memref.store %ai, %a[%i] : memref<?xf32>
      memref.store %bi, %b[%i] : memref<?xf32>
    }

    offload.launch @sumdiff(%a, %b, %s, %d) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()

    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %ai = memref.load %a[%i] : memref<?xf32>
      %bi = memref.load %b[%i] : memref<?xf32>
      %es = arith.addf %ai, %bi : f32
      %ed = arith.subf %ai, %bi : f32
      %gs = memref.load %s[%i] : memref<?xf32>
      %gd = memref.load %d[%i] : memref<?xf32>
      %eqs = arith.cmpf oeq, %gs, %es : f32
      %eqd = arith.cmpf oeq, %gd, %ed : f32
      %is = arith.select %eqs, %c1, %c0 : index
      %id = arith.select %eqd, %c1, %c0 : index
      %c = arith.addi %count, %is : index
      %next = arith.addi %c, %id : index
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
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %s : memref<?xf32>
    memref.dealloc %d : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
