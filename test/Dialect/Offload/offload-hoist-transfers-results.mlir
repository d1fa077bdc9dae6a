// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers=remarks=1 -verify-diagnostics -o /dev/null

// Buffers a function allocates, launches on and returns: a caller that
// keeps using them on the device calls a copy of the function that returns
// them still on the device, entered (the call is the enter), and exits
// them itself after its last use.

offload.kernel @derive(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @bump(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  offload.return
}

// The function itself is unchanged (a public one has other callers): its
// launch copies what it makes back.
// CHECK-LABEL: func.func @make(
// CHECK: %[[Y:.*]] = memref.alloc
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @derive({{.*}} from: %[[Y]] : memref<?xf32>)
// CHECK-NEXT: return %[[Y]]
func.func @make(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  offload.launch @derive(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return %y : memref<?xf32>
}

// The copy enters what it makes right after making it, and returns it
// entered: its launch's own clause finds it present.
// CHECK-LABEL: func.func private @make_resident_r0(
// CHECK: %[[Y:.*]] = memref.alloc
// CHECK-NEXT: offload.enter_data map(alloc: %[[Y]] : memref<?xf32>)
// CHECK: offload.launch @derive({{.*}} from: %[[Y]] : memref<?xf32>)
// CHECK-NEXT: return %[[Y]]

func.func @advance(%y: memref<?xf32>) {
  offload.launch @bump(%y) : (memref<?xf32>) -> ()
  return
}

// A loop bumps what @make returned, then the host reads two elements and
// frees it: the elements come back, the rest never does.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[Y:.*]] = call @make_resident_r0(
// CHECK-NOT: offload.enter_data
// CHECK: scf.for
// CHECK-NEXT: func.call @advance_resident_0(%[[Y]])
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[Y]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[Y]]
// CHECK-NEXT: %[[F:.*]] = memref.subview %[[Y]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[F]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[Y]]
// CHECK-NEXT: offload.exit_data map(release: %[[Y]] : memref<?xf32>)
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.dealloc %[[Y]]
func.func @chain(%x: memref<?xf32>, %steps: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (1 in loops), through calls to @advance, @make: entered by the call that makes it, exit 'release', 2 update(s); 2 copies instead of 1 + 2 per iteration}}
  // expected-remark@+1 {{calls @make_resident_r0, a copy of @make returning result(s) #0 on the device, entered}}
  %y = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
  scf.for %i = %c0 to %steps step %c1 {
    // expected-remark@+1 {{calls @advance_resident_0, a copy of @advance entered with argument(s) #0 on the device}}
    func.call @advance(%y) : (memref<?xf32>) -> ()
  }
  %a = memref.load %y[%c0] : memref<?xf32>
  %b = memref.load %y[%k] : memref<?xf32>
  %s = arith.addf %a, %b : f32
  memref.dealloc %y : memref<?xf32>
  return %s : f32
}

// Nothing reads what it makes (a scratch result the caller frees): it
// stays on the device and is released, never copied back.
// CHECK-LABEL: func.func @discard(
// CHECK: %[[Y:.*]] = call @make_resident_r0(
// CHECK-NEXT: offload.exit_data map(release: %[[Y]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[Y]]
func.func @discard(%x: memref<?xf32>) {
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es), through calls to @make: entered by the call that makes it, exit 'release', 0 update(s); 0 copies instead of 1}}
  // expected-remark@+1 {{calls @make_resident_r0, a copy of @make returning result(s) #0 on the device, entered}}
  %y = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  return
}

// The host reads all of it right after: the call's own copy back is all
// it takes, so the function itself is called.
// CHECK-LABEL: func.func @host_reads_all(
// CHECK-NEXT: call @make(
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
func.func @host_reads_all(%x: memref<?xf32>, %out: memref<?xf32>) {
  %y = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
  memref.copy %y, %out : memref<?xf32> to memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  return
}

// A buffer passed on from one iteration of a loop to the next (x = make(x))
// is another buffer in each: the calls stay as they are here.
// CHECK-LABEL: func.func @passed_on(
// CHECK: scf.for
// CHECK-NEXT: func.call @make(
// CHECK-NEXT: scf.yield
func.func @passed_on(%x0: memref<?xf32>, %steps: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: iteration argument #0 is given another buffer than one the loop started with}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> memref<?xf32> {
    %y = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

offload.kernel @fill(%y: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %y[%i] : memref<?xi32>
  }
  offload.return
}

offload.kernel @twice(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %a[%i] : memref<?xi32>
  }
  offload.return
}

// A function that launches on what it makes, on the device its argument
// names, stores one element on the host and reads another: its copy
// updates each element on that device.
// CHECK-LABEL: func.func private @made_on_resident_r0(
// CHECK-SAME: %[[N:.*]]: index, %[[DEV:.*]]: i32)
// CHECK: %[[Y:.*]] = memref.alloc(%[[N]])
// CHECK-NEXT: offload.enter_data map(alloc: %[[Y]] : memref<?xi32>) device(%[[DEV]] : i32)
// CHECK-NEXT: offload.launch @fill({{.*}}) device(%[[DEV]] : i32)
// CHECK-NEXT: memref.store %{{.*}}, %[[Y]][%[[C0:.*]]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[Y]][%[[C0]]] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[E]] : {{.*}}) device(%[[DEV]] : i32)
// CHECK-NEXT: %[[F:.*]] = memref.subview %[[Y]][%[[C1:.*]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[F]] : {{.*}}) device(%[[DEV]] : i32)
// CHECK-NEXT: memref.load %[[Y]][%[[C1]]]
// CHECK-NEXT: return %[[Y]]
func.func @made_on(%n: index, %dev: i32) -> (memref<?xi32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %y = memref.alloc(%n) : memref<?xi32>
  offload.launch @fill(%y, %c7) device(%dev : i32) : (memref<?xi32>, i32) -> ()
  memref.store %c9, %y[%c0] : memref<?xi32>
  %v = memref.load %y[%c1] : memref<?xi32>
  return %y, %v : memref<?xi32>, i32
}

// The caller keeps it on that device for its own launch.
// CHECK-LABEL: func.func @use_made_on(
// CHECK-SAME: %[[N:.*]]: index, %[[DEV:.*]]: i32, %[[OUT:.*]]: memref<?xi32>)
// CHECK: %[[Y:.*]]:2 = call @made_on_resident_r0(%[[N]], %[[DEV]])
// CHECK-NEXT: offload.launch @twice(%[[Y]]#0) {{.*}} device(%[[DEV]] : i32)
// CHECK-NEXT: offload.exit_data map(from: %[[Y]]#0 : memref<?xi32>) device(%[[DEV]] : i32)
// CHECK-NEXT: memref.copy %[[Y]]#0, %[[OUT]]
func.func @use_made_on(%n: index, %dev: i32, %out: memref<?xi32>) -> i32 {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @made_on: entered by the call that makes it, exit 'from', 0 update(s); 1 copies instead of 3}}
  // expected-remark@+1 {{calls @made_on_resident_r0, a copy of @made_on returning result(s) #0 on the device, entered}}
  %y, %v = func.call @made_on(%n, %dev) : (index, i32) -> (memref<?xi32>, i32)
  offload.launch @twice(%y) device(%dev : i32) : (memref<?xi32>) -> ()
  memref.copy %y, %out : memref<?xi32> to memref<?xi32>
  return %v : i32
}

// A function returning what another returns on the device, after a
// launch of its own: its copy calls that one's copy, and enters nothing.
// The function itself copies it back before returning it.
// CHECK-LABEL: func.func @again(
// CHECK-NEXT: %[[Y:.*]]:2 = call @made_on_resident_r0(
// CHECK-NEXT: offload.launch @twice(%[[Y]]#0)
// CHECK-NEXT: offload.exit_data map(from: %[[Y]]#0 : memref<?xi32>)
// CHECK-NEXT: return %[[Y]]#0
// CHECK-LABEL: func.func private @again_resident_r0(
// CHECK-NEXT: %[[Y:.*]]:2 = call @made_on_resident_r0(
// CHECK-NEXT: offload.launch @twice(%[[Y]]#0)
// CHECK-NEXT: return %[[Y]]#0
func.func @again(%n: index, %dev: i32) -> memref<?xi32> {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @made_on: entered by the call that makes it, exit 'from', 0 update(s); 1 copies instead of 3}}
  // expected-remark@+1 {{calls @made_on_resident_r0, a copy of @made_on returning result(s) #0 on the device, entered}}
  %y, %v = func.call @made_on(%n, %dev) : (index, i32) -> (memref<?xi32>, i32)
  offload.launch @twice(%y) device(%dev : i32) : (memref<?xi32>) -> ()
  return %y : memref<?xi32>
}

// CHECK-LABEL: func.func @twice_again(
// CHECK: %[[Y:.*]] = call @again_resident_r0(
// CHECK-NEXT: offload.launch @twice(%[[Y]])
// CHECK-NEXT: offload.exit_data map(release: %[[Y]] : memref<?xi32>)
func.func @twice_again(%n: index, %dev: i32) {
  // expected-remark@+2 {{buffer kept on the device across 3 launch(es), through calls to @again: entered by the call that makes it, exit 'release', 0 update(s); 0 copies instead of 3}}
  // expected-remark@+1 {{calls @again_resident_r0, a copy of @again returning result(s) #0 on the device, entered}}
  %y = func.call @again(%n, %dev) : (index, i32) -> memref<?xi32>
  offload.launch @twice(%y) device(%dev : i32) : (memref<?xi32>) -> ()
  memref.dealloc %y : memref<?xi32>
  return
}

// -----

offload.kernel @fill(%y: memref<?xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %y[%i] : memref<?xi32>
  }
  offload.return
}

// The same buffer returned twice: the caller's two results are one buffer,
// which it cannot keep on the device as two. Nor is what the host fills
// alone (no launch on it) worth a copy.
// CHECK-LABEL: func.func @both(
func.func @both(%n: index) -> (memref<?xi32>, memref<?xi32>) {
  %c7 = arith.constant 7 : i32
  %y = memref.alloc(%n) : memref<?xi32>
  offload.launch @fill(%y, %c7) : (memref<?xi32>, i32) -> ()
  return %y, %y : memref<?xi32>, memref<?xi32>
}

// CHECK-LABEL: func.func @host_made(
func.func @host_made(%n: index) -> memref<?xi32> {
  %c7 = arith.constant 7 : i32
  %y = memref.alloc(%n) : memref<?xi32>
  linalg.fill ins(%c7 : i32) outs(%y : memref<?xi32>)
  return %y : memref<?xi32>
}

// CHECK-LABEL: func.func @use_both(
// CHECK: call @both(
// CHECK-NEXT: offload.launch @fill
// CHECK-NEXT: offload.launch @fill
// CHECK-NEXT: call @host_made(
// CHECK-NEXT: offload.launch @fill
// CHECK-NEXT: memref.copy
func.func @use_both(%n: index, %out: memref<?xi32>) {
  %c7 = arith.constant 7 : i32
  %a, %b = func.call @both(%n) : (index) -> (memref<?xi32>, memref<?xi32>)
  offload.launch @fill(%a, %c7) : (memref<?xi32>, i32) -> ()
  offload.launch @fill(%b, %c7) : (memref<?xi32>, i32) -> ()
  %h = func.call @host_made(%n) : (index) -> memref<?xi32>
  offload.launch @fill(%h, %c7) : (memref<?xi32>, i32) -> ()
  memref.copy %a, %out : memref<?xi32> to memref<?xi32>
  return
}

// -----

// x = next(x) in a loop: each iteration makes the next buffer and frees the
// one before. The first is entered before the loop, each call returns the
// next one entered, the one it replaces is released before it is freed,
// and the loop's result is entered: the host's element reads after it
// update those elements only.

offload.kernel @derive(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @next(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  offload.launch @derive(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return %y : memref<?xf32>
}

// CHECK-LABEL: func.func @chain_loop(
// CHECK: %[[X0:.*]] = memref.alloc
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[X0]]
// CHECK-NEXT: offload.enter_data map(to: %[[X0]] : memref<?xf32>)
// CHECK-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %[[X0]])
// CHECK-NEXT: %[[Y:.*]] = func.call @next_resident_0_r0(%[[X]])
// CHECK-NEXT: offload.exit_data map(release: %[[X]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[X]]
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : {{.*}})
// CHECK-NEXT: memref.load %[[R]]
// CHECK-NEXT: offload.exit_data map(release: %[[R]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[R]]
func.func @chain_loop(%n: index, %steps: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %x0 = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%one : f32) outs(%x0 : memref<?xf32>)
  // expected-remark@+2 {{buffers the loop makes anew in each iteration as iteration argument #0 (from @next) stay on the device: the first is entered 'to' before it, each call returns the next entered, the one it replaces is released before its dealloc; 0 update(s) per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): entered by the loop that makes it, exit 'release', 1 update(s); 1 copies instead of 1}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    // expected-remark@+1 {{calls @next_resident_0_r0, a copy of @next entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  %v = memref.load %r[%k] : memref<?xf32>
  memref.dealloc %r : memref<?xf32>
  return %v : f32
}

// The first buffer made right before the loop by such a call: the call
// returns it entered (no enter, nothing copied in).
// CHECK-LABEL: func.func @chain_from_made(
// CHECK-NOT: offload.enter_data
// CHECK: %[[X0:.*]] = call @next_resident_r0(
// CHECK-NEXT: %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %[[X0]])
// CHECK-NEXT: %[[Y:.*]] = func.call @next_resident_0_r0(%[[X]])
// CHECK-NEXT: offload.exit_data map(release: %[[X]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[X]]
// CHECK-NEXT: scf.yield %[[Y]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : {{.*}})
// CHECK-NEXT: memref.load %[[R]]
// CHECK-NEXT: offload.exit_data map(release: %[[R]] : memref<?xf32>)
func.func @chain_from_made(%in: memref<?xf32>, %steps: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{calls @next_resident_r0, a copy of @next returning result(s) #0 on the device, entered}}
  %x0 = func.call @next(%in) : (memref<?xf32>) -> memref<?xf32>
  // expected-remark@+2 {{buffers the loop makes anew in each iteration as iteration argument #0 (from @next) stay on the device: the first comes entered from the call making it, each call returns the next entered, the one it replaces is released before its dealloc; 0 update(s) per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): entered by the loop that makes it, exit 'release', 1 update(s); 1 copies instead of 1}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    // expected-remark@+1 {{calls @next_resident_0_r0, a copy of @next entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  %v = memref.load %r[%k] : memref<?xf32>
  memref.dealloc %r : memref<?xf32>
  return %v : f32
}

// A chain's result starts a ping-pong loop: the chain leaves it entered,
// the ping-pong takes it over (no enter of its own), as it does the buffer
// a call makes right before it.
// CHECK-LABEL: func.func @chain_then_pingpong(
// CHECK: %[[X0:.*]] = call @next_resident_0_r0(
// CHECK-NEXT: memref.store %{{.*}}, %[[X0]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[X0]]
// CHECK-NEXT: offload.update map(to: %[[E]]
// CHECK-NEXT: %[[R:.*]] = scf.for
// CHECK: %[[W:.*]] = call @next_resident_0_r0(
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: %[[P:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[R]], %{{.*}} = %[[W]])
// CHECK-NOT: offload.enter_data
// CHECK: offload.exit_data map(release: %[[R]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[W]] : memref<?xf32>)
func.func @chain_then_pingpong(%in: memref<?xf32>, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3.0 : f32
  // expected-remark@+3 {{buffer kept on the device across 2 launch(es), through calls to @next: enter 'to', exit 'release', 0 update(s); 1 copies instead of 2}}
  // expected-remark@+2 {{calls @next_resident_0_r0, a copy of @next entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
  // (Its element stored on the host before the loop gets its update.)
  %x0 = func.call @next(%in) : (memref<?xf32>) -> memref<?xf32>
  memref.store %v, %x0[%c1] : memref<?xf32>
  // expected-remark@+1 {{buffers the loop makes anew in each iteration as iteration argument #0 (from @next) stay on the device: the first comes entered from the call making it, each call returns the next entered, the one it replaces is released before its dealloc; 0 update(s) per iteration}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    // expected-remark@+1 {{calls @next_resident_0_r0, a copy of @next entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  // expected-remark@+1 {{calls @next_resident_0_r0, a copy of @next entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
  %w = func.call @next(%in) : (memref<?xf32>) -> memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to' (2 of them by the op making it, which leaves it entered), exit 'release', 1 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %p:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%u = %r, %t = %w) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @derive(%u, %t) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %t, %u : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %p#0[%c0] : memref<?xf32>
  memref.dealloc %r : memref<?xf32>
  memref.dealloc %w : memref<?xf32>
  return %e : f32
}

// The host reads all of the result next (a copy out): it comes back once,
// right after the loop.
// CHECK-LABEL: func.func @chain_then_copy(
// CHECK: scf.for
// CHECK: }
// CHECK-NEXT: offload.exit_data map(from: %[[R:.*]] : memref<?xf32>)
// CHECK-NEXT: memref.copy %[[R]]
func.func @chain_then_copy(%n: index, %steps: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{buffers the loop makes anew in each iteration as iteration argument #0 (from @next) stay on the device}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    // expected-remark@+1 {{calls @next_resident_0_r0}}
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  memref.copy %r, %out : memref<?xf32> to memref<?xf32>
  return
}

// Not a chain: the first buffer is read by its own name after the loop (a
// loop that runs no iteration does not free it), the buffer made is used
// before it is passed on, or the one it replaces is not freed.
// CHECK-LABEL: func.func @not_chains(
// CHECK-NOT: offload.enter_data
// CHECK-NOT: _resident
// CHECK: return
func.func @not_chains(%n: index, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x0 = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: iteration argument #0 is given another buffer than one the loop started with}}
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x0) -> (memref<?xf32>) {
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  %a = memref.load %x0[%c0] : memref<?xf32>
  %x1 = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: iteration argument #0 is given another buffer than one the loop started with}}
  %s = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x1) -> (memref<?xf32>) {
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    %v = memref.load %y[%c0] : memref<?xf32>
    memref.dealloc %x : memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  %x2 = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: iteration argument #0 is given another buffer than one the loop started with}}
  %t = scf.for %i = %c0 to %steps step %c1 iter_args(%x = %x2) -> (memref<?xf32>) {
    %y = func.call @next(%x) : (memref<?xf32>) -> memref<?xf32>
    scf.yield %y : memref<?xf32>
  }
  return %a : f32
}

// -----

// Buffers made right before a ping-pong loop by calls to a function that
// launches on what it makes: the calls return them entered (no enter of
// their own, nothing copied in), and a launch right after the loop whose
// clauses map sections of its results (its section sizes read only their
// shapes) runs with them still on the device.

offload.kernel @derive(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Reads a[i + 1] over [0, n - 1): its clause maps a section of `a`.
offload.kernel @shift(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  offload.return
}

func.func @make(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  offload.launch @derive(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
  return %y : memref<?xf32>
}

func.func @step(%a: memref<?xf32>, %b: memref<?xf32>) {
  offload.launch @derive(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @made_pingpong(
// CHECK: %[[P:.*]] = call @make_resident_0_r0(
// CHECK-NEXT: %[[Q:.*]] = call @make_resident_0_r0(
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK-NEXT: func.call @step_resident_0_1(
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: offload.exit_data
// CHECK: %[[S:.*]] = memref.subview %[[R]]#0
// CHECK-NOT: offload.exit_data
// CHECK: offload.launch @shift(%[[R]]#0, %[[R]]#1) map(to: %[[S]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]]#1[0] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1]>>)
// CHECK-NEXT: offload.exit_data map(release: %[[P]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[Q]] : memref<?xf32>)
// CHECK-NEXT: memref.load %[[R]]#1
func.func @made_pingpong(%x: memref<?xf32>, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), through calls to @make: enter 'to', exit 'release', 0 update(s); 1 copies instead of 2}}
  // expected-remark@+1 {{calls @make_resident_0_r0, a copy of @make entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
  %p = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
  // expected-remark@+1 {{calls @make_resident_0_r0, a copy of @make entered with argument(s) #0 on the device, returning result(s) #0 on the device, entered}}
  %q = func.call @make(%x) : (memref<?xf32>) -> memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es) and 1 launch(es) after it: enter 'to', 'to' (2 of them by the op making it, which leaves it entered), exit 'release', 1 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%u = %p, %v = %q) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+1 {{calls @step_resident_0_1, a copy of @step entered with argument(s) #0, #1 on the device}}
    func.call @step(%u, %v) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %v, %u : memref<?xf32>, memref<?xf32>
  }
  offload.launch @shift(%r#0, %r#1) : (memref<?xf32>, memref<?xf32>) -> ()
  %e = memref.load %r#1[%c0] : memref<?xf32>
  memref.dealloc %p : memref<?xf32>
  memref.dealloc %q : memref<?xf32>
  return %e : f32
}
