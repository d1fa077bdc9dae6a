// row_views: a 512 x 512 matrix the device increments 10 times; after
// each launch the host takes row k as a view (memref.subview), reads its
// element 3 and stores into its element 1. Each access is one element of
// the matrix, in the view's indices: the updates move those 8 bytes, not
// the matrix (2 MiB each way per step before).
//
//   offload-cc row_views.mlir -o row_views && ./row_views
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("row_views: sum of a[k][3] = %ld (expected 55), a[3][1] = %ld (expected 110): %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}
  offload.kernel @inc(%a: memref<?x?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %n = memref.dim %a, %c0 : memref<?x?xi64>
    %m = memref.dim %a, %c1 : memref<?x?xi64>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xi64>
      %w = arith.addi %v, %one : i64
      memref.store %w, %a[%i, %j] : memref<?x?xi64>
    }
    offload.return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 512 : index
    %z = arith.constant 0 : i64
    %a = memref.alloc(%n, %n) : memref<?x?xi64>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        memref.store %z, %a[%i, %j] : memref<?x?xi64>
      }
    }
    // Row k as a view: its element 3 read, its element 1 written.
    %s = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z) -> i64 {
      offload.launch @inc(%a) : (memref<?x?xi64>) -> ()
      %row = memref.subview %a[%k, 0] [1, %n] [1, 1] : memref<?x?xi64> to memref<?xi64, strided<[1], offset: ?>>
      %v = memref.load %row[%c3] : memref<?xi64, strided<[1], offset: ?>>
      %hundred = arith.constant 100 : i64
      %w = arith.addi %v, %hundred : i64
      memref.store %w, %row[%c1] : memref<?xi64, strided<[1], offset: ?>>
      %acc2 = arith.addi %acc, %v : i64
      scf.yield %acc2 : i64
    }
    %x = memref.load %a[%c3, %c1] : memref<?x?xi64>
    %e55 = arith.constant 55 : i64
    %e110 = arith.constant 110 : i64
    %ok1 = arith.cmpi eq, %s, %e55 : i64
    %ok2 = arith.cmpi eq, %x, %e110 : i64
    %ok = arith.andi %ok1, %ok2 : i1
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %fl = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %ok, %p, %fl : !llvm.ptr
    llvm.call @printf(%f, %s, %x, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xi64>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %ok, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
