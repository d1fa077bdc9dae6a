// RUN: offload-opt %s -split-input-file --offload-infer-maps | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-infer-maps=remarks=1 -verify-diagnostics -o /dev/null

// Write-only outputs: `from`, or `alloc` when nothing reads the buffer after
// the launch (a temporary the function allocates and frees).

offload.kernel @fill(%out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %out, %c0 : memref<?x?xf32>
  %n = memref.dim %out, %c1 : memref<?x?xf32>
  %f = arith.constant 3.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    memref.store %f, %out[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @fill_outputs(
// CHECK-SAME: %[[OUT:.*]]: memref<?x?xf32>, %[[N:.*]]: index)
// CHECK: offload.launch @fill(%[[OUT]]) map(from: %[[OUT]] : memref<?x?xf32>)
// CHECK: %[[T:.*]] = memref.alloc(%[[N]], %[[N]])
// CHECK: offload.launch @fill(%[[T]]) map(alloc: %[[T]] : memref<?x?xf32>)
// CHECK: %[[U:.*]] = memref.alloc(%[[N]], %[[N]])
// CHECK: offload.launch @fill(%[[U]]) map(from: %[[U]] : memref<?x?xf32>)
func.func @fill_outputs(%out: memref<?x?xf32>, %n: index) -> f32 {
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @fill writes every element and reads none}}
  offload.launch @fill(%out) : (memref<?x?xf32>) -> ()
  %t = memref.alloc(%n, %n) : memref<?x?xf32>
  // expected-remark@+1 {{argument #0 mapped 'alloc': kernel @fill writes every element and reads none, and nothing reads the buffer afterwards}}
  offload.launch @fill(%t) : (memref<?x?xf32>) -> ()
  memref.dealloc %t : memref<?x?xf32>
  %u = memref.alloc(%n, %n) : memref<?x?xf32>
  // expected-remark@+1 {{argument #0 mapped 'from': kernel @fill writes every element and reads none}}
  offload.launch @fill(%u) : (memref<?x?xf32>) -> ()
  %c0 = arith.constant 0 : index
  %v = memref.load %u[%c0, %c0] : memref<?x?xf32>
  return %v : f32
}

// Uses after the launch that read nothing of what it wrote: its size
// (memref.dim), a host store (in a loop: the next iteration's store comes
// after this iteration's launch), the free. Nothing to copy back.
// CHECK-LABEL: func.func @not_read_after(
// CHECK-SAME: %[[N:.*]]: index, %[[STEPS:.*]]: index)
// CHECK: %[[T:.*]] = memref.alloc(%[[N]], %[[N]])
// CHECK: offload.launch @fill(%[[T]]) map(alloc: %[[T]] : memref<?x?xf32>)
// CHECK: %[[U:.*]] = memref.alloc(%[[N]], %[[N]])
// CHECK: scf.for
// CHECK: memref.store
// CHECK: offload.launch @fill(%[[U]]) map(alloc: %[[U]] : memref<?x?xf32>)
func.func @not_read_after(%n: index, %steps: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc(%n, %n) : memref<?x?xf32>
  // expected-remark@+1 {{argument #0 mapped 'alloc': kernel @fill writes every element and reads none, and nothing reads the buffer afterwards}}
  offload.launch @fill(%t) : (memref<?x?xf32>) -> ()
  %rows = memref.dim %t, %c0 : memref<?x?xf32>
  memref.dealloc %t : memref<?x?xf32>
  %u = memref.alloc(%n, %n) : memref<?x?xf32>
  scf.for %k = %c0 to %steps step %c1 {
    memref.store %zero, %u[%c0, %c0] : memref<?x?xf32>
    // expected-remark@+1 {{argument #0 mapped 'alloc': kernel @fill writes every element and reads none, and nothing reads the buffer afterwards}}
    offload.launch @fill(%u) : (memref<?x?xf32>) -> ()
  }
  memref.dealloc %u : memref<?x?xf32>
  return %rows : index
}

// Other names of the buffer: what a region op yields (scf.if,
// scf.execute_region), a loop's iteration argument, and its address handed
// out (memref.extract_aligned_pointer_as_index, even before the launch: the
// host may read through it afterwards). Reads through them read what the
// launch wrote: `from`.
// CHECK-LABEL: func.func @read_through_aliases(
// CHECK: offload.launch @fill(%[[A:.*]]) map(from: %[[A]] : memref<?x?xf32>)
// CHECK: offload.launch @fill(%[[B:.*]]) map(from: %[[B]] : memref<?x?xf32>)
// CHECK: offload.launch @fill(%[[C:.*]]) map(from: %[[C]] : memref<?x?xf32>)
// CHECK: offload.launch @fill(%[[D:.*]]) map(from: %[[D]] : memref<?x?xf32>)
func.func @read_through_aliases(%n: index, %flag: i1, %other: memref<?x?xf32>)
    -> (f32, f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n, %n) : memref<?x?xf32>
  %sa = scf.if %flag -> (memref<?x?xf32>) {
    scf.yield %a : memref<?x?xf32>
  } else {
    scf.yield %other : memref<?x?xf32>
  }
  // expected-remark@+1 {{argument #0 mapped 'from'}}
  offload.launch @fill(%a) : (memref<?x?xf32>) -> ()
  %va = memref.load %sa[%c0, %c0] : memref<?x?xf32>
  %b = memref.alloc(%n, %n) : memref<?x?xf32>
  %sb = scf.execute_region -> memref<?x?xf32> {
    scf.yield %b : memref<?x?xf32>
  }
  // expected-remark@+1 {{argument #0 mapped 'from'}}
  offload.launch @fill(%b) : (memref<?x?xf32>) -> ()
  %vb = memref.load %sb[%c0, %c0] : memref<?x?xf32>
  %c = memref.alloc(%n, %n) : memref<?x?xf32>
  %last = scf.for %k = %c0 to %n step %c1 iter_args(%it = %other) -> memref<?x?xf32> {
    scf.yield %c : memref<?x?xf32>
  }
  // expected-remark@+1 {{argument #0 mapped 'from'}}
  offload.launch @fill(%c) : (memref<?x?xf32>) -> ()
  %vc = memref.load %last[%c0, %c0] : memref<?x?xf32>
  %d = memref.alloc(%n, %n) : memref<?x?xf32>
  %p = memref.extract_aligned_pointer_as_index %d : memref<?x?xf32> -> index
  // expected-remark@+1 {{argument #0 mapped 'from'}}
  offload.launch @fill(%d) : (memref<?x?xf32>) -> ()
  return %va, %vb, %vc, %p : f32, f32, f32, index
}

// -----

// Partial and conditional writes stay `tofrom`: the elements the kernel does
// not write must come back unchanged.

offload.kernel @partial(%out: memref<?xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c2) {
    memref.store %f, %out[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @conditional(%out: memref<?xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.if %flag {
      memref.store %f, %out[%i] : memref<?xf32>
    }
  }
  offload.return
}

// CHECK-LABEL: func.func @partial_writes(
// CHECK: offload.launch @partial({{.*}}) map(tofrom:
// CHECK: offload.launch @conditional({{.*}}) map(tofrom:
func.func @partial_writes(%out: memref<?xf32>, %flag: i1) {
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @partial writes it but may not write every element}}
  offload.launch @partial(%out, %flag) : (memref<?xf32>, i1) -> ()
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @conditional writes it but may not write every element}}
  offload.launch @conditional(%out, %flag) : (memref<?xf32>, i1) -> ()
  return
}

// -----

// Sections: a loop over [lo, hi) reading x[i - 1], x[i + 1] and writing
// y[i] maps x[lo - 1, hi + 1) `to` and y[lo, hi) `from`, computed on the host
// from the launch's arguments and clamped to the buffers.

offload.kernel @stencil(%lo: index, %hi: index, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
    %l = arith.subi %i, %c1 : index
    %r = arith.addi %i, %c1 : index
    %a = memref.load %x[%l] : memref<?xf32>
    %b = memref.load %x[%r] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @sections(
// CHECK-SAME: %[[LO:.*]]: index, %[[HI:.*]]: index, %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK: %[[XN:.*]] = memref.dim %[[X]], %c0
// CHECK: %[[XB0:.*]] = arith.addi %[[LO]], %c-1
// CHECK: %[[XE0:.*]] = arith.addi %[[HI]], %c1
// CHECK: %[[XB1:.*]] = arith.maxsi %[[XB0]], %c0
// CHECK: %[[XB:.*]] = arith.minsi %[[XB1]], %[[XN]]
// CHECK: %[[XE1:.*]] = arith.minsi %[[XE0]], %[[XN]]
// CHECK: %[[XE:.*]] = arith.maxsi %[[XE1]], %[[XB]]
// CHECK: %[[XLEN:.*]] = arith.subi %[[XE]], %[[XB]]
// CHECK: %[[XS:.*]] = memref.subview %[[X]][%[[XB]]] [%[[XLEN]]] [1]
// CHECK: %[[YS:.*]] = memref.subview %[[Y]]
// CHECK: offload.launch @stencil(%[[LO]], %[[HI]], %[[X]], %[[Y]]) map(to: %[[XS]] : memref<?xf32, strided<[1], offset: ?>>, from: %[[YS]] : memref<?xf32, strided<[1], offset: ?>>)
func.func @sections(%lo: index, %hi: index, %x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+2 {{argument #2 mapped 'to': kernel @stencil only reads it; only the rows its parallel loop reaches move, [lb - 1, ub + 1) of dimension 0}}
  // expected-remark@+1 {{argument #3 mapped 'from': kernel @stencil writes every element and reads none; only the rows its parallel loop reaches move, [lb, ub) of dimension 0}}
  offload.launch @stencil(%lo, %hi, %x, %y) : (index, index, memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// Effects through calls to functions with bodies, branches, destination-
// style ops and one-element buffers.

func.func private @read_first(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xf32>
  return %v : f32
}

func.func private @write_first(%m: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<?xf32>
  return
}

offload.kernel @through_calls(%a: memref<?xf32>, %b: memref<?xf32>) {
  %v = func.call @read_first(%a) : (memref<?xf32>) -> f32
  func.call @write_first(%b, %v) : (memref<?xf32>, f32) -> ()
  offload.return
}

offload.kernel @through_branch(%a: memref<?xf32>, %flag: i1) {
  cf.cond_br %flag, ^read(%a : memref<?xf32>), ^done
^read(%m: memref<?xf32>):
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xf32>
  cf.br ^done
^done:
  offload.return
}

offload.kernel @linalg_fill(%out: memref<?x?xf32>, %in: memref<?x?xf32>, %acc: memref<?x?xf32>) {
  %f = arith.constant 0.0 : f32
  linalg.fill ins(%f : f32) outs(%out : memref<?x?xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<?x?xf32>) outs(%acc : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  offload.return
}

offload.kernel @one_element(%x: memref<?xf32>, %res: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<?xf32>
  memref.store %v, %res[%c0] : memref<1xf32>
  offload.return
}

// CHECK-LABEL: func.func @effects(
// CHECK: offload.launch @through_calls(%[[A:.*]], %[[B:.*]]) map(to: %[[A]] : memref<?xf32>, tofrom: %[[B]] : memref<?xf32>)
// CHECK: offload.launch @through_branch(%[[A]], %{{.*}}) map(to: %[[A]] : memref<?xf32>)
// CHECK: offload.launch @linalg_fill(%[[O:.*]], %[[I:.*]], %[[C:.*]]) map(from: %[[O]] : memref<?x?xf32>, to: %[[I]] : memref<?x?xf32>, tofrom: %[[C]] : memref<?x?xf32>)
// CHECK: offload.launch @one_element(%[[A]], %[[R:.*]]) map(to: %[[A]] : memref<?xf32>, from: %[[R]] : memref<1xf32>)
func.func @effects(%a: memref<?xf32>, %b: memref<?xf32>, %flag: i1,
                   %o: memref<?x?xf32>, %i: memref<?x?xf32>, %c: memref<?x?xf32>,
                   %r: memref<1xf32>) {
  // expected-remark@+2 {{argument #0 mapped 'to': kernel @through_calls only reads it}}
  // expected-remark@+1 {{argument #1 mapped 'tofrom': kernel @through_calls writes it but may not write every element}}
  offload.launch @through_calls(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'to': kernel @through_branch only reads it}}
  offload.launch @through_branch(%a, %flag) : (memref<?xf32>, i1) -> ()
  // expected-remark@+3 {{argument #0 mapped 'from': kernel @linalg_fill writes every element and reads none}}
  // expected-remark@+2 {{argument #1 mapped 'to': kernel @linalg_fill only reads it}}
  // expected-remark@+1 {{argument #2 mapped 'tofrom': kernel @linalg_fill reads and writes it}}
  offload.launch @linalg_fill(%o, %i, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  // expected-remark@+2 {{argument #0 mapped 'to': kernel @one_element only reads it}}
  // expected-remark@+1 {{argument #1 mapped 'from': kernel @one_element writes every element and reads none}}
  offload.launch @one_element(%a, %r) : (memref<?xf32>, memref<1xf32>) -> ()
  return
}

// -----

// A function the analysis cannot see into: the safe answer, and the remark
// says why.

func.func private @opaque(%m: memref<?xf32>)

offload.kernel @calls_opaque(%a: memref<?xf32>) {
  func.call @opaque(%a) : (memref<?xf32>) -> ()
  offload.return
}

func.func @recursive(%m: memref<?xf32>) {
  func.call @recursive(%m) : (memref<?xf32>) -> ()
  return
}

offload.kernel @calls_recursive(%a: memref<?xf32>) {
  func.call @recursive(%a) : (memref<?xf32>) -> ()
  offload.return
}

// CHECK-LABEL: func.func @unknown(
// CHECK: offload.launch @calls_opaque(%[[A:.*]]) map(tofrom: %[[A]] : memref<?xf32>)
// CHECK: offload.launch @calls_recursive(%[[A]]) map(tofrom: %[[A]] : memref<?xf32>)
func.func @unknown(%a: memref<?xf32>) {
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @calls_opaque passes it to 'func.call' of a function without a body}}
  offload.launch @calls_opaque(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{argument #0 mapped 'tofrom': kernel @calls_recursive passes it to @recursive, which passes it to recursive function @recursive}}
  offload.launch @calls_recursive(%a) : (memref<?xf32>) -> ()
  return
}
