// Kernels writing every element of views whose elements leave gaps in the
// bytes they span: a column of a matrix, a box cast to dynamic strides, and
// a 3-D box; each launched on one device and split over two. The bytes
// between the elements (the rest of the matrix) keep the host's values:
// mapped 'from', the span came back whole with the device's uninitialised
// gaps over them.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// The sums are those of the host's fill (element k holds k) with the
// written elements replaced: column 3 of a 6x5 matrix by 1000 * row,
// rows 1-4, columns 1-3 by 7, and a 2x2x2 box of a 4x4x5 array by 9.
// CHECK: column: 15342 15342
// CHECK-NEXT: box: 345 345
// CHECK-NEXT: cube: 2920 2920
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: %ld %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @column("column\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @box("box\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @cube("cube\00") {addr_space = 0 : i32}

  offload.kernel @set_column(%y: memref<?xi64, strided<[?], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 1000 : i64
    %n = memref.dim %y, %c0 : memref<?xi64, strided<[?], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %k : i64
      memref.store %v, %y[%i] : memref<?xi64, strided<[?], offset: ?>>
    }
    offload.return
  }
  offload.kernel @set_box(%y: memref<?x?xi64, strided<[?, ?], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 7 : i64
    %n = memref.dim %y, %c0 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    %m = memref.dim %y, %c1 : memref<?x?xi64, strided<[?, ?], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      memref.store %v, %y[%i, %j] : memref<?x?xi64, strided<[?, ?], offset: ?>>
    }
    offload.return
  }
  offload.kernel @set_cube(%y: memref<2x2x2xi64, strided<[20, 5, 1], offset: 26>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = arith.constant 9 : i64
    scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c2, %c2, %c2) step (%c1, %c1, %c1) {
      memref.store %v, %y[%i, %j, %k] : memref<2x2x2xi64, strided<[20, 5, 1], offset: 26>>
    }
    offload.return
  }

  // a[k] = k over the flat buffer; returns the sum of its elements.
  func.func @fill(%a: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %a[%i] : memref<?xi64>
    }
    return
  }
  func.func @sum(%a: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %a, %c0 : memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi64>
      %r = arith.addi %acc, %v : i64
      scf.yield %r : i64
    }
    return %s : i64
  }
  func.func @report(%name: !llvm.ptr, %x: i64, %y: i64) {
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %name, %x, %y) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64) -> i32
    return
  }

  func.func @main() -> i32 {
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    // A column: one device, then split over two.
    %m1 = memref.alloc() : memref<30xi64>
    %f1 = memref.cast %m1 : memref<30xi64> to memref<?xi64>
    func.call @fill(%f1) : (memref<?xi64>) -> ()
    %e1 = memref.expand_shape %m1 [[0, 1]] output_shape [6, 5] : memref<30xi64> into memref<6x5xi64>
    %col1 = memref.subview %e1[0, 3] [6, 1] [1, 1] : memref<6x5xi64> to memref<6xi64, strided<[5], offset: 3>>
    %cc1 = memref.cast %col1 : memref<6xi64, strided<[5], offset: 3>> to memref<?xi64, strided<[?], offset: ?>>
    offload.launch @set_column(%cc1) : (memref<?xi64, strided<[?], offset: ?>>) -> ()
    %s1 = func.call @sum(%f1) : (memref<?xi64>) -> i64
    %m2 = memref.alloc() : memref<30xi64>
    %f2 = memref.cast %m2 : memref<30xi64> to memref<?xi64>
    func.call @fill(%f2) : (memref<?xi64>) -> ()
    %e2 = memref.expand_shape %m2 [[0, 1]] output_shape [6, 5] : memref<30xi64> into memref<6x5xi64>
    %col2 = memref.subview %e2[0, 3] [6, 1] [1, 1] : memref<6x5xi64> to memref<6xi64, strided<[5], offset: 3>>
    %cc2 = memref.cast %col2 : memref<6xi64, strided<[5], offset: 3>> to memref<?xi64, strided<[?], offset: ?>>
    offload.launch @set_column(%cc2) devices(%d0, %d1 : i32, i32) : (memref<?xi64, strided<[?], offset: ?>>) -> ()
    %s2 = func.call @sum(%f2) : (memref<?xi64>) -> i64
    %n1 = llvm.mlir.addressof @column : !llvm.ptr
    func.call @report(%n1, %s1, %s2) : (!llvm.ptr, i64, i64) -> ()
    // A box cast to dynamic strides.
    func.call @fill(%f1) : (memref<?xi64>) -> ()
    %b1 = memref.subview %e1[1, 1] [4, 3] [1, 1] : memref<6x5xi64> to memref<4x3xi64, strided<[5, 1], offset: 6>>
    %bc1 = memref.cast %b1 : memref<4x3xi64, strided<[5, 1], offset: 6>> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    offload.launch @set_box(%bc1) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
    %s3 = func.call @sum(%f1) : (memref<?xi64>) -> i64
    func.call @fill(%f2) : (memref<?xi64>) -> ()
    %b2 = memref.subview %e2[1, 1] [4, 3] [1, 1] : memref<6x5xi64> to memref<4x3xi64, strided<[5, 1], offset: 6>>
    %bc2 = memref.cast %b2 : memref<4x3xi64, strided<[5, 1], offset: 6>> to memref<?x?xi64, strided<[?, ?], offset: ?>>
    offload.launch @set_box(%bc2) devices(%d0, %d1 : i32, i32) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
    %s4 = func.call @sum(%f2) : (memref<?xi64>) -> i64
    %n2 = llvm.mlir.addressof @box : !llvm.ptr
    func.call @report(%n2, %s3, %s4) : (!llvm.ptr, i64, i64) -> ()
    // A 3-D box.
    %t1 = memref.alloc() : memref<80xi64>
    %g1 = memref.cast %t1 : memref<80xi64> to memref<?xi64>
    func.call @fill(%g1) : (memref<?xi64>) -> ()
    %x1 = memref.expand_shape %t1 [[0, 1, 2]] output_shape [4, 4, 5] : memref<80xi64> into memref<4x4x5xi64>
    %q1 = memref.subview %x1[1, 1, 1] [2, 2, 2] [1, 1, 1] : memref<4x4x5xi64> to memref<2x2x2xi64, strided<[20, 5, 1], offset: 26>>
    offload.launch @set_cube(%q1) : (memref<2x2x2xi64, strided<[20, 5, 1], offset: 26>>) -> ()
    %s5 = func.call @sum(%g1) : (memref<?xi64>) -> i64
    func.call @fill(%g1) : (memref<?xi64>) -> ()
    offload.launch @set_cube(%q1) devices(%d0, %d1 : i32, i32) : (memref<2x2x2xi64, strided<[20, 5, 1], offset: 26>>) -> ()
    %s6 = func.call @sum(%g1) : (memref<?xi64>) -> i64
    %n3 = llvm.mlir.addressof @cube : !llvm.ptr
    func.call @report(%n3, %s5, %s6) : (!llvm.ptr, i64, i64) -> ()
    memref.dealloc %m1 : memref<30xi64>
    memref.dealloc %m2 : memref<30xi64>
    memref.dealloc %t1 : memref<80xi64>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
