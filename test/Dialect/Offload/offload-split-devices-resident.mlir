// RUN: offload-opt %s -split-input-file --offload-split-devices | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-split-devices=remarks=1 -verify-diagnostics -o /dev/null
// RUN: offload-opt %s -split-input-file --offload-split-devices=resident=0 | FileCheck %s --check-prefix=OFF

// Consecutive split launches over the same devices with the same shares
// keep their sections on the devices: an iterated three-point stencil,
// a -> b then b -> a.

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    %r = memref.load %x[%ip] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// The shares are computed once, before the loop; each device enters the
// rows [lo - 1, hi + 1) of both grids that its share reaches.
// CHECK-LABEL: func.func @iterate(
//  CHECK-SAME: %[[N:.*]]: index, %[[STEPS:.*]]: index)
//       CHECK:   %[[A:.*]] = memref.alloc(%[[N]])
//       CHECK:   %[[B:.*]] = memref.alloc(%[[N]])
//       CHECK:   %[[COUNT:.*]] = call @omp_get_num_devices()
//       CHECK:   %[[ALL:.*]] = memref.alloc(%{{.*}}) : memref<?xi32>
//       CHECK:   %[[P:.*]] = offload.all_devices %[[ALL]]
//       CHECK:   %[[CHUNK:.*]] = arith.ceildivsi
//       CHECK:   omp.parallel
//       CHECK:     scf.for %[[S:.*]] = %{{.*}} to %[[P]] step
//       CHECK:       %[[DEV:.*]] = memref.load %[[ALL]][%[[S]]]
//       CHECK:       arith.muli %[[S]], %[[CHUNK]]
//       CHECK:       scf.if
//       CHECK:         %[[BELOW:.*]] = arith.addi %{{.*}}, %c-1
//       CHECK:         scf.if
//       CHECK:           %[[ROWS:.*]] = memref.subview %[[A]][%{{.*}}] [%{{.*}}] [1]
//       CHECK:           offload.enter_data map(to: %[[ROWS]] : memref<?xf32, strided<[1], offset: ?>>) device(%[[DEV]] : i32)
//       CHECK:         scf.if
//       CHECK:           %[[ROWSB:.*]] = memref.subview %[[B]]
//       CHECK:           offload.enter_data map(to: %[[ROWSB]] : {{.*}}) device(%[[DEV]] : i32)
//       CHECK:     omp.terminator
// In the loop, before each launch, each device receives the rows next to
// its share from the devices that wrote them; a barrier, then the launches.
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[STEPS]]
//       CHECK:     omp.parallel
//       CHECK:       scf.for %[[Q:.*]] = %{{.*}} to %[[P]] step
//       CHECK:         %[[QDEV:.*]] = memref.load %[[ALL]][%[[Q]]]
//       CHECK:         scf.for %[[O:.*]] = %{{.*}} to %[[P]] step
//       CHECK:           %[[OTHER:.*]] = arith.cmpi ne, %[[O]], %[[Q]]
//       CHECK:           scf.if
//       CHECK:             %[[ODEV:.*]] = memref.load %[[ALL]][%[[O]]]
//       CHECK:             %[[HALO:.*]] = memref.subview %[[A]]
//       CHECK:             offload.device_copy %[[HALO]] from(%[[ODEV]] : i32) to(%[[QDEV]] : i32)
//       CHECK:       omp.barrier
//       CHECK:       scf.for
//       CHECK:         offload.launch @step_share(%[[A]], %[[B]], %{{.*}}, %{{.*}}) device(%{{.*}} : i32)
//       CHECK:       omp.terminator
//       CHECK:     offload.launch @step(%[[A]], %[[B]]) device(
//       CHECK:     omp.parallel
//       CHECK:       offload.device_copy
//       CHECK:       omp.barrier
//       CHECK:         offload.launch @step_share(%[[B]], %[[A]], %{{.*}}, %{{.*}}) device(%{{.*}} : i32)
//       CHECK:     offload.launch @step(%[[B]], %[[A]]) device(
// After the loop, each device copies back the rows of its share of a (the
// host reads it) and releases b (only freed).
//       CHECK:   omp.parallel
//       CHECK:     %[[MINE:.*]] = memref.subview %[[A]]
//       CHECK:     offload.exit_data map(from: %[[MINE]] : {{.*}}) device(
//       CHECK:     offload.exit_data map(release: %{{.*}} : {{.*}}) device(
//       CHECK:   memref.load %[[A]]
// Checking mode (resident=0) splits each launch on its own.
// OFF-LABEL: func.func @iterate(
//   OFF-NOT:   offload.enter_data
//   OFF-NOT:   offload.device_copy
//       OFF:   return
func.func @iterate(%n: index, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', released (nothing reads it afterwards); halo rows move device to device before 2 launch(es)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split over every device present}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split over every device present}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  %v = memref.load %a[%c1] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %v : f32
}

// -----

// Outside a loop: two launches, the second reading the rows the first wrote
// around each share; a buffer only read stays entered 'to' and is released;
// one only written, first by a launch that always runs and writes all of
// each share's rows, is entered without copying.

offload.kernel @smooth(%x: memref<?xf32>, %y: memref<?xf32>) {
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

offload.kernel @scale(%y: memref<?xf32>, %z: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %ip = arith.addi %i, %c1 : index
    %v = memref.load %y[%ip] : memref<?xf32>
    memref.store %v, %z[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @chain(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>, %{{.*}}: i32, %{{.*}}: i32)
//       CHECK:   omp.parallel
//       CHECK:     offload.enter_data map(to: %{{.*}} : {{.*}}) device(
//       CHECK:     offload.enter_data map(to: %{{.*}} : {{.*}}) device(
//       CHECK:     offload.enter_data map(alloc: %{{.*}} : {{.*}}) device(
//       CHECK:   omp.parallel
//   CHECK-NOT:     offload.device_copy
//       CHECK:     offload.launch @smooth_share(%[[X]], %[[Y]]
//       CHECK:   omp.parallel
//       CHECK:     offload.device_copy
//       CHECK:     omp.barrier
//       CHECK:     offload.launch @scale_share(%[[Y]], %[[Z]]
//       CHECK:   omp.parallel
//       CHECK:     offload.exit_data map(release: %{{.*}} : {{.*}}) device(
//       CHECK:     offload.exit_data map(from: %{{.*}} : {{.*}}) device(
//       CHECK:     offload.exit_data map(from: %{{.*}} : {{.*}}) device(
func.func @chain(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %d0: i32, %d1: i32) {
  // expected-remark@+2 {{split launches of @smooth, @scale keep their sections on 2 listed devices across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @smooth: rows [lo - 1, hi) entered 'to', released; argument #1 of @smooth: rows [lo, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @scale: rows [lo, hi) entered 'alloc' (where the loop of @scale covers the others', else 'to'), rows [lo, hi) copied back; halo rows move device to device before 1 launch(es); the loops of @scale may run over other rows than that of the first launch (@smooth): each device's share [lo, hi) is its equal part of the rows all their loops cover, where each launch runs the iterations of its own loop}}
  // expected-remark@+1 {{launch of @smooth split over 2 listed devices}}
  offload.launch @smooth(%x, %y) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+2 {{launch of @scale split over 2 listed devices}}
  // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [hi, hi + 1)}}
  offload.launch @scale(%y, %z) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A 2-D grid split by rows keeps whole rows: the subviews span every column.

offload.kernel @step2(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %mlast = arith.subi %m, %c1 : index
  %nlast = arith.subi %n, %c1 : index
  scf.parallel (%i, %j) = (%c1, %c1) to (%mlast, %nlast) step (%c1, %c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %jm = arith.subi %j, %c1 : index
    %jp = arith.addi %j, %c1 : index
    %u = memref.load %x[%im, %j] : memref<?x?xf32>
    %d = memref.load %x[%ip, %j] : memref<?x?xf32>
    %l = memref.load %x[%i, %jm] : memref<?x?xf32>
    %r = memref.load %x[%i, %jp] : memref<?x?xf32>
    %s1 = arith.addf %u, %d : f32
    %s2 = arith.addf %l, %r : f32
    %s = arith.addf %s1, %s2 : f32
    memref.store %s, %y[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @grid(
//  CHECK-SAME: %[[M:.*]]: index, %[[N:.*]]: index, %{{.*}}: index)
//       CHECK:   %[[A:.*]] = memref.alloc(%[[M]], %[[N]])
//       CHECK:   omp.parallel
//       CHECK:     %[[ROWS:.*]] = memref.subview %[[A]][%{{.*}}, 0] [%{{.*}}, %[[N]]] [1, 1]
//       CHECK:     offload.enter_data map(to: %[[ROWS]] : memref<?x?xf32, strided<[?, 1], offset: ?>>)
//       CHECK:   scf.for
//       CHECK:     offload.device_copy %{{.*}} from(%{{.*}} : i32) to(%{{.*}} : i32) : memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @grid(%m: index, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%m, %n) : memref<?x?xf32>
  %b = memref.alloc(%m, %n) : memref<?x?xf32>
  // expected-remark@+1 {{split launches of @step2 keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step2: rows [lo - 1, hi + 1) entered 'to', released (nothing reads it afterwards); argument #1 of @step2: rows [lo - 1, hi + 1) entered 'to', released (nothing reads it afterwards); halo rows move device to device before 2 launch(es)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step2 split}}
    // expected-remark@+1 {{before this launch}}
    offload.launch @step2(%a, %b) devices(all) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    // expected-remark@+2 {{launch of @step2 split}}
    // expected-remark@+1 {{before this launch}}
    offload.launch @step2(%b, %a) devices(all) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  }
  memref.dealloc %a : memref<?x?xf32>
  memref.dealloc %b : memref<?x?xf32>
  return
}

// -----

// A reduction in the loop: each device reads its own rows of a (nothing to
// exchange before it); the host combines the partial sums and stores t[0],
// which it reads: t is not kept on the devices.

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    %r = memref.load %x[%ip] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @norm(%x: memref<?xf32>, %t: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  %s = scf.parallel (%i) = (%c1) to (%last) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.mulf %v, %v : f32
    scf.reduce(%w : f32) {
    ^bb0(%l: f32, %r: f32):
      %q = arith.addf %l, %r : f32
      scf.reduce.return %q : f32
    }
  }
  memref.store %s, %t[%c0] : memref<1xf32>
  offload.return
}

// CHECK-LABEL: func.func @residual(
//       CHECK:   scf.while
//       CHECK:     omp.parallel
//       CHECK:       offload.device_copy
//       CHECK:       offload.launch @step_share
//       CHECK:     omp.parallel
//       CHECK:       offload.device_copy
//       CHECK:       offload.launch @step_share
//       CHECK:     omp.parallel
//   CHECK-NOT:       offload.device_copy
//       CHECK:       offload.launch @norm_share
//       CHECK:     scf.for
//       CHECK:       arith.addf
//       CHECK:     memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<1xf32>
func.func @residual(%a: memref<?xf32>, %b: memref<?xf32>, %t: memref<1xf32>, %tol: f32) {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{split launches of @step, @norm keep their sections on every device present across 3 launch(es) (3 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 2 launch(es)}}
  scf.while : () -> () {
    %r = memref.load %t[%c0] : memref<1xf32>
    %go = arith.cmpf ogt, %r, %tol : f32
    scf.condition(%go)
  } do {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @norm split}}
    offload.launch @norm(%a, %t) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
    scf.yield
  }
  return
}

// -----

// What keeps sections from staying on the devices: each case says why, and
// its launches move their own sections (CHECK-NOT: no enter_data).

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    %r = memref.load %x[%ip] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// Writes y[i + 1]: not split.
offload.kernel @shift(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %m = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%m) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %ip = arith.addi %i, %c1 : index
    memref.store %v, %y[%ip] : memref<?xf32>
  }
  offload.return
}

// Its loop runs to %m, a scalar.
offload.kernel @upto(%x: memref<?xf32>, %y: memref<?xf32>, %m: index) {
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c1) to (%m) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}

func.func private @opaque(memref<?xf32>)

// The host loading an element of a buffer the launches write, between
// them: the run goes on, and the element comes from the device whose share
// [lo, hi) holds its row, just before the load.
// CHECK-LABEL: func.func @host_reads(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     offload.launch @step_share
//       CHECK:     scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step
//       CHECK:       %[[LO0:.*]] = arith.muli %[[P]],
//       CHECK:       %[[LO1:.*]] = arith.addi %{{.*}}, %[[LO0]]
//       CHECK:       %[[LO:.*]] = arith.minsi %[[LO1]],
//       CHECK:       %[[HI0:.*]] = arith.addi %[[LO]],
//       CHECK:       %[[HI:.*]] = arith.minsi %[[HI0]],
//       CHECK:       arith.cmpi sle, %[[LO]], %[[ROW:.*]] :
//       CHECK:       arith.cmpi slt, %[[ROW]], %[[HI]] :
//       CHECK:       scf.if
//       CHECK:         %[[DEV:.*]] = memref.load %{{.*}}[%[[P]]] : memref<?xi32>
//       CHECK:         %[[ONE:.*]] = memref.subview %[[B]][%[[ROW]]] [1] [1]
//       CHECK:         offload.update map(from: %[[ONE]] : {{.*}}) device(%[[DEV]] : i32)
//       CHECK:     memref.load %[[B]][%[[ROW]]]
//       CHECK:     offload.launch @step_share
//       CHECK:   offload.exit_data
func.func @host_reads(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; the host's loads and stores of single elements of argument #1 of @step (1) move that element alone: a load from the device whose share holds its row, a store to every device keeping it; halo rows move device to device before 2 launch(es)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %v = memref.load %b[%t] : memref<?xf32>
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A store: after it, the element goes to every device keeping its row (its
// share's and the neighbours reading it as halo: [lo - 1, hi + 1)).
// CHECK-LABEL: func.func @host_writes(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[V:.*]]: f32)
//       CHECK:   offload.enter_data
//       CHECK:   offload.launch @step_share
//       CHECK:   memref.store %[[V]], %[[B]][%[[ROW:.*]]]
//       CHECK:   scf.for
//       CHECK:     %[[BEGIN0:.*]] = arith.addi %{{.*}}, %c-1
//       CHECK:     scf.if
//       CHECK:       %[[ONE:.*]] = memref.subview %[[B]][%[[ROW]]] [1] [1]
//       CHECK:       offload.update map(to: %[[ONE]]
//       CHECK:   offload.launch @step_share
//       CHECK:   offload.exit_data
func.func @host_writes(%a: memref<?xf32>, %b: memref<?xf32>, %v: f32) {
  %c1 = arith.constant 1 : index
  // expected-remark@+2 {{launch of @step split}}
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; the host's loads and stores of single elements of argument #1 of @step (1) move that element alone}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.store %v, %b[%c1] : memref<?xf32>
  // expected-remark@+2 {{launch of @step split}}
  // expected-remark@+1 {{before this launch each device receives}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// An element of a view: its row in the buffer comes from the offsets
// (extract_strided_metadata of the element and of the buffer).
// CHECK-LABEL: func.func @host_reads_view(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
//       CHECK:     %[[VIEW:.*]] = memref.subview %[[B]][2] [4] [2]
//       CHECK:     %[[ONE:.*]] = memref.subview %[[VIEW]][%{{.*}}] [1] [1]
//       CHECK:     %{{.*}}, %[[BAT:.*]], %{{.*}}, %[[BSTRIDE:.*]] = memref.extract_strided_metadata %[[B]]
//       CHECK:     %{{.*}}, %[[EAT:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[ONE]]
//       CHECK:     %[[DIST:.*]] = arith.subi %[[EAT]], %[[BAT]]
//       CHECK:     %[[STRIDE:.*]] = arith.maxsi %[[BSTRIDE]],
//       CHECK:     arith.floordivsi %[[DIST]], %[[STRIDE]]
//       CHECK:     offload.update map(from:
//       CHECK:     memref.load %[[VIEW]][
func.func @host_reads_view(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{the host's loads and stores of single elements of argument #1 of @step (1) move that element alone}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %view = memref.subview %b[2] [4] [2] : memref<?xf32> to memref<4xf32, strided<[2], offset: 2>>
    %v = memref.load %view[%c1] : memref<4xf32, strided<[2], offset: 2>>
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// The host touching more than single elements in between (a loop of its
// own): before the loop, each device copies back the rows of its share of
// the buffer the launches write; the loop only reads, so nothing goes back
// to the devices after it.
// CHECK-LABEL: func.func @host_loop(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     offload.launch @step_share
//       CHECK:     omp.parallel
//       CHECK:       %[[ROWS:.*]] = memref.subview %[[B]][
//       CHECK:       offload.update map(from: %[[ROWS]]
//   CHECK-NOT:       offload.update
//       CHECK:     scf.for
//       CHECK:       memref.load %[[B]]
//   CHECK-NOT:     offload.update
//       CHECK:     offload.launch @step_share
//       CHECK:   offload.exit_data
func.func @host_loop(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; around the host's other reads and writes of argument #1 of @step (1), each device copies back the rows of its share before them (of what the launches write), and receives the rows it keeps after those that write}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %b[%i] : memref<?xf32>
    }
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A host loop writing: the rows of the share come back before it (the
// host's copy must be current), and each device receives the rows it keeps
// after it.
// CHECK-LABEL: func.func @host_loop_writes(
//  CHECK-SAME: %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>,
//       CHECK:     offload.launch @step_share
//       CHECK:     omp.parallel
//       CHECK:       offload.update map(from:
//       CHECK:     scf.for
//       CHECK:       memref.store %{{.*}}, %[[B]]
//       CHECK:     omp.parallel
//       CHECK:       %[[KEPT:.*]] = memref.subview %[[B]][
//       CHECK:       offload.update map(to: %[[KEPT]]
//       CHECK:     offload.launch @step_share
func.func @host_loop_writes(%a: memref<?xf32>, %b: memref<?xf32>, %v: f32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark@+1 {{around the host's other reads and writes of argument #1 of @step (1)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.for %i = %c0 to %c4 step %c1 {
      memref.store %v, %b[%i] : memref<?xf32>
    }
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// Freeing a buffer in between ends the run.
// CHECK-LABEL: func.func @host_frees(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @host_frees(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) {
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #1 of @step between the launches ('memref.dealloc')}}
  memref.dealloc %b : memref<?xf32>
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%c, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @calls(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @calls(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #1 of @step between the launches ('func.call')}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    func.call @opaque(%b) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A call not given the run's buffers touches none of them (their addresses
// are not taken): the run goes on across it.
// CHECK-LABEL: func.func @calls_elsewhere(
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     func.call @opaque(
//       CHECK:   offload.exit_data
func.func @calls_elsewhere(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    func.call @opaque(%c) : (memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.mlir.global private constant @fmt("step %ld\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private @scratch(0 : i64) {addr_space = 0 : i32} : i64

// printf given a string literal (the address of a constant global) and
// scalars touches none of the run's buffers: the run goes on across it.
// CHECK-LABEL: func.func @prints(
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     llvm.call @printf(
//       CHECK:   offload.exit_data
func.func @prints(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %k = arith.index_cast %t : index to i64
    llvm.call @printf(%fmt, %k) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A pointer to a global that is not constant may hold anything: the run
// ends at the call.
// CHECK-LABEL: func.func @passes_pointer(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @passes_pointer(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: 'llvm.call' calls a function, which may touch the buffers}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %p = llvm.mlir.addressof @scratch : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %p) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr) -> i32
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// The host touching one of the buffers through another name (a select of
// two of them) ends the run: the run moves only what it can follow.
// CHECK-LABEL: func.func @host_alias(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @host_alias(%a: memref<?xf32>, %b: memref<?xf32>, %c: i1, %v: f32) {
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  %s = arith.select %c, %a, %b : memref<?xf32>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host may touch argument #0 of @step through another name between the launches ('memref.store')}}
  memref.store %v, %s[%c1] : memref<?xf32>
  // expected-remark@+1 {{launch of @step split}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

func.func private @opaque_index(index)

// A buffer whose address the program takes may be touched by any call.
// CHECK-LABEL: func.func @calls_address_taken(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @calls_address_taken(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = memref.extract_aligned_pointer_as_index %b : memref<?xf32> -> index
  func.call @opaque_index(%p) : (index) -> ()
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: 'func.call' calls a function, which may touch argument #1 of @step (a global, or a buffer whose address is taken)}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    func.call @opaque_index(%c0) : (index) -> ()
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @other_devices(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @other_devices(%a: memref<?xf32>, %b: memref<?xf32>, %d: i32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: a launch of @step lists other devices than the one before}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split over every device present}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @step split over 2 listed devices}}
    offload.launch @step(%b, %a) devices(%c0, %d : index, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @not_split(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @not_split(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: @shift cannot be split: argument #1 is written outside the rows of the iteration that writes it}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @shift not split over devices}}
    offload.launch @shift(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @allocated_inside(
//       CHECK:   scf.for
//       CHECK:     memref.alloc
//       CHECK:     scf.if
//       CHECK:       offload.enter_data
//       CHECK:     } else {
//   CHECK-NOT:       offload.enter_data
//       CHECK:     memref.dealloc
//       CHECK:   return
func.func @allocated_inside(%a: memref<?xf32>, %n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: argument #1 of @step is allocated in it}}
  scf.for %t = %c0 to %steps step %c1 {
    %tmp = memref.alloc(%n) : memref<?xf32>
    // In each iteration, the two launches still share their sections
    // (%tmp need not be as long as %a: the shares are parts of the hull of
    // the two loops).
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to', released (nothing reads it afterwards); halo rows move device to device before 1 launch(es); the loops of @step may run over other rows than that of the first launch (@step): each device's share [lo, hi) is its equal part of the rows all their loops cover, where each launch runs the iterations of its own loop}}
    offload.launch @step(%a, %tmp) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch}}
    offload.launch @step(%tmp, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    memref.dealloc %tmp : memref<?xf32>
  }
  return
}

// The loop's bound comes from the loop's own iteration, then from a value
// computed in it: neither can be computed once before the loop.
// CHECK-LABEL: func.func @bounds_inside(
//       CHECK:   scf.for
//       CHECK:     offload.enter_data
//       CHECK:   scf.for
//   CHECK-NOT:     offload.enter_data
//       CHECK:   return
func.func @bounds_inside(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the bounds of the loop of @upto are computed from values the run defines}}
  scf.for %t = %c0 to %steps step %c1 {
    // In each iteration, the two launches share their sections.
    // expected-remark@+2 {{launch of @upto split}}
    // expected-remark@+1 {{split launches of @upto keep their sections on every device present across 2 launch(es)}}
    offload.launch @upto(%a, %b, %t) devices(all) : (memref<?xf32>, memref<?xf32>, index) -> ()
    // expected-remark@+1 {{launch of @upto split}}
    offload.launch @upto(%b, %a, %t) devices(all) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the shares of @upto may differ from those of @step: the bounds of their loops cannot be shown equal, nor compared before the first launch}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @step split}}
    offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %m = arith.addi %t, %c1 : index
    // expected-remark@+1 {{launch of @upto split}}
    offload.launch @upto(%b, %a, %m) devices(all) : (memref<?xf32>, memref<?xf32>, index) -> ()
  }
  return
}

// CHECK-LABEL: func.func @list_written(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @list_written(%a: memref<?xf32>, %b: memref<?xf32>, %list: memref<?xi32>, %d: i32) {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{launch of @step split over the devices its list names}}
  offload.launch @step(%a, %b) devices(%list : memref<?xi32>) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches the list of devices between the launches ('memref.store')}}
  memref.store %d, %list[%c0] : memref<?xi32>
  // expected-remark@+1 {{launch of @step split over the devices its list names}}
  offload.launch @step(%b, %a) devices(%list : memref<?xi32>) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// Device numbers that are constants inside the loop (a front end emitting
// them per iteration) move to the function's entry, so that the run around
// the loop can use them; ones computed in the loop keep each launch on its
// own (within one iteration, they make a run of their own).
// CHECK-LABEL: func.func @devices_in_loop(
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: arith.constant 0 : i32
// The run asks once which device holds its buffers (-1: none).
// CHECK: %[[HOLDER:.*]] = scf.for {{.*}} -> (i32) {
// CHECK: omp_target_is_present
// A buffer another device holds, written by the run or not held by that
// one, stops the program with a message (checkSoleHolder).
// CHECK: %[[CHECK:.*]] = arith.cmpi sge, %[[HOLDER]]
// CHECK: scf.if %[[CHECK]] {
// CHECK: llvm.call @dprintf
// CHECK: %[[HELD:.*]] = arith.cmpi sge, %[[HOLDER]]
// When one does, every launch of the run runs whole there, a plain launch
// (queued like any).
// CHECK: scf.if %[[HELD]] {
// CHECK-NEXT: scf.for
// CHECK: offload.launch @step(%{{.*}}, %{{.*}}) device(%[[HOLDER]] : i32)
// CHECK-NEXT: offload.launch @step(%{{.*}}, %{{.*}}) device(%[[HOLDER]] : i32)
// CHECK-NEXT: }
// CHECK-NEXT: } else {
func.func @devices_in_loop(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @step keep their sections on 2 listed devices across 2 launch(es) (2 in loops)}}
  scf.for %t = %c0 to %steps step %c1 {
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%a, %b) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(%d0, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

func.func @devices_computed_in_loop(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the devices of @step are computed after the first launch}}
  scf.for %t = %c0 to %steps step %c1 {
    %d = arith.index_cast %t : index to i32
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{split launches of @step keep their sections on 2 listed devices across 2 launch(es)}}
    offload.launch @step(%a, %b) devices(%d, %d : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @step split}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%b, %a) devices(%d, %d : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// A kernel that takes the list of devices (here, writes it) may change the
// devices between the launches: the launches are split one by one.
offload.kernel @bump_list(%l: memref<?xi32>, %x: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %l, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %l[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %l[%i] : memref<?xi32>
  }
  offload.return
}

// CHECK-LABEL: func.func @list_launched(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @list_launched(%list: memref<?xi32>, %x: memref<?xi64>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: argument #0 of @bump_list is the list of devices}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @bump_list split over the devices its list names}}
    offload.launch @bump_list(%list, %x) devices(%list : memref<?xi32>) : (memref<?xi32>, memref<?xi64>) -> ()
  }
  return
}

// -----

offload.kernel @step(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    %r = memref.load %x[%ip] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

// The same stencil written as ping-pong: the loop swaps the grids in its
// iteration arguments. Each device enters the rows [lo - 1, hi + 1) of
// both grids the loop starts with once before it; in it, before each
// launch, the rows next to its share of whichever grid the launch reads
// come from the devices that wrote them; after it, each device copies back
// the rows of its share of both (the host reads the loop's result, either
// of them).
// CHECK-LABEL: func.func @pingpong(
//       CHECK:   %[[A:.*]] = memref.alloc(
//       CHECK:   %[[B:.*]] = memref.alloc(
//       CHECK:   omp.parallel
//       CHECK:     %[[RA:.*]] = memref.subview %[[A]]
//       CHECK:     offload.enter_data map(to: %[[RA]]
//       CHECK:     %[[RB:.*]] = memref.subview %[[B]]
//       CHECK:     offload.enter_data map(to: %[[RB]]
//       CHECK:   scf.for {{.*}} iter_args(%[[P:.*]] = %[[A]], %[[Q:.*]] = %[[B]])
//       CHECK:     omp.parallel
//       CHECK:       %[[HALO:.*]] = memref.subview %[[P]]
//       CHECK:       offload.device_copy %[[HALO]] from(
//       CHECK:       omp.barrier
//       CHECK:       offload.launch @step_share(%[[P]], %[[Q]],
//       CHECK:     scf.yield %[[Q]], %[[P]]
//       CHECK:   omp.parallel
//       CHECK:     offload.exit_data map(from:
//       CHECK:     offload.exit_data map(from:
func.func @pingpong(%n: index, %steps: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 1 launch(es) (1 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; the buffer iteration argument #0 of the loop starts with: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; the buffer iteration argument #1 of the loop starts with: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 1 launch(es)}}
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+2 {{launch of @step split over every device present}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @step(%p, %q) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %q, %p : memref<?xf32>, memref<?xf32>
  }
  %v = memref.load %r#0[%c1] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return %v : f32
}

// The host loading and storing single elements of the iteration arguments
// (whichever grid they are at run time): each moves that element, and the
// run goes on. A host loop over one of them ends it.
// CHECK-LABEL: func.func @pingpong_elements(
//       CHECK:   offload.enter_data
//       CHECK:   scf.for {{.*}} iter_args(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}})
//       CHECK:     offload.launch @step_share(%[[P]], %[[Q]],
//       CHECK:     %[[ONE:.*]] = memref.subview %[[Q]][
//       CHECK:     offload.update map(from: %[[ONE]]
//       CHECK:     memref.load %[[Q]][
//       CHECK:     memref.store %{{.*}}, %[[P]][
//       CHECK:     %[[TWO:.*]] = memref.subview %[[P]][
//       CHECK:     offload.update map(to: %[[TWO]]
//       CHECK:     scf.yield %[[Q]], %[[P]]
//       CHECK:   offload.exit_data
func.func @pingpong_elements(%n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{the host's loads and stores of single elements of the buffers a loop passes between iterations (2) move that element alone}}
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+2 {{launch of @step split over every device present}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%p, %q) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %v = memref.load %q[%c2] : memref<?xf32>
    memref.store %v, %p[%t] : memref<?xf32>
    scf.yield %q, %p : memref<?xf32>, memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// A host loop over an iteration argument: the rows of each share of
// whichever grid it is come back before it.
// CHECK-LABEL: func.func @pingpong_host_loop(
//       CHECK:   offload.enter_data
//       CHECK:   scf.for {{.*}} iter_args(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}})
//       CHECK:     offload.launch @step_share(%[[P]], %[[Q]],
//       CHECK:     omp.parallel
//       CHECK:       %[[ROWS:.*]] = memref.subview %[[Q]][
//       CHECK:       offload.update map(from: %[[ROWS]]
//       CHECK:     scf.for
//       CHECK:       memref.load %[[Q]]
func.func @pingpong_host_loop(%n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{around the host's other reads and writes of the buffers a loop passes between iterations (1)}}
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+2 {{launch of @step split over every device present}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @step(%p, %q) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %q[%i] : memref<?xf32>
    }
    scf.yield %q, %p : memref<?xf32>, memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// Grids of different sizes: the shares read the grid's size before the
// loop, which only one shape can give; the launches split one by one.
// CHECK-LABEL: func.func @pingpong_sizes(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   scf.for
func.func @pingpong_sizes(%n: index, %m: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%m) : memref<?xf32>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the loop passes buffers between iterations that may have different shapes (the run computes the shares before it from one of them)}}
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+1 {{launch of @step split over every device present}}
    offload.launch @step(%p, %q) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %q, %p : memref<?xf32>, memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// An iteration that passes one grid on as both (`yield %q, %q`): they may
// be one buffer at run time, which the checks before a run do not see;
// the launches split one by one, each checking its buffers.
// CHECK-LABEL: func.func @pingpong_same(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   scf.for
func.func @pingpong_same(%n: index, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the loop passes buffers between iterations that may become one buffer (an iteration passes one of them on twice)}}
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xf32>, memref<?xf32>) {
    // expected-remark@+1 {{launch of @step split over every device present}}
    offload.launch @step(%p, %q) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    scf.yield %q, %q : memref<?xf32>, memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// -----

// A buffer the launches only read and the host writes between them (a
// reduction's result the host combines, a scalar the host stores) does
// not end the run: the devices keep their rows of the others, and each
// launch maps its own section of it.

// m[0] = max(x): the host combines the devices' maxima into m.
offload.kernel @maxof(%x: memref<?xf32>, %m: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %q = arith.maximumf %a, %b : f32
      scf.reduce.return %q : f32
    }
  }
  memref.store %r, %m[%c0] : memref<1xf32>
  offload.return
}

// x[i] = x[i] / m[0].
offload.kernel @scale(%x: memref<?xf32>, %m: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %d = memref.load %m[%c0] : memref<1xf32>
    %q = arith.divf %v, %d : f32
    memref.store %q, %x[%i] : memref<?xf32>
  }
  offload.return
}

// x[i] = x[i] / m[0], with m of any size; and y[i] = x[i].
offload.kernel @scale_by(%x: memref<?xf32>, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %d = memref.load %m[%c0] : memref<?xf32>
    %q = arith.divf %v, %d : f32
    memref.store %q, %x[%i] : memref<?xf32>
  }
  offload.return
}
offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}

// x enters once before both launches and comes back once after them; m
// enters with the second launch, after the host combined the maxima.
// CHECK-LABEL: func.func @normalize(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[M:.*]]: memref<1xf32>)
//       CHECK:   omp.parallel
//       CHECK:     %[[ROWS:.*]] = memref.subview %[[X]]
//       CHECK:     offload.enter_data map(to: %[[ROWS]]
//   CHECK-NOT:     offload.enter_data
//       CHECK:     offload.launch @maxof_share(%[[X]],
//       CHECK:   scf.for
//       CHECK:     arith.maximumf
//       CHECK:   memref.store %{{.*}}, %[[M]][%{{.*}}] : memref<1xf32>
//   CHECK-NOT:   offload.enter_data
//       CHECK:     offload.launch @scale_share(%[[X]], %[[M]],
//       CHECK:   omp.parallel
//       CHECK:     offload.exit_data map(from:
//   CHECK-NOT:     offload.exit_data
//       CHECK:   return
func.func @normalize(%x: memref<?xf32>, %m: memref<1xf32>) {
  // expected-remark@+2 {{launch of @maxof split over every device present}}
  // expected-remark@+1 {{split launches of @maxof, @scale keep their sections on every device present across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @maxof: rows [lo, hi) entered 'to', rows [lo, hi) copied back; each launch maps its own section of argument #1 of @scale (only read by the launches; the host touches it between them); halo rows move device to device before 0 launch(es)}}
  offload.launch @maxof(%x, %m) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
  // expected-remark@+1 {{launch of @scale split over every device present}}
  offload.launch @scale(%x, %m) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
  return
}

// A scalar the host stores between launches that only read it: every
// device keeps it (each reads it whole), and the store sends it to each.
// CHECK-LABEL: func.func @host_sets(
//       CHECK:   offload.enter_data
//       CHECK:   memref.store
//       CHECK:   offload.update map(to:
//       CHECK:   offload.launch @scale_share
func.func @host_sets(%x: memref<?xf32>, %m: memref<1xf32>, %v: f32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @scale keep their sections on every device present across 1 launch(es) (1 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @scale: rows [lo, hi) entered 'to', rows [lo, hi) copied back; argument #1 of @scale: every row entered 'to', released; the host's loads and stores of single elements of argument #1 of @scale (1) move that element alone: a load from the device whose share holds its row, a store to every device keeping it; halo rows move device to device before 0 launch(es)}}
  scf.for %t = %c0 to %steps step %c1 {
    memref.store %v, %m[%c0] : memref<1xf32>
    // expected-remark@+1 {{launch of @scale split over every device present}}
    offload.launch @scale(%x, %m) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
  }
  return
}

// A buffer the host writes whole (a copy from x) that a later launch
// writes on the devices: before the copy, each device copies back its rows
// of x and of m (the launches write both); after it, each receives the rows
// of m it keeps (all of them: @scale_by reads m whole).
// CHECK-LABEL: func.func @host_sets_then_written(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[M:.*]]: memref<?xf32>,
//       CHECK:   offload.launch @scale_by_share
//       CHECK:   omp.parallel
//       CHECK:     offload.update map(from:
//       CHECK:     offload.update map(from:
//       CHECK:   memref.copy %[[X]], %[[M]]
//       CHECK:   omp.parallel
//       CHECK:     %[[ALL:.*]] = memref.subview %[[M]][
//       CHECK:     offload.update map(to: %[[ALL]]
//       CHECK:   offload.launch @copy_share
func.func @host_sets_then_written(%x: memref<?xf32>, %m: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-remark@+2 {{launch of @scale_by split over every device present}}
  // expected-remark@+1 {{around the host's other reads and writes of argument #0 of @scale_by (1), argument #1 of @scale_by (1), each device copies back the rows of its share before them}}
  offload.launch @scale_by(%x, %m) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.copy %x, %m : memref<?xf32> to memref<?xf32>
  // expected-remark@+1 {{launch of @copy split over every device present}}
  offload.launch @copy(%x, %m) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// One element of it: every device keeps all of it (@scale_by reads it
// whole) and receives the element.
// CHECK-LABEL: func.func @host_sets_element_then_written(
//       CHECK:   offload.enter_data
//       CHECK:   offload.launch @scale_by_share
//       CHECK:   memref.store
//       CHECK:   offload.update map(to:
//       CHECK:   offload.launch @copy_share
//       CHECK:   offload.exit_data
func.func @host_sets_element_then_written(%x: memref<?xf32>, %m: memref<?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-remark@+2 {{launch of @scale_by split over every device present}}
  // expected-remark@+1 {{split launches of @scale_by, @copy keep their sections on every device present across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @scale_by: rows [lo, hi) entered 'to', rows [lo, hi) copied back; argument #1 of @scale_by: every row entered 'to', rows [lo, hi) copied back; the host's loads and stores of single elements of argument #1 of @scale_by (1) move that element alone}}
  offload.launch @scale_by(%x, %m) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  memref.store %v, %m[%c0] : memref<?xf32>
  // expected-remark@+1 {{launch of @copy split over every device present}}
  offload.launch @copy(%x, %m) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}


// -----

// Loops over other rows of the same buffers: a stencil over [1, n - 1) and
// a sum over every row [0, n). The devices' shares [lo, hi) are equal parts
// of the hull [min of the lower bounds, max of the upper bounds) of the
// loops that run (an empty one would only widen it), computed once before
// the run, and each launch runs there the iterations of its own
// loop: its share kernel gets [max(lo, lb), min(hi, ub)), and none when
// that is empty. A buffer the first launch on it writes whole (d) enters
// without copying only when that launch's loop is the hull, checked before
// the run.

offload.kernel @smooth(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c1) to (%last) step (%c1) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xf32>
    %r = memref.load %x[%ip] : memref<?xf32>
    %s = arith.addf %l, %r : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  offload.return
}

offload.kernel @total(%x: memref<?xf32>, %t: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%l: f32, %r: f32):
      %q = arith.addf %r, %l : f32
      scf.reduce.return %q : f32
    }
  }
  memref.store %s, %t[%c0] : memref<1xf32>
  offload.return
}

// CHECK-LABEL: func.func @other_bounds(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[D:.*]]: memref<?xf32>, %[[T:.*]]: memref<1xf32>)
//       CHECK:   %[[ND:.*]] = memref.dim %[[D]], %{{.*}} : memref<?xf32>
//  CHECK-NEXT:   %[[RUNS:.*]] = arith.cmpi slt, %{{.*}}, %[[ND]] : index
//  CHECK-NEXT:   %[[NONE:.*]] = arith.cmpi sge, %{{.*}}, %[[UB:.*]] : index
//  CHECK-NEXT:   %[[MIN:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
//  CHECK-NEXT:   %[[JLB:.*]] = arith.select %[[NONE]], %{{.*}}, %[[MIN]] : index
//  CHECK-NEXT:   %[[MAX:.*]] = arith.maxsi %[[UB]], %[[ND]] : index
//  CHECK-NEXT:   %[[JUB:.*]] = arith.select %[[NONE]], %[[ND]], %[[MAX]] : index
//  CHECK-NEXT:   %[[LB:.*]] = arith.select %[[RUNS]], %[[JLB]], %{{.*}} : index
//  CHECK-NEXT:   %[[HI:.*]] = arith.select %[[RUNS]], %[[JUB]], %[[UB]] : index
//       CHECK:   %[[IS_LB:.*]] = arith.cmpi eq, %{{.*}}, %[[LB]] : index
//  CHECK-NEXT:   %[[IS_UB:.*]] = arith.cmpi eq, %{{.*}}, %[[HI]] : index
//  CHECK-NEXT:   %[[WHOLE:.*]] = arith.andi %[[IS_LB]], %[[IS_UB]] : i1
//       CHECK:   omp.parallel
//       CHECK:     offload.enter_data map(to:
//       CHECK:     scf.if %[[WHOLE]] {
//  CHECK-NEXT:       offload.enter_data map(alloc:
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       offload.enter_data map(to:
//       CHECK:   %[[UB:.*]] = arith.subi %{{.*}}, %{{.*}} : index
//  CHECK-NEXT:   %{{.*}} = arith.constant 1 : index
//  CHECK-NEXT:   call @omp_get_thread_limit
//       CHECK:   omp.parallel
//       CHECK:       %[[LO:.*]] = arith.minsi %{{.*}}, %[[HI]] : index
//       CHECK:       %[[UP:.*]] = arith.minsi %{{.*}}, %[[HI]] : index
//       CHECK:       %[[SLB:.*]] = arith.maxsi %[[LO]], %{{.*}} : index
//  CHECK-NEXT:       %[[SUB:.*]] = arith.minsi %[[UP]], %[[UB]] : index
//  CHECK-NEXT:       %[[ANY:.*]] = arith.cmpi slt, %[[SLB]], %[[SUB]] : index
//  CHECK-NEXT:       scf.if %[[ANY]] {
//  CHECK-NEXT:         offload.launch @smooth_share(%[[X]], %[[D]], %[[SLB]], %[[SUB]])
//       CHECK:   %[[DN:.*]] = memref.dim %[[D]], %{{.*}} : memref<?xf32>
//       CHECK:   omp.parallel
//       CHECK:       %[[TLB:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
//  CHECK-NEXT:       %[[TUB:.*]] = arith.minsi %{{.*}}, %[[DN]] : index
//       CHECK:         offload.launch @total_share(%[[D]], %[[T]], %[[TLB]], %[[TUB]],
func.func @other_bounds(%x: memref<?xf32>, %d: memref<?xf32>, %t: memref<1xf32>) {
  // expected-remark@+2 {{split launches of @smooth, @total keep their sections on every device present across 2 launch(es): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @smooth: rows [lo - 1, hi + 1) entered 'to', released; argument #1 of @smooth: rows [lo, hi) entered 'alloc' (where the loop of @smooth covers the others', else 'to'), rows [lo, hi) copied back; halo rows move device to device before 0 launch(es); the loops of @total may run over other rows than that of the first launch (@smooth): each device's share [lo, hi) is its equal part of the rows all their loops cover, where each launch runs the iterations of its own loop}}
  // expected-remark@+1 {{launch of @smooth split over every device present}}
  offload.launch @smooth(%x, %d) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{launch of @total split over every device present}}
  offload.launch @total(%d, %t) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
  return
}

// A loop with other bounds over the rows of a buffer of its own joins no
// run (it reads the run's buffer, but not by rows).
offload.kernel @spread(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  %m = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %j = arith.remui %i, %m : index
    %v = memref.load %x[%j] : memref<?xf32>
    memref.store %v, %y[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @other_rows(
func.func @other_rows(%x: memref<?xf32>, %d: memref<?xf32>, %e: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the shares of @spread differ from those of @smooth}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @smooth split over every device present}}
    offload.launch @smooth(%x, %d) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @spread split over every device present}}
    offload.launch @spread(%d, %e) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// Launches on buffers of their own, in one loop with the run's: a group
// of its own, whose devices have equal shares of its own loop (not of
// @smooth's), and which stays on the devices across the loop too.
// CHECK-LABEL: func.func @own_buffers(
//  CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>, %[[D:[^:]*]]: memref<?xf32>, %[[U:[^:]*]]: memref<?xf32>, %[[V:[^:]*]]: memref<?xf32>,
//       CHECK:   %[[VN:.*]] = memref.dim %[[V]], %[[ZERO:.*]] : memref<?xf32>
//       CHECK:   arith.ceildivsi
//       CHECK:   %[[SPAN:.*]] = arith.subi %[[VN]], %[[ZERO]] : index
//  CHECK-NEXT:   %[[POS:.*]] = arith.maxsi %[[SPAN]], %{{.*}} : index
//  CHECK-NEXT:   %[[PARTS:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
//  CHECK-NEXT:   %[[CHUNK:.*]] = arith.ceildivsi %[[POS]], %[[PARTS]] : index
//       CHECK:   omp.parallel
//       CHECK:   scf.for
//       CHECK:     omp.parallel
//       CHECK:       offload.launch @smooth_share(%[[X]], %[[D]],
//       CHECK:     omp.parallel
//       CHECK:       %[[SHIFT:.*]] = arith.muli %{{.*}}, %[[CHUNK]] : index
//  CHECK-NEXT:       %[[LO:.*]] = arith.addi %[[ZERO]], %[[SHIFT]] : index
//       CHECK:       offload.launch @spread_share(%[[U]], %[[V]],
//       CHECK:     omp.parallel
//       CHECK:       offload.launch @smooth_share(%[[D]], %[[X]],
func.func @own_buffers(%x: memref<?xf32>, %d: memref<?xf32>, %u: memref<?xf32>, %v: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @smooth, @spread keep their sections on every device present across 3 launch(es) (3 in loops) in 2 groups that share no buffer, each device with its share of each group's loop (that of @smooth, @spread)}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+2 {{launch of @smooth split over every device present}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @smooth(%x, %d) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @spread split over every device present}}
    offload.launch @spread(%u, %v) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @smooth split over every device present}}
    // expected-remark@+1 {{before this launch each device receives, device to device, the rows other devices wrote that its share reads: of argument #0 [lo - 1, lo) and [hi, hi + 1)}}
    offload.launch @smooth(%d, %x) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// A launch on buffers of two groups: the loop keeps nothing.
// CHECK-LABEL: func.func @two_groups_joined(
func.func @two_groups_joined(%x: memref<?xf32>, %d: memref<?xf32>, %u: memref<?xf32>, %v: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: @smooth maps buffers of the launches of @smooth and of those of @spread, which have shares of their own loops}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @smooth split over every device present}}
    offload.launch @smooth(%x, %d) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // (In the loop: a run from @spread on, which @smooth joins through v.)
    // expected-remark@+2 {{split launches of @spread, @smooth keep their sections on every device present across 2 launch(es)}}
    // expected-remark@+1 {{launch of @spread split over every device present}}
    offload.launch @spread(%u, %v) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+2 {{launch of @smooth split over every device present}}
    // expected-remark@+1 {{before this launch each device receives}}
    offload.launch @smooth(%v, %x) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}

// -----

// A ping-pong scf.while: the arguments of both its regions stand for the
// buffers it starts with, which each device enters before the loop and
// copies back after it.
offload.kernel @inc(%x: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %n = memref.dim %x, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %y[%i] : memref<?xi32>
  }
  offload.return
}

// CHECK-LABEL: func.func @while_pingpong(
//       CHECK:   %[[A:.*]] = memref.alloc
//       CHECK:   %[[B:.*]] = memref.alloc
//       CHECK:   omp.parallel
//       CHECK:     offload.enter_data map(to:
//       CHECK:     offload.enter_data map(to:
//       CHECK:   scf.while (%{{.*}} = %[[A]], %{{.*}} = %[[B]],
//       CHECK:     scf.condition
//       CHECK:   } do {
//       CHECK:     offload.launch @inc_share
//       CHECK:     scf.yield
//       CHECK:   omp.parallel
//       CHECK:     offload.exit_data map(from:
//       CHECK:     offload.exit_data map(from:
func.func @while_pingpong(%n: index, %steps: i32) -> (memref<?xi32>, memref<?xi32>) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+1 {{split launches of @inc keep their sections on every device present across 1 launch(es) (1 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; the buffer iteration argument #0 of the loop starts with: rows [lo, hi) entered 'to', rows [lo, hi) copied back; the buffer iteration argument #1 of the loop starts with: rows [lo, hi) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 0 launch(es)}}
  %r:3 = scf.while (%p = %a, %q = %b, %it = %z) : (memref<?xi32>, memref<?xi32>, i32) -> (memref<?xi32>, memref<?xi32>, i32) {
    %go = arith.cmpi slt, %it, %steps : i32
    scf.condition(%go) %p, %q, %it : memref<?xi32>, memref<?xi32>, i32
  } do {
  ^bb0(%p: memref<?xi32>, %q: memref<?xi32>, %it: i32):
    // expected-remark@+1 {{launch of @inc split over every device present}}
    offload.launch @inc(%p, %q) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    %it1 = arith.addi %it, %one : i32
    scf.yield %q, %p, %it1 : memref<?xi32>, memref<?xi32>, i32
  }
  return %r#0, %r#1 : memref<?xi32>, memref<?xi32>
}

// The same loop in the do-while form, the split launch in the condition
// region: not kept (only split launches directly in the body are), and the
// remark says so.
// CHECK-LABEL: func.func @while_condition_launch(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @while_condition_launch(%n: index, %steps: i32) -> (memref<?xi32>, memref<?xi32>) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the loop passes buffers between iterations that a split launch in an 'scf.while' condition or nested in another op uses (only split launches directly in the loop's body keep their sections)}}
  %r:3 = scf.while (%p = %a, %q = %b, %it = %z) : (memref<?xi32>, memref<?xi32>, i32) -> (memref<?xi32>, memref<?xi32>, i32) {
    // expected-remark@+1 {{launch of @inc split over every device present}}
    offload.launch @inc(%p, %q) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    %it1 = arith.addi %it, %one : i32
    %go = arith.cmpi slt, %it1, %steps : i32
    scf.condition(%go) %q, %p, %it1 : memref<?xi32>, memref<?xi32>, i32
  } do {
  ^bb0(%p: memref<?xi32>, %q: memref<?xi32>, %it: i32):
    scf.yield %p, %q, %it : memref<?xi32>, memref<?xi32>, i32
  }
  return %r#0, %r#1 : memref<?xi32>, memref<?xi32>
}

// Its condition passing one buffer on twice: no run.
// CHECK-LABEL: func.func @while_twice(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   scf.while
func.func @while_twice(%n: index, %steps: i32) -> (memref<?xi32>, memref<?xi32>) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloc(%n) : memref<?xi32>
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the loop passes buffers between iterations that may become one buffer (an iteration passes one of them on twice)}}
  %r:3 = scf.while (%p = %a, %q = %b, %it = %z) : (memref<?xi32>, memref<?xi32>, i32) -> (memref<?xi32>, memref<?xi32>, i32) {
    %go = arith.cmpi slt, %it, %steps : i32
    scf.condition(%go) %p, %p, %it : memref<?xi32>, memref<?xi32>, i32
  } do {
  ^bb0(%p: memref<?xi32>, %q: memref<?xi32>, %it: i32):
    // expected-remark@+1 {{launch of @inc split over every device present}}
    offload.launch @inc(%p, %q) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    %it1 = arith.addi %it, %one : i32
    scf.yield %q, %p, %it1 : memref<?xi32>, memref<?xi32>, i32
  }
  return %r#0, %r#1 : memref<?xi32>, memref<?xi32>
}

// -----

// A launch on one device between split launches: one on other buffers
// leaves the run alone; one given a buffer of the run needs it whole, and
// ends the run.
offload.kernel @scale(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %x[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @one_device_apart(
//  CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>,
//       CHECK:   offload.enter_data
//       CHECK:   scf.for
//       CHECK:     offload.launch @scale_share(%[[X]],
//       CHECK:     offload.launch @scale(%[[Y]]) device(
//       CHECK:     offload.launch @scale_share(%[[X]],
//       CHECK:   offload.exit_data
func.func @one_device_apart(%x: memref<?xf32>, %y: memref<?xf32>, %d: i32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches of @scale keep their sections on every device present across 2 launch(es) (2 in loops)}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @scale split over every device present}}
    offload.launch @scale(%x) devices(all) : (memref<?xf32>) -> ()
    offload.launch @scale(%y) device(%d : i32) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{launch of @scale split over every device present}}
    offload.launch @scale(%x) devices(all) : (memref<?xf32>) -> ()
  }
  return
}

// CHECK-LABEL: func.func @one_device_on_it(
//   CHECK-NOT:   offload.enter_data
//       CHECK:   return
func.func @one_device_on_it(%x: memref<?xf32>, %d: i32, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #0 of @scale between the launches ('offload.launch')}}
  scf.for %s = %c0 to %steps step %c1 {
    // expected-remark@+1 {{launch of @scale split over every device present}}
    offload.launch @scale(%x) devices(all) : (memref<?xf32>) -> ()
    offload.launch @scale(%x) device(%d : i32) : (memref<?xf32>) -> ()
  }
  return
}
