// A dense layer, y = relu(x @ w + bias), as an ML compiler emits it: linalg
// on tensors, dynamic shapes, no main. offload-cc bufferizes it (tensors
// become memrefs), runs its linalg ops on the device (offload-outline-linalg:
// fill + matmul in one kernel, bias + relu in another), keeps x @ w on the
// device between the two, and builds a shared library that C calls through
// `_mlir_ciface_dense_layer` (llvm.emit_c_interface), see dense_layer.c:
//
//   offload-cc dense_layer.mlir -shared -o libdense_layer.so
//   clang dense_layer.c -L. -ldense_layer -Wl,-rpath,'$ORIGIN' -o dense_layer
//   ./dense_layer
//
// docs/CompilerAuthors.md explains the contract.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  func.func @dense_layer(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>,
                         %bias: tensor<?xf32>) -> tensor<?x?xf32>
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = tensor.dim %x, %c0 : tensor<?x?xf32>
    %n = tensor.dim %w, %c1 : tensor<?x?xf32>
    %empty = tensor.empty(%m, %n) : tensor<?x?xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x?xf32>)
        -> tensor<?x?xf32>
    %xw = linalg.matmul ins(%x, %w : tensor<?x?xf32>, tensor<?x?xf32>)
                        outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%bias : tensor<?xf32>) outs(%xw : tensor<?x?xf32>) {
    ^bb0(%b: f32, %v: f32):
      %s = arith.addf %v, %b : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<?x?xf32>
    return %y : tensor<?x?xf32>
  }
}
