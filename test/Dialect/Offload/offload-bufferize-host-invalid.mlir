// RUN: offload-opt %s --offload-bufferize-host -split-input-file -verify-diagnostics

// A module on tensors whose host code frees a buffer its caller passed:
// the compiler's own deallocation cannot take it.
func.func @layer(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @release(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.dealloc' of a buffer this function does not allocate, in a module written on tensors: the buffers of such a module are freed by the compiler (ownership-based deallocation), which takes no deallocs of the program's own; free it where it is allocated, or compile the functions on memrefs in a module of their own}}
  memref.dealloc %m : memref<4xf32>
  return
}
