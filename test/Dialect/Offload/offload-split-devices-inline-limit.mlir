// RUN: offload-opt %s --offload-split-devices="inline-limit=9" | FileCheck %s
// RUN: offload-opt %s --offload-split-devices="remarks=1 inline-limit=9" -verify-diagnostics -o /dev/null

// A function grows by inlining calls of functions making split launches to
// inline-limit operations at most: past it, the call stays (its launches
// move their sections at each call), and a remark says so.

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

// CHECK-LABEL: func.func private @sweep(
func.func private @sweep(%a: memref<?xf32>, %b: memref<?xf32>) {
  // expected-remark@+2 {{launch of @step split over every device present}}
  // expected-remark@+1 {{split launches of @step keep their sections on every device present across 2 launch(es)}}
  offload.launch @step(%a, %b) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  // expected-remark@+1 {{launch of @step split over every device present}}
  offload.launch @step(%b, %a) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// The first call fits (@calls' 8 operations become 9: the call gives way
// to @sweep's two launches), the second would not (10).
// CHECK-LABEL: func.func @calls(
//       CHECK:   scf.for
//       CHECK:     offload.launch @step_share
//       CHECK:     call @sweep(%{{.*}}, %{{.*}}) : (memref<?xf32>, memref<?xf32>) -> ()
func.func @calls(%a: memref<?xf32>, %b: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{split launches do not keep their sections on the devices across this op: the host touches argument #1 of @step between the launches ('func.call')}}
  scf.for %t = %c0 to %steps step %c1 {
    // expected-remark@+1 {{call of @sweep inlined}}
    func.call @sweep(%a, %b) : (memref<?xf32>, memref<?xf32>) -> ()
    // expected-remark@+1 {{call of @sweep not inlined: @calls would grow past 9 operations (inline-limit); the launches of @sweep move their sections at each call}}
    func.call @sweep(%b, %a) : (memref<?xf32>, memref<?xf32>) -> ()
  }
  return
}
