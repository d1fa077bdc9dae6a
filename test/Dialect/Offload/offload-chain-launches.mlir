// RUN: offload-opt %s --offload-chain-launches | FileCheck %s
// Remarks of func.func passes reach -verify-diagnostics only without threads.
// RUN: offload-opt %s --offload-chain-launches=remarks=1 -verify-diagnostics -o /dev/null --mlir-disable-threading

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

// A chain in a loop: every launch is queued, one wait before the return.
// CHECK-LABEL: func.func @chain(
// CHECK: scf.for
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: }
// CHECK-NEXT: offload.wait
// CHECK-NEXT: return
func.func @chain(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  // expected-remark@+1 {{waits for the kernels launched before the function returns}}
  return
}

// Index math and memref.dim between launches need no wait; the host read
// does, and the launch after it is queued again.
// CHECK-LABEL: func.func @read_between(
// CHECK: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: memref.dim
// CHECK-NEXT: arith.addi
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.load
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: return
func.func @read_between(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  %n = memref.dim %a, %c0 : memref<?xf32>
  %m = arith.addi %n, %n : index
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before: 'memref.load' may touch memory they use}}
  %v = memref.load %a[%c0] : memref<?xf32>
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before the function returns}}
  return %v : f32
}

// Calls, data movement and stores all wait; nothing waits before the first
// launch.
// CHECK-LABEL: func.func @effects(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.store
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: call @use
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: offload.update
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: offload.exit_data
// CHECK-NEXT: return
func.func @effects(%a: memref<?xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<?xf32>
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before: 'func.call' may touch memory they use}}
  func.call @use(%a) : (memref<?xf32>) -> ()
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before: 'offload.update' may touch memory they use}}
  offload.update map(from: %a : memref<?xf32>)
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before: 'offload.exit_data' may touch memory they use}}
  offload.exit_data map(from: %a : memref<?xf32>)
  return
}

// A loop that also reads on the host: the wait goes inside, before the
// read, and the loop's last launch waits before the end of the iteration.
// CHECK-LABEL: func.func @loop_with_read(
// CHECK: scf.for
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @loop_with_read(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{waits for the kernels launched before: 'memref.load' may touch memory they use}}
    %v = memref.load %a[%c0] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{waits for the kernels launched before the end of the region}}
    scf.yield %s : f32
  }
  return %r : f32
}

// Branches that only launch are queued as a whole; a loop after a launch
// that does other work waits before it starts.
// CHECK-LABEL: func.func @branches(
// CHECK: scf.if
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: } else {
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: }
// CHECK-NEXT: offload.wait
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @branches(%a: memref<?xf32>, %c: i1, %n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.if %c {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  } else {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  // expected-remark@+1 {{waits for the kernels launched before: 'scf.for' may touch memory they use}}
  scf.for %k = %c0 to %n step %c1 {
    memref.store %x, %a[%k] : memref<?xf32>
  }
  return
}

// Data regions: their launches finish before the region ends (and unmaps).
// CHECK-LABEL: func.func @data_region(
// CHECK: offload.data
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @data_region(%a: memref<?xf32>) {
  offload.data map(tofrom: %a : memref<?xf32>) {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{waits for the kernels launched before the end of the region}}
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
  }
  return
}

// Unstructured control flow: each block waits before its branch.
// CHECK-LABEL: func.func @blocks(
// CHECK: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: cf.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: offload.launch @inc(%{{.*}}) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: cf.br
// CHECK: ^bb2:
// CHECK-NEXT: return
func.func @blocks(%a: memref<?xf32>, %c: i1) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before the branch to another block}}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before the branch to another block}}
  cf.br ^bb2
^bb2:
  return
}

// A function without launches is left alone, waits included.
// CHECK-LABEL: func.func @no_launch(
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.load
// CHECK-NEXT: return
func.func @no_launch(%a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

func.func private @omp_get_thread_num() -> i32
func.func private @omp_get_num_threads() -> i32

// The shares of a split launch (offload-split-devices): host threads each
// launching on their devices, read from a host-private list. Nothing in the
// region needs the kernels, so the loop's iterations queue without waiting
// and one wait follows the loop.
// CHECK-LABEL: func.func @shares_in_loop(
// CHECK: scf.for
// CHECK: omp.parallel
// CHECK-NOT: offload.wait
// CHECK: offload.launch @inc(%{{.*}}) device(%{{.*}} : i32)  nowait
// CHECK-NOT: offload.wait
// CHECK: omp.terminator
// CHECK-NOT: offload.wait
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
func.func @shares_in_loop(%a: memref<?xf32>, %n: index, %parts: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %list = memref.alloc(%parts) : memref<?xi32>
  scf.for %p = %c0 to %parts step %c1 {
    %d = arith.index_cast %p : index to i32
    memref.store %d, %list[%p] : memref<?xi32>
  }
  scf.for %k = %c0 to %n step %c1 {
    omp.parallel {
      %t = func.call @omp_get_thread_num() : () -> i32
      %ti = arith.index_cast %t : i32 to index
      %nt = func.call @omp_get_num_threads() : () -> i32
      %nti = arith.index_cast %nt : i32 to index
      scf.for %s = %ti to %parts step %nti {
        %d = memref.load %list[%s] : memref<?xi32>
        offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
      }
      omp.barrier
      omp.terminator
    }
  }
  // expected-remark@+1 {{waits for the kernels launched before: 'memref.dealloc' may touch memory they use}}
  memref.dealloc %a : memref<?xf32>
  return
}

// A region whose threads also read a buffer a kernel may write waits, in
// each thread, before the read; a list that is passed to a kernel is not
// host-private.
// CHECK-LABEL: func.func @shares_then_read(
// CHECK: omp.parallel
// CHECK: offload.launch @inc(%{{.*}}) device(%{{.*}} : i32)  nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.load %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: offload.launch @inc(%[[L:.*]]) nowait
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.load %[[L]]
func.func @shares_then_read(%a: memref<?xf32>, %parts: index, %sink: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d0 = arith.constant 0 : i32
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    offload.launch @inc(%a) device(%t : i32) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{waits for the kernels launched before: 'memref.load' may touch memory they use}}
    %v = memref.load %a[%c0] : memref<?xf32>
    %ti = arith.index_cast %t : i32 to index
    memref.store %v, %sink[%ti] : memref<?xf32>
    omp.terminator
  }
  %list = memref.alloc(%parts) : memref<?xf32>
  offload.launch @inc(%list) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{waits for the kernels launched before: 'memref.load' may touch memory they use}}
  %w = memref.load %list[%c0] : memref<?xf32>
  memref.store %w, %sink[%c0] : memref<?xf32>
  memref.dealloc %list : memref<?xf32>
  return
}

// A halo exchange between split launches (offload-split-devices): the
// copies between devices are queued like the launches (the runtime orders
// each behind both devices' kernels), so the loop runs without a wait and
// one wait follows it; a host read of the buffer after the loop waits.
// CHECK-LABEL: func.func @exchange_in_loop(
// CHECK: scf.for
// CHECK: omp.parallel
// CHECK-NOT: offload.wait
// CHECK: offload.device_copy %{{.*}} from(%{{.*}} : i32) to(%{{.*}} : i32) nowait : memref<?xf32, strided<[1], offset: ?>>
// CHECK-NOT: offload.wait
// CHECK: omp.barrier
// CHECK-NOT: offload.wait
// CHECK: offload.launch @inc(%{{.*}}) device(%{{.*}} : i32)  nowait
// CHECK-NOT: offload.wait
// CHECK: omp.terminator
// CHECK-NOT: offload.wait
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: offload.wait
// CHECK-NEXT: memref.load
// A copy on its own, outside such a region, is marked nowait too; the
// function waits before it returns.
// CHECK: offload.device_copy %{{.*}} from(%{{.*}} : i32) to(%{{.*}} : i32) nowait : memref<?xf32>
// CHECK-NEXT: offload.wait
// CHECK-NEXT: return
func.func @exchange_in_loop(%a: memref<?xf32>, %n: index, %sink: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = arith.constant 0 : i32
  %d1 = arith.constant 1 : i32
  scf.for %k = %c0 to %n step %c1 {
    omp.parallel {
      %t = func.call @omp_get_thread_num() : () -> i32
      %other = arith.subi %d1, %t : i32
      %row = memref.subview %a[%c1] [%c1] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      offload.device_copy %row from(%other : i32) to(%t : i32) : memref<?xf32, strided<[1], offset: ?>>
      omp.barrier
      offload.launch @inc(%a) device(%t : i32) : (memref<?xf32>) -> ()
      omp.terminator
    }
  }
  // expected-remark@+1 {{waits for the kernels launched before: 'memref.load' may touch memory they use}}
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %sink[%c0] : memref<1xf32>
  offload.device_copy %a from(%d0 : i32) to(%d1 : i32) : memref<?xf32>
  // expected-remark@+1 {{waits for the kernels launched before the function returns}}
  return
}
