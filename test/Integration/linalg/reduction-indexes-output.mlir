// linalg.generic ops whose reduction loops index their outputs, as
// multi-output fusion and hand-written front ends make them, in host code
// (outlined into kernels). x[i][j] = 6 i + j.
//   @rows: both loops "reduction", the output indexed by i: row sums
//     (15 + 36 i).
//   @rows_and_columns: row sums into rs (i) and column sums into cs (j) in
//     one op (cs[j] = 60 + 5 j).
//   @total_and_prefix: j "reduction", s (i) the row's total and c (i, j)
//     the running sum along the row (6 i (j + 1) + j (j + 1) / 2).
//   @in_place: o[i] += y[i][j] * o[i] over j, o an input too, from 1 (a
//     fill in the function): each step reads what the last one stored, as
//     in linalg's loop semantics, so o[i] is the product of (1 + y[i][j])
//     for y[i][j] = (i j) mod 4 (1 48 27 96 1), not 1 + the row's sum.
// Every other output starts at 0. The expected values are the formulas
// above.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=host --offload-check -o %t.check
// RUN: %t.check | FileCheck %s

// CHECK: rows: 15 51 87 123 159
// CHECK-NEXT: rows_and_columns rs: 15 51 87 123 159
// CHECK-NEXT: rows_and_columns cs: 60 65 70 75 80 85
// CHECK-NEXT: total_and_prefix s: 15 51 87 123 159
// CHECK-NEXT: total_and_prefix c: 0 1 3 6 10 15 6 13 21 30 40 51 12 25 39 54 70 87 18 37 57 78 100 123 24 49 75 102 130 159
// CHECK-NEXT: in_place: 1 48 27 96 1

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_name("%s:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_value(" %.0f\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @newline("\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_rows("rows\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_rc_rs("rows_and_columns rs\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_rc_cs("rows_and_columns cs\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_tp_s("total_and_prefix s\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_tp_c("total_and_prefix c\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_in_place("in_place\00") {addr_space = 0 : i32}

  func.func @rows(%x: memref<5x6xf32>, %rs: memref<5xf32>) {
    linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "reduction"]}
        ins(%x : memref<5x6xf32>) outs(%rs : memref<5xf32>) {
    ^bb0(%v: f32, %a: f32):
      %s = arith.addf %a, %v : f32
      linalg.yield %s : f32
    }
    return
  }

  func.func @rows_and_columns(%x: memref<5x6xf32>, %rs: memref<5xf32>, %cs: memref<6xf32>) {
    linalg.generic {indexing_maps = [#id, #row, #col], iterator_types = ["reduction", "reduction"]}
        ins(%x : memref<5x6xf32>) outs(%rs, %cs : memref<5xf32>, memref<6xf32>) {
    ^bb0(%v: f32, %a: f32, %b: f32):
      %s = arith.addf %a, %v : f32
      %t = arith.addf %b, %v : f32
      linalg.yield %s, %t : f32, f32
    }
    return
  }

  func.func @total_and_prefix(%x: memref<5x6xf32>, %s: memref<5xf32>, %c: memref<5x6xf32>) {
    linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<5x6xf32>) outs(%s, %c : memref<5xf32>, memref<5x6xf32>) {
    ^bb0(%v: f32, %a: f32, %b: f32):
      %n = arith.addf %a, %v : f32
      linalg.yield %n, %n : f32, f32
    }
    return
  }

  func.func @in_place(%y: memref<5x6xf32>, %o: memref<5xf32>) {
    %one = arith.constant 1.0 : f32
    linalg.fill ins(%one : f32) outs(%o : memref<5xf32>)
    linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%y, %o : memref<5x6xf32>, memref<5xf32>) outs(%o : memref<5xf32>) {
    ^bb0(%v: f32, %oi: f32, %a: f32):
      %m = arith.mulf %v, %oi : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    }
    return
  }

  func.func private @print(%name: !llvm.ptr, %buf: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %fmt = llvm.mlir.addressof @fmt_name : !llvm.ptr
    %vf = llvm.mlir.addressof @fmt_value : !llvm.ptr
    %nl = llvm.mlir.addressof @newline : !llvm.ptr
    llvm.call @printf(%fmt, %name) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr) -> i32
    %n = memref.dim %buf, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %buf[%i] : memref<?xf32>
      %d = arith.extf %v : f32 to f64
      llvm.call @printf(%vf, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    }
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }

  func.func private @zero(%buf: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %n = memref.dim %buf, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %z, %buf[%i] : memref<?xf32>
    }
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %x = memref.alloc() : memref<5x6xf32>
    scf.for %i = %c0 to %c5 step %c1 {
      scf.for %j = %c0 to %c6 step %c1 {
        %a = arith.muli %i, %c6 : index
        %b = arith.addi %a, %j : index
        %bi = arith.index_cast %b : index to i32
        %f = arith.sitofp %bi : i32 to f32
        memref.store %f, %x[%i, %j] : memref<5x6xf32>
      }
    }
    %rs = memref.alloc() : memref<5xf32>
    %cs = memref.alloc() : memref<6xf32>
    %c = memref.alloc() : memref<5x6xf32>
    %rsd = memref.cast %rs : memref<5xf32> to memref<?xf32>
    %csd = memref.cast %cs : memref<6xf32> to memref<?xf32>
    %cflat = memref.collapse_shape %c [[0, 1]] : memref<5x6xf32> into memref<30xf32>
    %cd = memref.cast %cflat : memref<30xf32> to memref<?xf32>

    func.call @zero(%rsd) : (memref<?xf32>) -> ()
    func.call @rows(%x, %rs) : (memref<5x6xf32>, memref<5xf32>) -> ()
    %p0 = llvm.mlir.addressof @n_rows : !llvm.ptr
    func.call @print(%p0, %rsd) : (!llvm.ptr, memref<?xf32>) -> ()

    func.call @zero(%rsd) : (memref<?xf32>) -> ()
    func.call @zero(%csd) : (memref<?xf32>) -> ()
    func.call @rows_and_columns(%x, %rs, %cs) : (memref<5x6xf32>, memref<5xf32>, memref<6xf32>) -> ()
    %p1 = llvm.mlir.addressof @n_rc_rs : !llvm.ptr
    func.call @print(%p1, %rsd) : (!llvm.ptr, memref<?xf32>) -> ()
    %p2 = llvm.mlir.addressof @n_rc_cs : !llvm.ptr
    func.call @print(%p2, %csd) : (!llvm.ptr, memref<?xf32>) -> ()

    func.call @zero(%rsd) : (memref<?xf32>) -> ()
    func.call @zero(%cd) : (memref<?xf32>) -> ()
    func.call @total_and_prefix(%x, %rs, %c) : (memref<5x6xf32>, memref<5xf32>, memref<5x6xf32>) -> ()
    %p3 = llvm.mlir.addressof @n_tp_s : !llvm.ptr
    func.call @print(%p3, %rsd) : (!llvm.ptr, memref<?xf32>) -> ()
    %p4 = llvm.mlir.addressof @n_tp_c : !llvm.ptr
    func.call @print(%p4, %cd) : (!llvm.ptr, memref<?xf32>) -> ()

    %y = memref.alloc() : memref<5x6xf32>
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c5 step %c1 {
      scf.for %j = %c0 to %c6 step %c1 {
        %p = arith.muli %i, %j : index
        %m = arith.remui %p, %c4 : index
        %mi = arith.index_cast %m : index to i32
        %f = arith.sitofp %mi : i32 to f32
        memref.store %f, %y[%i, %j] : memref<5x6xf32>
      }
    }
    func.call @in_place(%y, %rs) : (memref<5x6xf32>, memref<5xf32>) -> ()
    %p5 = llvm.mlir.addressof @n_in_place : !llvm.ptr
    func.call @print(%p5, %rsd) : (!llvm.ptr, memref<?xf32>) -> ()
    memref.dealloc %y : memref<5x6xf32>
    memref.dealloc %x : memref<5x6xf32>
    memref.dealloc %rs : memref<5xf32>
    memref.dealloc %cs : memref<6xf32>
    memref.dealloc %c : memref<5x6xf32>
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
