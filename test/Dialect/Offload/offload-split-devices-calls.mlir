// RUN: offload-opt %s -split-input-file --offload-split-devices | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-split-devices=remarks=1 -verify-diagnostics -o /dev/null

// Calls of functions that make split launches (themselves or through the
// functions they call) are inlined, so that runs reach across calls: a
// loop calling @sweep keeps its sections on the devices as the same loop
// with @sweep's launches written inline (one enter per device before the
// loop, one exit after). The private @sweep, no call left, goes; the
// public @sweep_pub stays for callers the module does not show.

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    memref.store %l, %y[%i] : memref<?xf32>
  }
  offload.return
}

// The remarks of inlined launches are at the callee's lines, with a
// "called from" note.
// CHECK-NOT: func.func private @sweep(
func.func private @sweep(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+2 {{launch of @step split over every device present}}
  // expected-remark@+1 {{before this launch each device receives}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+2 {{launch of @step split over every device present}}
  // expected-remark@+1 {{before this launch each device receives}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @calls_in_loop(
//       CHECK:   omp.parallel
//       CHECK:     offload.enter_data
//       CHECK:   scf.for
//   CHECK-NOT:     func.call @sweep
//       CHECK:     offload.launch @step_share
//       CHECK:     offload.launch @step_share
//       CHECK:   omp.parallel
//       CHECK:     offload.exit_data
func.func @calls_in_loop(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{call of @sweep inlined: its launches over several devices can keep their sections on the devices with those around the call}}
    func.call @sweep(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A public function keeps its body (its own run) and is inlined too. (The
// verifier counts a remark its inlined copy repeats at the same line once.)
// CHECK-LABEL: func.func @sweep_pub(
//       CHECK:   offload.launch @step_share
func.func @sweep_pub(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+3 {{split launches of @step keep their sections on every device present across 2 launch(es)}}
  // expected-remark@+2 {{launch of @step split over every device present}}
  // expected-remark@+1 {{before this launch each device receives}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+2 {{launch of @step split over every device present}}
  // expected-remark@+1 {{before this launch each device receives}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @calls_pub(
//   CHECK-NOT:   func.call @sweep_pub
//       CHECK:   return
func.func @calls_pub(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{call of @sweep_pub inlined}}
    func.call @sweep_pub(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// Not inlined: a recursive function, and one with a stack allocation (it
// would grow the caller's stack at every iteration of a loop). Their calls
// end runs, and the remark says so.

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %l = memref.load %x[%i] : memref<?xf32>
    memref.store %l, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @recurse(%a: memref<?xf32>, %b: memref<?xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  %more = arith.cmpi sgt, %k, %c0 : index
  scf.if %more {
    %km = arith.subi %k, %c1 : index
    func.call @recurse(%b, %a, %km) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  return
}

func.func private @scratch(%a: memref<?xf32>, %b: memref<?xf32>) {
  %t = memref.alloca() : memref<4xf32>
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @not_inlined(
//       CHECK:   func.call @recurse(
//       CHECK:   func.call @scratch(
func.func @not_inlined(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #1 of @step between the launches ('func.call')}}
  scf.for %t = %c0 to %steps step %c1 {
    func.call @recurse(%a, %b, %steps) : (memref<?xf32>, memref<?xf32>, index) -> ()
    func.call @scratch(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// Calls of functions that only load and store single elements, in a
// function making split launches, are inlined: their accesses move one
// element between the host and the devices holding it, and the launches
// around keep their sections. A helper that does more (a loop of its
// own) is a call, which the run ends at.

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %l = memref.load %x[%i] : memref<?xf32>
    memref.store %l, %y[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @get(
//       CHECK:   memref.load
//   CHECK-NOT:   offload.update
//       CHECK:   return
func.func @get(%x: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %x[%i] : memref<?xf32>
  return %v : f32
}

// CHECK-NOT: func.func private @set(
func.func private @set(%x: memref<?xf32>, %i: index, %v: f32) {
  %two = arith.constant 2.0 : f32
  %w = arith.mulf %v, %two : f32
  memref.store %w, %x[%i] : memref<?xf32>
  return
}

func.func private @sum4(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

// CHECK-LABEL: func.func @helpers(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     offload.launch @step_share
//   CHECK-NOT:     func.call @get
//       CHECK:     offload.update map(from:
//       CHECK:     %[[V:.*]] = memref.load %[[B]]
//       CHECK:     %[[W:.*]] = arith.mulf %[[V]],
//       CHECK:     memref.store %[[W]], %[[B]]
//       CHECK:     offload.update map(to:
//       CHECK:     offload.launch @step_share
//       CHECK:   offload.exit_data
func.func @helpers(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo, hi) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo, hi) entered 'to', rows [lo, hi) copied back; the host's loads and stores of single elements of argument #1 of @step (2) move that element alone}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{call of @get inlined: it only loads and stores single elements, which can move alone between launches over several devices}}
    %v = func.call @get(%b, %t) : (memref<?xf32>, index) -> f32
    // expected-remark@+1 {{call of @set inlined: it only loads and stores single elements, which can move alone between launches over several devices}}
    func.call @set(%b, %c3, %v) : (memref<?xf32>, index, f32) -> ()
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @helper_with_loop(
//       CHECK:   func.call @sum4(
func.func @helper_with_loop(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #1 of @step between the launches ('func.call')}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %s = func.call @sum4(%b) : (memref<?xf32>) -> f32
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// Only calls whose launches may keep their sections with others are
// inlined: calls passing buffers, in a loop or beside split launches (or
// such calls) on one of those buffers. A driver calling phases that
// allocate their own buffers, or phases on buffers of their own, keeps its
// calls (inlining each would only copy the code, per call and level).

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}

// (The run of its own launches, and that of the four inlined in
// @side_by_side, whose remarks are at this line.)
func.func private @sweep(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+3 {{launch of @step split over every device present}}
  // expected-remark@+2 {{split launches of @step keep their sections on every device present across 2 launch(es)}}
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 4 launch(es)}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{launch of @step split over every device present}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

func.func private @phase(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  func.call @sweep(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @driver(
//  CHECK-NEXT:   call @phase(
//  CHECK-NEXT:   call @phase(
func.func @driver(%n: index) {
  func.call @phase(%n) : (index) -> ()
  func.call @phase(%n) : (index) -> ()
  return
}

// CHECK-LABEL: func.func @apart(
//  CHECK-NEXT:   call @sweep(
//  CHECK-NEXT:   call @sweep(
func.func @apart(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %d: memref<?xf32>) {
  func.call @sweep(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  func.call @sweep(%c, %d) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @side_by_side(
//   CHECK-NOT:   call @sweep
//       CHECK:   offload.launch @step_share
//       CHECK:   offload.launch @step_share
//       CHECK:   offload.launch @step_share
//       CHECK:   offload.launch @step_share
//   CHECK-NOT:   call @sweep
//       CHECK:   return
func.func @side_by_side(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+1 {{call of @sweep inlined}}
  func.call @sweep(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{call of @sweep inlined}}
  func.call @sweep(%b, %a) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
