// RUN: offload-opt %s --offload-decompose-linalg -verify-diagnostics -split-input-file

// A pack whose inner tile size is known only at run time has no rewrite
// into pad, expand_shape and transpose.
func.func @dynamic_tile(%x: tensor<10x8xf32>, %t: index, %n: index) -> tensor<?x8x?xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n, %t) : tensor<?x8x?xf32>
  // expected-error@+1 {{'linalg.pack' op could not be rewritten into pad, reshape and transpose ops (tiles of a size known only at run time are not supported); give its inner tiles constant sizes}}
  %p = linalg.pack %x padding_value(%zero : f32) inner_dims_pos = [0] inner_tiles = [%t] into %e : tensor<10x8xf32> -> tensor<?x8x?xf32>
  return %p : tensor<?x8x?xf32>
}
