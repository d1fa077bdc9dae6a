// complex: z = w * z on 2^20 complex<f32> elements (a struct of two floats
// each), on the device, checked on the host. The kernel builds the factor
// w = wr + i wi from two f32 scalars and multiplies with the complex
// dialect; z is read and written, so it is mapped `tofrom`: 8 bytes an
// element, once each way.
//
//   offload-cc complex.mlir -o complex && ./complex
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @cscale(%wr: f32, %wi: f32, %z: memref<?xcomplex<f32>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %z, %c0 : memref<?xcomplex<f32>>
    %w = complex.create %wr, %wi : complex<f32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %zi = memref.load %z[%i] : memref<?xcomplex<f32>>
      %p = complex.mul %w, %zi : complex<f32>
      memref.store %p, %z[%i] : memref<?xcomplex<f32>>
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
  llvm.mlir.global private constant @result("complex: n = %ld, z *= (%.1f + %.1fi), %ld of %ld elements as expected, z[5] = (%.1f, %.1f): %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 1048576 : index
    %wr = arith.constant 2.0 : f32
    %wi = arith.constant -1.0 : f32
    %z = memref.alloc(%n) : memref<?xcomplex<f32>>
    // z[i] = (i mod 64) + ((i mod 7) - 3) i: small integers, so every
    // product is exact.
    scf.for %i = %c0 to %n step %c1 {
      %re = func.call @pattern(%i, %c64, %c0) : (index, index, index) -> f32
      %im = func.call @pattern(%i, %c7, %c3) : (index, index, index) -> f32
      %v = complex.create %re, %im : complex<f32>
      memref.store %v, %z[%i] : memref<?xcomplex<f32>>
    }

    offload.launch @cscale(%wr, %wi, %z) : (f32, f32, memref<?xcomplex<f32>>) -> ()

    // (wr + i wi)(re + i im) = (wr re - wi im) + i (wr im + wi re).
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %re = func.call @pattern(%i, %c64, %c0) : (index, index, index) -> f32
      %im = func.call @pattern(%i, %c7, %c3) : (index, index, index) -> f32
      %a = arith.mulf %wr, %re : f32
      %b = arith.mulf %wi, %im : f32
      %er = arith.subf %a, %b : f32
      %c = arith.mulf %wr, %im : f32
      %d = arith.mulf %wi, %re : f32
      %ei = arith.addf %c, %d : f32
      %got = memref.load %z[%i] : memref<?xcomplex<f32>>
      %gr = complex.re %got : complex<f32>
      %gi = complex.im %got : complex<f32>
      %eqr = arith.cmpf oeq, %gr, %er : f32
      %eqi = arith.cmpf oeq, %gi, %ei : f32
      %eq = arith.andi %eqr, %eqi : i1
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %ok, %n : index
    %z5 = memref.load %z[%c5] : memref<?xcomplex<f32>>
    %z5r = complex.re %z5 : complex<f32>
    %z5i = complex.im %z5 : complex<f32>
    %z5r64 = arith.extf %z5r : f32 to f64
    %z5i64 = arith.extf %z5i : f32 to f64
    %wr64 = arith.extf %wr : f32 to f64
    %wi64 = arith.extf %wi : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    llvm.call @printf(%fmt, %n64, %wr64, %wi64, %ok64, %n64, %z5r64, %z5i64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64, f64, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %z : memref<?xcomplex<f32>>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
