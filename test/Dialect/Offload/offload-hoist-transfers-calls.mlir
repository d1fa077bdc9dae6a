// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers=remarks=1 -verify-diagnostics -o /dev/null

// Keeping buffers on the device across calls: a loop that calls a function
// that launches maps the buffers once around the loop, and calls a copy of
// the function that finds them on the device.

offload.kernel @blend(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %n = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %out[%i] : memref<16xf32>
  }
  offload.return
}

// The callee is public: other callers, unseen, call it as it is. Its own
// launches share the buffers, so it keeps them on the device itself: one
// copy in and one out per call for a, one out for b (which it writes
// before reading).
// A caller may pass one buffer as both: each enter is made only where
// their bytes do not overlap.
// CHECK-LABEL: func.func @step(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>)
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: }
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: offload.launch @blend(%[[A]], %[[B]]) map(to: %[[A]] : memref<16xf32>, from: %[[B]] : memref<16xf32>)
// CHECK-NEXT: offload.launch @blend(%[[B]], %[[A]]) map(to: %[[B]] : memref<16xf32>, from: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[B]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<16xf32>)
// CHECK-NEXT: return
func.func @step(%a: memref<16xf32>, %b: memref<16xf32>) {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 2 (64 bytes each)}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'from', 0 update(s); 1 copies instead of 2 (64 bytes each)}}
  offload.launch @blend(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  offload.launch @blend(%b, %a) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

// The copy the loop calls: both arguments are on the device when it is
// entered, so it maps nothing itself.
// CHECK-LABEL: func.func private @step_resident_0_1(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>)
// CHECK-NEXT: offload.launch @blend(%[[A]], %[[B]]) map(to: %[[A]] : memref<16xf32>, from: %[[B]] : memref<16xf32>)
// CHECK-NEXT: offload.launch @blend(%[[B]], %[[A]]) map(to: %[[B]] : memref<16xf32>, from: %[[A]] : memref<16xf32>)
// CHECK-NEXT: return

// CHECK-LABEL: func.func @heat(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>, %[[STEPS:.*]]: index)
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK-DAG: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-DAG: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK: scf.for
// CHECK-NEXT: func.call @step_resident_0_1(%[[A]], %[[B]])
// CHECK-NEXT: }
// CHECK-DAG: offload.exit_data map(from: %[[A]] : memref<16xf32>)
// CHECK-DAG: offload.exit_data map(release: %[[B]] : memref<16xf32>)
// CHECK: memref.dealloc %[[B]]
func.func @heat(%a: memref<16xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = memref.alloc() : memref<16xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @step: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration (64 bytes each)}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @step: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 1 per iteration (64 bytes each)}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @step_resident_0_1, a copy of @step entered with argument(s) #0, #1 on the device}}
    func.call @step(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  }
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A private function called from several places: the calls in loops go to
// one resident copy; the call outside any loop keeps the function itself.
// CHECK-LABEL: func.func private @advance(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]]) map(tofrom: %[[A]] : memref<?xf32>)
// CHECK-NEXT: return
func.func private @advance(%a: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @advance_resident_0(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]]) map(tofrom: %[[A]] : memref<?xf32>)
// CHECK-NEXT: return

// CHECK-LABEL: func.func @first(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>,
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @advance_resident_0(%[[A]])
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @first(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @advance: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @advance_resident_0, a copy of @advance entered with argument(s) #0 on the device}}
    func.call @advance(%a) : (memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @second(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>,
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @advance_resident_0(%[[A]])
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @second(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @advance: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 4 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @advance_resident_0, a copy of @advance entered with argument(s) #0 on the device}}
    func.call @advance(%a) : (memref<?xf32>) -> ()
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  return
}

// A single call outside any loop: nothing to share, the function is called
// as it is.
// CHECK-LABEL: func.func @once(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>)
// CHECK-NEXT: call @advance(%[[A]])
// CHECK-NEXT: return
func.func @once(%a: memref<?xf32>) {
  func.call @advance(%a) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A private function every caller now calls a copy of is dead: removed.
// CHECK-NOT: func.func private @only_in_loops(
func.func private @only_in_loops(%a: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @only_in_loops_resident_0(
// CHECK-LABEL: func.func @caller(
// CHECK: func.call @only_in_loops_resident_0(
func.func @caller(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @only_in_loops}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @only_in_loops_resident_0}}
    func.call @only_in_loops(%a) : (memref<?xf32>) -> ()
  }
  return
}

// -----

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A recursive function that only launches on its argument and passes it on
// to itself: summarised to a fixed point like any other. Its own body keeps
// the buffer on the device across its launch and the recursive call, which
// calls the copy entered with it.
// CHECK-LABEL: func.func @rec(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK: scf.if
// CHECK: call @rec_resident_0(%[[A]],
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @rec(%a: memref<?xf32>, %depth: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es), through calls to @rec: enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %more = arith.cmpi ugt, %depth, %c0 : index
  scf.if %more {
    %next = arith.subi %depth, %c1 : index
    // expected-remark@+1 {{calls @rec_resident_0, a copy of @rec entered with argument(s) #0 on the device}}
    func.call @rec(%a, %next) : (memref<?xf32>, index) -> ()
  }
  return
}

// The copy of the recursive function calls itself.
// CHECK-LABEL: func.func private @rec_resident_0(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @inc(%[[A]])
// CHECK: call @rec_resident_0(%[[A]],
// CHECK-NOT: offload.exit_data
// CHECK: return

// The loop calling it keeps the buffer on the device around all its calls.
// CHECK-LABEL: func.func @calls_rec(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @rec_resident_0(%[[A]],
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @calls_rec(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @rec: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @rec_resident_0, a copy of @rec entered with argument(s) #0 on the device}}
    func.call @rec(%a, %c3) : (memref<?xf32>, index) -> ()
  }
  return
}

// Mutual recursion (@ping calls @pong calls @ping) passing two buffers in
// turn at swapped positions: both stay on the device across every level.
// CHECK-LABEL: func.func @pingpong(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>
// CHECK-DAG: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-DAG: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK: scf.for
// CHECK-NEXT: func.call @ping_resident_0_1(%[[A]], %[[B]],
// CHECK-NEXT: }
// CHECK-DAG: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-DAG: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func private @ping(%a: memref<?xf32>, %b: memref<?xf32>, %depth: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es), through calls to @pong: enter 'to', exit 'from', 0 update(s); 2 copies instead of 2}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %more = arith.cmpi ugt, %depth, %c0 : index
  scf.if %more {
    %next = arith.subi %depth, %c1 : index
    // expected-remark@+3 {{calls @pong_resident_1, a copy of @pong entered with argument(s) #1 on the device}}
    // expected-remark@+2 {{calls @pong_resident_0_1, a copy of @pong entered with argument(s) #0, #1 on the device}}
    // (The second: the copy @ping_resident_0_1's call.)
    func.call @pong(%b, %a, %next) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  return
}
func.func private @pong(%x: memref<?xf32>, %y: memref<?xf32>, %depth: index) {
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es), through calls to @ping: enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%x) : (memref<?xf32>) -> ()
  // expected-remark@+2 {{calls @ping_resident_0, a copy of @ping entered with argument(s) #0 on the device}}
  // expected-remark@+1 {{calls @ping_resident_0_1, a copy of @ping entered with argument(s) #0, #1 on the device}}
  func.call @ping(%x, %y, %depth) : (memref<?xf32>, memref<?xf32>, index) -> ()
  return
}
func.func @pingpong(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @ping: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @ping: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @ping_resident_0_1, a copy of @ping entered with argument(s) #0, #1 on the device}}
    func.call @ping(%a, %b, %c4) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  return
}

// A recursive function passing its buffer on as a view (a half of it):
// all of the buffer is kept on the device, and the copy entered with the
// view finds each half there.
// CHECK-LABEL: func.func private @halves_resident_0(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @inc(%[[A]])
// CHECK: call @halves_resident_0(
// CHECK-NOT: offload.exit_data
// CHECK: return
func.func private @halves(%a: memref<?xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es), through calls to @halves: enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %more = arith.cmpi ugt, %n, %c1 : index
  scf.if %more {
    %h = arith.divui %n, %c2 : index
    %v = memref.subview %a[0] [%h] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %c = memref.cast %v : memref<?xf32, strided<[1]>> to memref<?xf32>
    // expected-remark@+1 {{calls @halves_resident_0, a copy of @halves entered with argument(s) #0 on the device}}
    func.call @halves(%c, %h) : (memref<?xf32>, index) -> ()
  }
  return
}
// CHECK-LABEL: func.func @calls_halves(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @halves_resident_0(%[[A]],
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @calls_halves(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @halves: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @halves_resident_0, a copy of @halves entered with argument(s) #0 on the device}}
    func.call @halves(%a, %c64) : (memref<?xf32>, index) -> ()
  }
  return
}

// Launching on the next device at each level: not one device to keep it on.
func.func private @spread(%a: memref<?xf32>, %d: i32) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
  %more = arith.cmpi slt, %d, %c4 : i32
  scf.if %more {
    %next = arith.addi %d, %c1 : i32
    func.call @spread(%a, %next) : (memref<?xf32>, i32) -> ()
  }
  return
}
func.func @calls_spread(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = arith.constant 0 : i32
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this call: it is passed to @spread, which cannot be entered with it on the device: its launches pick different devices (argument #0)}}
    func.call @spread(%a, %d0) : (memref<?xf32>, i32) -> ()
  }
  return
}

// -----

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @log(memref<?xf32>)

// Host accesses in callees: the resident copy of a helper that reads one
// element updates that element alone; one that passes the buffer to an
// unknown function updates all of it, both ways. The caller's remark counts
// those updates: 4 per iteration (1 + 1 + 2). (The functions that launch
// are private: the unknown function cannot call them back,
// offload-hoist-transfers-callbacks.mlir.)
// CHECK-LABEL: func.func @read_at(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[K:.*]]: index)
// CHECK-NEXT: memref.load %[[A]][%[[K]]]
func.func @read_at(%a: memref<?xf32>, %k: index) -> f32 {
  %v = memref.load %a[%k] : memref<?xf32>
  return %v : f32
}

// CHECK-LABEL: func.func private @read_at_resident_0(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[K:.*]]: index)
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[A]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[A]][%[[K]]]

func.func @write_at(%a: memref<?xf32>, %k: index, %v: f32) {
  memref.store %v, %a[%k] : memref<?xf32>
  return
}

// CHECK-LABEL: func.func private @write_at_resident_0(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[K:.*]]: index, %[[V:.*]]: f32)
// CHECK-NEXT: memref.store %[[V]], %[[A]][%[[K]]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[A]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[E]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: return

func.func @show(%a: memref<?xf32>) {
  func.call @log(%a) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @show_resident_0(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.update map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: call @log(%[[A]])
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)

// The launch is in a callee too, and the callee it calls launches.
func.func private @advance(%a: memref<?xf32>) {
  // expected-remark@+1 {{calls @advance_inner_resident_0, a copy of @advance_inner entered with argument(s) #0 on the device}}
  func.call @advance_inner(%a) : (memref<?xf32>) -> ()
  return
}
func.func private @advance_inner(%a: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func private @advance_resident_0(
// CHECK-NEXT: call @advance_inner_resident_0(

// CHECK-LABEL: func.func private @probe_loop(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>,
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @advance_resident_0(%[[A]])
// CHECK-NEXT: func.call @read_at_resident_0(%[[A]],
// CHECK: func.call @write_at_resident_0(%[[A]],
// CHECK: func.call @show_resident_0(%[[A]])
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func private @probe_loop(%a: memref<?xf32>, %steps: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @advance, @read_at, @show, @write_at: enter 'to', exit 'from', 0 update(s) + 4 per iteration; 2 copies + 4 per iteration instead of 0 + 2 per iteration}}
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%s = %zero) -> f32 {
    // expected-remark@+1 {{calls @advance_resident_0, a copy of @advance entered with argument(s) #0 on the device}}
    func.call @advance(%a) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{calls @read_at_resident_0, a copy of @read_at entered with argument(s) #0 on the device}}
    %v = func.call @read_at(%a, %k) : (memref<?xf32>, index) -> f32
    // expected-remark@+1 {{calls @write_at_resident_0, a copy of @write_at entered with argument(s) #0 on the device}}
    func.call @write_at(%a, %k, %v) : (memref<?xf32>, index, f32) -> ()
    // expected-remark@+1 {{calls @show_resident_0, a copy of @show entered with argument(s) #0 on the device}}
    func.call @show(%a) : (memref<?xf32>) -> ()
    %t = arith.addf %s, %v : f32
    scf.yield %t : f32
  }
  return %sum : f32
}

// -----

offload.kernel @fill(%out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %out[%i] : memref<?xf32>
  }
  offload.return
}

// A callee that writes its argument whole must copy it back (its caller may
// read it); a caller whose buffer nothing reads after the call keeps it on
// the device around that single call, so nothing moves.
// CHECK-LABEL: func.func @produce(
// CHECK-SAME: %[[T:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.launch @fill(%[[T]]) map(from: %[[T]] : memref<?xf32>)
func.func @produce(%t: memref<?xf32>) {
  offload.launch @fill(%t) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @produce_dead(
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK-NEXT: call @produce_resident_0(%[[T]])
// CHECK-NEXT: offload.exit_data map(release: %[[T]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[T]]
func.func @produce_dead(%n: index) {
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es), through calls to @produce: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 1}}
  // expected-remark@+1 {{calls @produce_resident_0, a copy of @produce entered with argument(s) #0 on the device}}
  func.call @produce(%t) : (memref<?xf32>) -> ()
  memref.dealloc %t : memref<?xf32>
  return
}

// The host reads one element of it afterwards, then frees it: only that
// element comes back.
// CHECK-LABEL: func.func @produce_read(
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK-NEXT: call @produce_resident_0(%[[T]])
// CHECK-NEXT: %[[ONE:.*]] = memref.subview %[[T]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[T]]
// CHECK-NEXT: offload.exit_data map(release: %[[T]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[T]]
func.func @produce_read(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es), through calls to @produce: enter 'alloc', exit 'release', 1 update(s); 1 copies instead of 1}}
  // expected-remark@+1 {{calls @produce_resident_0, a copy of @produce entered with argument(s) #0 on the device}}
  func.call @produce(%t) : (memref<?xf32>) -> ()
  %v = memref.load %t[%c0] : memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return %v : f32
}

// -----

offload.kernel @blend(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %n = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %out[%i] : memref<16xf32>
  }
  offload.return
}

// The callee is public: other callers, unseen, call it as it is. Its own
// launches share the buffers, so it keeps them on the device itself: one

// Callees whose launches pick a device: a constant (@on_one) or their
// argument (@on_arg). The loops keep the buffers on that device around the
// calls (the caller's data ops name it), and call the resident copies.
// CHECK-LABEL: func.func private @on_one_resident_0_1(
// CHECK: offload.launch @blend({{.*}}) device(
// CHECK-LABEL: func.func private @on_arg_resident_0_1(
// CHECK: offload.launch @blend({{.*}}) device(
// CHECK-LABEL: func.func @loop_const(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: offload.enter_data map(to: %[[A]] : memref<16xf32>) device(%[[ONE]] : i32)
// CHECK: scf.for
// CHECK-NEXT: func.call @on_one_resident_0_1(%[[A]], %[[B]])
// CHECK: offload.exit_data map(from: %[[A]] : memref<16xf32>) device(%{{.*}} : i32)
// CHECK-LABEL: func.func @loop_arg(
// CHECK-SAME: %[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32>, %[[N:.*]]: index, %[[D:.*]]: i32)
// CHECK-DAG: offload.enter_data map(to: %[[A]] : memref<16xf32>) device(%[[D]] : i32)
// CHECK: scf.for
// CHECK-NEXT: func.call @on_arg_resident_0_1(%[[A]], %[[B]], %[[D]])
// CHECK: offload.exit_data map(from: %[[A]] : memref<16xf32>) device(%[[D]] : i32)
// A callee on device 1 and a launch on device 0 in one loop: the buffer
// keeps its per-launch clauses.
// CHECK-LABEL: func.func @loop_mixed(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func private @on_one(%a: memref<16xf32>, %b: memref<16xf32>) {
  %d = arith.constant 1 : i32
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from'}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'from'}}
  offload.launch @blend(%a, %b) device(%d : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  offload.launch @blend(%b, %a) device(%d : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

func.func private @on_arg(%a: memref<16xf32>, %b: memref<16xf32>, %d: i32) {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from'}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'from'}}
  offload.launch @blend(%a, %b) device(%d : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  offload.launch @blend(%b, %a) device(%d : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

func.func @loop_const(%a: memref<16xf32>, %b: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @on_one: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration (64 bytes each)}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @on_one: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 1 per iteration (64 bytes each)}}
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{calls @on_one_resident_0_1, a copy of @on_one entered with argument(s) #0, #1 on the device}}
    func.call @on_one(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
  }
  return
}

func.func @loop_arg(%a: memref<16xf32>, %b: memref<16xf32>, %n: index, %d: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @on_arg: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration (64 bytes each)}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @on_arg: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 1 per iteration (64 bytes each)}}
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{calls @on_arg_resident_0_1, a copy of @on_arg entered with argument(s) #0, #1 on the device}}
    func.call @on_arg(%a, %b, %d) : (memref<16xf32>, memref<16xf32>, i32) -> ()
  }
  return
}

func.func @loop_mixed(%a: memref<16xf32>, %b: memref<16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = arith.constant 0 : i32
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+2 {{buffer moved at every iteration of the loop around this call: its launches pick different devices (argument #0)}}
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this call: its launches pick different devices (argument #1)}}
    func.call @on_one(%a, %b) : (memref<16xf32>, memref<16xf32>) -> ()
    offload.launch @blend(%a, %b) device(%d0 : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  }
  return
}

// -----

// What a callee needs of its caller's buffer when its launches map sections
// of it: nothing when it first writes all of it (a temporary it fills, then
// reads as a section), the caller's contents when it first writes only a
// section and then reads all of it.
offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %u = memref.load %x[%i] : memref<?xf32>
    memref.store %u, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @fill_first(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %a[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @use_tmp(%x: memref<?xf32>, %t: memref<?xf32>) {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 2}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'from', 0 update(s); 1 copies instead of 2}}
  offload.launch @copy(%x, %t) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @copy(%t, %x) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

func.func private @fill_then_read(%t: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 2}}
  offload.launch @fill_first(%t, %n) : (memref<?xf32>, index) -> ()
  offload.launch @copy(%t, %x) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// The temporary: entered 'alloc' around the loop.
// CHECK-LABEL: func.func @tmp_loop(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK: call @use_tmp_resident_0_1(%[[X]], %[[T]])
// CHECK: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @tmp_loop(%x: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @use_tmp: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @use_tmp: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 1 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @use_tmp_resident_0_1, a copy of @use_tmp entered with argument(s) #0, #1 on the device}}
    func.call @use_tmp(%x, %t) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// A section written first: the loop enters the caller's contents.
// CHECK-LABEL: func.func @section_loop(
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK: offload.enter_data map(to: %[[T]] : memref<?xf32>)
// CHECK: scf.for
// CHECK: call @fill_then_read_resident_0_1(%[[T]]
// CHECK: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @section_loop(%x: memref<?xf32>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?xf32>
  %t = memref.alloc(%m) : memref<?xf32>
  memref.copy %x, %t : memref<?xf32> to memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @fill_then_read: enter 'to', exit 'release', 0 update(s); 1 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @fill_then_read: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 1 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @fill_then_read_resident_0_1, a copy of @fill_then_read entered with argument(s) #0, #1 on the device}}
    func.call @fill_then_read(%t, %x, %n) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// -----

// Globals the launches map become arguments of the host functions that use
// them, or call one that does (in place for private functions that only
// host code calls; a public one keeps its body and host calls call a copy
// `@<name>_globals`); every other function gets each once at its entry. A
// loop calling such functions keeps the global on the device around it, and
// a helper's host accesses update the elements they touch.
offload.kernel @inc(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %r = arith.addi %v, %one : i32
    memref.store %r, %a[%i] : memref<?xi32>
  }
  offload.return
}

memref.global "private" @G : memref<1000xi32> = dense<0>
memref.global "private" @H : memref<1000xi32> = dense<0>

// CHECK-NOT: func.func private @step_global(
// CHECK-LABEL: func.func private @step_global_resident_0(
// CHECK-SAME: %[[G:.*]]: memref<1000xi32>)
// CHECK-NOT: memref.get_global
// CHECK: offload.launch @inc(
// CHECK: offload.launch @inc(
// expected-remark@+1 {{@step_global takes global(s) @G as argument(s), which its callers keep on the device as they keep their buffers}}
func.func private @step_global() {
  %g = memref.get_global @G : memref<1000xi32>
  %d = memref.cast %g : memref<1000xi32> to memref<?xi32>
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%d) : (memref<?xi32>) -> ()
  offload.launch @inc(%d) : (memref<?xi32>) -> ()
  return
}

// CHECK-LABEL: func.func private @outer_resident_0(
// CHECK-SAME: %[[G:.*]]: memref<1000xi32>)
// CHECK-NEXT: call @step_global_resident_0(%[[G]])
// expected-remark@+1 {{@outer takes global(s) @G as argument(s), which its callers keep on the device as they keep their buffers}}
func.func private @outer() {
  // expected-remark@+1 {{calls @step_global_resident_0, a copy of @step_global entered with argument(s) #0 on the device}}
  func.call @step_global() : () -> ()
  return
}

// CHECK-LABEL: func.func @global_loop(
// CHECK-NEXT: %[[G:.*]] = memref.get_global @G
// CHECK: offload.enter_data map(to: %[[G]] : memref<1000xi32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: call @step_global_resident_0(%[[G]])
// CHECK-NEXT: scf.for
// CHECK-NEXT: call @outer_resident_0(%[[G]])
// CHECK: offload.exit_data map(from: %[[G]] : memref<1000xi32>)
func.func @global_loop(%steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 4 launch(es) (4 in loops), through calls to @outer, @step_global: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 4 per iteration (4000 bytes each)}}
  scf.for %k = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @step_global_resident_0, a copy of @step_global entered with argument(s) #0 on the device}}
    func.call @step_global() : () -> ()
    scf.for %j = %c0 to %steps step %c1 {
      // expected-remark@+1 {{calls @outer_resident_0, a copy of @outer entered with argument(s) #0 on the device}}
      func.call @outer() : () -> ()
    }
  }
  return
}

// A public helper reading @H on the host keeps its body (callers this
// module does not see); host calls call a copy taking @H, which updates the
// element it reads. The launch in the loop and the helper's read share one
// value of @H (each function gets it once at its entry); the cast the launch
// maps, made in the loop, is made once before it.
// CHECK-LABEL: func.func @peek_h(
// CHECK: memref.get_global @H
// CHECK-LABEL: func.func private @peek_h_globals_resident_1(
// CHECK-SAME: %{{.*}}: index, %[[H:.*]]: memref<1000xi32>)
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[H]]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[H]]
// expected-remark@+1 {{@peek_h_globals takes global(s) @H as argument(s), which its callers keep on the device as they keep their buffers}}
func.func @peek_h(%k: index) -> i32 {
  %h = memref.get_global @H : memref<1000xi32>
  %v = memref.load %h[%k] : memref<1000xi32>
  return %v : i32
}

// CHECK-LABEL: func.func @h_loop(
// CHECK-NEXT: %[[H:.*]] = memref.get_global @H
// CHECK: %[[D:.*]] = memref.cast %[[H]]
// CHECK-NEXT: offload.enter_data map(to: %[[D]] : memref<?xi32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[D]])
// CHECK-NEXT: call @peek_h_globals_resident_1(%{{.*}}, %[[H]])
// CHECK: offload.exit_data map(from: %[[D]] : memref<?xi32>)
func.func @h_loop(%steps: index, %k: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @peek_h_globals: enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 2 per iteration}}
  %s = scf.for %it = %c0 to %steps step %c1 iter_args(%acc = %z) -> i32 {
    %h = memref.get_global @H : memref<1000xi32>
    %d = memref.cast %h : memref<1000xi32> to memref<?xi32>
    offload.launch @inc(%d) : (memref<?xi32>) -> ()
    // expected-remark@+1 {{calls @peek_h_globals_resident_1, a copy of @peek_h_globals entered with argument(s) #1 on the device}}
    %v = func.call @peek_h(%k) : (index) -> i32
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// A copy made for a function that is itself replaced by a copy (@loop, whose
// copy calls @f_resident_0_1) is removed once no call reaches it.
// CHECK-NOT: func.func private @f_resident_0(
// CHECK-LABEL: func.func private @f_resident_0_1(
// CHECK-NOT: func.func private @f_resident_0(
// CHECK-LABEL: func.func private @loop_resident_0_1_2(
// CHECK: call @f_resident_0_1(
// CHECK-NOT: func.func private @f_resident_0(
// CHECK-LABEL: func.func @main_of_loops(
// CHECK: call @loop_resident_0_1_2(
offload.kernel @addto(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %u = memref.load %x[%i] : memref<?xf32>
    %v = memref.load %y[%i] : memref<?xf32>
    %r = arith.addf %u, %v : f32
    memref.store %r, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @f(%a: memref<?xf32>, %b: memref<?xf32>) {
  offload.launch @addto(%b, %a) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

func.func private @loop(%a: memref<?xf32>, %b1: memref<?xf32>, %b2: memref<?xf32>, %sel: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @f: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %n step %c1 {
    // Which buffer is picked changes from iteration to iteration.
    %r = arith.remui %k, %c2 : index
    %even = arith.cmpi eq, %r, %c0 : index
    %pick = arith.andi %sel, %even : i1
    %b = arith.select %pick, %b1, %b2 : memref<?xf32>
    // expected-remark@+3 {{buffer moved at every iteration of the loop around this call: it may be another buffer of the function at run time (it is made by 'arith.select') (argument #1)}}
    // expected-remark@+2 {{calls @f_resident_0, a copy of @f entered with argument(s) #0 on the device}}
    // expected-remark@+1 {{calls @f_resident_0_1, a copy of @f entered with argument(s) #0, #1 on the device}}
    func.call @f(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

func.func @main_of_loops(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @loop: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @loop: enter 'to', exit 'release', 0 update(s); 1 copies instead of 0 + 1 per iteration}}
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{calls @loop_resident_0_1_2, a copy of @loop entered with argument(s) #0, #1, #2 on the device}}
    func.call @loop(%a, %b, %c, %true, %n) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, i1, index) -> ()
  }
  return
}

// -----

// The resident copy of a helper whose launches pick device 1 updates on
// device 1, where the caller keeps the buffers.
offload.kernel @cp(%x: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    memref.store %v, %y[%i] : memref<?xi32>
  }
  offload.return
}

func.func private @step_on_one(%x: memref<?xi32>, %y: memref<?xi32>) {
  %d1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : index
  %one = arith.constant 1 : i32
  offload.launch @cp(%x, %y) device(%d1 : i32) : (memref<?xi32>, memref<?xi32>) -> ()
  %v = memref.load %y[%c5] : memref<?xi32>
  %w = arith.addi %v, %one : i32
  memref.store %w, %x[%c5] : memref<?xi32>
  return
}

// CHECK-LABEL: func.func private @step_on_one_resident_0_1(
// The device is a constant 1 (named %c1_i32 by the printer).
// CHECK: offload.update map(from: %{{.*}} : memref<1xi32, strided<[1], offset: ?>>) device(%c1_i32{{(_[0-9]+)?}} : i32)
// CHECK: offload.update map(to: %{{.*}} : memref<1xi32, strided<[1], offset: ?>>) device(%c1_i32{{(_[0-9]+)?}} : i32)
// CHECK-LABEL: func.func @steps_on_one(
// CHECK: offload.enter_data map(to: %{{.*}} : memref<?xi32>) device(
// CHECK: call @step_on_one_resident_0_1(
func.func @steps_on_one(%x: memref<?xi32>, %y: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @step_on_one: enter 'to', exit 'release', 0 update(s) + 1 per iteration; 1 copies + 1 per iteration instead of 0 + 1 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @step_on_one: enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 1 per iteration}}
  scf.for %it = %c0 to %n step %c1 {
    // expected-remark@+1 {{calls @step_on_one_resident_0_1, a copy of @step_on_one entered with argument(s) #0, #1 on the device}}
    func.call @step_on_one(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
  }
  return
}

// -----

// A helper whose launch maps a section of a view of its argument: its
// resident copy finds the argument present.
offload.kernel @twice_view(%x: memref<?xi32, strided<[1], offset: ?>>, %lo: index, %hi: index) {
  %c1 = arith.constant 1 : index
  %two = arith.constant 2 : i32
  scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
    %w = arith.muli %v, %two : i32
    memref.store %w, %x[%i] : memref<?xi32, strided<[1], offset: ?>>
  }
  offload.return
}

func.func private @on_view(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %s = memref.subview %a[%c0] [%c8] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
  offload.launch @twice_view(%s, %c0, %c8) : (memref<?xi32, strided<[1], offset: ?>>, index, index) -> ()
  return
}

// CHECK-LABEL: func.func private @on_view_resident_0(
// CHECK: offload.launch @twice_view(
// CHECK-LABEL: func.func @views_twice(
// CHECK: offload.enter_data map(to: %[[A:.*]] : memref<?xi32>)
// CHECK-NEXT: call @on_view_resident_0(%[[A]])
// CHECK-NEXT: call @on_view_resident_0(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xi32>)
func.func @views_twice(%a: memref<?xi32>) {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @on_view: enter 'to', exit 'from'}}
  // expected-remark@+1 {{calls @on_view_resident_0, a copy of @on_view entered with argument(s) #0 on the device}}
  func.call @on_view(%a) : (memref<?xi32>) -> ()
  // expected-remark@+1 {{calls @on_view_resident_0, a copy of @on_view entered with argument(s) #0 on the device}}
  func.call @on_view(%a) : (memref<?xi32>) -> ()
  return
}

// -----

// A helper that returns its argument (through a cast): the host's load and
// store through the result are one element of the caller's buffer, updated
// alone. What a helper returns of another argument is not the buffer: the
// host's load through it moves none of the buffer (which stays on the
// device when the two arguments do not overlap).
offload.kernel @incr(%x: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %x, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %x[%i] : memref<?xi32>
  }
  offload.return
}

func.func private @bump(%a: memref<?xi32>) -> memref<64xi32> {
  offload.launch @incr(%a) : (memref<?xi32>) -> ()
  %r = memref.cast %a : memref<?xi32> to memref<64xi32>
  return %r : memref<64xi32>
}

func.func private @bump_other(%a: memref<?xi32>, %b: memref<?xi32>) -> memref<?xi32> {
  offload.launch @incr(%a) : (memref<?xi32>) -> ()
  return %b : memref<?xi32>
}

// CHECK-LABEL: func.func @through_result(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xi32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xi32>)
// CHECK: %[[R:.*]] = func.call @bump_resident_0(%[[A]])
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[R]]
// CHECK: memref.store %{{.*}}, %[[R]]
// CHECK-NEXT: %[[F:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[F]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xi32>)
func.func @through_result(%a: memref<?xi32>, %n: index, %k: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @bump: enter 'to', exit 'from', 0 update(s) + 2 per iteration; 2 copies + 2 per iteration instead of 0 + 2 per iteration}}
  %s = scf.for %it = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    // expected-remark@+1 {{calls @bump_resident_0, a copy of @bump entered with argument(s) #0 on the device}}
    %r = func.call @bump(%a) : (memref<?xi32>) -> memref<64xi32>
    %v = memref.load %r[%k] : memref<64xi32>
    %t = arith.addi %acc, %v : i32
    memref.store %t, %r[%c1] : memref<64xi32>
    scf.yield %t : i32
  }
  return %s : i32
}

// CHECK-LABEL: func.func @through_other_result(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xi32>, %[[B:[^:]*]]: memref<?xi32>
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xi32>)
// CHECK: %[[R:.*]] = func.call @bump_other_resident_0(%[[A]], %[[B]])
// CHECK-NEXT: memref.load %[[R]]
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.yield
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xi32>)
func.func @through_other_result(%a: memref<?xi32>, %b: memref<?xi32>, %n: index, %k: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @bump_other: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  %s = scf.for %it = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    // expected-remark@+1 {{calls @bump_other_resident_0, a copy of @bump_other entered with argument(s) #0 on the device}}
    %r = func.call @bump_other(%a, %b) : (memref<?xi32>, memref<?xi32>) -> memref<?xi32>
    %v = memref.load %r[%k] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// A function reached through a pointer (func.constant, call_indirect) may
// use a global directly: a loop making such a call keeps the global's
// per-launch clauses.
offload.kernel @inc(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %r = arith.addi %v, %one : i32
    memref.store %r, %a[%i] : memref<?xi32>
  }
  offload.return
}

memref.global "private" @G : memref<1000xi32> = dense<0>

func.func private @touch() {
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %g = memref.get_global @G : memref<1000xi32>
  memref.store %one, %g[%c3] : memref<1000xi32>
  return
}

// CHECK-LABEL: func.func @through_pointer(
// CHECK-NOT: offload.enter_data
// CHECK: scf.for
// CHECK-NEXT: offload.launch @inc(%{{.*}}) map(tofrom:
// CHECK-NEXT: call_indirect
// CHECK-NOT: offload.exit_data
func.func @through_pointer(%steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = func.constant @touch : () -> ()
  %g = memref.get_global @G : memref<1000xi32>
  %d = memref.cast %g : memref<1000xi32> to memref<?xi32>
  scf.for %k = %c0 to %steps step %c1 {
    offload.launch @inc(%d) : (memref<?xi32>) -> ()
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this call: it is global @G, which a call through a function pointer may reach}}
    func.call_indirect %f() : () -> ()
  }
  return
}

// The same through a function that makes the indirect call.
func.func private @via_pointer(%f: () -> ()) {
  func.call_indirect %f() : () -> ()
  return
}

// CHECK-LABEL: func.func @through_callee_pointer(
// CHECK-NOT: offload.enter_data
// CHECK: scf.for
// CHECK-NEXT: offload.launch @inc(%{{.*}}) map(tofrom:
// CHECK-NEXT: call @via_pointer
// CHECK-NOT: offload.exit_data
func.func @through_callee_pointer(%steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = func.constant @touch : () -> ()
  %g = memref.get_global @G : memref<1000xi32>
  %d = memref.cast %g : memref<1000xi32> to memref<?xi32>
  scf.for %k = %c0 to %steps step %c1 {
    offload.launch @inc(%d) : (memref<?xi32>) -> ()
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this call: it is global @G, which @via_pointer, which calls through a function pointer, may reach}}
    func.call @via_pointer(%f) : (() -> ()) -> ()
  }
  return
}

// -----

// A call passing a buffer and a launch mapping a memref.cast of it name the
// same elements: one buffer, kept on the device across both.
offload.kernel @bump(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %r = arith.addi %v, %one : i32
    memref.store %r, %a[%i] : memref<?xi32>
  }
  offload.return
}

func.func private @bump_static(%s: memref<16xi32>) {
  %d = memref.cast %s : memref<16xi32> to memref<?xi32>
  offload.launch @bump(%d) : (memref<?xi32>) -> ()
  return
}

// CHECK-LABEL: func.func @call_and_cast(
// CHECK-SAME: %[[S:[^:]*]]: memref<16xi32>
// CHECK: offload.enter_data map(to: %[[S]] : memref<16xi32>)
// CHECK-NEXT: call @bump_static_resident_0(%[[S]])
// CHECK-NEXT: offload.launch @bump(%[[D:[^)]*]]) map(tofrom: %[[D]] : memref<?xi32>)
// CHECK-NEXT: offload.exit_data map(from: %[[S]] : memref<16xi32>)
func.func @call_and_cast(%s: memref<16xi32>) {
  %d = memref.cast %s : memref<16xi32> to memref<?xi32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @bump_static: enter 'to', exit 'from', 0 update(s); 2 copies instead of 4 (64 bytes each)}}
  // expected-remark@+1 {{calls @bump_static_resident_0, a copy of @bump_static entered with argument(s) #0 on the device}}
  func.call @bump_static(%s) : (memref<16xi32>) -> ()
  offload.launch @bump(%d) : (memref<?xi32>) -> ()
  return
}

// -----

offload.kernel @fill(%t: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %t, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %one, %t[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @add(%t: memref<?xf32>, %o: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %t, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %t[%i] : memref<?xf32>
    %w = memref.load %o[%i] : memref<?xf32>
    %s = arith.addf %v, %w : f32
    memref.store %s, %o[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @produce(%t: memref<?xf32>) {
  offload.launch @fill(%t) : (memref<?xf32>) -> ()
  return
}

func.func private @consume(%t: memref<?xf32>, %o: memref<?xf32>) {
  offload.launch @add(%t, %o) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// Each iteration's first use of t is a call whose callee starts by writing
// all of it, and the loop surely runs: t is only allocated (the element
// the host reads after the loop comes back).
// CHECK-LABEL: func.func @calls_overwrite(
// CHECK-SAME: %[[O:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: index)
// CHECK: %[[T:.*]] = memref.alloc(%[[N]])
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK: call @produce_resident_0(%[[T]])
// CHECK-NEXT: call @consume_resident_0_1(%[[T]], %[[O]])
// CHECK: %[[ONE:.*]] = memref.subview %[[T]]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[T]]
// CHECK-NEXT: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @calls_overwrite(%o: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @consume, @produce: enter 'alloc', exit 'release', 1 update(s); 1 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @consume: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c4 step %c1 {
    // expected-remark@+1 {{calls @produce_resident_0, a copy of @produce entered with argument(s) #0 on the device}}
    func.call @produce(%t) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{calls @consume_resident_0_1, a copy of @consume entered with argument(s) #0, #1 on the device}}
    func.call @consume(%t, %o) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  %v = memref.load %t[%c0] : memref<?xf32>
  memref.dealloc %t : memref<?xf32>
  return %v : f32
}

// -----

// A host loop storing into a buffer kept on the device that calls a helper
// reading it on the host: the loop's updates go around it, whole both
// ways, and the helper runs as written (its resident copy would update
// a[0] from the device inside the loop, over the host's earlier store).

offload.kernel @inc(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @get0(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @store_loop_calls(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.update map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @get0(%[[A]])
// CHECK: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NOT: resident
func.func @store_loop_calls(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  scf.for %i = %c0 to %n step %c1 {
    %v = func.call @get0(%a) : (memref<?xf32>) -> f32
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @step16(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %in[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %out[%i] : memref<16xf32>
  }
  offload.return
}

// A ping-pong loop inside a callee launches on both arguments: callers keep
// them on the device around their loops and call a resident copy, where the
// loop has no data ops (its buffers are resident) and the host's read after
// it updates the one element it reads.
// CHECK-LABEL: func.func private @relax_resident_0_1(
// CHECK-SAME: %[[U:[^:]*]]: memref<16xf32>, %[[V:[^:]*]]: memref<16xf32>)
// CHECK-NOT: offload.enter_data
// CHECK: scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[U]], %[[NXT:.*]] = %[[V]])
// CHECK-NEXT: offload.launch @step16(%[[CUR]], %[[NXT]])
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[ELEMENT:.*]] = memref.subview %[[U]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[ELEMENT]]
// CHECK-NEXT: memref.load %[[U]]
// CHECK-NEXT: return
func.func private @relax(%u: memref<16xf32>, %v: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'from', 0 update(s) of the loop's results; 3 copies instead of 2 per iteration}}
  %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%cur = %u, %nxt = %v) -> (memref<16xf32>, memref<16xf32>) {
    offload.launch @step16(%cur, %nxt) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.yield %nxt, %cur : memref<16xf32>, memref<16xf32>
  }
  %x = memref.load %u[%c1] : memref<16xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @relax_loop(
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: func.call @relax_resident_0_1(%[[A]], %[[B]])
// CHECK: offload.exit_data map(release: %[[B]] : memref<16xf32>)
// CHECK-NEXT: %[[ONE:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<16xf32>)
func.func @relax_loop(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @relax: enter 'to', exit 'release', 1 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 2 per iteration (64 bytes each)}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @relax: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 2 per iteration (64 bytes each)}}
  %s = scf.for %e = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> f32 {
    // expected-remark@+1 {{calls @relax_resident_0_1, a copy of @relax entered with argument(s) #0, #1 on the device}}
    %y = func.call @relax(%a, %b) : (memref<16xf32>, memref<16xf32>) -> f32
    %t = arith.addf %acc, %y : f32
    scf.yield %t : f32
  }
  %v = memref.load %a[%c0] : memref<16xf32>
  %w = arith.addf %v, %s : f32
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %w : f32
}

// -----

// A function that launches on a buffer before its host reads it (a
// residual read back as one element): callers keep the buffer on the device
// without copying it in, when each path touching it in the loop starts with
// such a call.

offload.kernel @scale(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @first(%a: memref<?xf32>, %r: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %r[%c0] : memref<1xf32>
  offload.return
}

// The launches write a first and r[0], which the host then reads.
func.func private @step(%a: memref<?xf32>, %r: memref<1xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 3}}
  offload.launch @scale(%a) : (memref<?xf32>) -> ()
  offload.launch @first(%a, %r) : (memref<?xf32>, memref<1xf32>) -> ()
  %v = memref.load %r[%c0] : memref<1xf32>
  return %v : f32
}

func.func private @peek(%r: memref<1xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<1xf32>
  return %v : f32
}

func.func private @probe(%a: memref<?xf32>, %r: memref<1xf32>) {
  offload.launch @first(%a, %r) : (memref<?xf32>, memref<1xf32>) -> ()
  return
}

// Each call overwrites r on the device before its host read of r[0]: r is
// only allocated (was entered 'to').
// CHECK-LABEL: func.func @calls_then_reads(
// CHECK: %[[R:.*]] = memref.alloc() : memref<1xf32>
// CHECK: offload.enter_data map(alloc: %[[R]] : memref<1xf32>)
// CHECK: func.call @step_resident_0_1(%{{.*}}, %[[R]])
// CHECK: offload.exit_data map(release: %[[R]] : memref<1xf32>)
func.func @calls_then_reads(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = memref.alloc() : memref<1xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @step: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @step: enter 'alloc', exit 'release', 0 update(s) + 1 per iteration; 0 copies + 1 per iteration instead of 0 + 1 per iteration (4 bytes each)}}
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    // expected-remark@+1 {{calls @step_resident_0_1, a copy of @step entered with argument(s) #0, #1 on the device}}
    %v = func.call @step(%a, %r) : (memref<?xf32>, memref<1xf32>) -> f32
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  memref.dealloc %r : memref<1xf32>
  return %s : f32
}

// The same under a condition, with nothing else touching r: still only
// allocated.
// CHECK-LABEL: func.func @calls_when(
// CHECK: %[[R:.*]] = memref.alloc() : memref<1xf32>
// CHECK: offload.enter_data map(alloc: %[[R]] : memref<1xf32>)
// CHECK: scf.if
// CHECK-NEXT: func.call @step_resident_0_1(%{{.*}}, %[[R]])
func.func @calls_when(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %r = memref.alloc() : memref<1xf32>
  // expected-remark@+2 {{buffer kept on the device across 3 launch(es) (3 in loops), through calls to @step: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 4 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @step: enter 'alloc', exit 'release', 0 update(s) + 1 per iteration; 0 copies + 1 per iteration instead of 0 + 1 per iteration (4 bytes each)}}
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    offload.launch @scale(%a) : (memref<?xf32>) -> ()
    %m = arith.remui %k, %c3 : index
    %now = arith.cmpi eq, %m, %c0 : index
    %t = scf.if %now -> f32 {
      // expected-remark@+1 {{calls @step_resident_0_1, a copy of @step entered with argument(s) #0, #1 on the device}}
      %v = func.call @step(%a, %r) : (memref<?xf32>, memref<1xf32>) -> f32
      scf.yield %v : f32
    } else {
      scf.yield %acc : f32
    }
    scf.yield %t : f32
  }
  memref.dealloc %r : memref<1xf32>
  return %s : f32
}

// The host reads r[0] in iterations where @probe did not write it first:
// the caller's r is entered 'to'.
// CHECK-LABEL: func.func @peeks_unless(
// CHECK-SAME: %{{[^:]*}}: memref<?xf32>, %[[R:[^:]*]]: memref<1xf32>
// CHECK: offload.enter_data map(to: %[[R]] : memref<1xf32>)
func.func @peeks_unless(%a: memref<?xf32>, %r: memref<1xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @probe: enter 'to', exit 'release', 0 update(s); 1 copies instead of 0 + 1 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @peek, @probe: enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 1 per iteration (4 bytes each)}}
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %m = arith.remui %k, %c3 : index
    %now = arith.cmpi eq, %m, %c0 : index
    scf.if %now {
      // expected-remark@+1 {{calls @probe_resident_0_1, a copy of @probe entered with argument(s) #0, #1 on the device}}
      func.call @probe(%a, %r) : (memref<?xf32>, memref<1xf32>) -> ()
    }
    // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
    %v = func.call @peek(%r) : (memref<1xf32>) -> f32
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// A loop that may run no iteration, whose iterations overwrite r before
// the host reads it: a caller keeping r on the device needs none of its
// contents there.
func.func private @settle(%a: memref<?xf32>, %r: memref<1xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %tol = arith.constant 1.0e-3 : f32
  %inf = arith.constant 0x7F800000 : f32
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 3 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 1 per iteration (4 bytes each)}}
  %k, %last = scf.while (%i = %c0, %v = %inf) : (index, f32) -> (index, f32) {
    %more = arith.cmpi ult, %i, %c10 : index
    %big = arith.cmpf oge, %v, %tol : f32
    %go = arith.andi %more, %big : i1
    scf.condition(%go) %i, %v : index, f32
  } do {
  ^bb0(%i: index, %v: f32):
    offload.launch @scale(%a) : (memref<?xf32>) -> ()
    offload.launch @first(%a, %r) : (memref<?xf32>, memref<1xf32>) -> ()
    %w = memref.load %r[%c0] : memref<1xf32>
    %j = arith.addi %i, %c1 : index
    scf.yield %j, %w : index, f32
  }
  return %k : index
}

// CHECK-LABEL: func.func @settles_twice(
// CHECK: %[[R:.*]] = memref.alloc() : memref<1xf32>
// CHECK: offload.enter_data map(alloc: %[[R]] : memref<1xf32>)
// CHECK-NEXT: call @settle_resident_0_1(%{{.*}}, %[[R]])
// CHECK-NEXT: call @settle_resident_0_1(%{{.*}}, %[[R]])
// CHECK-NEXT: offload.exit_data map(release: %[[R]] : memref<1xf32>)
func.func @settles_twice(%a: memref<?xf32>) -> index {
  %r = memref.alloc() : memref<1xf32>
  // expected-remark@+3 {{buffer kept on the device across 4 launch(es), through calls to @settle: enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @settle: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 4 (4 bytes each)}}
  // expected-remark@+1 {{calls @settle_resident_0_1, a copy of @settle entered with argument(s) #0, #1 on the device}}
  %k1 = func.call @settle(%a, %r) : (memref<?xf32>, memref<1xf32>) -> index
  // expected-remark@+1 {{calls @settle_resident_0_1, a copy of @settle entered with argument(s) #0, #1 on the device}}
  %k2 = func.call @settle(%a, %r) : (memref<?xf32>, memref<1xf32>) -> index
  memref.dealloc %r : memref<1xf32>
  %k = arith.addi %k1, %k2 : index
  return %k : index
}

// -----

// A function that writes all of its argument on the host before anything
// else starts by overwriting it, as a launch writing all of it would.

offload.kernel @accum(%x: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %u = memref.load %x[%i] : memref<?xi32>
    %v = memref.load %y[%i] : memref<?xi32>
    %w = arith.addi %u, %v : i32
    memref.store %w, %y[%i] : memref<?xi32>
  }
  offload.return
}

// CHECK-LABEL: func.func private @refill_resident_0(
// CHECK: scf.for
// CHECK-NOT: offload.update map(from
// CHECK: offload.update map(to:
func.func private @refill(%v: memref<?xi32>, %s: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %v, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %w = arith.muli %ii, %s : i32
    memref.store %w, %v[%i] : memref<?xi32>
  }
  return
}

// Each iteration starts with a call whose callee stores every element of v
// on the host (its resident copy then updates all of v on the device): v is
// only allocated at the enter (was 'to').
// CHECK-LABEL: func.func @refills(
// CHECK: %[[V:.*]] = memref.alloc
// CHECK-NEXT: offload.enter_data map(alloc: %[[V]] : memref<?xi32>)
// CHECK: func.call @refill_resident_0(%[[V]],
// CHECK: offload.exit_data map(release: %[[V]] : memref<?xi32>)
func.func @refills(%acc: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @refill: enter 'alloc', exit 'release', 0 update(s) + 1 per iteration; 0 copies + 1 per iteration instead of 0 + 1 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), the section they all map: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c8 step %c1 {
    %ki = arith.index_cast %k : index to i32
    // expected-remark@+1 {{calls @refill_resident_0, a copy of @refill entered with argument(s) #0 on the device}}
    func.call @refill(%v, %ki) : (memref<?xi32>, i32) -> ()
    offload.launch @accum(%v, %acc) : (memref<?xi32>, memref<?xi32>) -> ()
  }
  memref.dealloc %v : memref<?xi32>
  return
}

// -----

// A callee whose kernel writes q over a loop bounded by the size of p (not
// of q): it writes a section [0, dim p) of q, all of q when both have one
// size. Callers passing buffers allocated with the same size enter q
// 'alloc' (was 'to'); a caller whose q may be larger enters it 'to', so the
// elements past p's size keep the host's values.

offload.kernel @twice(%p: memref<?xf32>, %q: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %p, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %p[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %q[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @add_into(%q: memref<?xf32>, %p: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %p, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %u = memref.load %q[%i] : memref<?xf32>
    %v = memref.load %p[%i] : memref<?xf32>
    %w = arith.addf %u, %v : f32
    memref.store %w, %p[%i] : memref<?xf32>
  }
  offload.return
}

func.func @scale(%p: memref<?xf32>, %q: memref<?xf32>) {
  offload.launch @twice(%p, %q) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

func.func @accumulate(%q: memref<?xf32>, %p: memref<?xf32>) {
  offload.launch @add_into(%q, %p) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @same_size(
// CHECK: %[[P:.*]] = memref.alloc(%[[N:.*]]) : memref<?xf32>
// CHECK: %[[Q:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-DAG: offload.enter_data map(to: %[[P]] : memref<?xf32>)
// CHECK-DAG: offload.enter_data map(alloc: %[[Q]] : memref<?xf32>)
// CHECK: scf.for
// CHECK-DAG: offload.exit_data map(release: %[[P]] : memref<?xf32>)
// CHECK-DAG: offload.exit_data map(release: %[[Q]] : memref<?xf32>)
func.func @same_size(%n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %p = memref.alloc(%n) : memref<?xf32>
  %q = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<?xf32>)
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @accumulate, @scale: enter 'to', exit 'release', 1 update(s); 2 copies instead of 0 + 3 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @accumulate, @scale: enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 2 per iteration}}
  scf.for %i = %c0 to %k step %c1 {
    // expected-remark@+1 {{calls @scale_resident_0_1, a copy of @scale entered with argument(s) #0, #1 on the device}}
    func.call @scale(%p, %q) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{calls @accumulate_resident_0_1, a copy of @accumulate entered with argument(s) #0, #1 on the device}}
    func.call @accumulate(%q, %p) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  %v = memref.load %p[%c0] : memref<?xf32>
  memref.dealloc %q : memref<?xf32>
  memref.dealloc %p : memref<?xf32>
  return %v : f32
}

// q may have more elements than p: entered 'to'.
// CHECK-LABEL: func.func @maybe_larger(
// CHECK: %[[P:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[Q:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-DAG: offload.enter_data map(to: %[[P]] : memref<?xf32>)
// CHECK-DAG: offload.enter_data map(to: %[[Q]] : memref<?xf32>)
// CHECK: scf.for
func.func @maybe_larger(%n: index, %m: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %p = memref.alloc(%n) : memref<?xf32>
  %q = memref.alloc(%m) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%p : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%q : memref<?xf32>)
  // expected-remark@+2 {{through calls to @accumulate, @scale: enter 'to', exit 'release', 0 update(s)}}
  // expected-remark@+1 {{through calls to @accumulate, @scale: enter 'to', exit 'release', 1 update(s)}}
  scf.for %i = %c0 to %k step %c1 {
    // expected-remark@+1 {{calls @scale_resident_0_1}}
    func.call @scale(%p, %q) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{calls @accumulate_resident_0_1}}
    func.call @accumulate(%q, %p) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  %v = memref.load %q[%c0] : memref<?xf32>
  memref.dealloc %q : memref<?xf32>
  memref.dealloc %p : memref<?xf32>
  return %v : f32
}

// -----

// A callee that launches, then stores one element on the host (at an index
// its caller passes): the caller's read of that element right after the
// call needs no update (the host's copy is the newest, its update 'to'
// followed in the callee), a read of another element does.

offload.kernel @bump(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %a[%i] : memref<?xi32>
  }
  offload.return
}

func.func private @bump_then_set(%a: memref<?xi32>, %k: index) {
  %c0 = arith.constant 0 : index
  %seven = arith.constant 7 : i32
  offload.launch @bump(%a) : (memref<?xi32>) -> ()
  memref.store %seven, %a[%k] : memref<?xi32>
  memref.store %seven, %a[%c0] : memref<?xi32>
  return
}

func.func private @bump_then_maybe_set(%a: memref<?xi32>, %k: index, %c: i1) {
  %seven = arith.constant 7 : i32
  offload.launch @bump(%a) : (memref<?xi32>) -> ()
  scf.if %c {
    memref.store %seven, %a[%k] : memref<?xi32>
  }
  return
}

// CHECK-LABEL: func.func @read_stored(
// CHECK: scf.for %[[I:[^ ]*]] =
// CHECK-NEXT: func.call @bump_then_set_resident_0(%{{.*}}, %[[I]])
// CHECK-NEXT: memref.load %{{.*}}[%[[I]]]
// CHECK-NEXT: memref.load %{{.*}}[%[[C0:.*]]]
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %{{.*}}[%[[NEXT]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]]
// CHECK-NEXT: memref.load %{{.*}}[%[[NEXT]]]
// CHECK: scf.for %[[J:[^ ]*]] =
// CHECK-NEXT: func.call @bump_then_maybe_set_resident_0(%{{.*}}, %[[J]], %{{.*}})
// CHECK-NEXT: %[[F:.*]] = memref.subview %{{.*}}[%[[J]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[F]]
// CHECK-NEXT: memref.load %{{.*}}[%[[J]]]
func.func @read_stored(%a: memref<?xi32>, %steps: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops), through calls to @bump_then_maybe_set, @bump_then_set: enter 'to', exit 'from', 0 update(s) + 5 per iteration; 2 copies + 5 per iteration instead of 0 + 4 per iteration}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %z) -> i32 {
    // expected-remark@+1 {{calls @bump_then_set_resident_0, a copy of @bump_then_set entered with argument(s) #0 on the device}}
    func.call @bump_then_set(%a, %i) : (memref<?xi32>, index) -> ()
    %v = memref.load %a[%i] : memref<?xi32>
    %u = memref.load %a[%c0] : memref<?xi32>
    %next = arith.addi %i, %c1 : index
    %w = memref.load %a[%next] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    %t = arith.addi %s, %u : i32
    %x = arith.addi %t, %w : i32
    scf.yield %x : i32
  }
  // The store may not run: the read updates its element.
  %q = scf.for %j = %c0 to %steps step %c1 iter_args(%acc = %r) -> i32 {
    // expected-remark@+1 {{calls @bump_then_maybe_set_resident_0, a copy of @bump_then_maybe_set entered with argument(s) #0 on the device}}
    func.call @bump_then_maybe_set(%a, %j, %c) : (memref<?xi32>, index, i1) -> ()
    %y = memref.load %a[%j] : memref<?xi32>
    %s = arith.addi %acc, %y : i32
    scf.yield %s : i32
  }
  return %q : i32
}

// -----

offload.kernel @step(%in: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %out[%i] : memref<?xi32>
  }
  offload.return
}

func.func private @peek(%a: memref<?xi32>, %i: index) -> i32 {
  %v = memref.load %a[%i] : memref<?xi32>
  return %v : i32
}

// A ping-pong loop calling a helper that reads one element of one of the
// buffers: they stay on the device, the helper's copy updates the element.
// CHECK-LABEL: func.func @pingpong_peek(
// CHECK: offload.enter_data
// CHECK: scf.for
// CHECK: func.call @peek_resident_0(
// CHECK: offload.exit_data
func.func @pingpong_peek(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to', exit 'from', 0 update(s) of the loop's results, 1 of one element in it (host loads and stores); 4 copies + 1 per iteration instead of 2 per iteration}}
  %r:3 = scf.for %t = %c0 to %n step %c1 iter_args(%cur = %a, %nxt = %b, %s = %z) -> (memref<?xi32>, memref<?xi32>, i32) {
    offload.launch @step(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> ()
    // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
    %v = func.call @peek(%nxt, %t) : (memref<?xi32>, index) -> i32
    %s2 = arith.addi %s, %v : i32
    scf.yield %nxt, %cur, %s2 : memref<?xi32>, memref<?xi32>, i32
  }
  return %r#2 : i32
}

// The host reads one element through the helper under an scf.if after the
// last launch, then frees the buffer: that element comes back, the buffer
// is released.
// CHECK-LABEL: func.func @peek_under_if(
// CHECK: scf.if
// CHECK-NEXT: func.call @peek_resident_0(
// CHECK: offload.exit_data map(release:
// CHECK-NEXT: memref.dealloc
func.func @peek_under_if(%n: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @peek: enter 'alloc', exit 'release', 1 update(s); 1 copies instead of 2}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 2}}
  offload.launch @step(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
  offload.launch @step(%b, %a) : (memref<?xi32>, memref<?xi32>) -> ()
  %r = scf.if %c -> i32 {
    // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
    %v = func.call @peek(%a, %c0) : (memref<?xi32>, index) -> i32
    scf.yield %v : i32
  } else {
    scf.yield %z : i32
  }
  memref.dealloc %a : memref<?xi32>
  memref.dealloc %b : memref<?xi32>
  return %r : i32
}
