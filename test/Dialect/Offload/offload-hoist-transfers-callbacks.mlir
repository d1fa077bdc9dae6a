// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-infer-maps --offload-hoist-transfers=remarks=1 -verify-diagnostics -o /dev/null

// Code outside the module may call back the module's public functions. A
// buffer passed to a function the module only declares, where a public
// function launches on memref arguments, leaves the device around that
// call: while it stayed entered, the public function's own clauses would
// find it present and copy nothing back, and the outside code would read
// stale data (then sent over the device's results by the update 'to'
// after the call).

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

// Public: outside code may call it.
func.func @lib_step(%a: memref<?xf32>) {
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

func.func private @ext_driver(memref<?xf32>)

// The launches before the outside call and those after it each keep the
// buffer on the device; it comes back whole before the call.
// CHECK-LABEL: func.func private @around(
// CHECK-SAME: %[[A:.*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: call @ext_driver(%[[A]])
// CHECK-NEXT: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func private @around(%a: memref<?xf32>) {
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffer not kept on the device across this call: it is passed to @ext_driver, which is outside the module and may call back @lib_step, a public function that launches kernels (argument #0)}}
  func.call @ext_driver(%a) : (memref<?xf32>) -> ()
  // expected-remark@+1 {{buffer kept on the device across 2 launch(es): enter 'to', exit 'from', 0 update(s); 2 copies instead of 4}}
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  offload.launch @inc(%a) : (memref<?xf32>) -> ()
  return
}

// In a loop, the buffer moves at every iteration, and the remark says why.
// CHECK-LABEL: func.func private @in_loop(
// CHECK-NOT: offload.enter_data
// CHECK: return
func.func private @in_loop(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %steps step %c1 {
    func.call @lib_step(%a) : (memref<?xf32>) -> ()
    // expected-remark@+1 {{buffer moved at every iteration of the loop around this call: it is passed to @ext_driver, which is outside the module and may call back @lib_step, a public function that launches kernels (argument #0)}}
    func.call @ext_driver(%a) : (memref<?xf32>) -> ()
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)

// MLIR's runner utilities call nothing back: printing is a host access of
// all of the buffer, updated both ways, and the buffer stays on the device
// across the loop.
// CHECK-LABEL: func.func private @prints(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: memref.cast
// CHECK-NEXT: offload.update map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: func.call @printMemrefF32(
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func private @prints(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 2 per iteration; 2 copies + 2 per iteration instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    %u = memref.cast %a : memref<?xf32> to memref<*xf32>
    func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
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

func.func private @ext_log(memref<?xf32>)

// No public function launches on a memref argument (this one is private):
// the outside call is a host access of all of the buffer, updated both
// ways around it, and the buffer stays on the device across the loop.
// CHECK-LABEL: func.func private @no_callback(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK: offload.enter_data map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: scf.for
// CHECK-NEXT: offload.launch @inc(%[[A]])
// CHECK-NEXT: offload.update map(from: %[[A]] : memref<?xf32>)
// CHECK-NEXT: func.call @ext_log(%[[A]])
// CHECK-NEXT: offload.update map(to: %[[A]] : memref<?xf32>)
// CHECK-NEXT: }
// CHECK-NEXT: offload.exit_data map(from: %[[A]] : memref<?xf32>)
func.func private @no_callback(%a: memref<?xf32>, %steps: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark@+1 {{buffer kept on the device across 1 launch(es) (1 in loops): enter 'to', exit 'from', 0 update(s) + 2 per iteration; 2 copies + 2 per iteration instead of 0 + 2 per iteration}}
  scf.for %k = %c0 to %steps step %c1 {
    offload.launch @inc(%a) : (memref<?xf32>) -> ()
    func.call @ext_log(%a) : (memref<?xf32>) -> ()
  }
  return
}
