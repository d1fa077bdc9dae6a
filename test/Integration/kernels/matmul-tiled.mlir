// Contractions as whole kernels (on GPUs, the tiled contraction strategy:
// 256 x 128 block tiles, 16 x 8 per thread, k-slices of 8 through shared
// memory), with sizes that are not multiples of the tiles and exact values
// (small integers in f32), in the layouts and types the strategy handles.
// Sizes of M x N x K; where one block's tile lies inside the operands (M >=
// 256, N >= 128) and the row strides are multiples of 4, that block loads
// and stores vectors, the others element by element behind bounds checks:
//   - @mm: linalg.matmul, C += A B, 300 x 260 x 44 (the last k-slice
//     partial);
//   - @mm_fill: linalg.fill then linalg.matmul (accumulators start at the
//     fill's value, C is not read), 129 x 5 x 8;
//   - @mm_tt: C += A^T B^T as linalg.generic (A stored k x m, B n x k),
//     260 x 140 x 20;
//   - @bmm: linalg.batch_matmul, 3 batches of 257 x 132 x 12;
//   - @mm_f16: f16 inputs, f32 accumulation (extf in the body), 260 x 132 x 20;
//   - @mm_i32: an integer contraction, 65 x 66 x 67.
// Each line prints the number of wrong elements against the host's loops and
// the sum of the result. Built for the host device here (and for the GPU in
// scripts/gpu-tests.sh), run through the runtime, then with offloading
// disabled (the host copies).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s

// CHECK: mm 0 wrong, sum 3508369
// CHECK: mm_fill 0 wrong, sum 5833
// CHECK: mm_tt 0 wrong, sum 764260
// CHECK: bmm 0 wrong, sum 1323716
// CHECK: mm_f16 0 wrong, sum 720889
// CHECK: mm_i32 0 wrong, sum 291415

#a_kxm = affine_map<(m, n, k) -> (k, m)>
#b_nxk = affine_map<(m, n, k) -> (n, k)>
#c_mxn = affine_map<(m, n, k) -> (m, n)>

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ld wrong, sum %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_mm("mm\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_fill("mm_fill\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tt("mm_tt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bmm("bmm\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16("mm_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_i32("mm_i32\00") {addr_space = 0 : i32}

  offload.kernel @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_fill(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %two = arith.constant 2.0 : f32
    linalg.fill ins(%two : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_tt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.generic {indexing_maps = [#a_kxm, #b_nxk, #c_mxn],
                    iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    }
    offload.return
  }

  offload.kernel @bmm(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }

  offload.kernel @mm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_i32(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>) {
    linalg.matmul ins(%a, %b : memref<?x?xi32>, memref<?x?xi32>) outs(%c : memref<?x?xi32>)
    offload.return
  }

  // ((p * i + q * j) mod 7) - 2
  func.func @val(%i: index, %j: index, %p: index, %q: index) -> f32 {
    %c7 = arith.constant 7 : index
    %two = arith.constant 2.0 : f32
    %pi = arith.muli %p, %i : index
    %qj = arith.muli %q, %j : index
    %s = arith.addi %pi, %qj : index
    %r = arith.remui %s, %c7 : index
    %r64 = arith.index_cast %r : index to i64
    %f = arith.sitofp %r64 : i64 to f32
    %v = arith.subf %f, %two : f32
    return %v : f32
  }

  // x[i, j] = val(i + shift, j, p, q), or val(j + shift, i, p, q) when
  // `transposed` (x holds the transpose).
  func.func @init(%x: memref<?x?xf32>, %shift: index, %p: index, %q: index, %transposed: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %u = arith.select %transposed, %j, %i : index
        %w = arith.select %transposed, %i, %j : index
        %us = arith.addi %u, %shift : index
        %v = func.call @val(%us, %w, %p, %q) : (index, index, index, index) -> f32
        memref.store %v, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // The number of elements of `got` (m x n) that differ from
  //   (fill ? 2 : val(i + s, j, 1, 2)) + sum_k val(i + s, k, 1, 3) * val(k + s, j, 2, 1)
  // and the sum of `got`.
  func.func @check(%got: memref<?x?xf32>, %kk: index, %s: index, %fill: i1) -> (i64, i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %two = arith.constant 2.0 : f32
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %m = memref.dim %got, %c0 : memref<?x?xf32>
    %n = memref.dim %got, %c1 : memref<?x?xf32>
    %res:2 = scf.for %i = %c0 to %m step %c1 iter_args(%w0 = %zero, %t0 = %zero) -> (i64, i64) {
      %is = arith.addi %i, %s : index
      %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%w1 = %w0, %t1 = %t0) -> (i64, i64) {
        %c = func.call @val(%is, %j, %c1, %c2) : (index, index, index, index) -> f32
        %init = arith.select %fill, %two, %c : f32
        %want = scf.for %k = %c0 to %kk step %c1 iter_args(%acc = %init) -> f32 {
          %ks = arith.addi %k, %s : index
          %x = func.call @val(%is, %k, %c1, %c3) : (index, index, index, index) -> f32
          %y = func.call @val(%ks, %j, %c2, %c1) : (index, index, index, index) -> f32
          %p = arith.mulf %x, %y : f32
          %sum = arith.addf %acc, %p : f32
          scf.yield %sum : f32
        }
        %g = memref.load %got[%i, %j] : memref<?x?xf32>
        %ne = arith.cmpf une, %g, %want : f32
        %bad = arith.select %ne, %one, %zero : i64
        %w2 = arith.addi %w1, %bad : i64
        %gi = arith.fptosi %g : f32 to i64
        %t2 = arith.addi %t1, %gi : i64
        scf.yield %w2, %t2 : i64, i64
      }
      scf.yield %r#0, %r#1 : i64, i64
    }
    return %res#0, %res#1 : i64, i64
  }

  // Allocates A (m x k, or k x m when transposed), B (k x n, or n x k) and
  // C (m x n) with the values @check expects, for batch `s`.
  func.func @operands(%m: index, %n: index, %k: index, %s: index, %ta: i1, %tb: i1)
      -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %ar = arith.select %ta, %k, %m : index
    %ac = arith.select %ta, %m, %k : index
    %br = arith.select %tb, %n, %k : index
    %bc = arith.select %tb, %k, %n : index
    %a = memref.alloc(%ar, %ac) : memref<?x?xf32>
    %b = memref.alloc(%br, %bc) : memref<?x?xf32>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @init(%a, %s, %c1, %c3, %ta) : (memref<?x?xf32>, index, index, index, i1) -> ()
    func.call @init(%b, %s, %c2, %c1, %tb) : (memref<?x?xf32>, index, index, index, i1) -> ()
    %false = arith.constant false
    func.call @init(%c, %s, %c1, %c2, %false) : (memref<?x?xf32>, index, index, index, i1) -> ()
    return %a, %b, %c : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  }

  func.func @report(%name: !llvm.ptr, %wrong: i64, %sum: i64) {
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %r = llvm.call @printf(%fmt, %name, %wrong, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64) -> i32
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %false = arith.constant false
    %true = arith.constant true

    // mm
    %m1 = arith.constant 300 : index
    %n1 = arith.constant 260 : index
    %k1 = arith.constant 44 : index
    %a1, %b1, %x1 = func.call @operands(%m1, %n1, %k1, %c0, %false, %false) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    offload.launch @mm(%a1, %b1, %x1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %w1, %s1 = func.call @check(%x1, %k1, %c0, %false) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
    %name1 = llvm.mlir.addressof @s_mm : !llvm.ptr
    func.call @report(%name1, %w1, %s1) : (!llvm.ptr, i64, i64) -> ()

    // mm_fill
    %m2 = arith.constant 129 : index
    %n2 = arith.constant 5 : index
    %k2 = arith.constant 8 : index
    %a2, %b2, %x2 = func.call @operands(%m2, %n2, %k2, %c0, %false, %false) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    offload.launch @mm_fill(%a2, %b2, %x2) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %w2, %s2 = func.call @check(%x2, %k2, %c0, %true) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
    %name2 = llvm.mlir.addressof @s_fill : !llvm.ptr
    func.call @report(%name2, %w2, %s2) : (!llvm.ptr, i64, i64) -> ()

    // mm_tt
    %m3 = arith.constant 260 : index
    %n3 = arith.constant 140 : index
    %k3 = arith.constant 20 : index
    %a3, %b3, %x3 = func.call @operands(%m3, %n3, %k3, %c0, %true, %true) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    offload.launch @mm_tt(%a3, %b3, %x3) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %w3, %s3 = func.call @check(%x3, %k3, %c0, %false) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
    %name3 = llvm.mlir.addressof @s_tt : !llvm.ptr
    func.call @report(%name3, %w3, %s3) : (!llvm.ptr, i64, i64) -> ()

    // bmm: batch s holds the operands of @operands(..., s, ...).
    %m4 = arith.constant 257 : index
    %n4 = arith.constant 132 : index
    %k4 = arith.constant 12 : index
    %a4 = memref.alloc(%c3, %m4, %k4) : memref<?x?x?xf32>
    %b4 = memref.alloc(%c3, %k4, %n4) : memref<?x?x?xf32>
    %x4 = memref.alloc(%c3, %m4, %n4) : memref<?x?x?xf32>
    scf.for %s = %c0 to %c3 step %c1 {
      %a, %b, %x = func.call @operands(%m4, %n4, %k4, %s, %false, %false) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
      func.call @copy3(%a, %a4, %s, %false) : (memref<?x?xf32>, memref<?x?x?xf32>, index, i1) -> ()
      func.call @copy3(%b, %b4, %s, %false) : (memref<?x?xf32>, memref<?x?x?xf32>, index, i1) -> ()
      func.call @copy3(%x, %x4, %s, %false) : (memref<?x?xf32>, memref<?x?x?xf32>, index, i1) -> ()
      memref.dealloc %a : memref<?x?xf32>
      memref.dealloc %b : memref<?x?xf32>
      memref.dealloc %x : memref<?x?xf32>
    }
    offload.launch @bmm(%a4, %b4, %x4) : (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
    %zero = arith.constant 0 : i64
    %r4:2 = scf.for %s = %c0 to %c3 step %c1 iter_args(%w = %zero, %t = %zero) -> (i64, i64) {
      %x = memref.alloc(%m4, %n4) : memref<?x?xf32>
      func.call @copy3(%x, %x4, %s, %true) : (memref<?x?xf32>, memref<?x?x?xf32>, index, i1) -> ()
      %ws, %ts = func.call @check(%x, %k4, %s, %false) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
      memref.dealloc %x : memref<?x?xf32>
      %w2s = arith.addi %w, %ws : i64
      %t2s = arith.addi %t, %ts : i64
      scf.yield %w2s, %t2s : i64, i64
    }
    %name4 = llvm.mlir.addressof @s_bmm : !llvm.ptr
    func.call @report(%name4, %r4#0, %r4#1) : (!llvm.ptr, i64, i64) -> ()

    // mm_f16
    %m5 = arith.constant 260 : index
    %n5 = arith.constant 132 : index
    %k5 = arith.constant 20 : index
    %a5, %b5, %x5 = func.call @operands(%m5, %n5, %k5, %c0, %false, %false) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m5, %k5) : memref<?x?xf16>
    %bh = memref.alloc(%k5, %n5) : memref<?x?xf16>
    func.call @toF16(%a5, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @toF16(%b5, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_f16(%ah, %bh, %x5) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
    %w5, %s5 = func.call @check(%x5, %k5, %c0, %false) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
    %name5 = llvm.mlir.addressof @s_f16 : !llvm.ptr
    func.call @report(%name5, %w5, %s5) : (!llvm.ptr, i64, i64) -> ()

    // mm_i32
    %m6 = arith.constant 65 : index
    %n6 = arith.constant 66 : index
    %k6 = arith.constant 67 : index
    %a6, %b6, %x6 = func.call @operands(%m6, %n6, %k6, %c0, %false, %false) : (index, index, index, index, i1, i1) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ai = memref.alloc(%m6, %k6) : memref<?x?xi32>
    %bi = memref.alloc(%k6, %n6) : memref<?x?xi32>
    %xi = memref.alloc(%m6, %n6) : memref<?x?xi32>
    func.call @toI32(%a6, %ai, %false) : (memref<?x?xf32>, memref<?x?xi32>, i1) -> ()
    func.call @toI32(%b6, %bi, %false) : (memref<?x?xf32>, memref<?x?xi32>, i1) -> ()
    func.call @toI32(%x6, %xi, %false) : (memref<?x?xf32>, memref<?x?xi32>, i1) -> ()
    offload.launch @mm_i32(%ai, %bi, %xi) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
    func.call @toI32(%x6, %xi, %true) : (memref<?x?xf32>, memref<?x?xi32>, i1) -> ()
    %w6, %s6 = func.call @check(%x6, %k6, %c0, %false) : (memref<?x?xf32>, index, index, i1) -> (i64, i64)
    %name6 = llvm.mlir.addressof @s_i32 : !llvm.ptr
    func.call @report(%name6, %w6, %s6) : (!llvm.ptr, i64, i64) -> ()

    %rc = arith.constant 0 : i32
    return %rc : i32
  }

  // x2 into batch s of x3, or back when `back`.
  func.func @copy3(%x2: memref<?x?xf32>, %x3: memref<?x?x?xf32>, %s: index, %back: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x2, %c0 : memref<?x?xf32>
    %c = memref.dim %x2, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        scf.if %back {
          %v = memref.load %x3[%s, %i, %j] : memref<?x?x?xf32>
          memref.store %v, %x2[%i, %j] : memref<?x?xf32>
        } else {
          %v = memref.load %x2[%i, %j] : memref<?x?xf32>
          memref.store %v, %x3[%s, %i, %j] : memref<?x?x?xf32>
        }
      }
    }
    return
  }

  func.func @toF16(%x: memref<?x?xf32>, %y: memref<?x?xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %h = arith.truncf %v : f32 to f16
        memref.store %h, %y[%i, %j] : memref<?x?xf16>
      }
    }
    return
  }

  // y = x as i32, or x = y as f32 when `back`.
  func.func @toI32(%x: memref<?x?xf32>, %y: memref<?x?xi32>, %back: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        scf.if %back {
          %v = memref.load %y[%i, %j] : memref<?x?xi32>
          %f = arith.sitofp %v : i32 to f32
          memref.store %f, %x[%i, %j] : memref<?x?xf32>
        } else {
          %v = memref.load %x[%i, %j] : memref<?x?xf32>
          %n = arith.fptosi %v : f32 to i32
          memref.store %n, %y[%i, %j] : memref<?x?xi32>
        }
      }
    }
    return
  }
}
