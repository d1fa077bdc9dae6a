// returned_buffer: a helper that allocates its result, launches a kernel
// reading its argument into it and returns it (as `y = f(x)` is written in
// a functional style), called 10 times in a loop on the same input; the
// host reads one element of each result and frees it. The input is only
// read: it should go to the device once, around the loop. Each result is
// new memory and comes back whole (the kernel writes all of it). Before,
// the uses of what the helper returns counted as uses of its argument,
// which then moved at every call ("it is freed between two launches").
//
//   offload-cc returned_buffer.mlir -o returned_buffer && ./returned_buffer
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("returned_buffer: 10 calls over %ld elements, sum of y[k] = %ld (expected %ld): %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  // y[i] = 3 x[i] + 1
  offload.kernel @affine(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %y, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.muli %v, %three : i64
      %u = arith.addi %w, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }

  // A new buffer y = affine(x).
  func.func private @make(%x: memref<?xi64>) -> memref<?xi64> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    offload.launch @affine(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    return %y : memref<?xi64>
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %a[%i] : memref<?xi64>
    }
    // sum over k of y[k * 1000] = 3 (1000 k) + 1
    %s = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z) -> i64 {
      %y = func.call @make(%a) : (memref<?xi64>) -> memref<?xi64>
      %c1000 = arith.constant 1000 : index
      %at = arith.muli %k, %c1000 : index
      %v = memref.load %y[%at] : memref<?xi64>
      memref.dealloc %y : memref<?xi64>
      %next = arith.addi %acc, %v : i64
      scf.yield %next : i64
    }
    %expected = arith.constant 135010 : i64
    %ok = arith.cmpi eq, %s, %expected : i64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %ok, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%fmt, %n64, %s, %expected, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xi64>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %ok, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
