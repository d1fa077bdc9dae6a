// RUN: offload-opt %s -split-input-file --offload-split-devices | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-split-devices=remarks=1 -verify-diagnostics -o /dev/null
// RUN: offload-opt %s -split-input-file --offload-split-devices=concurrent=0 | FileCheck %s --check-prefix=SERIAL

// A kernel whose body is one parallel loop is split: @scale_share takes the
// bounds of the outermost dimension as two more arguments.
// CHECK-LABEL: offload.kernel @scale(
// CHECK-LABEL: offload.kernel @scale_share(
//  CHECK-SAME: %[[X:.*]]: memref<?x?xf32>, %[[LO:.*]]: index, %[[HI:.*]]: index)
//       CHECK:   %[[N:.*]] = memref.dim %[[X]], %c1
//       CHECK:   scf.parallel (%{{.*}}, %{{.*}}) = (%[[LO]], %c0) to (%[[HI]], %[[N]])
offload.kernel @scale(%x: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %x[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// devices(all): one share per device offload.all_devices lists (those the
// runtime reports, without the host plugin's when there are others), the
// host when there is none.
// Without concurrency (checking mode) the region has one thread.
// SERIAL-LABEL: func.func @all(
//   SERIAL-NOT:   omp_get_thread_limit
//       SERIAL:   %[[ONE:.*]] = arith.constant 1 : i32
//       SERIAL:   omp.parallel num_threads(%[[ONE]] : i32)
// CHECK-LABEL: func.func @all(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>)
// A device that holds the buffer already (a data region around the launch
// mapped it) runs the launch whole: its copy holds the current values.
//       CHECK:   %[[PTR:.*]] = llvm.inttoptr
//       CHECK:   %[[HELD:.*]] = scf.for {{.*}} -> (i32)
//       CHECK:     func.call @omp_target_is_present(%[[PTR]], %{{.*}}) : (!llvm.ptr, i32) -> i32
// ... when no other device holds a buffer it writes (which would come
// back over its results), nor one the holder does not: else the program
// stops with a message naming the launch, the buffer and the devices.
//       CHECK:   %[[CHECK:.*]] = arith.cmpi sge, %[[HELD]]
//       CHECK:   scf.if %[[CHECK]] {
//       CHECK:     %[[ELSEWHERE:.*]] = scf.for {{.*}} -> (i32)
//       CHECK:       arith.cmpi ne, %{{.*}}, %[[HELD]] : i32
//       CHECK:       func.call @omp_target_is_present(
//       CHECK:     %[[FOUND:.*]] = arith.cmpi sge, %[[ELSEWHERE]]
//       CHECK:     scf.if %[[FOUND]] {
//       CHECK:       %[[MSG:.*]] = llvm.mlir.addressof @__offload_split_message
//       CHECK:       llvm.call @dprintf(%{{.*}}, %[[MSG]], %[[ELSEWHERE]], %[[HELD]])
//       CHECK:       llvm.call @exit(
//       CHECK:   %[[IS_HELD:.*]] = arith.cmpi sge, %[[HELD]]
//       CHECK:   scf.if %[[IS_HELD]] {
//       CHECK:     offload.launch @scale(%[[A]]) device(%[[HELD]] : i32)
//       CHECK:   } else {
//       CHECK:   %[[UB:.*]] = memref.dim %[[A]], %c0
//       CHECK:   %[[COUNT:.*]] = func.call @omp_get_num_devices() : () -> i32
//       CHECK:   %[[AVAIL:.*]] = arith.index_cast %[[COUNT]] : i32 to index
//       CHECK:   %[[ROOM:.*]] = arith.maxsi %[[AVAIL]], %{{.*}} : index
//       CHECK:   %[[ALL:.*]] = memref.alloc(%[[ROOM]]) : memref<?xi32>
//       CHECK:   %[[P:.*]] = offload.all_devices %[[ALL]] : memref<?xi32>
//       CHECK:   %[[PARTS:.*]] = arith.maxsi %[[P]], %{{.*}} : index
//       CHECK:   %[[CHUNK:.*]] = arith.ceildivsi
// The shares run at the same time: a host thread per device, share p on
// thread p (every so many shares per thread when there are fewer).
//       CHECK:   %[[LIMIT:.*]] = {{(func\.)?}}call @omp_get_thread_limit() : () -> i32
//       CHECK:   %[[LIMITX:.*]] = arith.index_cast %[[LIMIT]] : i32 to index
//       CHECK:   %[[LIMIT1:.*]] = arith.maxsi %[[LIMITX]], %{{.*}} : index
//       CHECK:   %[[FEWER:.*]] = arith.minsi %[[PARTS]], %[[LIMIT1]] : index
//       CHECK:   %[[THREADS:.*]] = arith.index_cast %[[FEWER]] : index to i32
//       CHECK:   omp.parallel num_threads(%[[THREADS]] : i32) {
//       CHECK:     %[[TID:.*]] = func.call @omp_get_thread_num() : () -> i32
//       CHECK:     %[[TIDX:.*]] = arith.index_cast %[[TID]] : i32 to index
//       CHECK:     %[[NTH:.*]] = func.call @omp_get_num_threads() : () -> i32
//       CHECK:     %[[NTHX:.*]] = arith.index_cast %[[NTH]] : i32 to index
//       CHECK:     scf.for %[[D:.*]] = %[[TIDX]] to %[[P]] step %[[NTHX]] {
//       CHECK:       %[[DEV:.*]] = memref.load %[[ALL]][%[[D]]] : memref<?xi32>
//       CHECK:       %[[OFF:.*]] = arith.muli %[[D]], %[[CHUNK]]
//       CHECK:       scf.if
//       CHECK:         offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[DEV]] : i32)
//       CHECK:     omp.terminator
//       CHECK:   memref.dealloc %[[ALL]]
//       CHECK:   %[[NONE:.*]] = arith.cmpi eq, %[[P]]
//       CHECK:   scf.if %[[NONE]]
//       CHECK:     %[[HOST:.*]] = func.call @omp_get_initial_device()
//       CHECK:     offload.launch @scale(%[[A]]) device(%[[HOST]] : i32)
//   CHECK-NOT:   devices
//       CHECK:   return
func.func @all(%a: memref<?x?xf32>) {
  // expected-remark@+1 {{launch of @scale split over every device present: each runs an equal share of the outermost loop dimension through @scale_share and gets the sections of the buffers its share reaches}}
  offload.launch @scale(%a) devices(all) : (memref<?x?xf32>) -> ()
  return
}

// A list: each device present (0 <= d < the count) takes the next share.
// CHECK-LABEL: func.func @listed(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[D0:.*]]: i32, %[[D1:.*]]: index)
//       CHECK:   call @omp_get_num_devices()
// The devices present, in the order listed, one per share.
// Each device once: one not among those stored yet takes the next share.
//       CHECK:   %[[DEVS:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
//       CHECK:   scf.for
//       CHECK:     memref.load %[[DEVS]]
//       CHECK:     arith.cmpi eq, %{{.*}}, %[[D0]] : i32
//       CHECK:   scf.if
//       CHECK:     memref.store %[[D0]], %[[DEVS]][%{{.*}}] : memref<?xi32>
//       CHECK:   %[[D1I:.*]] = arith.index_cast %[[D1]] : index to i32
//       CHECK:   scf.for
//       CHECK:     memref.load %[[DEVS]]
//       CHECK:     arith.cmpi eq, %{{.*}}, %[[D1I]] : i32
//       CHECK:   scf.if
//       CHECK:     memref.store %[[D1I]], %[[DEVS]][%{{.*}}] : memref<?xi32>
//       CHECK:   omp.parallel
//       CHECK:     scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:       %[[DEV:.*]] = memref.load %[[DEVS]][%[[S]]] : memref<?xi32>
//       CHECK:       offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[DEV]] : i32)
//       CHECK:   memref.dealloc %[[DEVS]]
//       CHECK:   offload.launch @scale(%[[A]]) device(
func.func @listed(%a: memref<?x?xf32>, %d0: i32, %d1: index) {
  // expected-remark@+1 {{launch of @scale split over 2 listed devices}}
  offload.launch @scale(%a) devices(%d0, %d1 : i32, index) : (memref<?x?xf32>) -> ()
  return
}

// A list in a buffer (the C interface's and Python's devices=): one loop
// gives each device present, once, the next share.
// CHECK-LABEL: func.func @in_buffer(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[L:.*]]: memref<?xi32>)
//       CHECK:   omp_target_is_present
//       CHECK:   } else {
//       CHECK:   %[[AVAIL:.*]] = arith.index_cast {{.*}} : i32 to index
//       CHECK:   %[[LEN:.*]] = memref.dim %[[L]], %{{.*}} : memref<?xi32>
//       CHECK:   %[[DEVS:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
//       CHECK:   %[[P:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[LEN]] step %{{.*}} iter_args(%[[POS:.*]] = %{{.*}}) -> (index)
//       CHECK:     %[[DEV:.*]] = memref.load %[[L]][%[[I]]] : memref<?xi32>
//       CHECK:     arith.cmpi slt, %{{.*}}, %[[AVAIL]]
//       CHECK:     %[[SEEN:.*]] = scf.for %{{.*}} = %{{.*}} to %[[POS]]
//       CHECK:     %[[FRESH:.*]] = arith.xori %[[SEEN]]
//       CHECK:     %[[HERE:.*]] = arith.andi %{{.*}}, %[[FRESH]]
//       CHECK:     scf.if %[[HERE]]
//       CHECK:       memref.store %[[DEV]], %[[DEVS]][%[[POS]]] : memref<?xi32>
//       CHECK:   %[[CHUNK:.*]] = arith.ceildivsi
//       CHECK:   omp.parallel
//       CHECK:     scf.for %[[S:.*]] = %{{.*}} to %[[P]] step %{{.*}} {
//       CHECK:       %[[SDEV:.*]] = memref.load %[[DEVS]][%[[S]]] : memref<?xi32>
//       CHECK:       arith.muli %[[S]], %[[CHUNK]]
//       CHECK:       offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[SDEV]] : i32)
//       CHECK:   arith.cmpi eq, %[[P]], %{{.*}}
//       CHECK:     offload.launch @scale(%[[A]]) device(
func.func @in_buffer(%a: memref<?x?xf32>, %list: memref<?xi32>) {
  // expected-remark@+1 {{launch of @scale split over the devices its list names}}
  offload.launch @scale(%a) devices(%list : memref<?xi32>) : (memref<?x?xf32>) -> ()
  return
}

// A list of i64: a value an i32 cannot hold is no device (-1, absent),
// not its low 32 bits (4294967298 is not device 2).
// CHECK-LABEL: func.func @in_i64_buffer(
//       CHECK:   %[[V:.*]] = memref.load %{{.*}} : memref<?xi64>
//       CHECK:   %[[ID:.*]] = arith.index_cast %[[V]] : i64 to index
//       CHECK:   %[[ID32:.*]] = arith.index_cast %[[ID]] : index to i32
//       CHECK:   %[[BACK:.*]] = arith.index_cast %[[ID32]] : i32 to index
//       CHECK:   %[[FITS:.*]] = arith.cmpi eq, %[[ID]], %[[BACK]] : index
//       CHECK:   %[[NONE:.*]] = arith.constant -1 : i32
//       CHECK:   arith.select %[[FITS]], %[[ID32]], %[[NONE]] : i32
func.func @in_i64_buffer(%a: memref<?x?xf32>, %list: memref<?xi64>) {
  // expected-remark@+1 {{launch of @scale split over the devices its list names}}
  offload.launch @scale(%a) devices(%list : memref<?xi64>) : (memref<?x?xf32>) -> ()
  return
}

// CHECK: func.func private @omp_get_num_devices() -> i32
// CHECK: func.func private @omp_get_initial_device() -> i32

// -----

// A kernel that writes rows other than its iteration's (out[i + 1]) runs
// whole on the first device present: each device would copy back rows it
// did not write.
// CHECK-LABEL: func.func @shifted(
//   CHECK-NOT:   _share
//       CHECK:   %[[FIRST:.*]] = arith.select
//       CHECK:   offload.launch @shift(%{{.*}}, %{{.*}}) device(%[[FIRST]] : i32)
offload.kernel @shift(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %m = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %ip = arith.addi %i, %c1 : index
    memref.store %v, %out[%ip] : memref<?xf32>
  }
  offload.return
}

func.func @shifted(%x: memref<?xf32>, %out: memref<?xf32>, %d: i32) {
  // expected-remark@+1 {{launch of @shift not split over devices: argument #1 is written outside the rows of the iteration that writes it; it runs on the first device present}}
  offload.launch @shift(%x, %out) devices(%d : i32) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// In a loop whose iterations all list the same devices (defined outside
// it), the first device present is chosen once, before the loop: every
// launch of the loop gets one device value (offload-hoist-transfers keeps
// the buffers there across iterations). Devices defined in the loop are
// chosen at the launch.
// CHECK-LABEL: func.func @shifted_in_loops(
//       CHECK:   %[[FIRST:.*]] = arith.select
//       CHECK:   scf.for
//       CHECK:     scf.for
//   CHECK-NOT:       arith.select
//       CHECK:       offload.launch @shift(%{{.*}}, %{{.*}}) device(%[[FIRST]] : i32)
//       CHECK:   scf.for %[[T:.*]] =
//       CHECK:     %[[MINE:.*]] = arith.index_cast %[[T]]
//       CHECK:     %[[PICK:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
//       CHECK:     offload.launch @shift(%{{.*}}, %{{.*}}) device(%[[PICK]] : i32)
func.func @shifted_in_loops(%x: memref<?xf32>, %out: memref<?xf32>, %d: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: @shift cannot be split}}
  scf.for %t = %c0 to %n step %c1 {
    scf.for %u = %c0 to %n step %c1 {
      // expected-remark@+1 {{launch of @shift not split over devices}}
      offload.launch @shift(%x, %out) devices(%d : i32) : (memref<?xf32>, memref<?xf32>) -> ()
    }
  }
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: @shift cannot be split}}
  scf.for %t = %c0 to %n step %c1 {
    %mine = arith.index_cast %t : index to i32
    // expected-remark@+1 {{launch of @shift not split over devices}}
    offload.launch @shift(%x, %out) devices(%mine : i32) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// One buffer as two arguments (allow_aliasing: the kernel reads and writes
// only its iteration's element) runs whole on the first device present:
// split, each device would map all of it and copy it all back over the
// rows the others wrote.
// CHECK-LABEL: func.func @one_buffer_twice(
//   CHECK-NOT:   _share
//       CHECK:   offload.launch @double(%[[A:[^,]*]], %[[A]]) device(%{{.*}} : i32) {allow_aliasing}
offload.kernel @double(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func @one_buffer_twice(%a: memref<?xf32>, %d0: i32, %d1: i32) {
  // expected-remark@+1 {{launch of @double not split over devices: arguments #0 and #1 are views of one buffer, and it writes one of them; it runs on the first device present}}
  offload.launch @double(%a, %a) devices(%d0, %d1 : i32, i32) {allow_aliasing} : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// Two arguments a caller may make one buffer: where their bytes overlap at
// run time, the launch runs whole on the first device present; split, each
// device would map the rows of both, 'to' and 'from'.
// CHECK-LABEL: func.func @maybe_one_buffer(
//  CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>, %[[Y:[^:]*]]: memref<?xf32>,
//       CHECK:   } else {
//       CHECK:     memref.extract_aligned_pointer_as_index %[[X]]
//       CHECK:     memref.extract_aligned_pointer_as_index %[[Y]]
//       CHECK:     %[[XY:.*]] = arith.cmpi ult
//  CHECK-NEXT:     %[[YX:.*]] = arith.cmpi ult
//  CHECK-NEXT:     %[[XS:.*]] = arith.cmpi ult
//  CHECK-NEXT:     %[[YS:.*]] = arith.cmpi ult
//  CHECK-NEXT:     %[[O1:.*]] = arith.andi %[[XY]], %[[YX]] : i1
//  CHECK-NEXT:     %[[O2:.*]] = arith.andi %[[O1]], %[[XS]] : i1
//  CHECK-NEXT:     %[[OVERLAP:.*]] = arith.andi %[[O2]], %[[YS]] : i1
//  CHECK-NEXT:     scf.if %[[OVERLAP]] {
//       CHECK:       offload.launch @double(%[[X]], %[[Y]]) device(%{{.*}} : i32)
//  CHECK-NEXT:     } else {
//       CHECK:       offload.launch @double_share(%[[X]], %[[Y]],
func.func @maybe_one_buffer(%x: memref<?xf32>, %y: memref<?xf32>, %d0: i32, %d1: i32) {
  // expected-remark@+1 {{launch of @double split over 2 listed devices}}
  offload.launch @double(%x, %y) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// From a list in a buffer: the first device of the list present.
// CHECK-LABEL: func.func @shifted_in_buffer(
//  CHECK-SAME: %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[L:.*]]: memref<3xi64>)
//       CHECK:   %[[HOST:.*]] = {{(func\.)?}}call @omp_get_initial_device()
//       CHECK:   %[[FOUND:.*]]:2 = scf.for {{.*}} iter_args(%[[F:.*]] = %[[HOST]], %{{.*}} = %false) -> (i32, i1)
//       CHECK:     memref.load %[[L]]
//       CHECK:     arith.select %{{.*}}, %{{.*}}, %[[F]] : i32
//       CHECK:   offload.launch @shift(%{{.*}}, %{{.*}}) device(%[[FOUND]]#0 : i32)
func.func @shifted_in_buffer(%x: memref<?xf32>, %out: memref<?xf32>, %list: memref<3xi64>) {
  // expected-remark@+1 {{launch of @shift not split over devices}}
  offload.launch @shift(%x, %out) devices(%list : memref<3xi64>) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// Reductions: each share starts from the neutral element (0.0 for addf,
// the initial value 1.5 is the host's) and leaves its partial sum in a
// one-element buffer; the host combines them, then stores the result as the
// kernel did after its loop.
// CHECK-LABEL: offload.kernel @dot_share(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[T:.*]]: memref<1xf32>, %[[LO:.*]]: index, %[[HI:.*]]: index, %[[P:.*]]: memref<1xf32>)
//       CHECK:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[S:.*]] = scf.parallel (%{{.*}}) = (%[[LO]]) to (%[[HI]]) step (%{{.*}}) init (%[[ZERO]]) -> f32
//       CHECK:   memref.store %[[S]], %[[P]][%{{.*}}] : memref<1xf32>
//   CHECK-NOT:   %[[T]]
//       CHECK:   offload.return
offload.kernel @dot(%x: memref<?xf32>, %t: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 1.5 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %q = arith.addf %l, %r : f32
      scf.reduce.return %q : f32
    }
  }
  memref.store %s, %t[%c0] : memref<1xf32>
  offload.return
}

// CHECK-LABEL: func.func @reduction(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[T:.*]]: memref<1xf32>)
//       CHECK:   %[[INIT:.*]] = arith.constant 1.500000e+00 : f32
//       CHECK:   %[[NEUTRAL:.*]] = arith.constant 0.000000e+00 : f32
// Each share leaves its partial result in its slot of %[[PARTIALS]]; the
// host combines them in the order of the devices once all finished.
//       CHECK:   %[[PARTIALS:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
//       CHECK:   omp.parallel
//       CHECK:     scf.for %[[S:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
//       CHECK:       %[[SHARE:.*]] = scf.if {{.*}} -> (f32)
//       CHECK:         %[[P:.*]] = memref.alloc() : memref<1xf32>
//       CHECK:         offload.launch @dot_share(%[[X]], %[[T]], %{{.*}}, %{{.*}}, %[[P]])
//       CHECK:         %[[V:.*]] = memref.load %[[P]]
//       CHECK:         memref.dealloc %[[P]]
//       CHECK:         %[[ONE:.*]] = arith.addf %[[NEUTRAL]], %[[V]] : f32
//       CHECK:         scf.yield %[[ONE]] : f32
//       CHECK:       } else {
//       CHECK:         scf.yield %[[NEUTRAL]] : f32
//       CHECK:       memref.store %[[SHARE]], %[[PARTIALS]][%[[S]]] : memref<?xf32>
//       CHECK:     omp.terminator
//       CHECK:   %[[ACC:.*]] = scf.for %[[Q:.*]] = {{.*}} iter_args(%[[RUNNING:.*]] = %[[NEUTRAL]]) -> (f32)
//       CHECK:     %[[PV:.*]] = memref.load %[[PARTIALS]][%[[Q]]] : memref<?xf32>
//       CHECK:     %[[SUM:.*]] = arith.addf %[[RUNNING]], %[[PV]] : f32
//       CHECK:     scf.yield %[[SUM]] : f32
//       CHECK:   memref.dealloc %[[PARTIALS]]
//       CHECK:   scf.if
//       CHECK:     offload.launch @dot(%[[X]], %[[T]]) device(
//       CHECK:   } else {
//       CHECK:     %[[TOTAL:.*]] = arith.addf %[[INIT]], %[[ACC]] : f32
//       CHECK:     memref.store %[[TOTAL]], %[[T]][%{{.*}}] : memref<1xf32>
func.func @reduction(%x: memref<?xf32>, %t: memref<1xf32>) {
  // expected-remark@+1 {{launch of @dot split over every device present}}
  offload.launch @dot(%x, %t) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
  return
}

// -----

// A kernel of linalg ops on buffers (a contraction kept whole, as
// offload-raise-contractions leaves it, with the fill before it): the share
// takes the rows [lo, hi) of the operands the outermost loop dimension
// indexes (one view of C for both ops), B whole; its launches name the rows
// they map, since map inference cannot bound linalg ops.
offload.kernel @mm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %C, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %a = memref.subview %A[0, 0] [%m, %k] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.fill ins(%zero : f32) outs(%C : memref<?x?xf32>)
  linalg.matmul ins(%a, %B : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  offload.return
}

// CHECK-LABEL: offload.kernel @mm_share(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>, %[[LO:.*]]: index, %[[HI:.*]]: index)
//       CHECK:   %[[SUB:.*]] = memref.subview %[[A]][0, 0]
//       CHECK:   %[[LEN:.*]] = arith.subi %[[HI]], %[[LO]] : index
//       CHECK:   %[[CROWS:.*]] = memref.subview %[[C]][%[[LO]], 0] [%[[LEN]], %{{.*}}] [1, 1]
//       CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[CROWS]] :
//       CHECK:   %[[AROWS:.*]] = memref.subview %[[SUB]][%[[LO]], 0] [%[[LEN]], %{{.*}}] [1, 1]
//       CHECK:   linalg.matmul ins(%[[AROWS]], %[[B]] : {{.*}}) outs(%[[CROWS]] :
// CHECK-LABEL: func.func @mm_rows(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>)
// The rows: C's first dimension.
//       CHECK:   %[[ROWS:.*]] = memref.dim %[[C]], %c0
//       CHECK:   %[[SPAN:.*]] = arith.subi %[[ROWS]], %c0
//       CHECK:   omp.parallel
//       CHECK:     %[[AS:.*]] = memref.subview %[[A]]
//       CHECK:     %[[CS:.*]] = memref.subview %[[C]]
//       CHECK:     offload.launch @mm_share(%[[A]], %[[B]], %[[C]], %{{.*}}, %{{.*}}) map(to: %[[AS]] : {{.*}}, to: %[[B]] : memref<?x?xf32>, from: %[[CS]] : {{.*}}) device(
func.func @mm_rows(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  // expected-remark@+1 {{launch of @mm split over every device present: each runs an equal share of the outermost loop dimension through @mm_share}}
  offload.launch @mm(%A, %B, %C) devices(all) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// A linalg op whose outermost dimension indexes an operand's columns (a
// transpose): not split.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
offload.kernel @transpose(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  offload.return
}

// CHECK-LABEL: func.func @columns(
//   CHECK-NOT:   @transpose_share
//       CHECK:   offload.launch @transpose(
func.func @columns(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  // expected-remark@+1 {{launch of @transpose not split over devices: 'linalg.generic' indexes operand #0 with its outermost loop dimension elsewhere than its rows; it runs on the first device present}}
  offload.launch @transpose(%x, %y) devices(all) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}

// -----

// A loop of step 2: the shares divide its iterations, ceil((ub - lb) / 2),
// so that each share starts at an iteration (lb + a multiple of 2).
// CHECK-LABEL: offload.kernel @odd_share(
//       CHECK:   scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c2)
// CHECK-LABEL: func.func @stepped(
//       CHECK:   offload.all_devices
//       CHECK:   %[[SPAN:.*]] = arith.maxsi
//       CHECK:   %[[PARTS:.*]] = arith.maxsi
//       CHECK:   %[[TWO:.*]] = arith.constant 2 : index
//       CHECK:   %[[ITERS:.*]] = arith.ceildivsi %[[SPAN]], %[[TWO]] : index
//       CHECK:   %[[EACH:.*]] = arith.ceildivsi %[[ITERS]], %[[PARTS]] : index
//       CHECK:   %[[CHUNK:.*]] = arith.muli %[[EACH]], %[[TWO]] : index
//       CHECK:   omp.parallel
//       CHECK:     arith.muli %{{.*}}, %[[CHUNK]] : index
//       CHECK:     offload.launch @odd_share(
offload.kernel @odd(%a: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c1) to (%n) step (%c2) {
    memref.store %zero, %a[%i] : memref<?xf32>
  }
  offload.return
}

func.func @stepped(%a: memref<?xf32>) {
  // expected-remark@+1 {{launch of @odd split over every device present}}
  offload.launch @odd(%a) devices(all) : (memref<?xf32>) -> ()
  return
}

// -----

// A written view whose rows may share bytes of their spans (a transposed
// matrix cast to dynamic strides): before splitting, the launch checks at
// run time that its outermost stride is at least the span of a row, and
// runs whole on the first device present when it is not. A cast of a
// row-major buffer needs no check.
offload.kernel @set(%y: memref<?x?xi32, strided<[?, ?], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 7 : i32
  %n = memref.dim %y, %c0 : memref<?x?xi32, strided<[?, ?], offset: ?>>
  %m = memref.dim %y, %c1 : memref<?x?xi32, strided<[?, ?], offset: ?>>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    memref.store %v, %y[%i, %j] : memref<?x?xi32, strided<[?, ?], offset: ?>>
  }
  offload.return
}

// CHECK-LABEL: func.func @strided_rows(
// CHECK-SAME: %[[Y:[^:]*]]: memref<?x?xi32, strided<[?, ?], offset: ?>>)
// CHECK: %[[SEVERAL:.*]] = arith.cmpi sgt, %sizes{{.*}}#0, %{{.*}} : index
// CHECK-NEXT: %[[CLOSE:.*]] = arith.cmpi slt, %strides{{.*}}#0, %{{.*}} : index
// CHECK-NEXT: arith.andi %[[SEVERAL]], %[[CLOSE]] : i1
// CHECK: scf.if
// CHECK: offload.launch @set(%[[Y]]) device(
// CHECK: } else {
// CHECK: offload.launch @set_share(%[[Y]],
func.func @strided_rows(%y: memref<?x?xi32, strided<[?, ?], offset: ?>>) {
  // expected-remark@+1 {{launch of @set split over every device}}
  offload.launch @set(%y) devices(all) : (memref<?x?xi32, strided<[?, ?], offset: ?>>) -> ()
  return
}

// CHECK-LABEL: func.func @row_major(
// CHECK-NOT: arith.cmpi slt, %strides
// CHECK: offload.launch @set_share(
func.func @row_major(%y: memref<?x?xi32>) {
  %c = memref.cast %y : memref<?x?xi32> to memref<?x?xi32, strided<[?, ?], offset: ?>>
  // expected-remark@+1 {{launch of @set split over every device}}
  offload.launch @set(%c) devices(all) : (memref<?x?xi32, strided<[?, ?], offset: ?>>) -> ()
  return
}
