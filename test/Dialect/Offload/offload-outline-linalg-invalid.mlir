// RUN: offload-opt %s --offload-outline-linalg -split-input-file -verify-diagnostics

module attributes {offload.targets = [#offload.host]} {
func.func @memory_space(%a: memref<4xf32, 1>, %b: memref<4xf32>) {
  // expected-error@+2 {{'linalg.copy' cannot run on the device: its operand #0 has type 'memref<4xf32, 1>', which a kernel cannot take (kernel arguments are memrefs with an identity or strided layout in the default memory space, and integer, float or index scalars)}}
  // expected-note@+1 {{mark the function 'offload.host' to keep its linalg ops on the host}}
  linalg.copy ins(%a : memref<4xf32, 1>) outs(%b : memref<4xf32>)
  return
}
}

// -----

module attributes {offload.targets = [#offload.host]} {
func.func @complex_fill(%v: complex<f32>, %a: memref<4xcomplex<f32>>) {
  // expected-error@+2 {{'linalg.fill' cannot run on the device: its operand #0 has type 'complex<f32>', which a kernel cannot take}}
  // expected-note@+1 {{mark the function 'offload.host'}}
  linalg.fill ins(%v : complex<f32>) outs(%a : memref<4xcomplex<f32>>)
  return
}
}

// -----

// A vector from above in the body (a kernel takes no vector scalars).
module attributes {offload.targets = [#offload.host]} {
func.func @captured_vector(%v: vector<4xf32>, %a: memref<8xf32>) {
  // expected-error@+2 {{'linalg.generic' cannot run on the device: a value its body uses from above has type 'vector<4xf32>'}}
  // expected-note@+1 {{mark the function 'offload.host'}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%a : memref<8xf32>) {
  ^bb0(%x: f32):
    %s = vector.reduction <add>, %v : vector<4xf32> into f32
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  }
  return
}
}

// -----

// One error per value, at its first use in the group (the chain of two
// elementwise ops is one kernel).
module attributes {offload.targets = [#offload.host]} {
func.func @captured_twice(%v: vector<4xf32>, %a: memref<8xf32>) {
  // expected-error@+2 {{'linalg.generic' cannot run on the device: a value its body uses from above has type 'vector<4xf32>'}}
  // expected-note@+1 {{mark the function 'offload.host'}}
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%a : memref<8xf32>) {
  ^bb0(%x: f32):
    %s = vector.reduction <add>, %v : vector<4xf32> into f32
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      outs(%a : memref<8xf32>) {
  ^bb0(%x: f32):
    %s = vector.reduction <mul>, %v : vector<4xf32> into f32
    %r = arith.mulf %x, %s : f32
    linalg.yield %r : f32
  }
  return
}
}
