// RUN: offload-opt %s -split-input-file --offload-split-devices | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-split-devices=remarks=1 -verify-diagnostics -o /dev/null

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

// devices(all): one share per device the runtime reports, the host when
// there is none.
// CHECK-LABEL: func.func @all(
//  CHECK-SAME: %[[A:.*]]: memref<?x?xf32>)
//       CHECK:   %[[UB:.*]] = memref.dim %[[A]], %c0
//       CHECK:   %[[COUNT:.*]] = call @omp_get_num_devices() : () -> i32
//       CHECK:   %[[P:.*]] = arith.index_cast %[[COUNT]] : i32 to index
//       CHECK:   %[[CHUNK:.*]] = arith.ceildivsi
//       CHECK:   scf.for %[[D:.*]] = %{{.*}} to %[[P]]
//       CHECK:     %[[DEV:.*]] = arith.index_cast %[[D]] : index to i32
//       CHECK:     %[[OFF:.*]] = arith.muli %[[D]], %[[CHUNK]]
//       CHECK:     scf.if
//       CHECK:       offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[DEV]] : i32)
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
//       CHECK:   scf.if
//       CHECK:     offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[D0]] : i32)
//       CHECK:   scf.if
//       CHECK:     offload.launch @scale_share(%[[A]], %{{.*}}, %{{.*}}) device(%[[D1]] : index)
//       CHECK:   offload.launch @scale(%[[A]]) device(
func.func @listed(%a: memref<?x?xf32>, %d0: i32, %d1: index) {
  // expected-remark@+1 {{launch of @scale split over 2 listed devices}}
  offload.launch @scale(%a) devices(%d0, %d1 : i32, index) : (memref<?x?xf32>) -> ()
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

// -----

// A reduction is not split (its partial results are not combined yet).
offload.kernel @dot(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  offload.return
}

// CHECK-LABEL: func.func @reduction(
//       CHECK:   offload.launch @dot(
func.func @reduction(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-remark@+1 {{launch of @dot not split over devices: its parallel loop has reductions, whose partial results are not combined across devices yet; it runs on the first device present}}
  offload.launch @dot(%x, %y) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}
