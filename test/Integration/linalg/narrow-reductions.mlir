// Reductions with accumulators narrower than 32 bits (the functions of
// test/Target/Inputs/narrow-reductions.mlir): an f16 row max, a bf16 sum, an
// i8 row sum that wraps, an i16 signed min, an i1 row "any". Exact values,
// on the host device, with offloading disabled, and (scripts/gpu-tests.sh)
// on a GPU, where a block's threads combine them through 32 bits.
//
// REQUIRES: libomptarget
// RUN: cat %S/../../Target/Inputs/narrow-reductions.mlir %s > %t.mlir
// RUN: offload-cc %t.mlir --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s

// x[i][j] = (7 i + 3 j) mod 61 - 30 for j < 70: the row maxima are 30.
// CHECK: rowmax_f16 30 30 30
// 100 ones: 100 in bf16 (exact up to 256).
// CHECK-NEXT: sum_bf16 100
// Row i of 300 elements of value i + 1: 300 (i + 1) mod 256, as an i8.
// CHECK-NEXT: rowsum_i8 44 88 -124
// v[k] = (k * 37) mod 1000 - 500 for k < 999: the minimum is -500.
// CHECK-NEXT: min_i16 -500
// Rows with a true only at column 97, none, and only at column 0.
// CHECK-NEXT: rowany_i1 1 0 1

llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.mlir.global private constant @f_rowmax("rowmax_f16 %g %g %g\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @f_sum("sum_bf16 %g\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @f_rowsum("rowsum_i8 %d %d %d\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @f_min("min_i16 %d\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @f_any("rowany_i1 %d %d %d\0A\00") {addr_space = 0 : i32}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c70 = arith.constant 70 : index
  %c97 = arith.constant 97 : index
  %c100 = arith.constant 100 : index
  %c300 = arith.constant 300 : index
  %c999 = arith.constant 999 : index

  // rowmax_f16
  %x = memref.alloc(%c3, %c70) : memref<?x?xf16>
  %m = memref.alloc(%c3) : memref<?xf16>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c70 step %c1 {
      %i7 = arith.muli %i, %c3 : index
      %i7b = arith.addi %i7, %i7 : index
      %i7c = arith.addi %i7b, %i : index
      %j3 = arith.muli %j, %c3 : index
      %s = arith.addi %i7c, %j3 : index
      %c61 = arith.constant 61 : index
      %r = arith.remui %s, %c61 : index
      %ri = arith.index_cast %r : index to i32
      %c30 = arith.constant 30 : i32
      %v = arith.subi %ri, %c30 : i32
      %f = arith.sitofp %v : i32 to f16
      memref.store %f, %x[%i, %j] : memref<?x?xf16>
    }
  }
  func.call @rowmax_f16(%x, %m) : (memref<?x?xf16>, memref<?xf16>) -> ()
  %m0 = memref.load %m[%c0] : memref<?xf16>
  %m1 = memref.load %m[%c1] : memref<?xf16>
  %m2 = memref.load %m[%c2] : memref<?xf16>
  %m0d = arith.extf %m0 : f16 to f64
  %m1d = arith.extf %m1 : f16 to f64
  %m2d = arith.extf %m2 : f16 to f64
  %fr = llvm.mlir.addressof @f_rowmax : !llvm.ptr
  llvm.call @printf(%fr, %m0d, %m1d, %m2d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32

  // sum_bf16
  %y = memref.alloc(%c100) : memref<?xbf16>
  %one = arith.constant 1.0 : bf16
  linalg.fill ins(%one : bf16) outs(%y : memref<?xbf16>)
  %s = memref.alloc() : memref<bf16>
  func.call @sum_bf16(%y, %s) : (memref<?xbf16>, memref<bf16>) -> ()
  %sv = memref.load %s[] : memref<bf16>
  %svd = arith.extf %sv : bf16 to f64
  %fs = llvm.mlir.addressof @f_sum : !llvm.ptr
  llvm.call @printf(%fs, %svd) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32

  // rowsum_i8
  %z = memref.alloc(%c3, %c300) : memref<?x?xi8>
  %t = memref.alloc(%c3) : memref<?xi8>
  scf.for %i = %c0 to %c3 step %c1 {
    %ip = arith.addi %i, %c1 : index
    %v = arith.index_cast %ip : index to i8
    scf.for %j = %c0 to %c300 step %c1 {
      memref.store %v, %z[%i, %j] : memref<?x?xi8>
    }
  }
  func.call @rowsum_i8(%z, %t) : (memref<?x?xi8>, memref<?xi8>) -> ()
  %t0 = memref.load %t[%c0] : memref<?xi8>
  %t1 = memref.load %t[%c1] : memref<?xi8>
  %t2 = memref.load %t[%c2] : memref<?xi8>
  %t0w = arith.extsi %t0 : i8 to i32
  %t1w = arith.extsi %t1 : i8 to i32
  %t2w = arith.extsi %t2 : i8 to i32
  %fsum = llvm.mlir.addressof @f_rowsum : !llvm.ptr
  llvm.call @printf(%fsum, %t0w, %t1w, %t2w) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32

  // min_i16
  %w = memref.alloc(%c999) : memref<?xi16>
  scf.for %k = %c0 to %c999 step %c1 {
    %c37 = arith.constant 37 : index
    %c1000 = arith.constant 1000 : index
    %k37 = arith.muli %k, %c37 : index
    %r = arith.remui %k37, %c1000 : index
    %ri = arith.index_cast %r : index to i16
    %c500 = arith.constant 500 : i16
    %v = arith.subi %ri, %c500 : i16
    memref.store %v, %w[%k] : memref<?xi16>
  }
  %mn = memref.alloc() : memref<i16>
  func.call @min_i16(%w, %mn) : (memref<?xi16>, memref<i16>) -> ()
  %mnv = memref.load %mn[] : memref<i16>
  %mnw = arith.extsi %mnv : i16 to i32
  %fm = llvm.mlir.addressof @f_min : !llvm.ptr
  llvm.call @printf(%fm, %mnw) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32

  // rowany_i1
  %b = memref.alloc(%c3, %c100) : memref<?x?xi1>
  %false = arith.constant false
  %true = arith.constant true
  linalg.fill ins(%false : i1) outs(%b : memref<?x?xi1>)
  memref.store %true, %b[%c0, %c97] : memref<?x?xi1>
  memref.store %true, %b[%c2, %c0] : memref<?x?xi1>
  %any = memref.alloc(%c3) : memref<?xi1>
  func.call @rowany_i1(%b, %any) : (memref<?x?xi1>, memref<?xi1>) -> ()
  %a0 = memref.load %any[%c0] : memref<?xi1>
  %a1 = memref.load %any[%c1] : memref<?xi1>
  %a2 = memref.load %any[%c2] : memref<?xi1>
  %a0w = arith.extui %a0 : i1 to i32
  %a1w = arith.extui %a1 : i1 to i32
  %a2w = arith.extui %a2 : i1 to i32
  %fa = llvm.mlir.addressof @f_any : !llvm.ptr
  llvm.call @printf(%fa, %a0w, %a1w, %a2w) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
  %r0 = arith.constant 0 : i32
  return %r0 : i32
}
