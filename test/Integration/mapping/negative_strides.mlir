// Views with negative strides (a reversed vector, a matrix with its rows
// in reverse order, made with memref.reinterpret_cast) as launch and
// linalg arguments: each maps the bytes from its lowest element to its
// highest, the kernel getting its first (negative_strides.test). Before,
// the mapped size came out negative and the runtime stopped the program
// ("out of resources").
module attributes {offload.targets = [#offload.host]} {
  // out[i][j] = in[i][j] * 10 + j, over a view whose rows run backwards.
  offload.kernel @scale(%in: memref<?x?xf32, strided<[?, ?], offset: ?>>, %out: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ten = arith.constant 10.0 : f32
    %m = memref.dim %in, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    %n = memref.dim %in, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %in[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
      %ji = arith.index_cast %j : index to i32
      %jf = arith.sitofp %ji : i32 to f32
      %t = arith.mulf %v, %ten : f32
      %r = arith.addf %t, %jf : f32
      memref.store %r, %out[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
    offload.return
  }
  func.func @reverse(%x: memref<?xf32, strided<[?], offset: ?>>, %y: memref<?xf32>) {
    linalg.copy ins(%x : memref<?xf32, strided<[?], offset: ?>>) outs(%y : memref<?xf32>)
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @f1("reversed: y[0] = %.1f, y[7] = %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f2("rows backwards: b[0][0] = %.1f, b[4][2] = %.1f, b[2][1] = %.1f, sum %.1f\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<8xf32>
    %y = memref.alloc(%c8) : memref<?xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %x[%i] : memref<8xf32>
    }
    %r = memref.reinterpret_cast %x to offset: [7], sizes: [8], strides: [-1] : memref<8xf32> to memref<8xf32, strided<[-1], offset: 7>>
    %rc = memref.cast %r : memref<8xf32, strided<[-1], offset: 7>> to memref<?xf32, strided<[?], offset: ?>>
    func.call @reverse(%rc, %y) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32>) -> ()
    %y0 = memref.load %y[%c0] : memref<?xf32>
    %y7 = memref.load %y[%c7] : memref<?xf32>
    %y064 = arith.extf %y0 : f32 to f64
    %y764 = arith.extf %y7 : f32 to f64
    %p1 = llvm.mlir.addressof @f1 : !llvm.ptr
    llvm.call @printf(%p1, %y064, %y764) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64) -> i32

    // a[i][j] = i (5 x 3), b = 0; both viewed with their rows backwards.
    %a = memref.alloc() : memref<5x3xf32>
    %b = memref.alloc() : memref<5x3xf32>
    %zero = arith.constant 0.0 : f32
    scf.for %i = %c0 to %c5 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %ii = arith.index_cast %i : index to i32
        %f = arith.sitofp %ii : i32 to f32
        memref.store %f, %a[%i, %j] : memref<5x3xf32>
        memref.store %zero, %b[%i, %j] : memref<5x3xf32>
      }
    }
    %ar = memref.reinterpret_cast %a to offset: [12], sizes: [5, 3], strides: [-3, 1] : memref<5x3xf32> to memref<5x3xf32, strided<[-3, 1], offset: 12>>
    %br = memref.reinterpret_cast %b to offset: [12], sizes: [5, 3], strides: [-3, 1] : memref<5x3xf32> to memref<5x3xf32, strided<[-3, 1], offset: 12>>
    %arc = memref.cast %ar : memref<5x3xf32, strided<[-3, 1], offset: 12>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    %brc = memref.cast %br : memref<5x3xf32, strided<[-3, 1], offset: 12>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    offload.launch @scale(%arc, %brc) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
    // b[i][j] = a[i][j] * 10 + j: the view's row k is row 4 - k of both.
    %b00 = memref.load %b[%c0, %c0] : memref<5x3xf32>
    %b42 = memref.load %b[%c4, %c2] : memref<5x3xf32>
    %b21 = memref.load %b[%c2, %c1] : memref<5x3xf32>
    %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %zero) -> f32 {
      %row = scf.for %j = %c0 to %c3 step %c1 iter_args(%t = %s) -> f32 {
        %v = memref.load %b[%i, %j] : memref<5x3xf32>
        %u = arith.addf %t, %v : f32
        scf.yield %u : f32
      }
      scf.yield %row : f32
    }
    %e1 = arith.extf %b00 : f32 to f64
    %e2 = arith.extf %b42 : f32 to f64
    %e3 = arith.extf %b21 : f32 to f64
    %e4 = arith.extf %sum : f32 to f64
    %p2 = llvm.mlir.addressof @f2 : !llvm.ptr
    llvm.call @printf(%p2, %e1, %e2, %e3, %e4) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64, f64) -> i32
    memref.dealloc %x : memref<8xf32>
    memref.dealloc %y : memref<?xf32>
    memref.dealloc %a : memref<5x3xf32>
    memref.dealloc %b : memref<5x3xf32>
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
