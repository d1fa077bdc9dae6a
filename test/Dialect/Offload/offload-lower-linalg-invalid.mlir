// RUN: offload-opt %s --offload-lower-linalg -split-input-file -verify-diagnostics

offload.kernel @on_tensors(%a: memref<4xf32>) {
  %t = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-error@+1 {{'linalg.copy' on tensors in kernel @on_tensors: kernels take memrefs}}
  %r = linalg.copy ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  offload.return
}
