// RUN: offload-opt %s -split-input-file --convert-offload-to-omp -verify-diagnostics

module attributes {offload.targets = [#offload.host]} {
  llvm.mlir.global internal constant @__offload_region_k(0 : i8) : i8
  // expected-error@+1 {{'offload.kernel' op cannot create its address: the module already has a symbol named @__offload_region_k}}
  offload.kernel @k(%a: memref<?xf32>) {
    offload.return
  }
}

// -----

// Launches need the host copy that convert-offload-to-gpu creates. Without it
// the launch is reported once, with what to do, and nothing else is.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%a: f32, %x: memref<?xf32>) {
    // expected-error@+1 {{'offload.launch' op cannot be lowered: kernel @scale has no host copy (run convert-offload-to-gpu first)}}
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
    return
  }
}
