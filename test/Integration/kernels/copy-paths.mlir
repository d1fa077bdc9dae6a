// memref.copy between strided views, in kernels and in host code, compiles
// and copies exactly: in kernels it is the parallel loop of a linalg.copy
// (offload-lower-linalg), in host code a loop nest (offload-expand-copies);
// neither calls `memrefCopy` of MLIR's runtime library, which no offload
// program links. a[i][j] = 10 i + j (6 x 10), b[i][j] = -(10 i + j) - 1:
//   - @box copies the 3 x 4 box of a at (r, c) = (2, 3) into b's box at
//     (0, 5) (both strided, one offset dynamic);
//   - @rows copies, for each row i in [3, 6) (a parallel loop), a[i][0..5)
//     into b[i][0..5);
//   - @transposed copies the transposed view of a into t (10 x 6);
//   - host code copies column 7 of a into h (6 elements).
// Every element of b, t and h is compared with a reference computed by
// loads and stores: 60 + 60 + 6 of 126. On the host device, with
// offloading disabled, and on the GPU (scripts/gpu-tests.sh).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: copy-paths: b 60 of 60, t 60 of 60, h 6 of 6

#box = strided<[?, 1], offset: ?>
#row = strided<[1], offset: ?>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("copy-paths: b %ld of 60, t %ld of 60, h %ld of 6\0A\00") {addr_space = 0 : i32}

  offload.kernel @box(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %r: index, %c: index) {
    %sa = memref.subview %a[%r, %c] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, #box>
    %sb = memref.subview %b[0, 5] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: 5>>
    memref.copy %sa, %sb : memref<3x4xf32, #box> to memref<3x4xf32, strided<[?, 1], offset: 5>>
    offload.return
  }

  offload.kernel @rows(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    scf.parallel (%i) = (%c3) to (%c6) step (%c1) {
      %ra = memref.subview %a[%i, 0] [1, 5] [1, 1] : memref<?x?xf32> to memref<5xf32, #row>
      %rb = memref.subview %b[%i, 0] [1, 5] [1, 1] : memref<?x?xf32> to memref<5xf32, #row>
      memref.copy %ra, %rb : memref<5xf32, #row> to memref<5xf32, #row>
      scf.reduce
    }
    offload.return
  }

  offload.kernel @transposed(%a: memref<6x10xf32>, %t: memref<10x6xf32>) {
    %v = memref.transpose %a (i, j) -> (j, i) : memref<6x10xf32> to memref<10x6xf32, strided<[1, 10]>>
    memref.copy %v, %t : memref<10x6xf32, strided<[1, 10]>> to memref<10x6xf32>
    offload.return
  }

  // m[i][j] = sign * (10 i + j) + shift.
  func.func private @fill(%m: memref<?x?xf32>, %sign: f32, %shift: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %m, %c0 : memref<?x?xf32>
    %cols = memref.dim %m, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %r = arith.muli %i, %cols : index
        %l = arith.addi %r, %j : index
        %li = arith.index_cast %l : index to i64
        %f = arith.sitofp %li : i64 to f32
        %s = arith.mulf %f, %sign : f32
        %v = arith.addf %s, %shift : f32
        memref.store %v, %m[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // How many elements of `x` equal those of `y` (same shape).
  func.func private @same(%x: memref<?x?xf32>, %y: memref<?x?xf32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %rows = memref.dim %x, %c0 : memref<?x?xf32>
    %cols = memref.dim %x, %c1 : memref<?x?xf32>
    %n = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %z) -> i64 {
      %row = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %acc) -> i64 {
        %u = memref.load %x[%i, %j] : memref<?x?xf32>
        %v = memref.load %y[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %u, %v : f32
        %inc = arith.addi %s, %one : i64
        %nx = arith.select %eq, %inc, %s : i64
        scf.yield %nx : i64
      }
      scf.yield %row : i64
    }
    return %n : i64
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %plus = arith.constant 1.0 : f32
    %minus = arith.constant -1.0 : f32
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc(%c6, %c10) : memref<?x?xf32>
    %b = memref.alloc(%c6, %c10) : memref<?x?xf32>
    %bref = memref.alloc(%c6, %c10) : memref<?x?xf32>
    %t = memref.alloc() : memref<10x6xf32>
    %tref = memref.alloc(%c10, %c6) : memref<?x?xf32>
    %h = memref.alloc(%c6) : memref<?xf32>
    %href = memref.alloc(%c6, %c1) : memref<?x?xf32>
    func.call @fill(%a, %plus, %zero) : (memref<?x?xf32>, f32, f32) -> ()
    func.call @fill(%b, %minus, %minus) : (memref<?x?xf32>, f32, f32) -> ()
    func.call @fill(%bref, %minus, %minus) : (memref<?x?xf32>, f32, f32) -> ()

    offload.launch @box(%a, %b, %c2, %c3) : (memref<?x?xf32>, memref<?x?xf32>, index, index) -> ()
    offload.launch @rows(%a, %b) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    %as = memref.cast %a : memref<?x?xf32> to memref<6x10xf32>
    offload.launch @transposed(%as, %t) : (memref<6x10xf32>, memref<10x6xf32>) -> ()
    %col = memref.subview %a[0, 7] [6, 1] [1, 1] : memref<?x?xf32> to memref<6xf32, strided<[?], offset: 7>>
    memref.copy %col, %h : memref<6xf32, strided<[?], offset: 7>> to memref<?xf32>

    // The references, element by element.
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %ai = arith.addi %i, %c2 : index
        %aj = arith.addi %j, %c3 : index
        %bj = arith.addi %j, %c5 : index
        %v = memref.load %a[%ai, %aj] : memref<?x?xf32>
        memref.store %v, %bref[%i, %bj] : memref<?x?xf32>
      }
    }
    scf.for %i = %c3 to %c6 step %c1 {
      scf.for %j = %c0 to %c5 step %c1 {
        %v = memref.load %a[%i, %j] : memref<?x?xf32>
        memref.store %v, %bref[%i, %j] : memref<?x?xf32>
      }
    }
    scf.for %i = %c0 to %c6 step %c1 {
      scf.for %j = %c0 to %c10 step %c1 {
        %v = memref.load %a[%i, %j] : memref<?x?xf32>
        memref.store %v, %tref[%j, %i] : memref<?x?xf32>
      }
      %v = memref.load %a[%i, %c7] : memref<?x?xf32>
      memref.store %v, %href[%i, %c0] : memref<?x?xf32>
    }

    %okb = func.call @same(%b, %bref) : (memref<?x?xf32>, memref<?x?xf32>) -> i64
    %td = memref.cast %t : memref<10x6xf32> to memref<?x?xf32>
    %okt = func.call @same(%td, %tref) : (memref<?x?xf32>, memref<?x?xf32>) -> i64
    %h2 = memref.expand_shape %h [[0, 1]] output_shape [%c6, 1] : memref<?xf32> into memref<?x1xf32>
    %hd = memref.cast %h2 : memref<?x1xf32> to memref<?x?xf32>
    %okh = func.call @same(%hd, %href) : (memref<?x?xf32>, memref<?x?xf32>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %okb, %okt, %okh) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %bref : memref<?x?xf32>
    memref.dealloc %t : memref<10x6xf32>
    memref.dealloc %tref : memref<?x?xf32>
    memref.dealloc %h : memref<?xf32>
    memref.dealloc %href : memref<?x?xf32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
