// RUN: offload-opt %s --offload-lower-linalg -split-input-file -verify-diagnostics

offload.kernel @on_tensors(%a: memref<4xf32>) {
  %t = tensor.empty() : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  // expected-error@+1 {{'linalg.copy' on tensors in kernel @on_tensors: kernels take memrefs}}
  %r = linalg.copy ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  offload.return
}

// -----

// A sum over j marked 'parallel': the output does not depend on j, so the
// iterations along it would write the same elements at the same time.
offload.kernel @sum_marked_parallel(%x: memref<?x?xf32>, %y: memref<?xf32>) {
  // expected-error@+1 {{iterator #1 is 'parallel', but output #0 (indexed by affine_map<(d0, d1) -> (d0)>) does not depend on it: the iterations along it would write the same elements at the same time; make it a 'reduction' iterator}}
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  offload.return
}
