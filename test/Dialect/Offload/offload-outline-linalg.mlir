// RUN: offload-opt %s --offload-outline-linalg -split-input-file | FileCheck %s
// RUN: offload-opt %s --offload-outline-linalg=remarks=1 -split-input-file -verify-diagnostics -o /dev/null

module attributes {offload.targets = [#offload.host]} {

// One op: a kernel holding it, a launch in its place with no map clause.
// CHECK-LABEL: offload.kernel private @__linalg_mm_matmul_0(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : memref<?x?xf32>, memref<?x?xf32>) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT: offload.return
// CHECK-LABEL: func.func @mm(
// CHECK-SAME: %[[FA:.*]]: memref<?x?xf32>, %[[FB:.*]]: memref<?x?xf32>, %[[FC:.*]]: memref<?x?xf32>)
// CHECK-NEXT: offload.launch @__linalg_mm_matmul_0(%[[FA]], %[[FB]], %[[FC]]) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
// CHECK-NEXT: return
func.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  // expected-remark@+1 {{outlined linalg.matmul into kernel @__linalg_mm_matmul_0 launched here}}
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// A fill and the contraction that accumulates into the filled buffer: one
// kernel, fill first; the fill value is a constant, cloned into the kernel.
// The alloc between them does not touch memory, so it does not split them.
// CHECK-LABEL: offload.kernel private @__linalg_fill_mm_matmul_0(
// CHECK-SAME: %[[A:.*]]: memref<5x7xf32>, %[[B:.*]]: memref<7x3xf32>, %[[C:.*]]: memref<5x3xf32>)
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<5x3xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] : memref<5x3xf32>)
// CHECK-NEXT: offload.return
// CHECK-LABEL: func.func @fill_mm(
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK-NEXT: %[[T:.*]] = memref.alloc() : memref<2xf32>
// CHECK-NEXT: offload.launch @__linalg_fill_mm_matmul_0(%{{.*}}, %{{.*}}, %[[OUT]])
// CHECK-NOT: linalg.
// CHECK: return %[[OUT]]
func.func @fill_mm(%a: memref<5x7xf32>, %b: memref<7x3xf32>) -> memref<5x3xf32> {
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<5x3xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<5x3xf32>)
  %t = memref.alloc() : memref<2xf32>
  // expected-remark@+1 {{outlined linalg.fill and linalg.matmul into kernel @__linalg_fill_mm_matmul_0 launched here}}
  linalg.matmul ins(%a, %b : memref<5x7xf32>, memref<7x3xf32>) outs(%out : memref<5x3xf32>)
  memref.dealloc %t : memref<2xf32>
  return %out : memref<5x3xf32>
}

// A host access between the fill and the contraction: two kernels.
// CHECK-LABEL: offload.kernel private @__linalg_fill_store_mm_fill_0(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: offload.return
// CHECK-LABEL: offload.kernel private @__linalg_fill_store_mm_matmul_0(
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: offload.return
// CHECK-LABEL: func.func @fill_store_mm(
// CHECK: offload.launch @__linalg_fill_store_mm_fill_0(
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.launch @__linalg_fill_store_mm_matmul_0(
func.func @fill_store_mm(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>, %i: index) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_fill_store_mm_fill_0 launched here}}
  linalg.fill ins(%zero : f32) outs(%c : memref<4x4xf32>)
  memref.store %one, %c[%i, %i] : memref<4x4xf32>
  // expected-remark@+1 {{outlined linalg.matmul into kernel @__linalg_fill_store_mm_matmul_0 launched here}}
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// A layer: fill + matmul, then bias add and relu, then a row sum (fill +
// reduction): each step reads what the one before wrote, so all go into one
// kernel (offload-split-kernels then launches the contraction and the loops
// after it one after the other). The operands of the ops other than fills
// come first, in order; scalars from above become arguments (%slope),
// constants are cloned.
// CHECK-LABEL: offload.kernel private @__linalg_layer_matmul_0(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x?xf32>, %[[W:[^:]*]]: memref<?x?xf32>, %[[Y:[^:]*]]: memref<?x?xf32>, %[[BIAS:[^:]*]]: memref<?xf32>, %[[Z:[^:]*]]: memref<?x?xf32>, %[[SUM:[^:]*]]: memref<?xf32>, %[[SLOPE:[^:]*]]: f32)
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[ZERO]] : f32) outs(%[[Y]] : memref<?x?xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[X]], %[[W]] : {{.*}}) outs(%[[Y]] : memref<?x?xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[Y]], %[[BIAS]] : memref<?x?xf32>, memref<?xf32>) outs(%[[Z]] : memref<?x?xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[Z]] : memref<?x?xf32>)
// CHECK: arith.mulf %{{.*}}, %[[SLOPE]]
// CHECK: arith.maximumf %{{.*}}, %[[ZERO]]
// CHECK: linalg.fill ins(%[[ZERO]] : f32) outs(%[[SUM]] : memref<?xf32>)
// CHECK-NEXT: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[Z]] : memref<?x?xf32>) outs(%[[SUM]] : memref<?xf32>)
// CHECK: offload.return
// CHECK-LABEL: func.func @layer(
// CHECK-SAME: %[[FSLOPE:[^:]*]]: f32
// CHECK-NOT: linalg.
// CHECK: offload.launch @__linalg_layer_matmul_0(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FSLOPE]])
// CHECK-NOT: linalg.
// CHECK: return
func.func @layer(%x: memref<?x?xf32>, %w: memref<?x?xf32>, %bias: memref<?xf32>,
                 %slope: f32, %z: memref<?x?xf32>, %sum: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %w, %c1 : memref<?x?xf32>
  %y = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%y : memref<?x?xf32>)
  linalg.matmul ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : memref<?x?xf32>, memref<?xf32>) outs(%z : memref<?x?xf32>) {
  ^bb0(%yv: f32, %bv: f32, %out: f32):
    %s = arith.addf %yv, %bv : f32
    linalg.yield %s : f32
  }
  // Leaky relu: the slope comes from above, the zero is a constant.
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%z : memref<?x?xf32>) {
  ^bb0(%v: f32):
    %neg = arith.mulf %v, %slope : f32
    %pos = arith.maximumf %v, %zero : f32
    %isneg = arith.cmpf olt, %v, %zero : f32
    %r = arith.select %isneg, %neg, %pos : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%sum : memref<?xf32>)
  // expected-remark@+1 {{outlined linalg.fill, linalg.matmul, linalg.generic, linalg.generic, linalg.fill and linalg.generic into kernel @__linalg_layer_matmul_0 launched here}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%z : memref<?x?xf32>) outs(%sum : memref<?xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %r = arith.addf %v, %acc : f32
    linalg.yield %r : f32
  }
  memref.dealloc %y : memref<?x?xf32>
  return
}

// Row softmax in four steps, each reading what the one before wrote: max
// (fill + reduction), exp(x - max), sum (fill + reduction: the fill joins
// because the reduction after it reads the exponentials), divide. One
// kernel, named after its first op that is not a fill.
// CHECK-LABEL: offload.kernel private @__linalg_softmax_reduce_0(
// CHECK-SAME: %[[X:[^:]*]]: memref<?x?xf32>, %[[MX:[^:]*]]: memref<?xf32>, %[[E:[^:]*]]: memref<?x?xf32>, %[[SUM:[^:]*]]: memref<?xf32>, %[[Y:[^:]*]]: memref<?x?xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NINF]] : f32) outs(%[[MX]] : memref<?xf32>)
// CHECK-NEXT: linalg.reduce ins(%[[X]] : memref<?x?xf32>) outs(%[[MX]] : memref<?xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[MX]] : memref<?x?xf32>, memref<?xf32>) outs(%[[E]] : memref<?x?xf32>)
// CHECK: linalg.fill ins(%[[ZERO]] : f32) outs(%[[SUM]] : memref<?xf32>)
// CHECK-NEXT: linalg.reduce ins(%[[E]] : memref<?x?xf32>) outs(%[[SUM]] : memref<?xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[E]], %[[SUM]] : memref<?x?xf32>, memref<?xf32>) outs(%[[Y]] : memref<?x?xf32>)
// CHECK: offload.return
// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: offload.launch @__linalg_softmax_reduce_0(
// CHECK-NEXT: return
func.func @softmax(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %e: memref<?x?xf32>,
                   %mx: memref<?xf32>, %sum: memref<?xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  linalg.fill ins(%ninf : f32) outs(%mx : memref<?xf32>)
  linalg.reduce ins(%x : memref<?x?xf32>) outs(%mx : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : memref<?x?xf32>, memref<?xf32>) outs(%e : memref<?x?xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%sum : memref<?xf32>)
  linalg.reduce ins(%e : memref<?x?xf32>) outs(%sum : memref<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  // expected-remark@+1 {{outlined linalg.fill, linalg.reduce, linalg.generic, linalg.fill, linalg.reduce and linalg.generic into kernel @__linalg_softmax_reduce_0 launched here}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %q = arith.divf %v, %s : f32
    linalg.yield %q : f32
  }
  return
}

// A fill joins a group only when the op after it reduces into the filled
// buffer and reads what the group wrote: here the reduction reads %a, which
// the matmul does not write, so fill + reduction is a kernel of its own; a
// reduction of another buffer than the fill's does not take the fill. The
// matmul is @fill_store_mm's.
// CHECK-NOT: @__linalg_fill_apart_matmul_0(
// CHECK-LABEL: offload.kernel private @__linalg_fill_apart_reduce_0(
// CHECK: linalg.fill
// CHECK-NEXT: linalg.reduce
// CHECK: offload.return
// CHECK-LABEL: offload.kernel private @__linalg_fill_apart_fill_0(
// CHECK: linalg.fill
// CHECK-NEXT: offload.return
// CHECK-LABEL: offload.kernel private @__linalg_fill_apart_reduce_1(
// CHECK-NEXT: linalg.reduce
// CHECK: offload.return
// CHECK-LABEL: func.func @fill_apart(
// CHECK: offload.launch @__linalg_fill_store_mm_matmul_0(
// CHECK-NEXT: offload.launch @__linalg_fill_apart_reduce_0(
// CHECK-NEXT: offload.launch @__linalg_fill_apart_fill_0(
// CHECK-NEXT: offload.launch @__linalg_fill_apart_reduce_1(
func.func @fill_apart(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>,
                      %s: memref<4xf32>, %t: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{outlined linalg.matmul into kernel @__linalg_fill_store_mm_matmul_0 (the same kernel as an earlier group's) launched here}}
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  linalg.fill ins(%zero : f32) outs(%s : memref<4xf32>)
  // expected-remark@+1 {{outlined linalg.fill and linalg.reduce into kernel @__linalg_fill_apart_reduce_0 launched here}}
  linalg.reduce ins(%a : memref<4x4xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_fill_apart_fill_0 launched here}}
  linalg.fill ins(%zero : f32) outs(%t : memref<4xf32>)
  // expected-remark@+1 {{outlined linalg.reduce into kernel @__linalg_fill_apart_reduce_1 launched here}}
  linalg.reduce ins(%b : memref<4x4xf32>) outs(%s : memref<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  return
}

// Elementwise ops on unrelated buffers are not grouped; two ops of the same
// kind get distinct names.
// CHECK-LABEL: offload.kernel private @__linalg_unrelated_copy_0(
// CHECK-NEXT: linalg.copy
// CHECK-NEXT: offload.return
// CHECK-LABEL: offload.kernel private @__linalg_unrelated_copy_1(
// CHECK-NEXT: linalg.copy
// CHECK-NEXT: offload.return
// CHECK-LABEL: func.func @unrelated(
// CHECK-NEXT: offload.launch @__linalg_unrelated_copy_0(
// CHECK-NEXT: offload.launch @__linalg_unrelated_copy_1(
func.func @unrelated(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<4xf32>, %d: memref<4xf32>) {
  // expected-remark@+1 {{outlined linalg.copy into kernel @__linalg_unrelated_copy_0 launched here}}
  linalg.copy ins(%a : memref<8xf32>) outs(%b : memref<8xf32>)
  // expected-remark@+1 {{outlined linalg.copy into kernel @__linalg_unrelated_copy_1 launched here}}
  linalg.copy ins(%c : memref<4xf32>) outs(%d : memref<4xf32>)
  return
}

// Groups that make the same kernel (same argument types, same body) launch
// one kernel, also from another function; a different constant makes
// another kernel.
// CHECK-LABEL: offload.kernel private @__linalg_twice_fill_0(
// CHECK-NEXT: arith.constant 0.000000e+00
// CHECK-NOT: offload.kernel private @__linalg_twice_fill_1(
// CHECK-LABEL: offload.kernel private @__linalg_twice_fill_2(
// CHECK-NEXT: arith.constant 1.000000e+00
// CHECK-LABEL: func.func @twice(
// CHECK: offload.launch @__linalg_twice_fill_0(%arg0)
// CHECK-NEXT: offload.launch @__linalg_twice_fill_0(%arg1)
// CHECK-NEXT: offload.launch @__linalg_twice_fill_2(%arg0)
// CHECK-NOT: offload.kernel
// CHECK-LABEL: func.func @again(
// CHECK: offload.launch @__linalg_twice_fill_0(%arg0)
func.func @twice(%a: memref<8xf32>, %b: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_twice_fill_0 launched here}}
  linalg.fill ins(%zero : f32) outs(%a : memref<8xf32>)
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_twice_fill_0 (the same kernel as an earlier group's) launched here}}
  linalg.fill ins(%zero : f32) outs(%b : memref<8xf32>)
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_twice_fill_2 launched here}}
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  return
}
func.func @again(%a: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_twice_fill_0 (the same kernel as an earlier group's) launched here}}
  linalg.fill ins(%zero : f32) outs(%a : memref<8xf32>)
  return
}

// Nested in loops and branches, on views: the launch stays where the op was
// and takes the view (a strided memref).
// CHECK-LABEL: offload.kernel private @__linalg_nested_matmul_0(
// CHECK-SAME: memref<4x8xf32, strided<[8, 1], offset: ?>>
// CHECK-LABEL: offload.kernel private @__linalg_nested_add_0(
// CHECK-LABEL: func.func @nested(
// CHECK: scf.for
// CHECK: %[[V:.*]] = memref.subview
// CHECK: offload.launch @__linalg_nested_matmul_0(%[[V]],
// CHECK: scf.if
// CHECK-NEXT: offload.launch @__linalg_nested_add_0(
func.func @nested(%a: memref<16x8xf32>, %b: memref<8x8xf32>, %c: memref<16x8xf32>, %n: index, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %it = %c0 to %n step %c1 {
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c4 : index
      %va = memref.subview %a[%row, 0] [4, 8] [1, 1] : memref<16x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
      %vc = memref.subview %c[%row, 0] [4, 8] [1, 1] : memref<16x8xf32> to memref<4x8xf32, strided<[8, 1], offset: ?>>
      // expected-remark@+1 {{outlined linalg.matmul into kernel @__linalg_nested_matmul_0 launched here}}
      linalg.matmul ins(%va, %b : memref<4x8xf32, strided<[8, 1], offset: ?>>, memref<8x8xf32>)
                    outs(%vc : memref<4x8xf32, strided<[8, 1], offset: ?>>)
    }
    scf.if %flag {
      // expected-remark@+1 {{outlined linalg.add into kernel @__linalg_nested_add_0 launched here}}
      linalg.add ins(%a, %c : memref<16x8xf32>, memref<16x8xf32>) outs(%a : memref<16x8xf32>)
    }
  }
  return
}

// A loop's induction variable used in a body is a kernel argument; three
// elementwise ops in a chain are one kernel.
// CHECK-LABEL: offload.kernel private @__linalg_iv_generic_0(
// CHECK-SAME: %[[X:.*]]: memref<8xf32>, %[[IV:.*]]: index)
// CHECK: arith.index_cast %[[IV]]
// CHECK: linalg.exp
// CHECK-NEXT: linalg.negf
// CHECK-NEXT: offload.return
// CHECK-LABEL: func.func @iv(
// CHECK: scf.for %[[I:.*]] = 
// CHECK-NEXT: offload.launch @__linalg_iv_generic_0(%{{.*}}, %[[I]])
func.func @iv(%x: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    linalg.generic {indexing_maps = [affine_map<(d) -> (d)>], iterator_types = ["parallel"]}
        outs(%x : memref<8xf32>) {
    ^bb0(%v: f32):
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %r = arith.addf %v, %f : f32
      linalg.yield %r : f32
    }
    linalg.exp ins(%x : memref<8xf32>) outs(%x : memref<8xf32>)
    // expected-remark@+1 {{outlined linalg.generic, linalg.exp and linalg.negf into kernel @__linalg_iv_generic_0 launched here}}
    linalg.negf ins(%x : memref<8xf32>) outs(%x : memref<8xf32>)
  }
  return
}

// Left alone: a function marked offload.host, ops on tensors, memref.copy,
// and the kernels' own ops.
// CHECK-LABEL: func.func @on_host(
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: return
func.func @on_host(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) attributes {offload.host} {
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}

// CHECK-LABEL: func.func @on_tensors(
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: memref.copy
// CHECK-NEXT: return
func.func @on_tensors(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>,
                      %x: memref<4xf32>, %y: memref<4xf32>) -> tensor<4x4xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  return %r : tensor<4x4xf32>
}

// CHECK-LABEL: offload.kernel @own(
// CHECK: linalg.fill
// CHECK-NEXT: offload.return
offload.kernel @own(%a: memref<4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%a : memref<4xf32>)
  offload.return
}
}

// -----

// The name is taken: the next free index.
// CHECK-LABEL: func.func private @__linalg_f_fill_0(
// CHECK-LABEL: offload.kernel private @__linalg_f_fill_1(
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: offload.launch @__linalg_f_fill_1(
module attributes {offload.targets = [#offload.host]} {
func.func private @__linalg_f_fill_0()
func.func @f(%a: memref<4xi32>, %v: i32) {
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_f_fill_1 launched here}}
  linalg.fill ins(%v : i32) outs(%a : memref<4xi32>)
  return
}
}

// -----

// Between split launches that take one of its buffers (the sum of a stencil's
// output, a rewrite of its input), the launch runs over their devices; with
// no split launch on its buffers, or split launches over different devices,
// or devices computed after it, it keeps the default device.
// CHECK-LABEL: func.func @beside_split(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>, %[[S:.*]]: memref<f32>, %[[D0:.*]]: i32, %[[D1:.*]]: i32)
// CHECK: offload.launch @step(%[[A]], %[[B]]) devices(%[[D0]], %[[D1]] : i32, i32)
// CHECK-NEXT: offload.launch @__linalg_beside_split_reduce_0(%[[B]], %[[S]]) devices(%[[D0]], %[[D1]] : i32, i32)
// CHECK-NEXT: offload.launch @__linalg_beside_split_generic_0(%[[B]], %[[A]]) devices(%[[D0]], %[[D1]] : i32, i32)
// CHECK-NEXT: offload.launch @__linalg_beside_split_fill_0(%[[C]]) :
// CHECK-LABEL: func.func @other_devices(
// CHECK: offload.launch @__linalg_other_devices_fill_0(%{{.*}}) :
// CHECK-LABEL: func.func @devices_after(
// CHECK: offload.launch @__linalg_devices_after_fill_0(%{{.*}}) :
// CHECK-LABEL: func.func @all_devices(
// CHECK: offload.launch @__linalg_all_devices_fill_0(%{{.*}}) devices(all) :
// CHECK-LABEL: func.func @view(
// CHECK: offload.launch @__linalg_view_fill_0(%{{.*}}) :
// CHECK-LABEL: func.func @in_if(
// CHECK: scf.if
// CHECK-NEXT: offload.launch @__linalg_in_if_fill_0(%{{.*}}) devices(all) :
#id = affine_map<(i) -> (i)>
module attributes {offload.targets = [#offload.host]} {
offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  offload.return
}
func.func @beside_split(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %s: memref<f32>, %d0: i32, %d1: i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c4 {
    offload.launch @step(%a, %b) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{outlined linalg.reduce into kernel @__linalg_beside_split_reduce_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers}}
    linalg.reduce ins(%b : memref<?xf32>) outs(%s : memref<f32>) dimensions = [0]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    // expected-remark@+1 {{outlined linalg.generic into kernel @__linalg_beside_split_generic_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers}}
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%b : memref<?xf32>) outs(%a : memref<?xf32>) {
      ^bb0(%v: f32, %o: f32):
        %w = arith.addf %v, %one : f32
        linalg.yield %w : f32
    }
    // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_beside_split_fill_0 launched here}}
    linalg.fill ins(%one : f32) outs(%c : memref<?xf32>)
  }
  return
}
func.func @other_devices(%a: memref<?xf32>, %b: memref<?xf32>, %d0: i32, %d1: i32) {
  %two = arith.constant 2.0 : f32
  offload.launch @step(%a, %b) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_other_devices_fill_0 launched here}}
  linalg.fill ins(%two : f32) outs(%a : memref<?xf32>)
  offload.launch @step(%b, %a) devices(%d1, %d0 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
func.func @devices_after(%a: memref<?xf32>, %b: memref<?xf32>) {
  %three = arith.constant 3.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_devices_after_fill_0 launched here}}
  linalg.fill ins(%three : f32) outs(%a : memref<?xf32>)
  %d0 = arith.constant 0 : i32
  offload.launch @step(%a, %b) devices(%d0 : i32) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
func.func @all_devices(%a: memref<?xf32>, %b: memref<?xf32>) {
  %four = arith.constant 4.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_all_devices_fill_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers}}
  linalg.fill ins(%four : f32) outs(%b : memref<?xf32>)
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
// A view of a buffer of the split launches: they keep no sections across
// it.
func.func @view(%a: memref<?xf32>, %b: memref<?xf32>) {
  %five = arith.constant 5.0 : f32
  %v = memref.subview %a[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_view_fill_0 launched here}}
  linalg.fill ins(%five : f32) outs(%v : memref<4xf32, strided<[1]>>)
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
// In an scf.if beside them.
func.func @in_if(%a: memref<?xf32>, %b: memref<?xf32>, %c: i1) {
  %six = arith.constant 6.0 : f32
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  scf.if %c {
    // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_in_if_fill_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers}}
    linalg.fill ins(%six : f32) outs(%b : memref<?xf32>)
  }
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
}

// -----

// Kernels named after functions whose names are not C identifiers (JAX's
// `jit(g)`, `main.1`) get one: every other character becomes '_'.
// CHECK-LABEL: offload.kernel private @__linalg_jit_g__fill_0(
// CHECK-LABEL: func.func @"jit(g)"(
// CHECK: offload.launch @__linalg_jit_g__fill_0(
// CHECK-LABEL: offload.kernel private @__linalg_main_1_fill_0(
// CHECK-LABEL: func.func @main.1(
// CHECK: offload.launch @__linalg_main_1_fill_0(
module attributes {offload.targets = [#offload.host]} {
func.func @"jit(g)"(%a: memref<4xf32>) {
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_jit_g__fill_0 launched here}}
  linalg.fill ins(%one : f32) outs(%a : memref<4xf32>)
  return
}
func.func @main.1(%a: memref<4xf32>) {
  %two = arith.constant 2.0 : f32
  // expected-remark@+1 {{outlined linalg.fill into kernel @__linalg_main_1_fill_0 launched here}}
  linalg.fill ins(%two : f32) outs(%a : memref<4xf32>)
  return
}
}

// -----

// A module that lists no targets is left alone.
// CHECK-LABEL: func.func @no_targets(
// CHECK-NEXT: linalg.matmul
func.func @no_targets(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) {
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
  return
}
