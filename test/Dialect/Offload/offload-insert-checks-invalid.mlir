// RUN: offload-opt %s --offload-insert-checks -split-input-file -verify-diagnostics

// The check needs the kernel's host copy, which convert-offload-to-gpu makes.

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @k(%y: memref<?xf32>) {
    offload.return
  }
  func.func @no_host_copy(%y: memref<?xf32>) {
    // expected-error@+1 {{cannot be checked: kernel @k has no host copy (run convert-offload-to-gpu first)}}
    offload.launch @k(%y) : (memref<?xf32>) -> ()
    return
  }
}
