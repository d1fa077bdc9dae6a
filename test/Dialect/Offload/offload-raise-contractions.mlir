// RUN: offload-opt %s --offload-raise-contractions | FileCheck %s
// Remarks of offload.kernel passes reach -verify-diagnostics only without threads.
// RUN: offload-opt %s --offload-raise-contractions=remarks=1 -verify-diagnostics -o /dev/null --mlir-disable-threading
// Every op the pass builds is a contraction for matchContraction
// (Utils/Contraction.h), with the loops and operand layouts of its nest.
// RUN: offload-opt %s --offload-raise-contractions --test-offload-match-contractions -o /dev/null 2>&1 | FileCheck %s --check-prefix=MATCH --implicit-check-not=rejects

// The indexing maps of the ops below (printed first).
// CHECK-DAG: #[[MAP_MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[MAP_NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[MAP_MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[MAP_KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[MAP_NM:.*]] = affine_map<(d0, d1, d2) -> (d1, d0)>
// CHECK-DAG: #[[MAP_IBK:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, d3)>
// CHECK-DAG: #[[MAP_BKJ:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[MAP_BIJ:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// C[i, j] += A[i, k] * B[k, j] over static shapes the loops cover exactly:
// linalg.matmul on the kernel's own operands.
// CHECK-LABEL: offload.kernel @matmul(
// CHECK-SAME: %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x16xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK-NOT: scf.parallel
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xf32>, memref<32x16xf32>) outs(%[[C]] : memref<64x16xf32>)
// CHECK-NEXT: offload.return
offload.kernel @matmul(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// Dynamic shapes: the loops run over C's rows and columns and A's columns.
// A may have more rows than C and B more rows than A has columns, so the
// matmul reads the subviews of A and B that the loops reach.
// CHECK-LABEL: offload.kernel @matmul_dynamic(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK-DAG: %[[M:.*]] = memref.dim %[[C]], %c0
// CHECK-DAG: %[[N:.*]] = memref.dim %[[C]], %c1
// CHECK-DAG: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[SA:.*]] = memref.subview %[[A]][0, 0] [%[[M]], %[[K]]] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
// CHECK: %[[SB:.*]] = memref.subview %[[B]][0, 0] [%[[K]], %[[N]]] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
// CHECK: linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NOT: scf.parallel
offload.kernel @matmul_dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %kk = memref.dim %A, %c1 : memref<?x?xf32>
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j]) on subviews of A, B covering the loop bounds}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<?x?xf32>
    %r = scf.for %k = %c0 to %kk step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// The accumulator starts from a constant (defined in the nest, product
// first in the addition): C is filled with it, then accumulated into.
// CHECK-LABEL: offload.kernel @fill(
// CHECK-SAME: %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x16xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<64x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xf32>, memref<32x16xf32>) outs(%[[C]] : memref<64x16xf32>)
offload.kernel @fill(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.fill and linalg.matmul (C = init, then C[i, j] += A[i, k] * B[k, j])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %zero = arith.constant 0.0 : f32
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %p, %acc : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// B stored transposed: linalg.matmul with indexing maps.
// CHECK-LABEL: offload.kernel @transpose_b(
// CHECK-SAME: %[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<16x32xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK: linalg.matmul indexing_maps = [#[[MAP_MK]], #[[MAP_NK]], #[[MAP_MN]]] ins(%[[A]], %[[B]] : memref<64x32xf32>, memref<16x32xf32>) outs(%[[C]] : memref<64x16xf32>)
offload.kernel @transpose_b(%A: memref<64x32xf32>, %B: memref<16x32xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[j, k])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d1, d2] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%j, %k] : memref<16x32xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// A 3-D parallel loop whose first index indexes all three operands first:
// linalg.batch_matmul.
// CHECK-LABEL: offload.kernel @batch(
// CHECK-SAME: %[[A:.*]]: memref<4x64x32xf32>, %[[B:.*]]: memref<4x32x16xf32>, %[[C:.*]]: memref<4x64x16xf32>)
// CHECK: linalg.batch_matmul ins(%[[A]], %[[B]] : memref<4x64x32xf32>, memref<4x32x16xf32>) outs(%[[C]] : memref<4x64x16xf32>)
offload.kernel @batch(%A: memref<4x64x32xf32>, %B: memref<4x32x16xf32>, %C: memref<4x64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.batch_matmul (C[b, i, j] += A[b, i, k] * B[b, k, j])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: batch = d0, m = d1, n = d2, k = d3; A [d0, d1, d3] f32, B [d0, d3, d2] f32, C [d0, d1, d2] f32
  scf.parallel (%b, %i, %j) = (%c0, %c0, %c0) to (%c4, %c64, %c16) step (%c1, %c1, %c1) {
    %init = memref.load %C[%b, %i, %j] : memref<4x64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %x = memref.load %A[%b, %i, %k] : memref<4x64x32xf32>
      %y = memref.load %B[%b, %k, %j] : memref<4x32x16xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%b, %i, %j] : memref<4x64x16xf32>
  }
  offload.return
}

// The batch index is not the leading one of A: batch_matmul cannot say
// that, a linalg.generic can.
// CHECK-LABEL: offload.kernel @batch_inner(
// CHECK-SAME: %[[A:.*]]: memref<64x4x32xf32>, %[[B:.*]]: memref<4x32x16xf32>, %[[C:.*]]: memref<4x64x16xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[MAP_IBK]], #[[MAP_BKJ]], #[[MAP_BIJ]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : memref<64x4x32xf32>, memref<4x32x16xf32>) outs(%[[C]] : memref<4x64x16xf32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[OUT]], %[[P]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
offload.kernel @batch_inner(%A: memref<64x4x32xf32>, %B: memref<4x32x16xf32>, %C: memref<4x64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.generic (C[b, i, j] += A[i, b, k] * B[b, k, j])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: batch = d0, m = d1, n = d2, k = d3; A [d1, d0, d3] f32, B [d0, d3, d2] f32, C [d0, d1, d2] f32
  scf.parallel (%b, %i, %j) = (%c0, %c0, %c0) to (%c4, %c64, %c16) step (%c1, %c1, %c1) {
    %init = memref.load %C[%b, %i, %j] : memref<4x64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %x = memref.load %A[%i, %b, %k] : memref<64x4x32xf32>
      %y = memref.load %B[%b, %k, %j] : memref<4x32x16xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%b, %i, %j] : memref<4x64x16xf32>
  }
  offload.return
}

// f16 operands extended to an f32 accumulator: what linalg.matmul's default
// cast does.
// CHECK-LABEL: offload.kernel @extf(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xf16>, memref<32x16xf16>) outs(%{{.*}} : memref<64x16xf32>)
offload.kernel @extf(%A: memref<64x32xf16>, %B: memref<32x16xf16>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j], f16 * f16 -> f32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f16, B [d2, d1] f16, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf16>
      %b = memref.load %B[%k, %j] : memref<32x16xf16>
      %ae = arith.extf %a : f16 to f32
      %be = arith.extf %b : f16 to f32
      %p = arith.mulf %ae, %be : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// i8 operands sign-extended to an i32 accumulator starting from 0.
// CHECK-LABEL: offload.kernel @extsi(
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : i32) outs(%{{.*}} : memref<64x16xi32>)
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xi8>, memref<32x16xi8>) outs(%{{.*}} : memref<64x16xi32>)
offload.kernel @extsi(%A: memref<64x32xi8>, %B: memref<32x16xi8>, %C: memref<64x16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i32
  // expected-remark@+2 {{raised the loop nest to linalg.fill and linalg.matmul (C = init, then C[i, j] += A[i, k] * B[k, j], i8 * i8 -> i32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] i8, B [d2, d1] i8, C [d0, d1] i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> i32 {
      %a = memref.load %A[%i, %k] : memref<64x32xi8>
      %b = memref.load %B[%k, %j] : memref<32x16xi8>
      %ae = arith.extsi %a : i8 to i32
      %be = arith.extsi %b : i8 to i32
      %p = arith.muli %ae, %be : i32
      %s = arith.addi %acc, %p : i32
      scf.yield %s : i32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xi32>
  }
  offload.return
}

// Zero-extended operands: linalg.matmul with the unsigned cast.
// CHECK-LABEL: offload.kernel @extui(
// CHECK: linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : memref<64x32xi8>, memref<32x16xi8>) outs(%{{.*}} : memref<64x16xi32>)
offload.kernel @extui(%A: memref<64x32xi8>, %B: memref<32x16xi8>, %C: memref<64x16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j], i8 * i8 -> i32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] i8, B [d2, d1] i8, C [d0, d1] i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xi32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> i32 {
      %a = memref.load %A[%i, %k] : memref<64x32xi8>
      %b = memref.load %B[%k, %j] : memref<32x16xi8>
      %ae = arith.extui %a : i8 to i32
      %be = arith.extui %b : i8 to i32
      %p = arith.muli %ae, %be : i32
      %s = arith.addi %acc, %p : i32
      scf.yield %s : i32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xi32>
  }
  offload.return
}

// An integer operand converted to float, the other a float already.
// CHECK-LABEL: offload.kernel @sitofp(
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xi32>, memref<32x16xf32>) outs(%{{.*}} : memref<64x16xf32>)
offload.kernel @sitofp(%A: memref<64x32xi32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j], i32 * f32 -> f32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] i32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xi32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %af = arith.sitofp %a : i32 to f32
      %p = arith.mulf %af, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// One operand sign-extended, the other zero-extended, C transposed: no
// named op computes that, a linalg.generic with the same body does.
// CHECK-LABEL: offload.kernel @mixed_signs(
// CHECK-SAME: %[[A:.*]]: memref<64x32xi8>, %[[B:.*]]: memref<32x16xi8>, %[[C:.*]]: memref<16x64xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[MAP_MK]], #[[MAP_KN]], #[[MAP_NM]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A]], %[[B]] : memref<64x32xi8>, memref<32x16xi8>) outs(%[[C]] : memref<16x64xi32>) {
// CHECK-NEXT: ^bb0(%[[X:.*]]: i8, %[[Y:.*]]: i8, %[[OUT:.*]]: i32):
// CHECK-NEXT: %[[XE:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT: %[[YE:.*]] = arith.extui %[[Y]] : i8 to i32
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[XE]], %[[YE]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[OUT]], %[[P]] : i32
// CHECK-NEXT: linalg.yield %[[S]] : i32
offload.kernel @mixed_signs(%A: memref<64x32xi8>, %B: memref<32x16xi8>, %C: memref<16x64xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.generic (C[j, i] += A[i, k] * B[k, j], i8 * i8 -> i32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] i8, B [d2, d1] i8, C [d1, d0] i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%j, %i] : memref<16x64xi32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> i32 {
      %a = memref.load %A[%i, %k] : memref<64x32xi8>
      %b = memref.load %B[%k, %j] : memref<32x16xi8>
      %ae = arith.extsi %a : i8 to i32
      %be = arith.extui %b : i8 to i32
      %p = arith.muli %ae, %be : i32
      %s = arith.addi %acc, %p : i32
      scf.yield %s : i32
    }
    memref.store %r, %C[%j, %i] : memref<16x64xi32>
  }
  offload.return
}

// The product is rounded to f16 and extended before it is added, and the
// multiplication has fast-math flags: a linalg.generic keeps both.
// CHECK-LABEL: offload.kernel @product_converted(
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16, %[[Y:.*]]: f16, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<contract> : f16
// CHECK-NEXT: %[[PE:.*]] = arith.extf %[[P]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[PE]], %[[OUT]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
offload.kernel @product_converted(%A: memref<64x32xf16>, %B: memref<32x16xf16>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.generic (C[i, j] += A[i, k] * B[k, j], f16 * f16 -> f32)}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f16, B [d2, d1] f16, C [d0, d1] f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf16>
      %b = memref.load %B[%k, %j] : memref<32x16xf16>
      %p = arith.mulf %a, %b fastmath<contract> : f16
      %pe = arith.extf %p : f16 to f32
      %s = arith.addf %pe, %acc : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// A 1-D parallel loop over rows holding a loop over columns; C is zeroed,
// then accumulated into in memory. The loops run over C's sizes and B's
// rows: A and B are read through subviews.
// CHECK-LABEL: offload.kernel @rows_in_memory(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK: %[[SB:.*]] = memref.subview %[[B]]
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NOT: scf.for
offload.kernel @rows_in_memory(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  // expected-remark@+2 {{raised the loop nest to linalg.fill and linalg.matmul (C = init, then C[i, j] += A[i, k] * B[k, j]) on subviews of A, B covering the loop bounds}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %n = memref.dim %C, %c1 : memref<?x?xf32>
    scf.for %j = %c0 to %n step %c1 {
      %kk = memref.dim %B, %c0 : memref<?x?xf32>
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %C[%i, %j] : memref<?x?xf32>
      scf.for %k = %c0 to %kk step %c1 {
        %c = memref.load %C[%i, %j] : memref<?x?xf32>
        %a = memref.load %A[%i, %k] : memref<?x?xf32>
        %b = memref.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        memref.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  offload.return
}

// Accumulation into C in memory, from C's contents.
// CHECK-LABEL: offload.kernel @in_memory(
// CHECK-SAME: %[[A:.*]]: memref<64x32xi32>, %[[B:.*]]: memref<32x16xi32>, %[[C:.*]]: memref<64x16xi32>)
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xi32>, memref<32x16xi32>) outs(%[[C]] : memref<64x16xi32>)
offload.kernel @in_memory(%A: memref<64x32xi32>, %B: memref<32x16xi32>, %C: memref<64x16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j])}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] i32, B [d2, d1] i32, C [d0, d1] i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    scf.for %k = %c0 to %c32 step %c1 {
      %a = memref.load %A[%i, %k] : memref<64x32xi32>
      %b = memref.load %B[%k, %j] : memref<32x16xi32>
      %c = memref.load %C[%i, %j] : memref<64x16xi32>
      %p = arith.muli %a, %b overflow<nsw> : i32
      %s = arith.addi %c, %p : i32
      memref.store %s, %C[%i, %j] : memref<64x16xi32>
    }
  }
  offload.return
}

// Loops that start elsewhere than 0 and end elsewhere than the operands'
// sizes: the contraction runs on the subviews [lb, ub) of every operand,
// empty when ub < lb.
// CHECK-LABEL: offload.kernel @bounds(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>, %[[LO:.*]]: index, %[[HI:.*]]: index)
// CHECK-DAG: %[[N:.*]] = memref.dim %[[C]], %c1
// CHECK-DAG: %[[K:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[ROWS:.*]] = arith.subi %[[HI]], %[[LO]] : index
// CHECK: %[[M:.*]] = arith.maxsi %[[ROWS]], %[[ZERO:.*]] : index
// CHECK: %[[SA:.*]] = memref.subview %[[A]][%[[LO]], 0] [%[[M]], %[[K]]] [1, 1]
// CHECK: %[[COLS:.*]] = arith.subi %[[N]], %c2 : index
// CHECK: %[[NN:.*]] = arith.maxsi %[[COLS]], %[[ZERO]] : index
// CHECK: %[[SB:.*]] = memref.subview %[[B]][0, 2] [%[[K]], %[[NN]]] [1, 1]
// CHECK: %[[SC:.*]] = memref.subview %[[C]][%[[LO]], 2] [%[[M]], %[[NN]]] [1, 1]
// CHECK: linalg.matmul ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[SC]] : {{.*}})
offload.kernel @bounds(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %lo: index, %hi: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %C, %c1 : memref<?x?xf32>
  %kk = memref.dim %A, %c1 : memref<?x?xf32>
  // expected-remark@+2 {{raised the loop nest to linalg.matmul (C[i, j] += A[i, k] * B[k, j]) on subviews of A, B, C covering the loop bounds}}
  // MATCH: [[@LINE+1]]:3: remark: contraction: m = d0, n = d1, k = d2; A [d0, d2] f32, B [d2, d1] f32, C [d0, d1] f32
  scf.parallel (%i, %j) = (%lo, %c2) to (%hi, %n) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<?x?xf32>
    %r = scf.for %k = %c0 to %kk step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<?x?xf32>
      %b = memref.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

//===----------------------------------------------------------------------===//
// Nests that are not raised
//===----------------------------------------------------------------------===//

// A is written in the nest.
// CHECK-LABEL: offload.kernel @a_written(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @a_written(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the reduction loop also has 'memref.store', which may touch memory}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %A[%i, %k] : memref<64x32xf32>
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// The result is also stored elsewhere.
// CHECK-LABEL: offload.kernel @extra_store(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @extra_store(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>, %D: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the nest also has 'memref.store', which may touch memory, next to the reduction loop}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
    memref.store %r, %D[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// The column loop's bound depends on the row (a triangle).
// CHECK-LABEL: offload.kernel @triangle(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @triangle(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the output loop's bounds depend on the enclosing loops or on memory}}
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    scf.for %j = %c0 to %i step %c1 {
      %init = memref.load %C[%i, %j] : memref<64x64xf32>
      %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
        %a = memref.load %A[%i, %k] : memref<64x32xf32>
        %b = memref.load %B[%k, %j] : memref<32x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %r, %C[%i, %j] : memref<64x64xf32>
    }
  }
  offload.return
}

// A reduction loop with a step of 2 adds every other product only.
// CHECK-LABEL: offload.kernel @step_two(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @step_two(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the reduction loop's step is not 1}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c2 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// The reduction is an scf.parallel: its order of additions is not the
// sequential one.
// CHECK-LABEL: offload.kernel @parallel_reduction(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @parallel_reduction(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the reduction loop is 'scf.parallel', not a sequential scf.for}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.parallel (%k) = (%c0) to (%c32) step (%c1) init (%init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      scf.reduce(%p : f32) {
      ^bb0(%x: f32, %y: f32):
        %s = arith.addf %x, %y : f32
        scf.reduce.return %s : f32
      }
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// The output is also an operand of the product.
// CHECK-LABEL: offload.kernel @in_place(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @in_place(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: an operand of the product is the buffer the nest writes}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) {
    %init = memref.load %A[%i, %j] : memref<64x64xf32>
    %r = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x64xf32>
      %b = memref.load %B[%k, %j] : memref<64x64xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %A[%i, %j] : memref<64x64xf32>
  }
  offload.return
}

// A is read one row below: not a loop index.
// CHECK-LABEL: offload.kernel @shifted(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @shifted(%A: memref<65x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the first operand of the product is indexed by something other than a loop's induction variable}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %i1 = arith.addi %i, %c1 : index
      %a = memref.load %A[%i1, %k] : memref<65x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// The accumulator starts from C transposed.
// CHECK-LABEL: offload.kernel @transposed_start(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @transposed_start(%A: memref<64x32xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the accumulator starts from an element other than the one it is stored to}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) {
    %init = memref.load %C[%j, %i] : memref<64x64xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x64xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x64xf32>
  }
  offload.return
}

// The products are subtracted.
// CHECK-LABEL: offload.kernel @subtract(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @subtract(%A: memref<64x32xf32>, %B: memref<32x16xf32>, %C: memref<64x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the accumulator is not updated by an addition}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
    %init = memref.load %C[%i, %j] : memref<64x16xf32>
    %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<64x32xf32>
      %b = memref.load %B[%k, %j] : memref<32x16xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.subf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i, %j] : memref<64x16xf32>
  }
  offload.return
}

// A matrix-vector product: the output has rank 1.
// CHECK-LABEL: offload.kernel @gemv(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @gemv(%a: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  // expected-remark@+1 {{loop nest not raised to a linalg contraction: the output has rank 1, not 2 (i, j) or 3 (b, i, j)}}
  scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
    %y0 = memref.load %y[%i] : memref<?xf32>
    %dot = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %y0) -> f32 {
      %aij = memref.load %a[%i, %j] : memref<?x?xf32>
      %xj = memref.load %x[%j] : memref<?xf32>
      %p = arith.mulf %aij, %xj : f32
      %s = arith.addf %acc, %p : f32
      scf.yield %s : f32
    }
    memref.store %dot, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Element-wise code is left alone, without a remark.
// CHECK-LABEL: offload.kernel @saxpy(
// CHECK: scf.parallel
// CHECK-NOT: linalg
offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xi = memref.load %x[%i] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %xi : f32
    %r = arith.addf %ax, %yi : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  offload.return
}
