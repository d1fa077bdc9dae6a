// RUN: offload-opt %s --offload-lower-linalg | FileCheck %s

// A kernel whose only structured op is a memref.copy, in a module without
// linalg ops: the pass loads the linalg dialect for the linalg.copy it
// makes of it (it crashed when nothing had loaded it).
// CHECK-LABEL: offload.kernel @copy(
// CHECK-SAME: %[[X:[^:]*]]: memref<?xf32>, %[[Y:[^:]*]]: memref<?xf32>)
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%[[I]]]
// CHECK-NEXT: memref.store %[[V]], %[[Y]][%[[I]]]
// CHECK-NOT: memref.copy
offload.kernel @copy(%x: memref<?xf32>, %y: memref<?xf32>) {
  memref.copy %x, %y : memref<?xf32> to memref<?xf32>
  offload.return
}
