// host_write: a launch adds 1 to every element of a 2^20 f32 array, the
// host then stores a[5] = 7, and a second launch reads all of a into
// out = 2 * a. The host's only touch of a between the launches is that one
// store, so the compiler should keep a on the device across both launches
// and send just the stored element (an update of 4 bytes) before the second
// one. out is written everywhere and never read by a kernel (`from`).
//
//   offload-cc host_write.mlir -o host_write && ./host_write
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @inc(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %r = arith.addf %ai, %one : f32
      memref.store %r, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @double(%a: memref<?xf32>, %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %n = memref.dim %out, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %r = arith.mulf %two, %ai : f32
      memref.store %r, %out[%i] : memref<?xf32>
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
  llvm.mlir.global private constant @result("host_write: n = %ld, a += 1, host a[5] = 7, out = 2 * a: %ld of %ld elements of a and out as expected, out[5] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %seven = arith.constant 7.0 : f32
    %n = arith.constant 1048576 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %out = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = func.call @pattern(%i) : (index) -> f32
      memref.store %v, %a[%i] : memref<?xf32>
    }

    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    // The second launch must see this store.
    memref.store %seven, %a[%c5] : memref<?xf32>
    offload.launch @double(%a, %out) : (memref<?xf32>, memref<?xf32>) -> ()

    // a[i] = pattern(i) + 1 except a[5] = 7, out = 2 * a.
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %v = func.call @pattern(%i) : (index) -> f32
      %v1 = arith.addf %v, %one : f32
      %is5 = arith.cmpi eq, %i, %c5 : index
      %ea = arith.select %is5, %seven, %v1 : f32
      %eo = arith.mulf %two, %ea : f32
      %ga = memref.load %a[%i] : memref<?xf32>
      %go = memref.load %out[%i] : memref<?xf32>
      %eqa = arith.cmpf oeq, %ga, %ea : f32
      %eqo = arith.cmpf oeq, %go, %eo : f32
      %ia = arith.select %eqa, %c1, %c0 : index
      %io = arith.select %eqo, %c1, %c0 : index
      %c = arith.addi %count, %ia : index
      %next = arith.addi %c, %io : index
      scf.yield %next : index
    }
    %total = arith.muli %n, %c2 : index
    %all = arith.cmpi eq, %ok, %total : index
    %o5 = memref.load %out[%c5] : memref<?xf32>
    %o564 = arith.extf %o5 : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %total64 = arith.index_cast %total : index to i64
    llvm.call @printf(%fmt, %n64, %ok64, %total64, %o564, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %out : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
