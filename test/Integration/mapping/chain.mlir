// chain: three launches in a row, t = a + b, u = t * t, out = u - a, on 2^20
// f32 elements. t and u are temporaries (memref.alloc'd, used only by the
// launches, then deallocated): the host never reads or writes them, so they
// need device memory but no copy either way. a and b are only read (`to`,
// once for the whole chain), out is written everywhere and never read by a
// kernel (`from`, once, after the last launch). The program needs no map
// clause; the result is checked against the host's, element by element.
//
//   offload-cc chain.mlir -o chain && ./chain
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @add(%a: memref<?xf32>, %b: memref<?xf32>,
                      %t: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %t, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %bi = memref.load %b[%i] : memref<?xf32>
      %s = arith.addf %ai, %bi : f32
      memref.store %s, %t[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @square(%t: memref<?xf32>, %u: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %u, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ti = memref.load %t[%i] : memref<?xf32>
      %p = arith.mulf %ti, %ti : f32
      memref.store %p, %u[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @sub(%u: memref<?xf32>, %a: memref<?xf32>,
                      %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ui = memref.load %u[%i] : memref<?xf32>
      %ai = memref.load %a[%i] : memref<?xf32>
      %d = arith.subf %ui, %ai : f32
      memref.store %d, %out[%i] : memref<?xf32>
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
  llvm.mlir.global private constant @result("chain: n = %ld, out = (a + b)^2 - a in three launches, %ld of %ld elements equal to the host's, out[1000] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c1024 = arith.constant 1024 : index
    %n = arith.constant 1048576 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %out = memref.alloc(%n) : memref<?xf32>
    // a[i] = i mod 1024, b[i] = (i mod 7) - 3: (a + b)^2 < 2^24, every value
    // is an exact float.
    scf.for %i = %c0 to %n step %c1 {
      %ai = func.call @pattern(%i, %c1024, %c0) : (index, index, index) -> f32
      %bi = func.call @pattern(%i, %c7, %c3) : (index, index, index) -> f32
      memref.store %ai, %a[%i] : memref<?xf32>
      memref.store %bi, %b[%i] : memref<?xf32>
    }

    // Device temporaries: only the launches touch them.
    %t = memref.alloc(%n) : memref<?xf32>
    %u = memref.alloc(%n) : memref<?xf32>
    offload.launch @add(%a, %b, %t) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @square(%t, %u) : (memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @sub(%u, %a, %out) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    memref.dealloc %t : memref<?xf32>
    memref.dealloc %u : memref<?xf32>

    %same = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %ai = memref.load %a[%i] : memref<?xf32>
      %bi = memref.load %b[%i] : memref<?xf32>
      %s = arith.addf %ai, %bi : f32
      %p = arith.mulf %s, %s : f32
      %expect = arith.subf %p, %ai : f32
      %got = memref.load %out[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %expect : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %same, %n : index
    %c1000 = arith.constant 1000 : index
    %v = memref.load %out[%c1000] : memref<?xf32>
    %v64 = arith.extf %v : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %n64, %same64, %n64, %v64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %out : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
