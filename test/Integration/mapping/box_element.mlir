// A 100 x 200 box of a 400 x 500 matrix (a subview) kept on the device
// across a loop of launches that increment it, the host reading box[1][1]
// and writing box[2][3] through the box at every iteration: each access
// moves its one element (box_element.test), not the box's 100 rows.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%a: memref<?x?xi32, strided<[?, 1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?x?xi32, strided<[?, 1], offset: ?>>
    %m = memref.dim %a, %c1 : memref<?x?xi32, strided<[?, 1], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      %x = memref.load %a[%i, %j] : memref<?x?xi32, strided<[?, 1], offset: ?>>
      %one = arith.constant 1 : i32
      %w = arith.addi %x, %one : i32
      memref.store %w, %a[%i, %j] : memref<?x?xi32, strided<[?, 1], offset: ?>>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("box: sum of box[1][1] %d, A[12][23] %d, sum of A %ld\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c12 = arith.constant 12 : index
    %c20 = arith.constant 20 : index
    %c23 = arith.constant 23 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %n = arith.constant 400 : index
    %m = arith.constant 500 : index
    %zero = arith.constant 0 : i32
    %A = memref.alloc(%n, %m) : memref<?x?xi32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        memref.store %zero, %A[%i, %j] : memref<?x?xi32>
      }
    }
    %box = memref.subview %A[%c10, %c20] [%c100, %c200] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
    %acc = scf.for %s = %c0 to %c10 step %c1 iter_args(%ac = %zero) -> i32 {
      offload.launch @inc(%box) : (memref<?x?xi32, strided<[?, 1], offset: ?>>) -> ()
      %v = memref.load %box[%c1, %c1] : memref<?x?xi32, strided<[?, 1], offset: ?>>
      %a2 = arith.addi %ac, %v : i32
      // box[2][3] = the running sum (then incremented by the next launch).
      memref.store %a2, %box[%c2, %c3] : memref<?x?xi32, strided<[?, 1], offset: ?>>
      scf.yield %a2 : i32
    }
    %e = memref.load %A[%c12, %c23] : memref<?x?xi32>
    %zero64 = arith.constant 0 : i64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero64) -> i64 {
      %row = scf.for %j = %c0 to %m step %c1 iter_args(%r = %t) -> i64 {
        %v = memref.load %A[%i, %j] : memref<?x?xi32>
        %v64 = arith.extsi %v : i32 to i64
        %r2 = arith.addi %r, %v64 : i64
        scf.yield %r2 : i64
      }
      scf.yield %row : i64
    }
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %r = llvm.call @printf(%f, %acc, %e, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i64) -> i32
    memref.dealloc %A : memref<?x?xi32>
    return %zero : i32
  }
}
