// stencil_halo: out[i] = a[i - 1] + a[i] + a[i + 1] for i in [1, n - 1) on a
// 2^20 f32 array, on the device, checked on the host. a is only read, at
// offsets -1 to +1 of the loop's [1, n - 1): all of it, `to`. out is only
// written, but not over its whole extent: its first and last elements keep
// the host's values (-1 here, which the program checks), so out must not be
// mapped `from` as a whole (that would bring back whatever the device memory
// held there). The tight map is `from` on out[1, n - 1) only.
//
//   offload-cc stencil_halo.mlir -o stencil_halo && ./stencil_halo
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @stencil(%a: memref<?xf32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %a[%im] : memref<?xf32>
      %m = memref.load %a[%i] : memref<?xf32>
      %r = memref.load %a[%ip] : memref<?xf32>
      %lm = arith.addf %l, %m : f32
      %s = arith.addf %lm, %r : f32
      memref.store %s, %out[%i] : memref<?xf32>
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
  llvm.mlir.global private constant @result("stencil_halo: n = %ld, out[i] = a[i-1] + a[i] + a[i+1] on [1, n-1), %ld of %ld elements as expected, out[0] = %.1f, out[n-1] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %minus1 = arith.constant -1.0 : f32
    %n = arith.constant 1048576 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %out = memref.alloc(%n) : memref<?xf32>
    // The kernel leaves out[0] and out[n-1] alone: they must stay -1.
    scf.for %i = %c0 to %n step %c1 {
      %v = func.call @pattern(%i) : (index) -> f32
      memref.store %v, %a[%i] : memref<?xf32>
      memref.store %minus1, %out[%i] : memref<?xf32>
    }

    offload.launch @stencil(%a, %out) : (memref<?xf32>, memref<?xf32>) -> ()

    %last = arith.subi %n, %c1 : index
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %first = arith.cmpi eq, %i, %c0 : index
      %end = arith.cmpi eq, %i, %last : index
      %edge = arith.ori %first, %end : i1
      %sum = scf.if %edge -> f32 {
        scf.yield %minus1 : f32
      } else {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %l = func.call @pattern(%im) : (index) -> f32
        %m = func.call @pattern(%i) : (index) -> f32
        %r = func.call @pattern(%ip) : (index) -> f32
        %lm = arith.addf %l, %m : f32
        %s = arith.addf %lm, %r : f32
        scf.yield %s : f32
      }
      %got = memref.load %out[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %sum : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %ok, %n : index
    %o0 = memref.load %out[%c0] : memref<?xf32>
    %on = memref.load %out[%last] : memref<?xf32>
    %o064 = arith.extf %o0 : f32 to f64
    %on64 = arith.extf %on : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    llvm.call @printf(%fmt, %n64, %ok64, %n64, %o064, %on64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %out : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
