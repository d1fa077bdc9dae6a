// rows_helper: a 64 x 1024 matrix that a helper, @sweep, processes row by
// row, calling @row_op on a view of each row, which launches a kernel on
// it; @sweep is called once. The loop reaches all rows: the matrix is kept
// on the device around it, one copy each way, as a careful OpenMP author
// maps it, instead of one copy of each row each way. The result is checked
// against the same arithmetic on the host.
//
//   offload-cc rows_helper.mlir -o rows_helper && ./rows_helper
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @rowk(%r: memref<?xi32, strided<[1], offset: ?>>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %r, %c0 : memref<?xi32, strided<[1], offset: ?>>
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %r[%j] : memref<?xi32, strided<[1], offset: ?>>
      %jj = arith.index_cast %j : index to i32
      %w = arith.muli %v, %three : i32
      %x = arith.addi %w, %k : i32
      %x2 = arith.addi %x, %jj : i32
      %y = arith.remui %x2, %m : i32
      memref.store %y, %r[%j] : memref<?xi32, strided<[1], offset: ?>>
    }
    offload.return
  }
  func.func private @row_op(%r: memref<?xi32, strided<[1], offset: ?>>, %k: i32) {
    offload.launch @rowk(%r, %k) : (memref<?xi32, strided<[1], offset: ?>>, i32) -> ()
    return
  }
  func.func private @sweep(%a: memref<?x?xi32>, %s: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %a, %c0 : memref<?x?xi32>
    %cols = memref.dim %a, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %rows step %c1 {
      %row = memref.subview %a[%i, 0] [1, %cols] [1, 1] : memref<?x?xi32> to memref<?xi32, strided<[1], offset: ?>>
      %ii = arith.index_cast %i : index to i32
      %k = arith.addi %ii, %s : i32
      func.call @row_op(%row, %k) : (memref<?xi32, strided<[1], offset: ?>>, i32) -> ()
    }
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("rows_helper: %ld of %ld equal, a[3][5]=%d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %R = arith.constant 64 : index
    %C = arith.constant 1024 : index
    %z64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %a = memref.alloc(%R, %C) : memref<?x?xi32>
    %h = memref.alloc(%R, %C) : memref<?x?xi32>
    scf.for %i = %c0 to %R step %c1 {
      scf.for %j = %c0 to %C step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %v = arith.muli %ii, %jj : i32
        memref.store %v, %a[%i, %j] : memref<?x?xi32>
        memref.store %v, %h[%i, %j] : memref<?x?xi32>
      }
    }
    %s0 = arith.constant 0 : i32
    func.call @sweep(%a, %s0) : (memref<?x?xi32>, i32) -> ()
    scf.for %s = %c0 to %c1 step %c1 {
      scf.for %i = %c0 to %R step %c1 {
        scf.for %j = %c0 to %C step %c1 {
          %si = arith.index_cast %s : index to i32
          %ii = arith.index_cast %i : index to i32
          %jj = arith.index_cast %j : index to i32
          %k = arith.addi %ii, %si : i32
          %v = memref.load %h[%i, %j] : memref<?x?xi32>
          %w = arith.muli %v, %three : i32
          %x = arith.addi %w, %k : i32
          %x2 = arith.addi %x, %jj : i32
          %y = arith.remui %x2, %m : i32
          memref.store %y, %h[%i, %j] : memref<?x?xi32>
        }
      }
    }
    %same = scf.for %i = %c0 to %R step %c1 iter_args(%acc = %z64) -> i64 {
      %r = scf.for %j = %c0 to %C step %c1 iter_args(%acc2 = %acc) -> i64 {
        %x = memref.load %a[%i, %j] : memref<?x?xi32>
        %y = memref.load %h[%i, %j] : memref<?x?xi32>
        %eq = arith.cmpi eq, %x, %y : i32
        %inc = arith.addi %acc2, %one64 : i64
        %nx = arith.select %eq, %inc, %acc2 : i64
        scf.yield %nx : i64
      }
      scf.yield %r : i64
    }
    %v35 = memref.load %a[%c3, %c5] : memref<?x?xi32>
    %RC = arith.muli %R, %C : index
    %n64 = arith.index_cast %RC : index to i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %same, %n64, %v35) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i32) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
