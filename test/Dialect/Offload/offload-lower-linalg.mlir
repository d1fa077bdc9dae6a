// RUN: offload-opt %s --offload-lower-linalg | FileCheck %s
// RUN: offload-opt %s --offload-lower-linalg=remarks=true -verify-diagnostics -o /dev/null

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// Elementwise: one parallel loop over both dimensions, sizes from the
// kernel's arguments: those of the output, which the loop then provably
// covers (map inference maps it `from`).
// CHECK-LABEL: offload.kernel @add(
// CHECK-SAME: %{{[^:]*}}: memref<?x?xf32>, %{{[^:]*}}: memref<?x?xf32>, %[[C:[^:]*]]: memref<?x?xf32>)
// CHECK-DAG: %[[M:.*]] = memref.dim %[[C]], %c0
// CHECK-DAG: %[[N:.*]] = memref.dim %[[C]], %c1
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[M]], %[[N]])
// CHECK-DAG: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-DAG: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: arith.addf
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT: linalg.
offload.kernel @add(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-remark@+1 {{'linalg.generic' lowered to a parallel loop over all its dimensions}}
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  offload.return
}

// A row reduction: rows on an outer loop, the reduction on an inner one
// with scf.reduce, the result written by a one-iteration loop.
// CHECK-LABEL: offload.kernel @rowsum
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: %[[S:.*]] = scf.parallel (%[[C:.*]]) = {{.*}} init (%{{.*}}) -> f32
// CHECK: memref.load %{{.*}}[%[[R]], %[[C]]]
// CHECK: scf.reduce(%{{.*}} : f32)
// CHECK: arith.addf
// CHECK: scf.parallel
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[%[[R]]]
// CHECK: %[[NEW:.*]] = arith.addf %[[S]], %[[OLD]]
// CHECK: memref.store %[[NEW]], %{{.*}}[%[[R]]]
offload.kernel @rowsum(%x: memref<?x?xf32>, %s: memref<?xf32>) {
  // expected-remark@+1 {{'linalg.reduce' lowered to a parallel loop over its outputs holding a parallel reduction}}
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%s : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  offload.return
}

// A full reduction: one parallel loop with scf.reduce.
// CHECK-LABEL: offload.kernel @dot
// CHECK: %[[D:.*]] = scf.parallel (%{{.*}}) = {{.*}} init (%{{.*}}) -> f32
// CHECK: arith.mulf
// CHECK: scf.reduce
// CHECK: %[[OLD:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: arith.addf %[[OLD]], %[[D]]
offload.kernel @dot(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<f32>) {
  // expected-remark@+1 {{'linalg.dot' lowered to a parallel reduction over the grid}}
  linalg.dot ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%out : memref<f32>)
  offload.return
}

// A short static reduction (a 3x3 convolution window): one thread per
// output, sequential loops accumulating in registers; four parallel
// dimensions collapse to three.
// CHECK-LABEL: offload.kernel @conv
// CHECK: scf.parallel (%[[L:.*]], %{{.*}}, %{{.*}}) =
// CHECK: arith.remui %[[L]]
// CHECK: arith.divui %[[L]]
// CHECK: memref.load
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.for {{.*}} iter_args
// CHECK: scf.for {{.*}} iter_args
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: memref.store
offload.kernel @conv(%in: memref<2x8x8x4xf32>, %f: memref<3x3x4x5xf32>, %out: memref<2x6x6x5xf32>) {
  // expected-remark@+1 {{'linalg.conv_2d_nhwc_hwcf' lowered to a parallel loop over its outputs, each reducing sequentially}}
  linalg.conv_2d_nhwc_hwcf ins(%in, %f : memref<2x8x8x4xf32>, memref<3x3x4x5xf32>)
      outs(%out : memref<2x6x6x5xf32>)
  offload.return
}

// Softmax steps: the elementwise ops become loops over rows holding loops
// over columns, next to the row reductions. The kernel records which
// argument dimensions the ops make equal (rows of %x, %m and %e; columns of
// %x and %e), for map inference.
// CHECK-LABEL: offload.kernel @softmax
// CHECK-SAME: attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0, 2, 0>, array<i64: 0, 1, 2, 1>]}
// CHECK: scf.parallel (%[[R0:.*]]) =
// CHECK: scf.parallel ({{.*}}) = {{.*}} init
// CHECK: arith.maxnumf
// CHECK: scf.parallel (%[[R1:.*]]) =
// CHECK: scf.parallel (%[[C1:.*]]) =
// CHECK: math.exp
offload.kernel @softmax(%x: memref<?x?xf32>, %m: memref<?xf32>, %e: memref<?x?xf32>) {
  // expected-remark@+1 {{lowered to a parallel loop over its outputs holding a parallel reduction}}
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%m : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maxnumf %in, %acc : f32
      linalg.yield %r : f32
    }
  // expected-remark@+1 {{lowered to a parallel loop over rows holding a parallel loop over the rest}}
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : memref<?x?xf32>, memref<?xf32>) outs(%e : memref<?x?xf32>) {
  ^bb0(%v: f32, %mx: f32, %o: f32):
    %d = arith.subf %v, %mx : f32
    %ex = math.exp %d : f32
    linalg.yield %ex : f32
  }
  offload.return
}

// A contraction the tiled strategy computes (with the fill of its output
// before it): kept whole.
// CHECK-LABEL: offload.kernel @matmul
// CHECK-NOT: scf.parallel
// CHECK: linalg.fill
// CHECK-NEXT: linalg.matmul
offload.kernel @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  // expected-remark@+1 {{'linalg.matmul' kept whole for the tiled contraction strategy}}
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  offload.return
}

// A contraction it does not take (complex elements): a loop over the
// outputs, each accumulating in a sequential loop.
// CHECK-LABEL: offload.kernel @zmatmul
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK: %[[C0:.*]] = memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: %[[ACC:.*]] = scf.for %[[K:.*]] = {{.*}} iter_args(%[[A:.*]] = %[[C0]])
// CHECK-DAG: memref.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-DAG: memref.load %{{.*}}[%[[K]], %[[J]]]
// CHECK: memref.store %[[ACC]], %{{.*}}[%[[I]], %[[J]]]
offload.kernel @zmatmul(%a: memref<?x?xcomplex<f32>>, %b: memref<?x?xcomplex<f32>>, %c: memref<?x?xcomplex<f32>>) {
  // expected-remark@+1 {{'linalg.matmul' lowered to a parallel loop over its outputs, each reducing sequentially}}
  linalg.matmul ins(%a, %b : memref<?x?xcomplex<f32>>, memref<?x?xcomplex<f32>>) outs(%c : memref<?x?xcomplex<f32>>)
  offload.return
}

// A fill of a reduction's output right before it becomes the reduction's
// initial value: no loop fills the output (so no launch of its own), and
// the reduction does not read it.
// CHECK-LABEL: offload.kernel @dot_filled
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[INIT:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[D:.*]] = scf.parallel (%{{.*}}) = {{.*}} init (%{{.*}}) -> f32
// CHECK: scf.reduce
// CHECK-NOT: memref.load
// CHECK: %[[T:.*]] = arith.addf %[[INIT]], %[[D]]
// CHECK: memref.store %[[T]], %{{.*}}[] : memref<f32>
// CHECK-NEXT: offload.return
offload.kernel @dot_filled(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<f32>) {
  %init = arith.constant 1.5 : f32
  // expected-remark@+1 {{'linalg.fill' fused into the initial value of 'linalg.dot'}}
  linalg.fill ins(%init : f32) outs(%out : memref<f32>)
  // expected-remark@+1 {{'linalg.dot' lowered to a parallel reduction over the grid}}
  linalg.dot ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%out : memref<f32>)
  offload.return
}

// Row reductions alike (ops without memory effects may come in between):
// the row's result combines with the fill's value.
// CHECK-LABEL: offload.kernel @rowmax_filled
// CHECK-NOT: linalg.fill
// CHECK: %[[LOW:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: %[[S:.*]] = scf.parallel (%{{.*}}) = {{.*}} init (%{{.*}}) -> f32
// CHECK: arith.maxnumf
// CHECK: scf.parallel
// CHECK-NOT: memref.load
// CHECK: %[[NEW:.*]] = arith.maxnumf %[[S]], %[[LOW]]
// CHECK: memref.store %[[NEW]], %{{.*}}[%[[R]]]
offload.kernel @rowmax_filled(%x: memref<?x?xf32>, %s: memref<?xf32>) {
  %low = arith.constant -1.0 : f32
  // expected-remark@+1 {{'linalg.fill' fused into the initial value of 'linalg.reduce'}}
  linalg.fill ins(%low : f32) outs(%s : memref<?xf32>)
  %unused = arith.addf %low, %low : f32
  // expected-remark@+1 {{'linalg.reduce' lowered to a parallel loop over its outputs holding a parallel reduction}}
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%s : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maxnumf %in, %acc : f32
      linalg.yield %r : f32
    }
  offload.return
}

// Sequential reductions alike: the accumulators start from the fill's
// value.
// CHECK-LABEL: offload.kernel @conv_filled
// CHECK-NOT: linalg.fill
// CHECK: %[[BIAS:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: scf.parallel
// CHECK-NOT: memref.load %{{.*}} : memref<2x6x6x5xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[BIAS]])
offload.kernel @conv_filled(%in: memref<2x8x8x4xf32>, %f: memref<3x3x4x5xf32>, %out: memref<2x6x6x5xf32>) {
  %bias = arith.constant 2.0 : f32
  // expected-remark@+1 {{'linalg.fill' fused into the initial value of 'linalg.conv_2d_nhwc_hwcf'}}
  linalg.fill ins(%bias : f32) outs(%out : memref<2x6x6x5xf32>)
  // expected-remark@+1 {{'linalg.conv_2d_nhwc_hwcf' lowered to a parallel loop over its outputs, each reducing sequentially}}
  linalg.conv_2d_nhwc_hwcf ins(%in, %f : memref<2x8x8x4xf32>, memref<3x3x4x5xf32>)
      outs(%out : memref<2x6x6x5xf32>)
  offload.return
}

// Not fused: the reduction also reads the filled buffer (through a view),
// or a store comes in between, or the op has no reduction.
// CHECK-LABEL: offload.kernel @fills_kept
// CHECK: %[[C7:.*]] = arith.constant 7.000000e+00 : f32
// CHECK: scf.parallel
// CHECK: memref.store %[[C7]]
// CHECK: scf.parallel
// CHECK: memref.load
// CHECK: scf.parallel
// CHECK: memref.store %[[C7]]
// CHECK: memref.store
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: memref.store %[[C7]]
// CHECK: scf.parallel
offload.kernel @fills_kept(%x: memref<?x?xf32>, %s: memref<?xf32>, %t: memref<?xf32>, %u: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7.0 : f32
  // expected-remark@+1 {{'linalg.fill' lowered to}}
  linalg.fill ins(%seven : f32) outs(%s : memref<?xf32>)
  %v = memref.subview %s[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  // expected-remark@+1 {{'linalg.generic' lowered to}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %v : memref<?x?xf32>, memref<4xf32, strided<[1]>>) outs(%s : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %q = arith.addf %p, %acc : f32
    linalg.yield %q : f32
  }
  // expected-remark@+1 {{'linalg.fill' lowered to}}
  linalg.fill ins(%seven : f32) outs(%t : memref<?xf32>)
  memref.store %seven, %t[%c0] : memref<?xf32>
  // expected-remark@+1 {{'linalg.reduce' lowered to}}
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%t : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  // expected-remark@+1 {{'linalg.fill' lowered to}}
  linalg.fill ins(%seven : f32) outs(%u : memref<?x?xf32>)
  // expected-remark@+1 {{'linalg.generic' lowered to}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%u : memref<?x?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %q = arith.addf %a, %acc : f32
    linalg.yield %q : f32
  }
  offload.return
}

// memref.copy is the linalg.copy of its operands: a parallel loop over the
// box (no call of MLIR's runtime library for the strided views), also when
// it copies a row of each iteration of a loop the kernel wrote.
// CHECK-LABEL: offload.kernel @copies(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>)
// CHECK: %[[SA:.*]] = memref.subview %[[A]][1, 2] [3, 4] [1, 1]
// CHECK: %[[SB:.*]] = memref.subview %[[B]][0, 0] [3, 4] [1, 1]
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) =
// CHECK: %[[V:.*]] = memref.load %[[SA]][%[[I]], %[[J]]]
// CHECK: memref.store %[[V]], %[[SB]][%[[I]], %[[J]]]
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: %[[RA:.*]] = memref.subview %[[A]][%[[R]], 0]
// CHECK: %[[RB:.*]] = memref.subview %[[B]][%[[R]], 0]
// CHECK: scf.parallel (%[[K:.*]]) =
// CHECK: %[[W:.*]] = memref.load %[[RA]][%[[K]]]
// CHECK: memref.store %[[W]], %[[RB]][%[[K]]]
// CHECK-NOT: memref.copy
// CHECK-NOT: linalg.
// CHECK: offload.return
offload.kernel @copies(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %sa = memref.subview %a[1, 2] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1], offset: ?>>
  %sb = memref.subview %b[0, 0] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1]>>
  // expected-remark@+1 {{'linalg.copy' lowered to a parallel loop over all its dimensions}}
  memref.copy %sa, %sb : memref<3x4xf32, strided<[?, 1], offset: ?>> to memref<3x4xf32, strided<[?, 1]>>
  scf.parallel (%r) = (%c4) to (%c8) step (%c1) {
    %ra = memref.subview %a[%r, 0] [1, 4] [1, 1] : memref<?x?xf32> to memref<4xf32, strided<[1], offset: ?>>
    %rb = memref.subview %b[%r, 0] [1, 4] [1, 1] : memref<?x?xf32> to memref<4xf32, strided<[1], offset: ?>>
    // expected-remark@+1 {{'linalg.copy' lowered to a parallel loop over all its dimensions}}
    memref.copy %ra, %rb : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32, strided<[1], offset: ?>>
    scf.reduce
  }
  offload.return
}

// Reduction loops that index outputs. Loop 0 of @rows_marked_reduction
// indexes its only output as a dimension: its iterations write different
// elements, so it is parallel (a row reduction). In @rows_and_columns each
// loop indexes one output and reduces into the other: one thread runs the
// loops in order, loading and storing the outputs at every iteration.
// CHECK-LABEL: offload.kernel @rows_marked_reduction
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK: scf.parallel (%[[C:.*]]) = {{.*}} init (%{{.*}}) -> f32
// CHECK: memref.load %{{.*}}[%[[R]], %[[C]]]
// CHECK: scf.reduce
offload.kernel @rows_marked_reduction(%x: memref<?x256xf32>, %rs: memref<?xf32>) {
  // expected-remark@+1 {{'linalg.generic' lowered to a parallel loop over its outputs holding a parallel reduction}}
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<?x256xf32>) outs(%rs : memref<?xf32>) {
  ^bb0(%v: f32, %a: f32):
    %s = arith.addf %a, %v : f32
    linalg.yield %s : f32
  }
  offload.return
}

// CHECK-LABEL: offload.kernel @rows_and_columns
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c1{{.*}})
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-DAG: memref.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-DAG: memref.load %[[RS:.*]][%[[I]]]
// CHECK-DAG: memref.load %[[CS:.*]][%[[J]]]
// CHECK: memref.store %{{.*}}, %[[RS]][%[[I]]]
// CHECK: memref.store %{{.*}}, %[[CS]][%[[J]]]
// CHECK-NOT: linalg.
offload.kernel @rows_and_columns(%x: memref<?x?xf32>, %rs: memref<?xf32>, %cs: memref<?xf32>) {
  // expected-remark@+1 {{'linalg.generic' lowered to one thread running all its loops in order (a reduction loop indexes an output)}}
  linalg.generic {indexing_maps = [#id, #row, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%rs, %cs : memref<?xf32>, memref<?xf32>) {
  ^bb0(%v: f32, %a: f32, %b: f32):
    %s = arith.addf %a, %v : f32
    %t = arith.addf %b, %v : f32
    linalg.yield %s, %t : f32, f32
  }
  offload.return
}

// An input reads the output the op reduces into: the other forms would
// keep the output in a register and the input would see none of its
// updates. One thread runs the loops in order.
// CHECK-LABEL: offload.kernel @reads_its_output
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK: memref.load %[[O:arg[0-9]+]][%[[I]]]
// CHECK: memref.store %{{.*}}, %[[O]][%[[I]]]
offload.kernel @reads_its_output(%x: memref<?x?xf32>, %o: memref<?xf32>) {
  // expected-remark@+1 {{'linalg.generic' lowered to one thread running all its loops in order (an input reads an output it reduces into)}}
  linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %o : memref<?x?xf32>, memref<?xf32>) outs(%o : memref<?xf32>) {
  ^bb0(%v: f32, %oi: f32, %a: f32):
    %m = arith.mulf %v, %oi : f32
    %s = arith.addf %a, %m : f32
    linalg.yield %s : f32
  }
  offload.return
}
