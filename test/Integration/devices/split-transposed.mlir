// Split launches writing views whose rows share bytes of their spans: a
// transposed matrix (the view's rows are the matrix's columns), through
// its static type and cast to dynamic strides. Split, each device would
// map the span of its rows 'tofrom' (nearly all of the matrix) and the
// devices, copying back at the same time, would write stale values over
// the rows the others computed (wrong results in about a quarter of the
// runs). A check at run time runs such a launch whole on the first device
// instead. A box of a matrix (rows apart by the matrix's width) still
// splits over the four devices. Each launch runs 8 times.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=INFO < %t.info
//
// CHECK: static: 0 wrong of 4096
// CHECK-NEXT: dynamic: 0 wrong of 4096
// CHECK-NEXT: box: 0 wrong of 4096
// INFO-DAG: device 0 info: Launching kernel set_rows
// INFO-DAG: device 0 info: Launching kernel set_dyn
// INFO-DAG: device 1 info: Launching kernel set_dyn_share
// INFO-DAG: device 3 info: Launching kernel set_dyn_share
module attributes {offload.targets = [#offload.host]} {
  // y[i, j] = k * 1000 + i.
  offload.kernel @set_rows(%y: memref<64x64xi32, strided<[1, 64]>>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %thousand = arith.constant 1000 : i32
    %base = arith.muli %k, %thousand : i32
    scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) {
      %ii = arith.index_cast %i : index to i32
      %v = arith.addi %base, %ii : i32
      memref.store %v, %y[%i, %j] : memref<64x64xi32, strided<[1, 64]>>
    }
    offload.return
  }
  offload.kernel @set_dyn(%y: memref<?x?xi32, strided<[?, ?], offset: ?>>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %thousand = arith.constant 1000 : i32
    %base = arith.muli %k, %thousand : i32
    %n = memref.dim %y, %c0 : memref<?x?xi32, strided<[?, ?], offset: ?>>
    %m = memref.dim %y, %c1 : memref<?x?xi32, strided<[?, ?], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      %ii = arith.index_cast %i : index to i32
      %v = arith.addi %base, %ii : i32
      memref.store %v, %y[%i, %j] : memref<?x?xi32, strided<[?, ?], offset: ?>>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: %d wrong of 4096\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @static("static\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @dynamic("dynamic\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @box("box\00") {addr_space = 0 : i32}

  // The elements of y (64 x 64) that are not 7000 + (transposed ? column : row).
  func.func @count_wrong(%y: memref<?x?xi32>, %transposed: i1) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %base = arith.constant 7000 : i32
    %w = scf.for %r = %c0 to %c64 step %c1 iter_args(%a = %z) -> i32 {
      %w2 = scf.for %c = %c0 to %c64 step %c1 iter_args(%b = %a) -> i32 {
        %v = memref.load %y[%r, %c] : memref<?x?xi32>
        %i = arith.select %transposed, %c, %r : index
        %ii = arith.index_cast %i : index to i32
        %want = arith.addi %base, %ii : i32
        %e = arith.cmpi ne, %v, %want : i32
        %b1 = arith.addi %b, %one : i32
        %s = arith.select %e, %b1, %b : i32
        scf.yield %s : i32
      }
      scf.yield %w2 : i32
    }
    return %w : i32
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %true = arith.constant true
    %false = arith.constant false
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %y = memref.alloc() : memref<64x64xi32>
    %yt = memref.transpose %y (i, j) -> (j, i) : memref<64x64xi32> to memref<64x64xi32, strided<[1, 64]>>
    scf.for %k = %c0 to %c8 step %c1 {
      %kk = arith.index_cast %k : index to i32
      offload.launch @set_rows(%yt, %kk) devices(all) : (memref<64x64xi32, strided<[1, 64]>>, i32) -> ()
    }
    %yd = memref.cast %y : memref<64x64xi32> to memref<?x?xi32>
    %w1 = func.call @count_wrong(%yd, %true) : (memref<?x?xi32>, i1) -> i32
    %s1 = llvm.mlir.addressof @static : !llvm.ptr
    llvm.call @printf(%fmt, %s1, %w1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i32) -> i32

    %z = memref.alloc() : memref<64x64xi32>
    %zt = memref.transpose %z (i, j) -> (j, i) : memref<64x64xi32> to memref<64x64xi32, strided<[1, 64]>>
    %zc = memref.cast %zt : memref<64x64xi32, strided<[1, 64]>> to memref<?x?xi32, strided<[?, ?], offset: ?>>
    scf.for %k = %c0 to %c8 step %c1 {
      %kk = arith.index_cast %k : index to i32
      offload.launch @set_dyn(%zc, %kk) devices(all) : (memref<?x?xi32, strided<[?, ?], offset: ?>>, i32) -> ()
    }
    %zd = memref.cast %z : memref<64x64xi32> to memref<?x?xi32>
    %w2 = func.call @count_wrong(%zd, %true) : (memref<?x?xi32>, i1) -> i32
    %s2 = llvm.mlir.addressof @dynamic : !llvm.ptr
    llvm.call @printf(%fmt, %s2, %w2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i32) -> i32

    // A 64 x 64 box of a 64 x 128 matrix: rows 128 elements apart.
    %big = memref.alloc() : memref<64x128xi32>
    %bx = memref.subview %big[0, 32] [64, 64] [1, 1] : memref<64x128xi32> to memref<64x64xi32, strided<[128, 1], offset: 32>>
    %bc = memref.cast %bx : memref<64x64xi32, strided<[128, 1], offset: 32>> to memref<?x?xi32, strided<[?, ?], offset: ?>>
    scf.for %k = %c0 to %c8 step %c1 {
      %kk = arith.index_cast %k : index to i32
      offload.launch @set_dyn(%bc, %kk) devices(all) : (memref<?x?xi32, strided<[?, ?], offset: ?>>, i32) -> ()
    }
    %copy = memref.alloc() : memref<64x64xi32>
    memref.copy %bx, %copy : memref<64x64xi32, strided<[128, 1], offset: 32>> to memref<64x64xi32>
    %cd = memref.cast %copy : memref<64x64xi32> to memref<?x?xi32>
    %w3 = func.call @count_wrong(%cd, %false) : (memref<?x?xi32>, i1) -> i32
    %s3 = llvm.mlir.addressof @box : !llvm.ptr
    llvm.call @printf(%fmt, %s3, %w3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i32) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
