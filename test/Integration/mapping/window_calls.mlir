// A helper that launches on the buffer it is given, called in a loop on
// all of a buffer and on a window of it (elements [100, 300)), with a host
// read of one element of the window in each iteration. All of the buffer
// stays on the device across the loop, as with the launches written inline:
// the copy of the helper entered with the window finds it there.
// window_calls.test compares the copies with those of the C + OpenMP twin
// window_calls.c.
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @fmt("window_calls: a[150] = %ld after step %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fmt_end("window_calls: a[0] = %ld, a[150] = %ld, a[299] = %ld, a[300] = %ld\0A\00") {addr_space = 0 : i32}

  // v[i] = (3 v[i] + k) % 100003
  offload.kernel @affine(%v: memref<?xi64, strided<[1], offset: ?>>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i64
    %m = arith.constant 100003 : i64
    %n = memref.dim %v, %c0 : memref<?xi64, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %v[%i] : memref<?xi64, strided<[1], offset: ?>>
      %y = arith.muli %x, %three : i64
      %z = arith.addi %y, %k : i64
      %r = arith.remsi %z, %m : i64
      memref.store %r, %v[%i] : memref<?xi64, strided<[1], offset: ?>>
    }
    offload.return
  }

  func.func private @work(%v: memref<?xi64, strided<[1], offset: ?>>, %k: i64) {
    offload.launch @affine(%v, %k) : (memref<?xi64, strided<[1], offset: ?>>, i64) -> ()
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c50 = arith.constant 50 : index
    %c150 = arith.constant 150 : index
    %c299 = arith.constant 299 : index
    %c300 = arith.constant 300 : index
    %n = arith.constant 131072 : index
    %a = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %x = arith.index_cast %i : index to i64
      memref.store %x, %a[%i] : memref<?xi64>
    }
    %w = memref.subview %a[100] [200] [1] : memref<?xi64> to memref<200xi64, strided<[1], offset: 100>>
    %win = memref.cast %w : memref<200xi64, strided<[1], offset: 100>> to memref<?xi64, strided<[1], offset: ?>>
    %all = memref.cast %a : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    scf.for %s = %c0 to %c10 step %c1 {
      %k = arith.index_cast %s : index to i64
      func.call @work(%all, %k) : (memref<?xi64, strided<[1], offset: ?>>, i64) -> ()
      func.call @work(%win, %k) : (memref<?xi64, strided<[1], offset: ?>>, i64) -> ()
      %x = memref.load %win[%c50] : memref<?xi64, strided<[1], offset: ?>>
      llvm.call @printf(%fmt, %x, %k) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    }
    %e0 = memref.load %a[%c0] : memref<?xi64>
    %e1 = memref.load %a[%c150] : memref<?xi64>
    %e2 = memref.load %a[%c299] : memref<?xi64>
    %e3 = memref.load %a[%c300] : memref<?xi64>
    %fe = llvm.mlir.addressof @fmt_end : !llvm.ptr
    llvm.call @printf(%fe, %e0, %e1, %e2, %e3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?xi64>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
