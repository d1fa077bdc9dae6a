// fill: out[i] = 3 * i over the whole of out, on the device, checked on the
// host. The kernel only writes out, at every index from 0 to its size
// (memref.dim), and never reads it: nothing the host holds in out before the
// launch matters, so the compiler should map out `from` the device and copy
// nothing to it.
//
//   offload-cc fill.mlir -o fill && ./fill
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @fill(%out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3.0 : f32
    %n = memref.dim %out, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %v = arith.mulf %three, %f : f32
      memref.store %v, %out[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("fill: n = %ld, out[i] == 3 * i for %ld of %ld elements, out[%ld] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1048576 : index
    %three = arith.constant 3.0 : f32
    // Not initialised: the launch must not need the host's values.
    %out = memref.alloc(%n) : memref<?xf32>

    offload.launch @fill(%out) : (memref<?xf32>) -> ()

    // 3 * i < 2^24 for every i: every value is an exact float.
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %expect = arith.mulf %three, %f : f32
      %got = memref.load %out[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %expect : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %ok, %n : index
    %last = arith.subi %n, %c1 : index
    %vlast = memref.load %out[%last] : memref<?xf32>
    %vlast64 = arith.extf %vlast : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %last64 = arith.index_cast %last : index to i64
    llvm.call @printf(%fmt, %n64, %ok64, %n64, %last64, %vlast64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %out : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
