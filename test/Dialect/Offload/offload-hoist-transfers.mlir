// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers=remarks=1 -verify-diagnostics -o /dev/null

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

offload.kernel @square(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

// A chain: a is copied in once and back once; the temporary t, written whole
// first and never read by the host, is only allocated.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[T:.*]] = memref.alloc(%[[N]])
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// The launches read sections of their inputs (the loop runs over the
// output's size): sections of a resident buffer copy nothing.
// CHECK: %[[SA:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @square(%[[A]], %[[T]]) map(to: %[[SA]] : {{.*}}, from: %[[T]] : memref<?xf32>)
// CHECK: %[[ST:.*]] = memref.subview %[[T]]
// CHECK-NEXT: offload.launch @square(%[[T]], %[[A]]) map(to: %[[ST]] : {{.*}}, from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[T]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: memref.dealloc %[[T]]
func.func @chain(%a: memref<?xf32>, %n: index) {
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 2}}
  offload.launch @square(%a, %t) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @square(%t, %a) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.dealloc %t : memref<?xf32>
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

// A loop of launches: the map moves out of the loop.
// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>,
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[A]]) map(tofrom: %[[A]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @loop(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %i = %c0 to %steps step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  return
}

// Host accesses between launches: one element read inside the loop is
// updated alone, after the launch that wrote it; a host write outside is
// copied to the device right after it.
// CHECK-LABEL: func.func @host_access(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[STEPS:.*]]: index, %[[K:.*]]: index)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: memref.store %{{.*}}, %[[A]][%[[K]]]
// CHECK-NEXT: %[[W:.*]] = memref.subview %[[A]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[W]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: %[[R:.*]] = memref.subview %[[A]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[R]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[A]][%[[K]]]
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @host_access(%a: memref<?xf32>, %steps: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (1 in loops): enter 'to', exit 'from', 1 update(s) + 1 per iteration; 3 copies + 1 per iteration instead of 2 + 2 per iteration}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  memref.store %seven, %a[%k] : memref<?xf32>
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%s = %zero) -> f32 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    %v = memref.load %a[%k] : memref<?xf32>
    %t = arith.addf %s, %v : f32
    scf.yield %t : f32
  }
  return %sum : f32
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

func.func private @use(memref<?xf32>)

// A function that launches on the buffer itself: a call to it is one more
// launch of the chain (test/Dialect/Offload/offload-hoist-transfers-calls.mlir
// has the rest), through a copy of it entered with the buffer on the device.
func.func @launches_too(%m: memref<?xf32>) {
  offload.launch @inc(%m) : (memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @calls_a_launcher(
// CHECK-SAME: %[[D:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[D]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[D]])
// CHECK-NEXT: call @launches_too_resident_0(%[[D]])
// CHECK-NEXT: offload.launch @inc(%[[D]])
// CHECK-NEXT: offload.exit_data map(from: %[[D]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @calls_a_launcher(%d: memref<?xf32>) {
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es), through calls to @launches_too: enter 'to', exit 'from', 0 update(s); 2 copies instead of 6}}
  offload.launch @inc(%d) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{calls @launches_too_resident_0, a copy of @launches_too entered with argument(s) #0 on the device}}
  func.call @launches_too(%d) : (memref<?xf32>) -> ()
  offload.launch @inc(%d) : (memref<?xf32>) -> ()
  return
}

// Left alone: a single launch, a buffer the program maps itself, and one
// passed between launches to a function the module only declares, which may
// call back the public functions here that launch (this one, say): the
// launches on each side of the call map it themselves
// (offload-hoist-transfers-callbacks.mlir; without such a public function,
// the call is a host access of all of it, updated both ways).
// CHECK-LABEL: func.func @left_alone(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.data map(tofrom: %[[B]] : memref<?xf32>) {
// CHECK-NEXT: offload.launch @inc(%[[B]])
// CHECK-NEXT: offload.launch @inc(%[[B]])
// CHECK-NEXT: }
// CHECK-NEXT: offload.launch @inc(%[[C]]) map(tofrom: %[[C]] : memref<?xf32>)
// CHECK-NEXT: call @use(%[[C]])
// CHECK-NEXT: offload.launch @inc(%[[C]]) map(tofrom: %[[C]] : memref<?xf32>)
// CHECK-NEXT: return
func.func @left_alone(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  offload.data map(tofrom: %b : memref<?xf32>) {
    offload.launch @inc(%b) : (memref<?xf32>) -> ()
    offload.launch @inc(%b) : (memref<?xf32>) -> ()
  }
  offload.launch @inc(%c) : (memref<?xf32>) -> ()
  func.call @use(%c) : (memref<?xf32>) -> ()
  offload.launch @inc(%c) : (memref<?xf32>) -> ()
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

// Launches that pick a device keep the buffer on that device; the host's
// read of one element in the loop updates that element from it.
// CHECK-LABEL: func.func @on_device(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[D:.*]]: i32,
// %sink, of the same element type, may be a view of %a (see @maybe_same).
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xf32>) device(%[[D]] : i32)
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[A]]) map(tofrom: %[[A]] : memref<?xf32>) device(%[[D]] : i32)
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : {{.*}}) device(%[[D]] : i32)
// CHECK-NEXT: memref.load %[[A]]
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>) device(%[[D]] : i32)
func.func @on_device(%a: memref<?xf32>, %n: index, %d: i32, %sink: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
    %v = memref.load %a[%c0] : memref<?xf32>
    memref.store %v, %sink[%c0] : memref<1xf32>
  }
  return
}

// Launches on two devices: the buffer keeps its per-launch clauses, and
// the remark says why.
// CHECK-LABEL: func.func @two_devices(
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @inc
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @inc
// CHECK-NOT: offload.exit_data
// CHECK: return
func.func @two_devices(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = arith.constant 0 : i32
  %d1 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: its launches pick different devices (argument #0)}}
    offload.launch @inc(%a) device(%d0 : i32) : (memref<?xf32>) -> ()
    offload.launch @inc(%a) device(%d1 : i32) : (memref<?xf32>) -> ()
  }
  return
}

// The device is computed in the loop, after the buffer's first launch
// would need it on the device.
// CHECK-LABEL: func.func @device_in_loop(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @device_in_loop(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %ki = arith.index_cast %k : index to i32
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: the device its launches pick is computed after the first of them}}
    offload.launch @inc(%a) device(%ki : i32) : (memref<?xf32>) -> ()
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

func.func private @omp_get_thread_num() -> i32
func.func private @omp_get_num_threads() -> i32

// The threads of a split launch (offload-split-devices), each launching on
// the devices of its shares: the loop over shares repeats no launch of the
// program, so no remark says a buffer moves at every iteration of it.
// CHECK-LABEL: func.func @share_threads(
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @inc
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @share_threads(%a: memref<?xf32>, %list: memref<?xi32>, %parts: index) {
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    %ti = arith.index_cast %t : i32 to index
    %nt = func.call @omp_get_num_threads() : () -> i32
    %nti = arith.index_cast %nt : i32 to index
    scf.for %s = %ti to %parts step %nti {
      %d = memref.load %list[%s] : memref<?xi32>
      offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
    }
    omp.terminator
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

// Other names of the buffer. A read through what an scf.if yields (%a or
// %b) is a host access of %a: the element comes back before it, named in
// the alias (the runtime finds it in %a, or moves nothing when the alias is
// %b, which is not on the device).
// CHECK-LABEL: func.func @yielded_alias(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
// CHECK: %[[S:.*]] = scf.if
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK: scf.for
// CHECK: offload.launch @inc(%[[A]])
// CHECK-NEXT: %[[ONE:.*]] = memref.subview %[[S]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[S]]
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @yielded_alias(%a: memref<?xf32>, %b: memref<?xf32>, %flag: i1, %n: index, %sink: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.if %flag -> (memref<?xf32>) {
    scf.yield %a : memref<?xf32>
  } else {
    scf.yield %b : memref<?xf32>
  }
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops)}}
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    %v = memref.load %s[%c0] : memref<?xf32>
    memref.store %v, %sink[%c0] : memref<1xf32>
  }
  return
}

// Its address handed out: the host may read or write through it anywhere,
// so the buffer keeps its per-launch clauses.
// CHECK-LABEL: func.func @address_taken(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @address_taken(%a: memref<?xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: its address is taken ('memref.extract_aligned_pointer_as_index'): the host may touch it through that at any time}}
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  return %p : index
}

// Its address only compared (what the ownership-based deallocation of a
// bufferized module does: the addresses of the buffers it may free stored
// in a buffer of addresses that a helper compares): nothing is handed out,
// and the buffer stays on the device across the loop.
// CHECK-LABEL: func.func @address_compared(
// CHECK: offload.enter_data
// CHECK: scf.for
// CHECK: call @compare_addresses(
func.func @address_compared(%a: memref<?xf32>, %other: memref<?xf32>, %n: index) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops)}}
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %other : memref<?xf32> -> index
  %same = arith.cmpi eq, %p, %q : index
  %list = memref.alloc() : memref<2xindex>
  memref.store %p, %list[%c0] : memref<2xindex>
  memref.store %q, %list[%c1] : memref<2xindex>
  %cast = memref.cast %list : memref<2xindex> to memref<?xindex>
  %any = call @compare_addresses(%cast) : (memref<?xindex>) -> i1
  memref.dealloc %list : memref<2xindex>
  %r = arith.ori %same, %any : i1
  return %r : i1
}

func.func private @compare_addresses(%list: memref<?xindex>) -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %list, %c0 : memref<?xindex>
  %x = memref.load %list[%c0] : memref<?xindex>
  %y = memref.load %list[%c1] : memref<?xindex>
  %eq = arith.cmpi eq, %x, %y : index
  return %eq : i1
}

// The same buffer of addresses handed to a function that turns one back
// into a pointer: the address escapes.
// CHECK-LABEL: func.func @address_stored_and_used(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @address_stored_and_used(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: its address is taken ('memref.extract_aligned_pointer_as_index')}}
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  %p = memref.extract_aligned_pointer_as_index %a : memref<?xf32> -> index
  %list = memref.alloc() : memref<1xindex>
  memref.store %p, %list[%c0] : memref<1xindex>
  %cast = memref.cast %list : memref<1xindex> to memref<?xindex>
  call @use_address(%cast) : (memref<?xindex>) -> ()
  memref.dealloc %list : memref<1xindex>
  return
}

func.func private @use_address(%list: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %x = memref.load %list[%c0] : memref<?xindex>
  %i = arith.index_cast %x : index to i64
  %ptr = llvm.inttoptr %i : i64 to !llvm.ptr
  %v = llvm.load %ptr : !llvm.ptr -> f32
  %z = arith.constant 0.0 : f32
  llvm.store %z, %ptr : f32, !llvm.ptr
  return
}

// Two arguments of one element type: a caller may pass one buffer as both
// (or a view of it), and then the host's store through %y is a store into
// %x, which the device's copy of %x would not see. The buffers' bytes are
// compared first: when they overlap nothing is entered, so the launches
// map %x themselves (and the exit, finding nothing, does nothing). %z, of
// another element type, and %w, which the host does not touch, need no
// check.
// CHECK-LABEL: func.func @maybe_same(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xi32>, %[[W:.*]]: memref<?xf32>,
// CHECK: memref.extract_aligned_pointer_as_index %[[X]] : memref<?xf32> -> index {offload.address_query}
// CHECK: memref.extract_aligned_pointer_as_index %[[Y]] : memref<?xf32> -> index {offload.address_query}
// CHECK-NOT: memref.extract_aligned_pointer_as_index
// CHECK: arith.andi
// CHECK: arith.andi
// CHECK: %[[OVERLAP:.*]] = arith.andi
// CHECK-NOT: arith.andi
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[DISTINCT:.*]] = arith.xori %[[OVERLAP]], %[[TRUE]] : i1
// CHECK-NEXT: scf.if %[[DISTINCT]] {
// CHECK-NEXT: offload.enter_data map(to: %[[X]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK: offload.exit_data map(from: %[[X]] : memref<?xf32>)
func.func @maybe_same(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xi32>, %w: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops)}}
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @inc(%x) : (memref<?xf32>) -> ()
    memref.store %zero, %y[%c0] : memref<?xf32>
    memref.store %izero, %z[%c0] : memref<?xi32>
    %d = memref.dim %w, %c0 : memref<?xf32>
  }
  return
}

// -----

// A launch that writes a section leaves the rest of the buffer unwritten on
// the device: whatever reads the device's copy after it (a launch, an update
// for the host) needs the host's contents entered. One that writes all of
// it first needs none.
offload.kernel @fill(%a: memref<?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @fill_all(%a: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @total(%a: memref<?xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  memref.store %s, %out[%c0] : memref<1xf32>
  offload.return
}

// CHECK-LABEL: func.func @section_then_whole(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[N:.*]]: index,
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @fill(%[[B]]
// CHECK: offload.launch @total(%[[B]]
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<?xf32>)
func.func @section_then_whole(%a: memref<?xf32>, %n: index, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %m = memref.dim %a, %c0 : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'release', 0 update(s); 1 copies instead of 2}}
  offload.launch @fill(%b, %n, %v) : (memref<?xf32>, index, f32) -> ()
  offload.launch @total(%b, %out) : (memref<?xf32>, memref<1xf32>) -> ()
  memref.dealloc %b : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @section_then_host_read(
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @fill(%[[B]]
// CHECK: offload.update map(from:
// CHECK-NEXT: memref.load %[[B]]
// CHECK: offload.launch @fill(%[[B]]
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<?xf32>)
func.func @section_then_host_read(%a: memref<?xf32>, %n: index, %k: index) -> f32 {
  %c0 = arith.constant 0 : index
  %m = memref.dim %a, %c0 : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf32>
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'release', 1 update(s); 2 copies instead of 1}}
  offload.launch @fill(%b, %n, %v) : (memref<?xf32>, index, f32) -> ()
  %x = memref.load %b[%k] : memref<?xf32>
  offload.launch @fill(%b, %k, %x) : (memref<?xf32>, index, f32) -> ()
  memref.dealloc %b : memref<?xf32>
  return %x : f32
}

// Launches that all map the same section (a loop over [0, n) of each):
// that section alone is kept on the device, entered from a copy of the
// view made before the first launch; written whole by the first, it needs
// nothing of the host.
// CHECK-LABEL: func.func @one_section(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: index)
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.enter_data map(alloc: %[[S]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: offload.launch @fill(%[[A]], %[[N]], %{{.*}}) map(from: %[[S]] :
// CHECK: offload.launch @fill(%[[A]], %[[N]]
// CHECK-NEXT: offload.exit_data map(from: %[[S]] : memref<?xf32, strided<[1], offset: ?>>)
func.func @one_section(%a: memref<?xf32>, %n: index) {
  %v = arith.constant 2.0 : f32
  %w = arith.constant 3.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es), the section they all map: enter 'alloc', exit 'from', 0 update(s); 1 copies instead of 2}}
  offload.launch @fill(%a, %n, %v) : (memref<?xf32>, index, f32) -> ()
  offload.launch @fill(%a, %n, %w) : (memref<?xf32>, index, f32) -> ()
  return
}

offload.kernel @fill_range(%a: memref<?xf32>, %lo: index, %hi: index, %v: f32) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

// Launches writing constant sections that together cover all of a buffer
// of constant size leave it written: nothing to enter. With a gap between
// them, the rest must come from the host.
// CHECK-LABEL: func.func @sections_cover(
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: offload.enter_data map(alloc: %[[B]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @fill_range(%[[B]]
// CHECK: offload.launch @fill_range(%[[B]]
// CHECK: offload.launch @total(%[[B]]
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<?xf32>)
func.func @sections_cover(%out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c400 = arith.constant 400 : index
  %c1000 = arith.constant 1000 : index
  %b = memref.alloc(%c1000) : memref<?xf32>
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 3}}
  offload.launch @fill_range(%b, %c400, %c1000, %v) : (memref<?xf32>, index, index, f32) -> ()
  offload.launch @fill_range(%b, %c0, %c400, %v) : (memref<?xf32>, index, index, f32) -> ()
  offload.launch @total(%b, %out) : (memref<?xf32>, memref<1xf32>) -> ()
  memref.dealloc %b : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @sections_gap(
// CHECK: %[[B:.*]] = memref.cast
// CHECK: offload.enter_data map(to: %[[B]] : memref<?xf32>)
func.func @sections_gap(%a: memref<1000xf32>, %out: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c400 = arith.constant 400 : index
  %c500 = arith.constant 500 : index
  %c1000 = arith.constant 1000 : index
  %s = memref.alloc() : memref<1000xf32>
  memref.copy %a, %s : memref<1000xf32> to memref<1000xf32>
  %b = memref.cast %s : memref<1000xf32> to memref<?xf32>
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'to', exit 'release', 0 update(s); 1 copies instead of 3}}
  offload.launch @fill_range(%b, %c0, %c400, %v) : (memref<?xf32>, index, index, f32) -> ()
  offload.launch @fill_range(%b, %c500, %c1000, %v) : (memref<?xf32>, index, index, f32) -> ()
  offload.launch @total(%b, %out) : (memref<?xf32>, memref<1xf32>) -> ()
  memref.dealloc %s : memref<1000xf32>
  return
}

// Written whole first, then read as a section: nothing to enter.
// CHECK-LABEL: func.func @whole_then_section(
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: offload.enter_data map(alloc: %[[B]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @fill_all(%[[B]]
// CHECK: offload.launch @fill(%[[B]]
// CHECK: offload.launch @total(%[[B]]
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<?xf32>)
func.func @whole_then_section(%m: index, %n: index, %out: memref<1xf32>) {
  %b = memref.alloc(%m) : memref<?xf32>
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 3}}
  offload.launch @fill_all(%b, %v) : (memref<?xf32>, f32) -> ()
  offload.launch @fill(%b, %n, %v) : (memref<?xf32>, index, f32) -> ()
  offload.launch @total(%b, %out) : (memref<?xf32>, memref<1xf32>) -> ()
  memref.dealloc %b : memref<?xf32>
  return
}

// -----

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

// The launch maps a cast of the buffer, the host reads and writes one
// element through the buffer itself (or another cast of it): the indices
// locate the same element, so the updates move that element only.
// CHECK-LABEL: func.func @through_casts(
// CHECK: %[[S:.*]] = memref.alloc() : memref<1000xi32>
// CHECK: %[[D:.*]] = memref.cast %[[S]] : memref<1000xi32> to memref<?xi32>
// CHECK: offload.enter_data map(alloc: %[[D]] : memref<?xi32>)
// CHECK: scf.for
// CHECK: offload.launch @inc(%[[D]])
// CHECK: %[[E:.*]] = memref.subview %[[D]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[S]]
// CHECK: memref.store %{{.*}}, %[[U:.*]][%{{.*}}] : memref<?xi32, strided<[1]>>
// CHECK-NEXT: %[[F:.*]] = memref.subview %[[D]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[F]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK: offload.exit_data map(from: %[[D]] : memref<?xi32>)
func.func @through_casts(%steps: index, %k: index) -> memref<1000xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.alloc() : memref<1000xi32>
  %d = memref.cast %s : memref<1000xi32> to memref<?xi32>
  %u = memref.cast %s : memref<1000xi32> to memref<?xi32, strided<[1]>>
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'alloc', exit 'from', 0 update(s) + 2 per iteration; 1 copies + 2 per iteration instead of 0 + 2 per iteration}}
  scf.for %it = %c0 to %steps step %c1 {
    offload.launch @inc(%d) : (memref<?xi32>) -> ()
    %v = memref.load %s[%k] : memref<1000xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %u[%k] : memref<?xi32, strided<[1]>>
  }
  return %s : memref<1000xi32>
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

// A host write that is not one element is followed by an update of what it
// may have written, and, unless it surely wrote all of that, the host first
// brings the device's newer contents of it back (or the update would send
// its stale copy of the elements it did not write): a host loop whose
// accesses index the buffer at its variable plus constants updates the
// section [lb + min, ub + max) (empty when the loop does not run); a copy
// into a view, all of the buffer.
// CHECK-LABEL: func.func @host_loop_write(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %{{.*}}: memref<2xf32>, %[[LO:[^:]*]]: index, %[[HI:[^:]*]]: index)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LO]], %[[HI]] : index
// CHECK: %[[S:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.update map(from: %[[S]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c2
// CHECK: }
// CHECK: %[[T:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.update map(to: %[[T]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: memref.subview
// CHECK-NEXT: offload.update map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: memref.copy
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @host_loop_write(%a: memref<?xf32>, %b: memref<2xf32>, %lo: index, %hi: index) {
  %c2 = arith.constant 2 : index
  %five = arith.constant 5.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'to', exit 'from', 4 update(s); 6 copies instead of 6}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  scf.for %j = %lo to %hi step %c2 {
    memref.store %five, %a[%j] : memref<?xf32>
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %v = memref.subview %a[%lo] [2] [1] : memref<?xf32> to memref<2xf32, strided<[1], offset: ?>>
  memref.copy %b, %v : memref<2xf32> to memref<2xf32, strided<[1], offset: ?>>
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// A memref.copy into all of the buffer writes every element: nothing comes
// back before it, all of it goes to the device after.
// CHECK-LABEL: func.func @copy_into_all(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>)
// CHECK: offload.launch @inc(%[[A]])
// CHECK-NEXT: memref.copy %[[B]], %[[A]]
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
func.func @copy_into_all(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 1 update(s); 3 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  memref.copy %b, %a : memref<?xf32> to memref<?xf32>
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// A host loop storing every element of [lo + 1, hi + 1) (step 1, one store
// in its body, no load): that section goes to the device, nothing comes
// back before; a loop reading [lo - 1, hi + 1) brings that section back.
// CHECK-LABEL: func.func @host_loop_fill(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[LO:[^:]*]]: index, %[[HI:[^:]*]]: index)
// CHECK: offload.launch @inc(%[[A]])
// CHECK-NEXT: scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1
// CHECK: }
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[LO]], %[[C1]] : index
// CHECK: %[[T:.*]] = memref.subview %[[A]][%{{.*}}] [%{{.*}}] [1]
// CHECK-NEXT: offload.update map(to: %[[T]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-NEXT: %[[G:.*]] = arith.addi %[[LO]], %[[CM1]] : index
// CHECK: %[[R:.*]] = memref.subview %[[A]][%{{.*}}] [%{{.*}}] [1]
// CHECK-NEXT: offload.update map(from: %[[R]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: scf.for %{{.*}} = %[[LO]] to %[[HI]] step %c1
// CHECK: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @host_loop_fill(%a: memref<?xf32>, %lo: index, %hi: index) -> f32 {
  %c1 = arith.constant 1 : index
  %five = arith.constant 5.0 : f32
  %zero = arith.constant 0.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 6}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  scf.for %j = %lo to %hi step %c1 {
    %k = arith.addi %j, %c1 : index
    memref.store %five, %a[%k] : memref<?xf32>
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %s = scf.for %j = %lo to %hi step %c1 iter_args(%acc = %zero) -> f32 {
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %x = memref.load %a[%jm] : memref<?xf32>
    %y = memref.load %a[%jp] : memref<?xf32>
    %t = arith.addf %x, %y : f32
    %u = arith.addf %acc, %t : f32
    scf.yield %u : f32
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return %s : f32
}

offload.kernel @scale2d(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<?x?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// Ghost rows filled on the host: a loop over the columns whose accesses
// index the grid by the loop's variable in one dimension and by values the
// same in every iteration in the other moves those rows, each by updates
// of its own: the two rows it reads come back before it, the two it writes
// (all of each) go to the device after it. Before, the whole grid moved
// both ways.
// CHECK-LABEL: func.func @host_ghost_rows(
// CHECK-SAME: %[[G:[^:]*]]: memref<?x?xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[COLS:.*]] = memref.dim %[[G]], %[[C1]]
// CHECK: %[[LAST:.*]] = arith.subi %{{.*}}, %[[C1]] : index
// CHECK-NEXT: %[[TOP:.*]] = arith.subi
// CHECK: offload.launch @scale2d(%[[G]])
// CHECK: %[[R1:.*]] = memref.subview %[[G]][%[[C1]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK-NEXT: offload.update map(from: %[[R1]] : memref<1x?xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[R2:.*]] = memref.subview %[[G]][%[[TOP]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK-NEXT: offload.update map(from: %[[R2]] : memref<1x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %[[COLS]] step %[[C1]]
// CHECK: }
// CHECK: %[[W1:.*]] = memref.subview %[[G]][%[[LAST]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK-NEXT: offload.update map(to: %[[W1]] : memref<1x?xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[W2:.*]] = memref.subview %[[G]][%[[C0]], %{{.*}}] [1, %{{.*}}] [1, 1]
// CHECK-NEXT: offload.update map(to: %[[W2]] : memref<1x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT: offload.launch @scale2d(%[[G]])
// CHECK-NEXT: offload.exit_data map(from: %[[G]] : memref<?x?xf32>)
func.func @host_ghost_rows(%g: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %g, %c0 : memref<?x?xf32>
  %cols = memref.dim %g, %c1 : memref<?x?xf32>
  %rl = arith.subi %rows, %c1 : index
  %rl2 = arith.subi %rows, %c2 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 4 update(s); 6 copies instead of 4}}
  offload.launch @scale2d(%g) : (memref<?x?xf32>) -> ()
  scf.for %j = %c0 to %cols step %c1 {
    %top = memref.load %g[%rl2, %j] : memref<?x?xf32>
    memref.store %top, %g[%c0, %j] : memref<?x?xf32>
    %bot = memref.load %g[%c1, %j] : memref<?x?xf32>
    memref.store %bot, %g[%rl, %j] : memref<?x?xf32>
  }
  offload.launch @scale2d(%g) : (memref<?x?xf32>) -> ()
  return
}

// The same in one dimension: accesses at offsets further apart than the
// loop's trip count move as pieces of their own, [1000, 1064) back before
// the loop, [0, 64) to the device after it, not [0, 1064) both ways.
// CHECK-LABEL: func.func @host_far_apart(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>)
// CHECK: offload.launch @inc(%[[A]])
// CHECK: %[[R:.*]] = memref.subview %[[A]][%{{.*}}] [%{{.*}}] [1]
// CHECK-NEXT: offload.update map(from: %[[R]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: scf.for
// CHECK: }
// CHECK: %[[W:.*]] = memref.subview %[[A]][%{{.*}}] [%{{.*}}] [1]
// CHECK-NEXT: offload.update map(to: %[[W]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
func.func @host_far_apart(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  scf.for %j = %c0 to %c64 step %c1 {
    %k = arith.addi %j, %c1000 : index
    %v = memref.load %a[%k] : memref<?xf32>
    memref.store %v, %a[%j] : memref<?xf32>
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// Ghost columns: a loop over the rows touches one element per row, a box
// that is not one run of elements (one copy per element): the whole grid
// moves instead.
// CHECK-LABEL: func.func @host_ghost_columns(
// CHECK-SAME: %[[G:[^:]*]]: memref<?x?xf32>)
// CHECK: offload.launch @scale2d(%[[G]])
// CHECK-NEXT: offload.update map(from: %[[G]] : memref<?x?xf32>)
// CHECK-NEXT: scf.for
// CHECK: }
// CHECK-NEXT: offload.update map(to: %[[G]] : memref<?x?xf32>)
// CHECK-NEXT: offload.launch @scale2d(%[[G]])
func.func @host_ghost_columns(%g: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %rows = memref.dim %g, %c0 : memref<?x?xf32>
  %cols = memref.dim %g, %c1 : memref<?x?xf32>
  %cl2 = arith.subi %cols, %c2 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 4}}
  offload.launch @scale2d(%g) : (memref<?x?xf32>) -> ()
  scf.for %i = %c0 to %rows step %c1 {
    %v = memref.load %g[%i, %cl2] : memref<?x?xf32>
    memref.store %v, %g[%i, %c0] : memref<?x?xf32>
  }
  offload.launch @scale2d(%g) : (memref<?x?xf32>) -> ()
  return
}

// -----

offload.kernel @fill_all(%a: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

// A loop whose launch writes all of the buffer: when the loop surely runs
// (constant bounds, at least one iteration) the buffer needs nothing of the
// host, and what comes back was written; when it may not run, the exit
// would bring back whatever the device holds, so the enter copies the
// host's contents.
// CHECK-LABEL: func.func @loop_overwrites(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: offload.enter_data map(alloc: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-LABEL: func.func @loop_may_not_run(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func @loop_overwrites(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'alloc', exit 'from', 0 update(s); 1 copies instead of 0 + 1 per iteration}}
  scf.for %k = %c0 to %c10 step %c1 {
    offload.launch @fill_all(%a, %v) : (memref<?xf32>, f32) -> ()
  }
  return
}

func.func @loop_may_not_run(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 2.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 1 per iteration}}
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @fill_all(%a, %v) : (memref<?xf32>, f32) -> ()
  }
  return
}

// -----

offload.kernel @twice(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %b, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %b[%i] : memref<?xi32>
  }
  offload.return
}

// A loop that refills a on the host (every element) before a launch that
// only reads it: the device never holds newer data of a, so nothing of it
// comes back before the refill, or at the end (the host wrote all it
// holds), and only the section written goes to the device. Each iteration
// starts by writing all of a, so a is only allocated at the enter; so is
// b, written whole by the loop's first launch in a loop that surely runs.
// CHECK-LABEL: func.func @refill(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xi32>, %[[B:[^:]*]]: memref<?xi32>
// CHECK-DAG: offload.enter_data map(alloc: %[[A]] : memref<?xi32>)
// CHECK-DAG: offload.enter_data map(alloc: %[[B]] : memref<?xi32>)
// CHECK: scf.for
// CHECK-NOT: offload.update map(from: %[[A]]
// CHECK: offload.update map(to: %{{.*}} : memref<?xi32, strided<[1], offset: ?>>)
// CHECK: offload.launch @twice(%[[A]], %[[B]])
// CHECK: offload.update map(from: %{{.*}} : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[B]]
// CHECK-DAG: offload.exit_data map(release: %[[A]] : memref<?xi32>)
// CHECK-DAG: offload.exit_data map(from: %[[B]] : memref<?xi32>)
func.func @refill(%a: memref<?xi32>, %b: memref<?xi32>, %j: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'alloc', exit 'release', 0 update(s) + 1 per iteration; 0 copies + 1 per iteration instead of 0 + 1 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'alloc', exit 'from', 0 update(s) + 1 per iteration; 1 copies + 1 per iteration instead of 0 + 1 per iteration}}
  %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %z) -> i32 {
    %ki = arith.index_cast %k : index to i32
    scf.for %i = %c0 to %n step %c1 {
      memref.store %ki, %a[%i] : memref<?xi32>
    }
    offload.launch @twice(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    %v = memref.load %b[%j] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

offload.kernel @step(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

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

offload.kernel @step8(%in: memref<8xf32, strided<[1]>>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %j = arith.remui %i, %c1 : index
    %v = memref.load %in[%j] : memref<8xf32, strided<[1]>>
    memref.store %v, %out[%i] : memref<16xf32>
  }
  offload.return
}

// Ping-pong: the loop passes a and b to the next iteration swapped, each
// launch reading one and writing the other. Both stay on the device across
// the loop; arguments may be read by the caller: both come back whole.
// A caller may pass one buffer as both: where their bytes overlap, nothing
// is entered or left (the launches map them themselves).
// CHECK-LABEL: func.func @ping_pong_args(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>, %{{[^:]*}}: index)
// CHECK: %[[DISTINCT:.*]] = arith.xori
// CHECK-NEXT: scf.if %[[DISTINCT]] {
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[CUR:.*]] = %[[A]], %[[NXT:.*]] = %[[B]])
// CHECK: offload.launch @step(%[[CUR]], %[[NXT]])
// CHECK-NEXT: scf.yield %[[NXT]], %[[CUR]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[DISTINCT]] {
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func @ping_pong_args(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to', exit 'from', 0 update(s) of the loop's results; 4 copies instead of 2 per iteration}}
  %r:2 = scf.for %t = %c0 to %n step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @step(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  return
}

// Local buffers: b is only allocated (the loop surely runs and its first
// launch writes all of it); after the loop only the element the host reads
// of the result comes back, and both are released.
// CHECK-LABEL: func.func @ping_pong_local(
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK: offload.launch @step16(
// CHECK: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]]#0[0] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1]>>)
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<16xf32>)
// CHECK-NEXT: memref.load %[[R]]#0
func.func @ping_pong_local(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results; 2 copies instead of 2 per iteration}}
  %r:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<16xf32>, memref<16xf32>) {
    offload.launch @step16(%cur, %nxt) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.yield %nxt, %cur : memref<16xf32>, memref<16xf32>
  }
  %v = memref.load %r#0[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %v : f32
}

// Launches after the loop on its results, or on the buffers by their own
// names, on the loop's device: the buffers stay on the device through them,
// and come back (the results the host or later launches read) after the
// last. The launch on
// another device, and the one after the host's read, map for themselves.
// CHECK-LABEL: func.func @ping_pong_then_launch(
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK: offload.launch @step16(
// CHECK: }
// CHECK-NEXT: offload.launch @step16(%[[R]]#0, %[[R]]#1) map(to: %[[R]]#0 : memref<16xf32>, from: %[[R]]#1 : memref<16xf32>)
// CHECK-NEXT: %[[VIEW:.*]] = memref.subview %[[R]]#1
// CHECK-NEXT: offload.launch @step8(%[[VIEW]], %[[A]])
// CHECK-NEXT: offload.update map(from: %[[R]]#0 : memref<16xf32>)
// CHECK-NEXT: offload.update map(from: %[[R]]#1 : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<16xf32>)
// CHECK-NEXT: offload.launch @step16(%[[R]]#1, %[[R]]#0) map(to: %[[R]]#1 : memref<16xf32>, from: %[[R]]#0 : memref<16xf32>) device(%{{.*}} : i32)
// CHECK-NEXT: memref.load %[[R]]#1
// CHECK-NEXT: offload.launch @step16(%[[R]]#0, %[[R]]#1) map(to: %[[R]]#0 : memref<16xf32>, from: %[[R]]#1 : memref<16xf32>)
func.func @ping_pong_then_launch(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d1 = arith.constant 1 : i32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es) and 2 launch(es) after it: enter 'to', 'alloc', exit 'release', 2 update(s) of the loop's results; 3 copies instead of 2 per iteration}}
  %r:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<16xf32>, memref<16xf32>) {
    offload.launch @step16(%cur, %nxt) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.yield %nxt, %cur : memref<16xf32>, memref<16xf32>
  }
  offload.launch @step16(%r#0, %r#1) : (memref<16xf32>, memref<16xf32>) -> ()
  %view = memref.subview %r#1[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  offload.launch @step8(%view, %a) : (memref<8xf32, strided<[1]>>, memref<16xf32>) -> ()
  offload.launch @step16(%r#1, %r#0) device(%d1 : i32) : (memref<16xf32>, memref<16xf32>) -> ()
  %v = memref.load %r#1[%c0] : memref<16xf32>
  offload.launch @step16(%r#0, %r#1) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %v : f32
}

// The host reads one element of one of them in the loop: they stay on the
// device, and the read updates that element of whichever buffer it is.
// CHECK-LABEL: func.func @ping_pong_host(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK: scf.for {{.*}} iter_args(%[[CUR:[^ ]*]] = %[[A]], %[[NXT:[^ ]*]] = %[[B]],
// CHECK: offload.launch @step
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[NXT]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[NXT]]
// CHECK: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func @ping_pong_host(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to', exit 'from', 0 update(s) of the loop's results, 1 of one element in it (host loads and stores); 4 copies + 1 per iteration instead of 2 per iteration}}
  %r:3 = scf.for %t = %c0 to %n step %c1 iter_args(%cur = %a, %nxt = %b, %s = %z) -> (memref<?xf32>, memref<?xf32>, f32) {
    offload.launch @step(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    %v = memref.load %nxt[%c0] : memref<?xf32>
    %s2 = arith.addf %s, %v : f32
    scf.yield %nxt, %cur, %s2 : memref<?xf32>, memref<?xf32>, f32
  }
  return %r#2 : f32
}

// Each iteration passes on a new buffer: nothing to keep.
// CHECK-LABEL: func.func @fresh_each_time(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @fresh_each_time(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: iteration argument #0 is given another buffer than one the loop started with}}
  %r = scf.for %t = %c0 to %n step %c1 iter_args(%cur = %a) -> (memref<?xf32>) {
    %m = memref.dim %cur, %c0 : memref<?xf32>
    %nxt = memref.alloc(%m) : memref<?xf32>
    offload.launch @step(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt : memref<?xf32>
  }
  return
}

// An scf.while whose condition passes the buffers on and whose body yields
// them swapped: the same, with every buffer entered 'to' (the loop may not
// run).
// CHECK-LABEL: func.func @ping_pong_while(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>, %{{[^:]*}}: index)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]]:3 = scf.while
// CHECK: scf.condition
// CHECK: offload.launch @step(
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.if
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func @ping_pong_while(%a: memref<?xf32>, %b: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to', exit 'from', 0 update(s) of the loop's results; 4 copies instead of 2 per iteration}}
  %r:3 = scf.while (%cur = %a, %nxt = %b, %i = %c0) : (memref<?xf32>, memref<?xf32>, index) -> (memref<?xf32>, memref<?xf32>, index) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %cur, %nxt, %i : memref<?xf32>, memref<?xf32>, index
  } do {
  ^bb0(%x: memref<?xf32>, %y: memref<?xf32>, %j: index):
    offload.launch @step(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
    %j1 = arith.addi %j, %c1 : index
    scf.yield %y, %x, %j1 : memref<?xf32>, memref<?xf32>, index
  }
  return
}

// The condition passes on a buffer the loop allocates: they keep their
// per-launch maps.
// CHECK-LABEL: func.func @while_fresh(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @while_fresh(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0 still move at every launch: its condition passes on another buffer as argument #0}}
  %r = scf.while (%cur = %a) : (memref<?xf32>) -> (memref<?xf32>) {
    %m = memref.dim %cur, %c0 : memref<?xf32>
    %fresh = memref.alloc(%m) : memref<?xf32>
    %go = arith.cmpi ult, %m, %n : index
    scf.condition(%go) %fresh : memref<?xf32>
  } do {
  ^bb0(%x: memref<?xf32>):
    offload.launch @step(%x, %x) {allow_aliasing} : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %x : memref<?xf32>
  }
  return
}

offload.kernel @acc16(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    %u = memref.load %y[%i] : memref<16xf32>
    %w = arith.addf %v, %u : f32
    memref.store %w, %y[%i] : memref<16xf32>
  }
  offload.return
}

// The swap happens in an scf.if (the else branch accumulates in place and
// does not swap): its results may be either buffer, both of the group. b
// is only allocated: the loop's first op writes all of it.
// CHECK-LABEL: func.func @ping_pong_if(
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK: offload.launch @step16(
// CHECK: scf.if
// CHECK: offload.launch @acc16(
// CHECK: %[[E:.*]] = memref.subview %[[R]]#0[0] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1]>>)
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<16xf32>)
// CHECK-NEXT: memref.load %[[R]]#0
func.func @ping_pong_if(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 2 launch(es): enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results; 2 copies instead of 5 per iteration}}
  %r:2 = scf.for %t = %c0 to %c9 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<16xf32>, memref<16xf32>) {
    offload.launch @step16(%cur, %nxt) : (memref<16xf32>, memref<16xf32>) -> ()
    %m = arith.remui %t, %c2 : index
    %odd = arith.cmpi ne, %m, %c0 : index
    %p:2 = scf.if %odd -> (memref<16xf32>, memref<16xf32>) {
      scf.yield %nxt, %cur : memref<16xf32>, memref<16xf32>
    } else {
      offload.launch @acc16(%nxt, %cur) : (memref<16xf32>, memref<16xf32>) -> ()
      scf.yield %cur, %nxt : memref<16xf32>, memref<16xf32>
    }
    scf.yield %p#0, %p#1 : memref<16xf32>, memref<16xf32>
  }
  %v = memref.load %r#0[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %v : f32
}

// Nested ping-pong: the outer loop passes its buffers to an inner loop that
// swaps them, and yields the inner loop's results. Both stay on the device
// around the outer loop; the inner loop (whose buffers are resident then)
// has no data ops. b is only allocated: the inner loop's first launch
// writes all of it.
// CHECK-LABEL: func.func @ping_pong_nested(
// CHECK: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<16xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @step16(
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]]#0[0] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]] : memref<1xf32, strided<[1]>>)
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<16xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<16xf32>)
func.func @ping_pong_nested(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results; 2 copies instead of 2 per iteration}}
  %o:2 = scf.for %e = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<16xf32>, memref<16xf32>) {
    %r:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%u = %cur, %v = %nxt) -> (memref<16xf32>, memref<16xf32>) {
      offload.launch @step16(%u, %v) : (memref<16xf32>, memref<16xf32>) -> ()
      scf.yield %v, %u : memref<16xf32>, memref<16xf32>
    }
    scf.yield %r#0, %r#1 : memref<16xf32>, memref<16xf32>
  }
  %v = memref.load %o#0[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %v : f32
}

// A branch yields a buffer the loop allocates: the group may hold another
// buffer than those it started with, and its launches map for themselves.
// CHECK-LABEL: func.func @ping_pong_fresh(
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @step16(%{{.*}}, %{{.*}}) map(to: %{{.*}} : memref<16xf32>, from: %{{.*}} : memref<16xf32>)
// CHECK-NOT: offload.exit_data
// CHECK: return
func.func @ping_pong_fresh(%x: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 still move at every launch: 'scf.if' in the loop may give another buffer than one the loop started with}}
  %o:2 = scf.for %e = %c0 to %c7 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<16xf32>, memref<16xf32>) {
    offload.launch @step16(%cur, %nxt) : (memref<16xf32>, memref<16xf32>) -> ()
    %p = scf.if %c -> (memref<16xf32>) {
      scf.yield %cur : memref<16xf32>
    } else {
      %f = memref.alloc() : memref<16xf32>
      scf.yield %f : memref<16xf32>
    }
    scf.yield %nxt, %p : memref<16xf32>, memref<16xf32>
  }
  %v = memref.load %o#0[%c0] : memref<16xf32>
  return %v : f32
}

// -----

offload.kernel @inc2(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %v = memref.load %a[%i, %j] : memref<?x?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// One element read and one written through a view of row k: each update
// is that element, in the view's indices.
// CHECK-LABEL: func.func @element_in_row(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xf32>, %[[K:[^:]*]]: index, %{{[^:]*}}: index)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?x?xf32>)
// CHECK: offload.launch @inc2(%[[A]])
// CHECK: %[[ROW:.*]] = memref.subview %[[A]][%[[K]], 0]
// CHECK-NEXT: %[[E3:.*]] = memref.subview %[[ROW]][%c3] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E3]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[ROW]][%c3]
// CHECK-NEXT: memref.store %{{.*}}, %[[ROW]][%c1]
// CHECK-NEXT: %[[E1:.*]] = memref.subview %[[ROW]][%c1] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[E1]] : memref<1xf32, strided<[1], offset: ?>>)
// CHECK: offload.exit_data map(from: %[[A]] : memref<?x?xf32>)
func.func @element_in_row(%a: memref<?x?xf32>, %k: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 4}}
  offload.launch @inc2(%a) : (memref<?x?xf32>) -> ()
  %row = memref.subview %a[%k, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %v = memref.load %row[%c3] : memref<?xf32, strided<[1], offset: ?>>
  memref.store %v, %row[%c1] : memref<?xf32, strided<[1], offset: ?>>
  offload.launch @inc2(%a) : (memref<?x?xf32>) -> ()
  return %v : f32
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

offload.kernel @square(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

// A buffer chosen among others (arith.select) may be one of them at run
// time, whose own launches its data ops would not know about: it keeps its
// per-launch maps.
// CHECK-LABEL: func.func @chosen(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func @chosen(%a: memref<?xf32>, %b: memref<?xf32>, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = arith.select %c, %a, %b : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: it may be another buffer of the function at run time (it is made by 'arith.select') (argument #0)}}
    offload.launch @inc(%x) : (memref<?xf32>) -> ()
  }
  return
}

// Two arguments both launches map: a caller may pass one buffer as both,
// which the device would hold once, entered for the first and copied back
// for the last to leave. Each enter is guarded by a comparison of their
// bytes: where they overlap, nothing is entered and the launches map them
// themselves.
// CHECK-LABEL: func.func @two_args(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>)
// CHECK: %[[BOTH:.*]] = arith.andi
// CHECK-NEXT: %[[SOME:.*]] = arith.andi %[[BOTH]]
// CHECK-NEXT: %[[OVER:.*]] = arith.andi %[[SOME]]
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[DISTINCT:.*]] = arith.xori %[[OVER]], %[[TRUE]] : i1
// CHECK-NEXT: scf.if %[[DISTINCT]] {
// CHECK-NEXT: offload.enter_data map(to: %{{.*}} : memref<?xf32, strided<[1], offset: ?>>)
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<?xf32>)
// CHECK: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func @two_args(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es), the section they all map: enter 'to', exit 'release', 0 update(s); 1 copies instead of 2}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'alloc', exit 'from', 0 update(s); 1 copies instead of 2}}
  offload.launch @square(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  offload.launch @square(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A loop whose first launch on t overwrites all of it needs none of the
// host's contents on the device, but only where that launch runs before
// everything else that touches t: not when it sits in an inner loop that
// may run no iteration (%m = 0: @add reads the host's 0.5s), nor under a
// condition that the other launch is not under; yes when both launches
// are under the same condition.

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

// CHECK-LABEL: func.func @fill_maybe_never(
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[T]] : memref<?xf32>)
// CHECK: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @fill_maybe_never(%o: memref<?xf32>, %n: index, %m: index) {
  %t = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %half = arith.constant 0.5 : f32
  linalg.fill ins(%half : f32) outs(%t : memref<?xf32>)
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'to', exit 'release', 0 update(s); 1 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), the section they all map: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      offload.launch @fill(%t) : (memref<?xf32>) -> ()
    }
    offload.launch @add(%t, %o) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @fill_then_add_when(
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @fill_then_add_when(%o: memref<?xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), the section they all map: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c4 step %c1 {
    scf.if %c {
      offload.launch @fill(%t) : (memref<?xf32>) -> ()
      offload.launch @add(%t, %o) : (memref<?xf32>, memref<?xf32>) -> ()
    }
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// CHECK-LABEL: func.func @fill_when_add_always(
// CHECK: %[[T:.*]] = memref.alloc
// CHECK-NEXT: offload.enter_data map(alloc: %[[T]] : memref<?xf32>)
// CHECK: offload.exit_data map(release: %[[T]] : memref<?xf32>)
func.func @fill_when_add_always(%o: memref<?xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %t = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'alloc', exit 'release', 0 update(s); 0 copies instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), the section they all map: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c4 step %c1 {
    scf.if %c {
      offload.launch @fill(%t) : (memref<?xf32>) -> ()
    }
    offload.launch @add(%t, %o) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  memref.dealloc %t : memref<?xf32>
  return
}

// -----

// Host reads after the last launch and through aliases.

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

func.func private @pick(%a: memref<?xi32>, %b: memref<?xi32>, %k: index) -> memref<?xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.remui %k, %c2 : index
  %odd = arith.cmpi eq, %m, %c1 : index
  %r = arith.select %odd, %b, %a : memref<?xi32>
  return %r : memref<?xi32>
}

// The host reads an element through a call returning one of a and b: one
// update of that element, named in the alias, serves both (the runtime
// finds it in whichever buffer it is).
// CHECK-LABEL: func.func @read_picked(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xi32>, %[[B:[^:]*]]: memref<?xi32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xi32>)
// CHECK: offload.enter_data map(to: %[[B]] : memref<?xi32>)
// CHECK: %[[P:.*]] = func.call @pick(%[[A]], %[[B]], %[[K:[^)]*]])
// CHECK-NEXT: %[[ONE:.*]] = memref.subview %[[P]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[P]][%[[K]]]
// CHECK-NOT: offload.update
// CHECK: offload.exit_data map(from: %[[B]] : memref<?xi32>)
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xi32>)
func.func @read_picked(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark@+2 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 1 per iteration; 2 copies + 1 per iteration instead of 0 + 2 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    offload.launch @bump(%a) : (memref<?xi32>) -> ()
    offload.launch @bump(%b) : (memref<?xi32>) -> ()
    %p = func.call @pick(%a, %b, %k) : (memref<?xi32>, memref<?xi32>, index) -> memref<?xi32>
    %v = memref.load %p[%k] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// After the loop the host reads a[0], a[2] and a[900], then frees a: a[0]
// and a[2] come back in one update of a[0:3], a[900] alone; nothing at the
// exit.
// CHECK-LABEL: func.func @peek_three(
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: scf.for
// CHECK: %[[RANGE:.*]] = memref.subview %[[A]][0] [3] [1]
// CHECK-NEXT: offload.update map(from: %[[RANGE]] : memref<3xi32, strided<[1]>>)
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: %[[ONE:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[ONE]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<?xi32>)
// CHECK-NEXT: memref.dealloc %[[A]]
func.func @peek_three(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c900 = arith.constant 900 : index
  %a = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'alloc', exit 'release', 2 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %c4 step %c1 {
    offload.launch @bump(%a) : (memref<?xi32>) -> ()
  }
  %x = memref.load %a[%c0] : memref<?xi32>
  %y = memref.load %a[%c2] : memref<?xi32>
  %z = memref.load %a[%c900] : memref<?xi32>
  memref.dealloc %a : memref<?xi32>
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  return %t : i32
}

// In each iteration the host pins a[k] after the launch and reads a[k] and
// a[k + 1]: a[k] is the host's own value (its update 'to' went right after
// the store), so only a[k + 1] comes back. A store under an scf.if may not
// run: a[j] read after it comes back.
// CHECK-LABEL: func.func @pin_then_read(
// CHECK: scf.for %[[K:[^ ]*]] =
// CHECK: offload.launch @bump
// CHECK-NEXT: memref.store %{{.*}}, %[[A:.*]][%[[K]]]
// CHECK-NEXT: %[[PIN:.*]] = memref.subview %[[A]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[PIN]]
// CHECK-NEXT: memref.load %[[A]][%[[K]]]
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]]
// CHECK-NEXT: %[[NEXT:.*]] = memref.subview %[[A]][%[[K1]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[NEXT]]
// CHECK-NEXT: memref.load %[[A]][%[[K1]]]
// CHECK: scf.if
// CHECK: memref.store
// CHECK: offload.update map(to:
// CHECK: }
// CHECK-NEXT: %[[J:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[J]]
// CHECK-NEXT: memref.load %[[A]]
func.func @pin_then_read(%a: memref<?xi32>, %n: index, %j: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %seven = arith.constant 7 : i32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 4 per iteration; 2 copies + 4 per iteration instead of 0 + 2 per iteration}}
  %s = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    offload.launch @bump(%a) : (memref<?xi32>) -> ()
    memref.store %seven, %a[%k] : memref<?xi32>
    %v = memref.load %a[%k] : memref<?xi32>
    %k1 = arith.addi %k, %c1 : index
    %w = memref.load %a[%k1] : memref<?xi32>
    scf.if %c {
      memref.store %seven, %a[%j] : memref<?xi32>
    }
    %u = memref.load %a[%j] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    %t2 = arith.addi %t, %w : i32
    %t3 = arith.addi %t2, %u : i32
    scf.yield %t3 : i32
  }
  return %s : i32
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

// A host loop shifting a section left (a[i] = a[i+1] for i in [lo, hi))
// between launches: it reads [lo, hi + 1) and writes [lo, hi), so the
// update 'from' before it covers one element more than the update 'to'
// after it.
// CHECK-LABEL: func.func @shift_left(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[LO:[^:]*]]: index, %[[HI:[^:]*]]: index
// CHECK: offload.launch @inc
// CHECK: %[[RF:.*]] = arith.addi %[[HI]], %[[C1:.*]] : index
// CHECK: %[[FROM:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.update map(from: %[[FROM]]
// CHECK: scf.for %{{.*}} = %[[LO]] to %[[HI]]
// CHECK: }
// CHECK: %[[RT:.*]] = arith.addi %[[HI]], %[[C0:.*]] : index
// CHECK: %[[TO:.*]] = memref.subview %[[A]]
// CHECK-NEXT: offload.update map(to: %[[TO]]
// CHECK-NEXT: offload.launch @inc
func.func @shift_left(%a: memref<?xf32>, %lo: index, %hi: index) {
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 2 update(s); 4 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  scf.for %i = %lo to %hi step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @step(%in: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xi32>
    memref.store %v, %out[%i] : memref<?xi32>
  }
  offload.return
}

// After a ping-pong loop the host reads three neighbouring elements of its
// result and one at an index known before the loop: the run x[0:3] and
// that element come back, not all of it.
// CHECK-LABEL: func.func @pingpong_then_peek(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[K:[^:]*]]: index
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: %[[SPAN:.*]] = memref.subview %[[R]]#0[0] [3] [1]
// CHECK-NEXT: offload.update map(from: %[[SPAN]] : memref<3xi32, strided<[1]>>)
// CHECK-NEXT: %[[AT:.*]] = memref.subview %[[R]]#0[%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[AT]] : memref<1xi32, strided<[1], offset: ?>>)
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: offload.exit_data map(release:
func.func @pingpong_then_peek(%n: index, %k: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %p = memref.alloc(%n) : memref<?xi32>
  %q = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'alloc', 'alloc', exit 'release', 2 update(s) of the loop's results; 2 copies instead of 2 per iteration}}
  %o:2 = scf.for %j = %c0 to %c5 step %c1 iter_args(%u = %p, %v = %q) -> (memref<?xi32>, memref<?xi32>) {
    offload.launch @step(%u, %v) : (memref<?xi32>, memref<?xi32>) -> ()
    scf.yield %v, %u : memref<?xi32>, memref<?xi32>
  }
  %f0 = memref.load %o#0[%c0] : memref<?xi32>
  %f1 = memref.load %o#0[%c1] : memref<?xi32>
  %f2 = memref.load %o#0[%c2] : memref<?xi32>
  %f3 = memref.load %o#0[%k] : memref<?xi32>
  %s = arith.addi %f0, %f1 : i32
  %t = arith.addi %s, %f2 : i32
  %u = arith.addi %t, %f3 : i32
  memref.dealloc %p : memref<?xi32>
  memref.dealloc %q : memref<?xi32>
  return %u : i32
}

// -----

// Launches on other names of a buffer: a view of all of it (a subview from
// 0 over its allocated size, cast), and a value that is it or another
// buffer at run time (arith.select). All of it is entered once; when the
// select gives the other buffer, that launch's own clause moves that one.

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

// CHECK-LABEL: func.func @other_names(
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @bump(%[[A]]) map(tofrom: %[[A]]
// CHECK: %[[C:.*]] = memref.cast
// CHECK-NEXT: offload.launch @bump(%[[C]]) map(tofrom: %[[C]]
// CHECK-NEXT: %[[V:.*]] = arith.select %{{.*}}, %[[A]], %[[B]]
// CHECK-NEXT: offload.launch @bump(%[[V]]) map(tofrom: %[[V]]
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[A]][%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]]
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<?xf32>)
// CHECK-NEXT: memref.load %[[B]]
func.func @other_names(%n: index, %c: i1, %k: index) -> (f32, f32) {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%a : memref<?xf32>)
  linalg.fill ins(%one : f32) outs(%b : memref<?xf32>)
  // expected-remark@+1 {{buffer kept on the device across 3 launch(es): enter 'to', exit 'release', 1 update(s); 2 copies instead of 4}}
  offload.launch @bump(%a) : (memref<?xf32>) -> ()
  %all = memref.subview %a[0] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  %cast = memref.cast %all : memref<?xf32, strided<[1]>> to memref<?xf32>
  offload.launch @bump(%cast) : (memref<?xf32>) -> ()
  %v = arith.select %c, %a, %b : memref<?xf32>
  offload.launch @bump(%v) : (memref<?xf32>) -> ()
  %x = memref.load %a[%k] : memref<?xf32>
  %y = memref.load %b[%k] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %x, %y : f32, f32
}

// -----

// Host reads of neighbouring elements with nothing writing between
// (a[2k], a[2k + 1], a[2k - 1]) bring them back as one update of the three
// (the remark counts the updates placed, before they merge).

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

// CHECK-LABEL: func.func @neighbours(
// CHECK: offload.launch @bump
// CHECK-NEXT: %[[I:.*]] = arith.muli
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.subi
// CHECK-NEXT: %[[M:.*]] = arith.constant -1 : index
// CHECK-NEXT: %[[LO:.*]] = arith.addi %[[I]], %[[M]]
// CHECK-NEXT: %[[V:.*]] = memref.subview %{{.*}}[%[[LO]]] [3] [1]
// CHECK-NEXT: offload.update map(from: %[[V]] : memref<3xf32, strided<[1], offset: ?>>)
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.load
// CHECK-NOT: offload.update
// CHECK: scf.yield
func.func @neighbours(%a: memref<?xf32>, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 3 per iteration; 2 copies + 3 per iteration instead of 0 + 2 per iteration}}
  %s = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %z) -> (f32) {
    offload.launch @bump(%a) : (memref<?xf32>) -> ()
    %i = arith.muli %k, %c2 : index
    %j = arith.addi %i, %c1 : index
    %h = arith.subi %i, %c1 : index
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %a[%j] : memref<?xf32>
    %w = memref.load %a[%h] : memref<?xf32>
    %t = arith.addf %x, %y : f32
    %u = arith.addf %t, %w : f32
    %r = arith.addf %acc, %u : f32
    scf.yield %r : f32
  }
  return %s : f32
}

// -----

// A ping-pong loop whose first iteration stores single elements of the
// buffer its launch then overwrites whole (directly, and under an scf.if):
// nothing it held before is read, so it is entered 'alloc' (the stores'
// updates 'to' land in it and are overwritten).

// out[i] = in[i] + 1: writes all of `out`, reads all of `in`.
offload.kernel @step(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %out, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @store_then_overwrite(
// CHECK: offload.enter_data map(to: %[[A:.*]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B:.*]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store
// CHECK-NEXT: memref.subview
// CHECK-NEXT: offload.update map(to:
func.func @store_then_overwrite(%n: index, %k: index, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %v = arith.constant 5.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results, 2 of one element in it (host loads and stores); 2 copies + 2 per iteration instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    memref.store %v, %nxt[%k] : memref<?xf32>
    scf.if %c {
      memref.store %v, %nxt[%c0] : memref<?xf32>
    }
    offload.launch @step(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %r#0[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

// -----

offload.kernel @fill(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %v, %a[%i] : memref<?xf32>
  }
  offload.return
}

// out[i] = in[i] + 1 for i < the size of in: all of out when both have one
// size.
offload.kernel @next(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

func.func @fill_helper(%a: memref<?xf32>) {
  offload.launch @fill(%a) : (memref<?xf32>) -> ()
  return
}

// A launch initializing the first buffer right before a ping-pong loop
// joins the loop's span: entered before it, 'alloc' (it writes all of it),
// not copied back between. The loop's first launch writes [0, size of a)
// of b, all of it (both are allocated with one size): b is only allocated
// too. Nothing but one element of the result comes back.
// CHECK-LABEL: func.func @init_before_pingpong(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK-NEXT: offload.enter_data map(alloc: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @fill(%[[A]]) map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK: offload.launch @next(
// CHECK: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[R]]#0[3] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]]
// CHECK-NEXT: offload.exit_data map(release: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(release: %[[B]] : memref<?xf32>)
func.func @init_before_pingpong(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  offload.launch @fill(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es), 1 launching op(s) before it: enter 'alloc', 'alloc', exit 'release', 1 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %r#0[%c3] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

// The same through a helper that launches, on the buffers the function was
// given: the call goes to the helper's resident copy, the buffers are
// entered before it ('alloc' for the one it fills, 'to' for the other:
// the sizes of arguments are not known to match) and come back at the end
// (the caller may read them).
// CHECK-LABEL: func.func @init_call_before_pingpong(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>)
// CHECK: scf.if
// CHECK-NEXT: offload.enter_data map(alloc: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(to: %[[B]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: call @fill_helper_resident_0(%[[A]])
// CHECK-NEXT: scf.for
// CHECK: scf.if
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.exit_data map(from: %[[B]] : memref<?xf32>)
func.func @init_call_before_pingpong(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark@+1 {{calls @fill_helper_resident_0, a copy of @fill_helper entered with argument(s) #0 on the device}}
  call @fill_helper(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es), 1 launching op(s) before it: enter 'alloc', 'to', exit 'from', 0 update(s) of the loop's results; 3 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  return
}

// A host store between the launch and the loop: the launch stays out of
// the loop's span (its own clause copies a back, the store changes the
// host's copy, the loop enters it 'to').
// CHECK-LABEL: func.func @store_between_init_and_pingpong(
// CHECK: offload.launch @fill(%[[A:.*]]) map(from:
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(alloc:
// CHECK-NEXT: scf.for
func.func @store_between_init_and_pingpong(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  offload.launch @fill(%a) : (memref<?xf32>) -> ()
  memref.store %v, %a[%c0] : memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results; 2 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %r#0[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

func.func private @peek(%r: memref<?xf32>, %k: index) -> f32 {
  %v = memref.load %r[%k] : memref<?xf32>
  return %v : f32
}

func.func private @sum_all(%r: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %n = memref.dim %r, %c0 : memref<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> f32 {
    %v = memref.load %r[%i] : memref<?xf32>
    %t = arith.addf %a, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// Calls right after a ping-pong loop to a helper reading one element of
// its result on the host join the loop's span: they go to the helper's
// resident copy (which updates that element) and the buffers are released
// after the last of them. A helper reading all of it on the host joins
// too: its resident copy brings all of that result back.
// CHECK-LABEL: func.func private @peek_resident_0(
// CHECK-SAME: %[[P:[^:]*]]: memref<?xf32>, %[[K:[^:]*]]: index)
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[P]][%[[K]]] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]]
// CHECK-NEXT: memref.load %[[P]][%[[K]]]
// CHECK-LABEL: func.func @peek_after_pingpong(
// CHECK: scf.for
// CHECK: }
// CHECK-NEXT: call @peek_resident_0(
// CHECK-NEXT: call @peek_resident_0(
// CHECK-NEXT: call @sum_all_resident_0(%{{.*}}#1)
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: offload.exit_data map(release:
func.func @peek_after_pingpong(%n: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  offload.launch @fill(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es), 1 launching op(s) before it and 3 call(s) after it: enter 'alloc', 'alloc', exit 'release', 0 update(s) of the loop's results; 0 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
  %x = call @peek(%r#0, %c0) : (memref<?xf32>, index) -> f32
  // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
  %y = call @peek(%r#0, %c5) : (memref<?xf32>, index) -> f32
  // expected-remark@+1 {{calls @sum_all_resident_0, a copy of @sum_all entered with argument(s) #0 on the device}}
  %s = call @sum_all(%r#1) : (memref<?xf32>) -> f32
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %x, %y, %s : f32, f32, f32
}

// -----

offload.kernel @scale_row(%r: memref<?xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %r, %c0 : memref<?xf32, strided<[1], offset: ?>>
  scf.parallel (%j) = (%c0) to (%n) step (%c1) {
    %v = memref.load %r[%j] : memref<?xf32, strided<[1], offset: ?>>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %r[%j] : memref<?xf32, strided<[1], offset: ?>>
  }
  offload.return
}

func.func private @row_op(%r: memref<?xf32, strided<[1], offset: ?>>) {
  offload.launch @scale_row(%r) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  return
}

// A loop over all rows of a matrix launching on each row (itself, or
// through a helper): all of the matrix is kept on the device around the
// loop, one copy each way instead of one per row.
// CHECK-LABEL: func.func @each_row(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xf32>)
// CHECK: offload.enter_data map(to: %[[A]] : memref<?x?xf32>)
// CHECK-NEXT: scf.for
// CHECK: offload.launch @scale_row(
// CHECK: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?x?xf32>)
func.func @each_row(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %a, %c0 : memref<?x?xf32>
  %cols = memref.dim %a, %c1 : memref<?x?xf32>
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %i = %c0 to %rows step %c1 {
    %row = memref.subview %a[%i, 0] [1, %cols] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @scale_row(%row) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  return
}

// The same with the loop bounded by the sizes the matrix was allocated
// with (per-row copies before: only memref.dim counted as its size).
// CHECK-LABEL: func.func @each_row_alloc_sizes(
// CHECK: %[[A:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?x?xf32>)
// CHECK-NEXT: scf.for
// CHECK: offload.launch @scale_row(
// CHECK: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?x?xf32>)
func.func @each_row_alloc_sizes(%rows: index, %cols: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%rows, %cols) : memref<?x?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?x?xf32>)
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration}}
  scf.for %i = %c0 to %rows step %c1 {
    %row = memref.subview %a[%i, 0] [1, %cols] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @scale_row(%row) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  %x = memref.load %a[%c0, %c0] : memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @each_row_call(
// CHECK: %[[A:.*]] = memref.alloc() : memref<64x128xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<64x128xf32>)
// CHECK-NEXT: scf.for
// CHECK: call @row_op_resident_0(
// CHECK: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<64x128xf32>)
func.func @each_row_call(%v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %a = memref.alloc() : memref<64x128xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<64x128xf32>)
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops), through calls to @row_op: enter 'to', exit 'from', 0 update(s); 2 copies instead of 0 + 2 per iteration (32768 bytes each)}}
  scf.for %i = %c0 to %c64 step %c1 {
    %row = memref.subview %a[%i, 0] [1, 128] [1, 1] : memref<64x128xf32> to memref<128xf32, strided<[1], offset: ?>>
    %r = memref.cast %row : memref<128xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    // expected-remark@+1 {{calls @row_op_resident_0, a copy of @row_op entered with argument(s) #0 on the device}}
    func.call @row_op(%r) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  %x = memref.load %a[%c0, %c0] : memref<64x128xf32>
  memref.dealloc %a : memref<64x128xf32>
  return %x : f32
}

// A loop over some of the rows (3 of 64): each launch maps its own row.
// CHECK-LABEL: func.func @some_rows(
// CHECK-NOT: offload.enter_data
// CHECK: offload.launch @scale_row(
func.func @some_rows(%a: memref<64x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %i = %c0 to %c3 step %c1 {
    %row = memref.subview %a[%i, 0] [1, 128] [1, 1] : memref<64x128xf32> to memref<128xf32, strided<[1], offset: ?>>
    %r = memref.cast %row : memref<128xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this launch: the view its launches map is defined after the first of them (argument #0)}}
    offload.launch @scale_row(%r) : (memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  return
}

// -----

offload.kernel @next(%in: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %in, %c0 : memref<?xf32>
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %out[%i] : memref<?xf32>
  }
  offload.return
}

// Two ping-pong loops in a row, the second starting with the first's
// results (a second phase): the first leaves the buffers entered for the
// second, which takes them as its enter; nothing crosses between them.
// CHECK-LABEL: func.func @two_phases(
// CHECK: offload.enter_data map(to: %[[A:.*]] : memref<?xf32>)
// CHECK-NEXT: offload.enter_data map(alloc: %[[B:.*]] : memref<?xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NOT: offload.exit_data
// CHECK-NOT: offload.enter_data
// CHECK: %[[S:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[R]]#0, %{{.*}} = %[[R]]#1)
// CHECK: }
// CHECK-NEXT: %[[E:.*]] = memref.subview %[[S]]#0[2] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[E]]
// CHECK-NEXT: offload.exit_data map(release: %[[R]]#0
// CHECK-NEXT: offload.exit_data map(release: %[[R]]#1
// CHECK-NEXT: memref.load %[[S]]#0
func.func @two_phases(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', left entered for the loop after it, 0 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'to' (2 of them by the op making it, which leaves it entered), exit 'release', 1 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %s:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %r#0, %nxt = %r#1) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %s#0[%c2] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

// A host read of the first buffer by its own name between the phases: the
// first loop's buffers come back after it; the second loop's launches map
// them themselves.
// CHECK-LABEL: func.func @read_between_phases(
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: offload.exit_data map(from:
// CHECK-NEXT: offload.exit_data map(from:
// CHECK-NEXT: memref.load
// CHECK-NEXT: scf.for
// CHECK: offload.launch @next(%{{.*}}, %{{.*}}) map(to:
func.func @read_between_phases(%n: index, %v: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es): enter 'to', 'alloc', exit 'from', 0 update(s) of the loop's results; 3 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %x = memref.load %a[%c0] : memref<?xf32>
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 still move at every launch: one of them starts as a buffer made by choosing among others ('scf.for')}}
  %s:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %r#0, %nxt = %r#1) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = memref.load %s#0[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %x, %e : f32, f32
}

func.func private @bump(%r: memref<?xf32>) {
  offload.launch @next(%r, %r) {allow_aliasing} : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// After a ping-pong loop, a host store of one element of the result, then a
// call launching on it, then a load: the store gets its update and the
// buffers stay on the device through the call; the load after it is a read
// of the loop's result (one element back before the exit).
// CHECK-LABEL: func.func @elements_after_pingpong(
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: memref.store %{{.*}}, %[[R]]#0[%{{.*}}]
// CHECK-NEXT: %[[S:.*]] = memref.subview %[[R]]#0[%{{.*}}] [1] [1]
// CHECK-NEXT: offload.update map(to: %[[S]]
// CHECK-NEXT: call @bump_resident_0(%[[R]]#0)
// CHECK-NEXT: %[[L:.*]] = memref.subview %[[R]]#0[3] [1] [1]
// CHECK-NEXT: offload.update map(from: %[[L]]
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: memref.load %[[R]]#0
func.func @elements_after_pingpong(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es) and 1 call(s) after it and 1 host load(s) or store(s) of one element after it: enter 'to', 'alloc', exit 'release', 1 update(s) of the loop's results; 2 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  memref.store %v, %r#0[%c3] : memref<?xf32>
  // expected-remark@+1 {{calls @bump_resident_0, a copy of @bump entered with argument(s) #0 on the device}}
  call @bump(%r#0) : (memref<?xf32>) -> ()
  %e = memref.load %r#0[%c3] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

func.func private @peek(%r: memref<?xf32>, %k: index) -> f32 {
  %v = memref.load %r[%k] : memref<?xf32>
  return %v : f32
}

// A call reading one element of the result under an scf.if after the
// loop: it goes to the helper's resident copy (one element back when it
// runs), the buffers are released after the scf.if.
// CHECK-LABEL: func.func @peek_under_if_after_pingpong(
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: scf.if
// CHECK-NEXT: call @peek_resident_0(%[[R]]#1
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: offload.exit_data map(release:
func.func @peek_under_if_after_pingpong(%n: index, %v: f32, %c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es) and 1 call(s) after it: enter 'to', 'alloc', exit 'release', 0 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %e = scf.if %c -> f32 {
    // expected-remark@+1 {{calls @peek_resident_0, a copy of @peek entered with argument(s) #0 on the device}}
    %x = func.call @peek(%r#1, %c0) : (memref<?xf32>, index) -> f32
    scf.yield %x : f32
  } else {
    scf.yield %v : f32
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

func.func private @peek_view(%r: memref<?xf32, strided<[1], offset: ?>>, %k: index) -> f32 {
  %v = memref.load %r[%k] : memref<?xf32, strided<[1], offset: ?>>
  return %v : f32
}

// A helper reading one element of a view of the result after the loop:
// the view is on the device with all of the result, the call goes to the
// helper's resident copy.
// CHECK-LABEL: func.func @peek_view_after_pingpong(
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: }
// CHECK-NEXT: %[[V:.*]] = memref.subview %[[R]]#0
// CHECK-NEXT: call @peek_view_resident_0(%[[V]],
// CHECK-NEXT: offload.exit_data map(release:
// CHECK-NEXT: offload.exit_data map(release:
func.func @peek_view_after_pingpong(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<?xf32>)
  // expected-remark@+1 {{buffers the loop passes between iterations as iteration argument(s) #0, #1 kept on the device across its 1 launch(es) and 1 call(s) after it: enter 'to', 'alloc', exit 'release', 0 update(s) of the loop's results; 1 copies instead of 2 per iteration}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xf32>, memref<?xf32>) {
    offload.launch @next(%cur, %nxt) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %nxt, %cur : memref<?xf32>, memref<?xf32>
  }
  %view = memref.subview %r#0[%c4] [%c8] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // expected-remark@+1 {{calls @peek_view_resident_0, a copy of @peek_view entered with argument(s) #0 on the device}}
  %e = func.call @peek_view(%view, %c1) : (memref<?xf32, strided<[1], offset: ?>>, index) -> f32
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %e : f32
}

// -----

// Launches mapping different views of one buffer (two overlapping windows
// of a stencil, x[0:n-1] and x[1:n]): all of it stays on the device around
// the loop, and each launch maps its window there.
offload.kernel @pair(%l: memref<?xf32, strided<[1], offset: ?>>, %r: memref<?xf32, strided<[1], offset: ?>>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %l[%i] : memref<?xf32, strided<[1], offset: ?>>
    %b = memref.load %r[%i] : memref<?xf32, strided<[1], offset: ?>>
    %s = arith.addf %a, %b : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @halve(%y: memref<?xf32>, %r: memref<?xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %y[%i] : memref<?xf32>
    %s = arith.mulf %a, %h : f32
    memref.store %s, %r[%i] : memref<?xf32, strided<[1], offset: ?>>
  }
  offload.return
}

// CHECK-LABEL: func.func @windows(
// CHECK: %[[X:.*]] = memref.alloc
// CHECK: offload.enter_data map(to: %[[X]] : memref<?xf32>)
// CHECK: scf.for
// CHECK: offload.launch @pair
// CHECK: offload.launch @halve
// CHECK: }
// CHECK: offload.update map(from:
// CHECK-NEXT: memref.load %[[X]]
// CHECK-NEXT: offload.exit_data map(release: %[[X]] : memref<?xf32>)
func.func @windows(%n: index, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.subi %n, %c1 : index
  %x = memref.alloc(%n) : memref<?xf32>
  %y = memref.alloc(%m) : memref<?xf32>
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%x : memref<?xf32>)
  %l0 = memref.subview %x[0] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  %l = memref.cast %l0 : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  %r0 = memref.subview %x[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
  %r = memref.cast %r0 : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
  // expected-remark@+2 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'to', exit 'release', 1 update(s); 2 copies instead of 0 + 3 per iteration}}
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es) (2 in loops): enter 'alloc', exit 'release'}}
  scf.for %s = %c0 to %steps step %c1 {
    offload.launch @pair(%l, %r, %y) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>, memref<?xf32>) -> ()
    offload.launch @halve(%y, %r) : (memref<?xf32>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  %v = memref.load %x[%c1] : memref<?xf32>
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  return %v : f32
}
