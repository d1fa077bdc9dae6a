// RUN: offload-opt %s --offload-infer-maps | FileCheck %s
// RUN: offload-opt %s --offload-infer-maps=remarks=1 -verify-diagnostics

// Sections in two dimensions: a kernel whose parallel loop reaches columns
// [c0, c1) of rows [r0, r1) of a 2-D buffer maps that box (a 2-D subview),
// not whole rows. The lowering moves it one row piece at a time
// (convert-offload-to-omp, offload-launch-box.mlir).

offload.kernel @scale_box(%r0: index, %r1: index, %c0: index, %c1: index,
                          %a: memref<?x?xf32>) {
  %one = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i, %j) = (%r0, %c0) to (%r1, %c1) step (%one, %one) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_scale_box(
// CHECK-SAME: %[[R0:[^:]*]]: index, %[[R1:[^:]*]]: index, %[[C0:[^:]*]]: index, %[[C1:[^:]*]]: index, %[[A:[^:]*]]: memref<?x?xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ROWS:.*]] = memref.dim %[[A]], %[[ZERO]]
// CHECK: %[[RB:.*]] = arith.maxsi %{{.*}}, %[[ZERO]]
// CHECK: %[[RB1:.*]] = arith.minsi %[[RB]], %[[ROWS]]
// CHECK: %[[RLEN:.*]] = arith.subi %{{.*}}, %[[RB1]]
// CHECK: %[[COLS:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK: %[[CB0:.*]] = arith.addi %[[C0]], %{{.*}}
// CHECK: %[[CE0:.*]] = arith.addi %[[C1]], %{{.*}}
// CHECK: %[[CB:.*]] = arith.maxsi %[[CB0]], %[[ZERO]]
// CHECK: %[[CB1:.*]] = arith.minsi %[[CB]], %[[COLS]]
// CHECK: %[[CE:.*]] = arith.minsi %[[CE0]], %[[COLS]]
// CHECK: %[[CE1:.*]] = arith.maxsi %[[CE]], %[[CB1]]
// CHECK: %[[CLEN:.*]] = arith.subi %[[CE1]], %[[CB1]]
// CHECK: %[[BOX:.*]] = memref.subview %[[A]][%[[RB1]], %[[CB1]]] [%[[RLEN]], %[[CLEN]]] [1, 1]
// CHECK: offload.launch @scale_box(%[[R0]], %[[R1]], %[[C0]], %[[C1]], %[[A]]) map(tofrom: %[[BOX]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
func.func @launch_scale_box(%r0: index, %r1: index, %c0: index, %c1: index,
                            %a: memref<?x?xf32>) {
  // expected-remark@+1 {{argument #4 mapped 'tofrom': kernel @scale_box reads and writes it; only the box its parallel loop reaches moves, rows [lb, ub) of dimension 0 by columns [lb, ub) of dimension 1 (one copy per row where the gaps between rows exceed a sixteenth of a row)}}
  offload.launch @scale_box(%r0, %r1, %c0, %c1, %a) : (index, index, index, index, memref<?x?xf32>) -> ()
  return
}

// Written at every element of the box and read nowhere: 'from' the box. The
// input is read one column to each side: its box has that halo. The loop's
// dimensions may come in either order: rows are the loop dimension that
// indexes the first dimension.

offload.kernel @blur_box(%r0: index, %r1: index, %c0: index, %c1: index,
                         %in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %one = arith.constant 1 : index
  scf.parallel (%j, %i) = (%c0, %r0) to (%c1, %r1) step (%one, %one) {
    %jl = arith.subi %j, %one : index
    %jr = arith.addi %j, %one : index
    %l = memref.load %in[%i, %jl] : memref<?x?xf32>
    %r = memref.load %in[%i, %jr] : memref<?x?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %out[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_blur_box(
// CHECK-SAME: %[[IN:[^:]*]]: memref<?x?xf32>, %[[OUT:[^:]*]]: memref<?x?xf32>)
// CHECK: %[[BIN:.*]] = memref.subview %[[IN]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: %[[BOUT:.*]] = memref.subview %[[OUT]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: offload.launch @blur_box({{.*}}) map(to: %[[BIN]] : memref<?x?xf32, strided<[?, 1], offset: ?>>, from: %[[BOUT]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
func.func @launch_blur_box(%r0: index, %r1: index, %c0: index, %c1: index,
                           %in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  // expected-remark@+2 {{argument #4 mapped 'to': kernel @blur_box only reads it; only the box its parallel loop reaches moves, rows [lb, ub) of dimension 1 by columns [lb - 1, ub + 1) of dimension 0}}
  // expected-remark@+1 {{argument #5 mapped 'from': kernel @blur_box writes every element and reads none; only the box its parallel loop reaches moves, rows [lb, ub) of dimension 1 by columns [lb, ub) of dimension 0}}
  offload.launch @blur_box(%r0, %r1, %c0, %c1, %in, %out) : (index, index, index, index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// All the rows, part of each: still a box.

offload.kernel @left_half(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  %half = arith.divui %cols, %c2 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %half) step (%c1, %c1) {
    memref.store %zero, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_left_half(
// CHECK: %[[BOX:.*]] = memref.subview %{{.*}}[%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: offload.launch @left_half({{.*}}) map(from: %[[BOX]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
func.func @launch_left_half(%a: memref<?x?xf32>) {
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @left_half writes every element and reads none; only the box its parallel loop reaches moves, rows [lb, ub) of dimension 0 by columns [lb, ub) of dimension 1}}
  offload.launch @left_half(%a) : (memref<?x?xf32>) -> ()
  return
}

// Columns over the whole second dimension are whole rows: a row section,
// as before. A column that is not an induction variable of the loop (here
// a constant) bounds no columns: rows only.

offload.kernel @rows_only(%r0: index, %r1: index, %a: memref<?x?xf32>,
                          %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%r0, %c0) to (%r1, %cols) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = memref.load %b[%i, %c0] : memref<?x?xf32>
    %s = arith.addf %x, %y : f32
    memref.store %s, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_rows_only(
// CHECK: %[[SA:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: %[[SB:.*]] = memref.subview %{{.*}}[%{{.*}}, 0] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: offload.launch @rows_only({{.*}}) map(tofrom: %[[SA]] : memref<?x?xf32, strided<[?, 1], offset: ?>>, to: %[[SB]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
func.func @launch_rows_only(%r0: index, %r1: index, %a: memref<?x?xf32>,
                            %b: memref<?x?xf32>) {
  // expected-remark@+2 {{argument #2 mapped 'tofrom': kernel @rows_only reads and writes it; only the rows its parallel loop reaches move, [lb, ub) of dimension 0}}
  // expected-remark@+1 {{argument #3 mapped 'to': kernel @rows_only only reads it; only the rows its parallel loop reaches move, [lb, ub) of dimension 0}}
  offload.launch @rows_only(%r0, %r1, %a, %b) : (index, index, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
