// RUN: offload-opt %s --offload-infer-maps | FileCheck %s
// The pass is idempotent: a second run infers nothing new and changes nothing.
// RUN: offload-opt %s --offload-infer-maps | offload-opt --offload-infer-maps | FileCheck %s
// RUN: offload-opt %s --offload-infer-maps | offload-opt --offload-infer-maps=remarks=1 -verify-diagnostics
// RUN: offload-opt %s -split-input-file --offload-infer-maps=remarks=1 -verify-diagnostics

// Read-only buffers are mapped `to`; a buffer written at every index of the
// loop and never read `from`; one read and written `tofrom`. Untouched ones
// (only their size is taken) and scalars are not mapped. The loop runs over
// %u's extent, so only that many rows of the others move: sections.

offload.kernel @access_kinds(%a: f32, %r: memref<?xf32>, %w: memref<?xf32>,
                             %rw: memref<?xf32>, %u: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %u, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %ri = memref.load %r[%i] : memref<?xf32>
    %rwi = memref.load %rw[%i] : memref<?xf32>
    %s = arith.addf %ri, %rwi : f32
    %m = arith.mulf %a, %s : f32
    memref.store %m, %w[%i] : memref<?xf32>
    memref.store %m, %rw[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_access_kinds(
// CHECK-SAME: %[[A:.*]]: f32, %[[R:.*]]: memref<?xf32>, %[[W:.*]]: memref<?xf32>, %[[RW:.*]]: memref<?xf32>, %[[U:.*]]: memref<?xf32>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[N:.*]] = memref.dim %[[U]], %[[C0]]
// CHECK: %[[SR:.*]] = memref.subview %[[R]][%{{.*}}] [%{{.*}}] [1]
// CHECK: %[[SW:.*]] = memref.subview %[[W]][%{{.*}}] [%{{.*}}] [1]
// CHECK: %[[SRW:.*]] = memref.subview %[[RW]][%{{.*}}] [%{{.*}}] [1]
// CHECK: offload.launch @access_kinds(%[[A]], %[[R]], %[[W]], %[[RW]], %[[U]]) map(to: %[[SR]] : memref<?xf32, strided<[1], offset: ?>>, from: %[[SW]] : memref<?xf32, strided<[1], offset: ?>>, tofrom: %[[SRW]] : memref<?xf32, strided<[1], offset: ?>>) : (f32, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
func.func @launch_access_kinds(%a: f32, %r: memref<?xf32>, %w: memref<?xf32>, %rw: memref<?xf32>, %u: memref<?xf32>) {
  // expected-remark@+3 {{argument #1 mapped 'to': kernel @access_kinds only reads it; only the rows its parallel loop reaches move, [lb, ub) of dimension 0}}
  // expected-remark@+2 {{argument #2 mapped 'from': kernel @access_kinds writes every element and reads none; only the rows}}
  // expected-remark@+1 {{argument #3 mapped 'tofrom': kernel @access_kinds reads and writes it; only the rows}}
  offload.launch @access_kinds(%a, %r, %w, %rw, %u) : (f32, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A kernel that touches no buffer gets no map clause at all; a kernel of
// scalars neither.

offload.kernel @untouched(%x: memref<?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %x, %c0 : memref<?x?xf32>
  %d1 = memref.dim %x, %c1 : memref<?x?xf32>
  %s = arith.addi %d0, %d1 : index
  %p = arith.addi %s, %n : index
  offload.return
}

// CHECK-LABEL: func.func @launch_untouched(
// CHECK-SAME: %[[X:.*]]: memref<?x?xf32>, %[[N:.*]]: index)
// CHECK: offload.launch @untouched(%[[X]], %[[N]]) : (memref<?x?xf32>, index) -> ()
func.func @launch_untouched(%x: memref<?x?xf32>, %n: index) {
  offload.launch @untouched(%x, %n) : (memref<?x?xf32>, index) -> ()
  return
}

// -----

// Explicit clauses are kept as written, even where inference would say
// something else; only the buffers without one get an inferred clause.
// Clauses come out in the order of the launch's arguments.

offload.kernel @explicit(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf32>
  memref.store %v, %z[%c0] : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launch_explicit(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>, %[[D:.*]]: i32, %[[N:.*]]: index)
// CHECK: offload.launch @explicit(%[[X]], %[[Y]], %[[Z]]) map(always, from: %[[X]] : memref<?xf32>, tofrom: %[[Z]] : memref<?xf32>) :
// CHECK: offload.launch @explicit(%[[X]], %[[Y]], %[[Z]]) map(to: %[[X]] : memref<?xf32>, present, alloc: %[[Y]] : memref<?xf32>, to: %[[Z]] : memref<?xf32>) device(%[[D]] : i32) blocks(%[[N]]) threads(%[[N]]) :
func.func @launch_explicit(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %d: i32, %n: index) {
  // expected-remark@+1 {{argument #2 mapped 'tofrom': kernel @explicit writes it}}
  offload.launch @explicit(%x, %y, %z) map(always, from: %x : memref<?xf32>) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'to': kernel @explicit only reads it}}
  offload.launch @explicit(%x, %y, %z) map(to: %z : memref<?xf32>, present, alloc: %y : memref<?xf32>) device(%d : i32) blocks(%n) threads(%n) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// Accesses through views count as accesses of the viewed buffer.

offload.kernel @views(%sub: memref<?x?xf32>, %cast: memref<?x?xf32>, %collapse: memref<4x4xf32>,
                      %unranked: memref<?xf32>, %expand: memref<?xf32>, %chain: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %sv = memref.subview %sub[0, 0] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1]>>
  %v = memref.load %sv[%c0, %c0] : memref<2x2xf32, strided<[?, 1]>>
  %cs = memref.cast %cast : memref<?x?xf32> to memref<4x4xf32>
  memref.store %v, %cs[%c0, %c0] : memref<4x4xf32>
  %cl = memref.collapse_shape %collapse [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  memref.store %v, %cl[%c2] : memref<16xf32>
  %ur = memref.cast %unranked : memref<?xf32> to memref<*xf32>
  %rk = memref.cast %ur : memref<*xf32> to memref<?xf32>
  %vu = memref.load %rk[%c0] : memref<?xf32>
  %ex = memref.expand_shape %expand [[0, 1]] output_shape [%c2, %c2] : memref<?xf32> into memref<?x?xf32>
  memref.store %vu, %ex[%c0, %c0] : memref<?x?xf32>
  %s1 = memref.subview %chain[0, 0] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1]>>
  %s2 = memref.subview %s1[1, 0] [1, 2] [1, 1] : memref<2x2xf32, strided<[?, 1]>> to memref<2xf32, strided<[1], offset: ?>>
  %s3 = memref.cast %s2 : memref<2xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.store %vu, %s3[%c0] : memref<?xf32, strided<[1], offset: ?>>
  offload.return
}

// CHECK-LABEL: func.func @launch_views(
// CHECK-SAME: %[[SUB:.*]]: memref<?x?xf32>, %[[CAST:.*]]: memref<?x?xf32>, %[[COLLAPSE:.*]]: memref<4x4xf32>, %[[UNRANKED:.*]]: memref<?xf32>, %[[EXPAND:.*]]: memref<?xf32>, %[[CHAIN:.*]]: memref<?x?xf32>)
// CHECK: offload.launch @views(%[[SUB]], %[[CAST]], %[[COLLAPSE]], %[[UNRANKED]], %[[EXPAND]], %[[CHAIN]])
// CHECK-SAME: map(to: %[[SUB]] : memref<?x?xf32>, tofrom: %[[CAST]] : memref<?x?xf32>, tofrom: %[[COLLAPSE]] : memref<4x4xf32>, to: %[[UNRANKED]] : memref<?xf32>, tofrom: %[[EXPAND]] : memref<?xf32>, tofrom: %[[CHAIN]] : memref<?x?xf32>) :
func.func @launch_views(%sub: memref<?x?xf32>, %cast: memref<?x?xf32>, %collapse: memref<4x4xf32>,
                 %unranked: memref<?xf32>, %expand: memref<?xf32>, %chain: memref<?x?xf32>) {
  // expected-remark@+6 {{argument #0 mapped 'to': kernel @views only reads it}}
  // expected-remark@+5 {{argument #1 mapped 'tofrom': kernel @views writes it}}
  // expected-remark@+4 {{argument #2 mapped 'tofrom': kernel @views writes it}}
  // expected-remark@+3 {{argument #3 mapped 'to': kernel @views only reads it}}
  // expected-remark@+2 {{argument #4 mapped 'tofrom': kernel @views writes it}}
  // expected-remark@+1 {{argument #5 mapped 'tofrom': kernel @views writes it}}
  offload.launch @views(%sub, %cast, %collapse, %unranked, %expand, %chain) : (memref<?x?xf32>, memref<?x?xf32>, memref<4x4xf32>, memref<?xf32>, memref<?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// A buffer that escapes into an op whose effects are unknown (a call) is
// read and written as far as the pass knows.

func.func private @helper(memref<?xf32>)

offload.kernel @calls(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<?xf32>
  func.call @helper(%x) : (memref<?xf32>) -> ()
  offload.return
}

// CHECK-LABEL: func.func @launch_calls(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.launch @calls(%[[X]], %[[Y]]) map(tofrom: %[[X]] : memref<?xf32>, to: %[[Y]] : memref<?xf32>) :
func.func @launch_calls(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+2 {{argument #0 mapped 'tofrom': kernel @calls passes it to 'func.call' of a function without a body}}
  // expected-remark@+1 {{argument #1 mapped 'to': kernel @calls only reads it}}
  offload.launch @calls(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A view of the buffer passed to a call is the buffer passed to a call.

func.func private @helper_2d(memref<2x2xf32, strided<[?, 1]>>)

offload.kernel @calls_view(%x: memref<?x?xf32>) {
  %sv = memref.subview %x[0, 0] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, 1]>>
  func.call @helper_2d(%sv) : (memref<2x2xf32, strided<[?, 1]>>) -> ()
  offload.return
}

// CHECK-LABEL: func.func @launch_calls_view(
// CHECK-SAME: %[[X:.*]]: memref<?x?xf32>)
// CHECK: offload.launch @calls_view(%[[X]]) map(tofrom: %[[X]] : memref<?x?xf32>) :
func.func @launch_calls_view(%x: memref<?x?xf32>) {
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @calls_view passes it to 'func.call' of a function without a body}}
  offload.launch @calls_view(%x) : (memref<?x?xf32>) -> ()
  return
}

// -----

// A buffer the kernel frees is read and written as far as the pass knows,
// and the remark says why.

offload.kernel @frees(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %y[%c0] : memref<?xf32>
  memref.dealloc %x : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launch_frees(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.launch @frees(%[[X]], %[[Y]]) map(tofrom: %[[X]] : memref<?xf32>, to: %[[Y]] : memref<?xf32>) :
func.func @launch_frees(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+2 {{argument #0 mapped 'tofrom': kernel @frees frees it with 'memref.dealloc'}}
  // expected-remark@+1 {{argument #1 mapped 'to': kernel @frees only reads it}}
  offload.launch @frees(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// One buffer passed as two arguments, one read and one written, gets one
// clause that covers both; the remark names its first argument.

offload.kernel @aliased(%src: memref<?xf32>, %dst: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = memref.load %src[%c0] : memref<?xf32>
  memref.store %v, %dst[%c1] : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launch_aliased(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: offload.launch @aliased(%[[X]], %[[X]]) map(tofrom: %[[X]] : memref<?xf32>) :
// CHECK: offload.launch @aliased(%[[X]], %[[Y]]) map(to: %[[X]] : memref<?xf32>, tofrom: %[[Y]] : memref<?xf32>) :
func.func @launch_aliased(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @aliased reads and writes it}}
  offload.launch @aliased(%x, %x) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'to': kernel @aliased only reads it}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @aliased writes it}}
  offload.launch @aliased(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// Other ops with declared effects: memref.copy reads its source and writes
// all of its target (so the target is `from`); a buffer selected by a pure op is followed through it.

offload.kernel @copy_select(%src: memref<?xf32>, %dst: memref<?xf32>,
                            %a: memref<?xf32>, %b: memref<?xf32>, %c: i1) {
  memref.copy %src, %dst : memref<?xf32> to memref<?xf32>
  %s = arith.select %c, %a, %b : memref<?xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  memref.store %f, %s[%c0] : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launch_copy_select(
// CHECK-SAME: %[[SRC:.*]]: memref<?xf32>, %[[DST:.*]]: memref<?xf32>, %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: i1)
// CHECK: offload.launch @copy_select(%[[SRC]], %[[DST]], %[[A]], %[[B]], %[[C]]) map(to: %[[SRC]] : memref<?xf32>, from: %[[DST]] : memref<?xf32>, tofrom: %[[A]] : memref<?xf32>, tofrom: %[[B]] : memref<?xf32>) :
func.func @launch_copy_select(%src: memref<?xf32>, %dst: memref<?xf32>, %a: memref<?xf32>, %b: memref<?xf32>, %c: i1) {
  // expected-remark@+4 {{argument #0 mapped 'to': kernel @copy_select only reads it}}
  // expected-remark@+3 {{argument #1 mapped 'from': kernel @copy_select writes every element and reads none}}
  // expected-remark@+2 {{argument #2 mapped 'tofrom': kernel @copy_select writes it}}
  // expected-remark@+1 {{argument #3 mapped 'tofrom': kernel @copy_select writes it}}
  offload.launch @copy_select(%src, %dst, %a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, i1) -> ()
  return
}

// -----

// Buffers picked by region ops (scf.if, scf.index_switch, scf.execute_region)
// are followed through the values they yield: each buffer one of them may
// be is written (they were taken as untouched, and the writes were lost).

offload.kernel @pick_if(%a: memref<?xf32>, %b: memref<?xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %s = scf.if %c -> memref<?xf32> {
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %b : memref<?xf32>
  }
  memref.store %f, %s[%c0] : memref<?xf32>
  offload.return
}

offload.kernel @pick_switch(%a: memref<?xf32>, %b: memref<?xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %s = scf.index_switch %k -> memref<?xf32>
  case 1 {
    scf.yield %a : memref<?xf32>
  }
  default {
    %e = scf.execute_region -> memref<?xf32> {
      scf.yield %b : memref<?xf32>
    }
    scf.yield %e : memref<?xf32>
  }
  %v = memref.load %s[%c0] : memref<?xf32>
  memref.store %v, %s[%k] : memref<?xf32>
  offload.return
}

// CHECK-LABEL: func.func @launch_picks(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
// CHECK: offload.launch @pick_if(%[[A]], %[[B]], %{{.*}}) map(tofrom: %[[A]] : memref<?xf32>, tofrom: %[[B]] : memref<?xf32>)
// CHECK: offload.launch @pick_switch(%[[A]], %[[B]], %{{.*}}) map(tofrom: %[[A]] : memref<?xf32>, tofrom: %[[B]] : memref<?xf32>)
func.func @launch_picks(%a: memref<?xf32>, %b: memref<?xf32>, %c: i1, %k: index) {
  // expected-remark@+2 {{argument #0 mapped 'tofrom': kernel @pick_if writes it}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @pick_if writes it}}
  offload.launch @pick_if(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, i1) -> ()
  // expected-remark@+2 {{argument #0 mapped 'tofrom': kernel @pick_switch reads and writes it}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @pick_switch reads and writes it}}
  offload.launch @pick_switch(%a, %b, %k) : (memref<?xf32>, memref<?xf32>, index) -> ()
  return
}

// -----

// Launches nested in data regions and loops get clauses too, and the
// enclosing ops are left alone.

offload.kernel @step(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %in, %c0 : memref<?x?xf32>
  %m = memref.dim %in, %c1 : memref<?x?xf32>
  scf.forall (%i, %j) in (%n, %m) {
    %v = memref.load %in[%i, %j] : memref<?x?xf32>
    memref.store %v, %out[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_nested(
// CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[D:.*]]: i64)
// CHECK: offload.data map(tofrom: %[[A]] : memref<?x?xf32>, alloc: %[[B]] : memref<?x?xf32>) device(%[[D]] : i64) {
// CHECK: scf.for
// CHECK: offload.launch @step(%[[A]], %[[B]]) map(to: %[[A]] : memref<?x?xf32>, tofrom: %[[B]] : memref<?x?xf32>) device(%[[D]] : i64) :
// CHECK: offload.launch @step(%[[B]], %[[A]]) map(to: %[[B]] : memref<?x?xf32>, tofrom: %[[A]] : memref<?x?xf32>) device(%[[D]] : i64) :
// CHECK: offload.update map(from: %[[A]] : memref<?x?xf32>) device(%[[D]] : i64)
// CHECK: offload.launch @step(%[[A]], %[[B]]) map(to: %[[A]] : memref<?x?xf32>, tofrom: %[[B]] : memref<?x?xf32>) :
func.func @launch_nested(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index, %d: i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  offload.data map(tofrom: %a : memref<?x?xf32>, alloc: %b : memref<?x?xf32>) device(%d : i64) {
    scf.for %it = %c0 to %n step %c1 {
      // expected-remark@+2 {{argument #0 mapped 'to': kernel @step only reads it}}
      // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @step writes it}}
      offload.launch @step(%a, %b) device(%d : i64) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      // expected-remark@+2 {{argument #0 mapped 'to': kernel @step only reads it}}
      // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @step writes it}}
      offload.launch @step(%b, %a) device(%d : i64) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    offload.update map(from: %a : memref<?x?xf32>) device(%d : i64)
  }
  scf.for %it = %c0 to %n step %c1 {
    // expected-remark@+2 {{argument #0 mapped 'to': kernel @step only reads it}}
    // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @step writes it}}
    offload.launch @step(%a, %b) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  }
  return
}

// -----

// Read only after the kernel wrote it: a fill before the matmul that
// accumulates into the filled buffer, and a load later in an iteration of
// the element the iteration stored (a fused elementwise chain). The kernel
// needs none of the buffers' previous contents: `from`.

offload.kernel @fill_matmul(%a: memref<4x8xf32>, %b: memref<8x5xf32>,
                            %c: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<4x5xf32>)
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x5xf32>)
                outs(%c : memref<4x5xf32>)
  offload.return
}

offload.kernel @store_then_load(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %y, %c0 : memref<?x?xf32>
  %n = memref.dim %y, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    memref.store %v, %y[%i, %j] : memref<?x?xf32>
    %w = memref.load %y[%i, %j] : memref<?x?xf32>
    %r = arith.maximumf %w, %zero : f32
    memref.store %r, %y[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// Loads of another element, or before the store: the previous contents
// may be read, `tofrom`.
offload.kernel @load_other(%y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %zero, %y[%i] : memref<?xf32>
    %w = memref.load %y[%c0] : memref<?xf32>
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @load_before(%y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %w = memref.load %y[%i] : memref<?xf32>
    %d = arith.addf %w, %w : f32
    memref.store %d, %y[%i] : memref<?xf32>
    %u = memref.load %y[%i] : memref<?xf32>
  }
  offload.return
}

// The row-sum form: the fill in a one-iteration loop, then the reduction
// and the update in another.
offload.kernel @fill_one_trip(%x: memref<?x?xf32>, %s: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %s, %c0 : memref<?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.parallel (%u) = (%c0) to (%c1) step (%c1) {
      memref.store %zero, %s[%i] : memref<?xf32>
    }
    %sum = scf.parallel (%j) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %x[%i, %j] : memref<?x?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %r = arith.addf %a, %b : f32
        scf.reduce.return %r : f32
      }
    }
    scf.parallel (%u) = (%c0) to (%c1) step (%c1) {
      %old = memref.load %s[%i] : memref<?xf32>
      %new = arith.addf %sum, %old : f32
      memref.store %new, %s[%i] : memref<?xf32>
    }
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_written_first(
// CHECK: offload.launch @fill_matmul(%{{.*}}) map(to: %{{.*}} : memref<4x8xf32>, to: %{{.*}} : memref<8x5xf32>, from: %{{.*}} : memref<4x5xf32>)
// CHECK: offload.launch @store_then_load(%{{.*}}) map(to: %{{.*}}, from: %{{.*}} : memref<?x?xf32>)
// CHECK: offload.launch @load_other(%{{.*}}) map(tofrom:
// CHECK: offload.launch @load_before(%{{.*}}) map(tofrom:
// CHECK: offload.launch @fill_one_trip(%{{.*}}) map(to: %{{.*}}, from: %{{.*}} : memref<?xf32>)
func.func @launch_written_first(%a: memref<4x8xf32>, %b: memref<8x5xf32>, %c: memref<4x5xf32>,
                                %x: memref<?x?xf32>, %y: memref<?x?xf32>, %z: memref<?xf32>) {
  // expected-remark@+3 {{argument #0 mapped 'to'}}
  // expected-remark@+2 {{argument #1 mapped 'to'}}
  // expected-remark@+1 {{argument #2 mapped 'from': kernel @fill_matmul writes every element before reading any}}
  offload.launch @fill_matmul(%a, %b, %c) : (memref<4x8xf32>, memref<8x5xf32>, memref<4x5xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'to'}}
  // expected-remark@+1 {{argument #1 mapped 'from': kernel @store_then_load writes every element before reading any}}
  offload.launch @store_then_load(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @load_other reads and writes it}}
  offload.launch @load_other(%z) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @load_before reads and writes it}}
  offload.launch @load_before(%z) : (memref<?xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'to'}}
  // expected-remark@+1 {{argument #1 mapped 'from': kernel @fill_one_trip writes every element before reading any}}
  offload.launch @fill_one_trip(%x, %z) : (memref<?x?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A loop over rows holding loops over each row's elements (the form linalg
// ops take next to a row reduction): a store at (row, element) in a nested
// loop from 0 to the row's length covers the row, and a load in a later
// nested loop over the same range reads what the kernel wrote. The loops
// here are bounded by %x's sizes: %e is covered only where offload.equal_dims
// says its dimensions equal %x's.
offload.kernel @nested_rows(%x: memref<?x?xf32>, %e: memref<?x?xf32>) attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0>, array<i64: 0, 1, 1, 1>]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i, %j] : memref<?x?xf32>
      %r = math.exp %v : f32
      memref.store %r, %e[%i, %j] : memref<?x?xf32>
    }
    %c0b = arith.constant 0 : index
    scf.parallel (%k) = (%c0b) to (%n) step (%c1) {
      %w = memref.load %e[%i, %k] : memref<?x?xf32>
      %p = arith.maximumf %w, %zero : f32
      memref.store %p, %e[%i, %k] : memref<?x?xf32>
    }
  }
  offload.return
}

// The same without offload.equal_dims: %e may be larger than %x.
offload.kernel @nested_rows_sizes_unknown(%x: memref<?x?xf32>, %e: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i, %j] : memref<?x?xf32>
      memref.store %v, %e[%i, %j] : memref<?x?xf32>
    }
  }
  offload.return
}

// A nested loop that starts past 0 leaves the row's first element of %e
// as it was; a load of %f in a nested loop over another range than the
// one that wrote it (%e's row length) may read an element not written.
offload.kernel @nested_rows_partial(%e: memref<?x?xf32>, %f: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %e, %c0 : memref<?x?xf32>
  %n = memref.dim %e, %c1 : memref<?x?xf32>
  %n1 = memref.dim %f, %c1 : memref<?x?xf32>
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    scf.parallel (%j) = (%c1) to (%n) step (%c1) {
      memref.store %zero, %e[%i, %j] : memref<?x?xf32>
    }
    scf.parallel (%j) = (%c0) to (%n1) step (%c1) {
      memref.store %zero, %f[%i, %j] : memref<?x?xf32>
    }
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      %w = memref.load %f[%i, %j] : memref<?x?xf32>
      %d = arith.addf %w, %w : f32
      memref.store %d, %f[%i, %j] : memref<?x?xf32>
    }
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_nested_rows(
// CHECK: offload.launch @nested_rows(%{{.*}}) map(to: %{{.*}} : memref<?x?xf32>, from: %{{.*}} : memref<?x?xf32>)
// CHECK: offload.launch @nested_rows_sizes_unknown(%{{.*}}) map(to: %{{.*}} : memref<?x?xf32>, tofrom: %{{.*}} : memref<?x?xf32{{.*}}>)
// CHECK: offload.launch @nested_rows_partial(%{{.*}}) map(tofrom: %{{.*}} : memref<?x?xf32{{.*}}>, tofrom: %{{.*}} : memref<?x?xf32{{.*}}>)
func.func @launch_nested_rows(%x: memref<?x?xf32>, %e: memref<?x?xf32>) {
  // expected-remark@+2 {{argument #0 mapped 'to'}}
  // expected-remark@+1 {{argument #1 mapped 'from': kernel @nested_rows writes every element before reading any}}
  offload.launch @nested_rows(%x, %e) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'to'}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom'}}
  offload.launch @nested_rows_sizes_unknown(%x, %e) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'tofrom'}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom'}}
  offload.launch @nested_rows_partial(%e, %x) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// A launch over several devices keeps no clauses until offload-split-devices
// has made one launch per device (no remark either).
// CHECK-LABEL: func.func @launch_over_devices(
// CHECK: offload.launch @nested_rows(%{{.*}}) devices(all) :
// CHECK: offload.launch @nested_rows(%{{.*}}) devices(%{{.*}} : memref<?xi32>) :
func.func @launch_over_devices(%x: memref<?x?xf32>, %e: memref<?x?xf32>, %l: memref<?xi32>) {
  offload.launch @nested_rows(%x, %e) devices(all) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  offload.launch @nested_rows(%x, %e) devices(%l : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// A store that does not index by every dimension of the loop writes every
// element only when the other dimensions have iterations: with (0, 0) to
// (dim x, %m) it writes nothing when %m is 0, and the 'from' would have
// copied the device's uninitialised memory over x. Constant bounds with an
// iteration keep 'from'; so does a 1-element buffer stored in the body.

offload.kernel @set_rows(%x: memref<?xi64>, %m: index) attributes {allow_races} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 5 : i64
  %n = memref.dim %x, %c0 : memref<?xi64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    memref.store %v, %x[%i] : memref<?xi64>
  }
  offload.return
}

offload.kernel @set_rows_twice(%x: memref<?xi64>) attributes {allow_races} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 5 : i64
  %n = memref.dim %x, %c0 : memref<?xi64>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c2) step (%c1, %c1) {
    memref.store %v, %x[%i] : memref<?xi64>
  }
  offload.return
}

offload.kernel @set_one(%x: memref<1xi64>, %n: index, %m: index) attributes {allow_races} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 5 : i64
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    memref.store %v, %x[%c0] : memref<1xi64>
  }
  offload.return
}

// CHECK-LABEL: func.func @launch_maybe_empty(
// CHECK: offload.launch @set_rows(%{{.*}}) map(tofrom: %{{.*}} : memref<?xi64>)
// CHECK: offload.launch @set_rows_twice(%{{.*}}) map(from: %{{.*}} : memref<?xi64>)
// CHECK: offload.launch @set_one(%{{.*}}) map(tofrom: %{{.*}} : memref<1xi64>)
func.func @launch_maybe_empty(%x: memref<?xi64>, %m: index, %y: memref<1xi64>) {
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @set_rows writes it}}
  offload.launch @set_rows(%x, %m) : (memref<?xi64>, index) -> ()
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @set_rows_twice writes every element and reads none}}
  offload.launch @set_rows_twice(%x) : (memref<?xi64>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @set_one writes it}}
  offload.launch @set_one(%y, %m, %m) : (memref<1xi64>, index, index) -> ()
  return
}

// -----

// Views whose elements leave gaps in the bytes they span (a column, a box
// cast to dynamic strides, a 3-D box) are mapped 'tofrom' by a kernel
// writing every element: the span comes back whole, gaps included, so the
// gaps go to the device first. Views that move without gaps (a row, also
// cast to a dynamic stride, a box of contiguous rows, which moves row by
// row) stay 'from'.

offload.kernel @set1(%y: memref<?xi64, strided<[?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i64
  %n = memref.dim %y, %c0 : memref<?xi64, strided<[?], offset: ?>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %y[%i] : memref<?xi64, strided<[?], offset: ?>>
  }
  offload.return
}

offload.kernel @set2(%y: memref<?x?xi64, strided<[?, ?], offset: ?>>) {
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

offload.kernel @set2rows(%y: memref<4x3xi64, strided<[5, 1], offset: 6>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v = arith.constant 7 : i64
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) {
    memref.store %v, %y[%i, %j] : memref<4x3xi64, strided<[5, 1], offset: 6>>
  }
  offload.return
}

offload.kernel @set3(%y: memref<2x2x2xi64, strided<[20, 5, 1], offset: 6>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 7 : i64
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c2, %c2, %c2) step (%c1, %c1, %c1) {
    memref.store %v, %y[%i, %j, %k] : memref<2x2x2xi64, strided<[20, 5, 1], offset: 6>>
  }
  offload.return
}

// CHECK-LABEL: func.func @gaps(
// CHECK: offload.launch @set1({{.*}}) map(tofrom:
// CHECK: offload.launch @set1({{.*}}) map(from:
// CHECK: offload.launch @set2({{.*}}) map(tofrom:
// CHECK: offload.launch @set2rows({{.*}}) map(from:
// CHECK: offload.launch @set3({{.*}}) map(tofrom:
func.func @gaps(%m: memref<6x5xi64>, %t: memref<4x4x5xi64>) -> memref<6x5xi64> {
  %col = memref.subview %m[0, 3] [6, 1] [1, 1] : memref<6x5xi64> to memref<6xi64, strided<[5], offset: 3>>
  %cc = memref.cast %col : memref<6xi64, strided<[5], offset: 3>> to memref<?xi64, strided<[?], offset: ?>>
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @set1 writes every element and reads none, but they do not fill the bytes it spans (a strided view): the bytes between them come back too}}
  offload.launch @set1(%cc) : (memref<?xi64, strided<[?], offset: ?>>) -> ()
  %row = memref.subview %m[2, 0] [1, 5] [1, 1] : memref<6x5xi64> to memref<5xi64, strided<[1], offset: 10>>
  %rc = memref.cast %row : memref<5xi64, strided<[1], offset: 10>> to memref<?xi64, strided<[?], offset: ?>>
  // A row cast to a dynamic stride: the cast's source has unit stride.
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @set1 writes every element and reads none}}
  offload.launch @set1(%rc) : (memref<?xi64, strided<[?], offset: ?>>) -> ()
  %box = memref.subview %m[1, 1] [4, 3] [1, 1] : memref<6x5xi64> to memref<4x3xi64, strided<[5, 1], offset: 6>>
  %bc = memref.cast %box : memref<4x3xi64, strided<[5, 1], offset: 6>> to memref<?x?xi64, strided<[?, ?], offset: ?>>
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @set2 writes every element and reads none, but they do not fill the bytes it spans (a strided view): the bytes between them come back too}}
  offload.launch @set2(%bc) : (memref<?x?xi64, strided<[?, ?], offset: ?>>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @set2rows writes every element and reads none}}
  offload.launch @set2rows(%box) : (memref<4x3xi64, strided<[5, 1], offset: 6>>) -> ()
  %cube = memref.subview %t[0, 1, 1] [2, 2, 2] [1, 1, 1] : memref<4x4x5xi64> to memref<2x2x2xi64, strided<[20, 5, 1], offset: 6>>
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @set3 writes every element and reads none, but they do not fill the bytes it spans (a strided view): the bytes between them come back too}}
  offload.launch @set3(%cube) : (memref<2x2x2xi64, strided<[20, 5, 1], offset: 6>>) -> ()
  return %m : memref<6x5xi64>
}
