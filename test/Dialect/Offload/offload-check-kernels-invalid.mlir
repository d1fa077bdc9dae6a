// RUN: offload-opt %s -split-input-file --offload-check-kernels -verify-diagnostics

// What no target can run is rejected whatever the module's targets are
// (here the host alone). Writes to a thread-private memref.alloca outside
// the loop are accepted (see offload-check-kernels.mlir).

module attributes {offload.targets = [#offload.host]} {
  // expected-error@+1 {{'offload.kernel' op has 2 parallel loops at the top of its body; a kernel's iteration space is one loop (split it into one kernel per loop)}}
  offload.kernel @two_loops(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %f = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    // expected-note@+1 {{second parallel loop}}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @reduction(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    // expected-error@+1 {{reduction 0 of a kernel's parallel loop must combine its two arguments with one arith operation that has a neutral element and a GPU counterpart}}
    %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.subf %x, %y : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @store_outside(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant 1.0 : f32
    // expected-error@+1 {{kernel "store_outside" may write memory outside its parallel loop, which every GPU thread would do; move the write into the loop or into its own kernel}}
    memref.store %f, %a[%c0] : memref<?xf32>
    %n = memref.dim %a, %c0 : memref<?xf32>
    // expected-note@+1 {{the kernel's parallel loop}}
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @index_sum(%a: memref<?xf32>, %out: memref<1xindex>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    // expected-error@+1 {{a kernel's parallel loop can reduce integers and floats, not 'index'}}
    %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%c0) -> index {
      scf.reduce(%i : index) {
      ^bb0(%x: index, %y: index):
        %r = arith.addi %x, %y : index
        scf.reduce.return %r : index
      }
    }
    memref.store %sum, %out[%c0] : memref<1xindex>
    offload.return
  }
}

// -----

// Linalg ops stay in a kernel only as a tiled contraction.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @copy(%a: memref<?xf32>, %b: memref<?xf32>) {
    // expected-error@+1 {{'linalg.copy' in kernel @copy must be lowered to loops first (offload-lower-linalg)}}
    linalg.copy ins(%a : memref<?xf32>) outs(%b : memref<?xf32>)
    offload.return
  }
}

// -----

// A tiled contraction runs on its own block size.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }
  func.func @run(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %n: index) {
    // expected-error@+1 {{'offload.launch' op gives threads(...) to kernel @mm, a tiled contraction that runs on exactly 256 threads per block; leave blocks(...) and threads(...) out}}
    offload.launch @mm(%a, %b, %c) blocks(%n) threads(%n) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

// -----

// A kernel in a nested module would be launched without ever being built.
module attributes {offload.targets = [#offload.host]} {
  module @inner {
    // expected-error@+1 {{kernel @scale is in a nested module: kernels are compiled at the top of the module the pipeline runs on (move it there, or run the pipeline on the nested module)}}
    offload.kernel @scale(%x: memref<?xf32>) {
      offload.return
    }
  }
}

// -----

// Workgroup and private memory exist only inside kernels.
module attributes {offload.targets = [#offload.host]} {
  // expected-error@+1 {{host code cannot use 'memref<?xf32, #gpu.address_space<workgroup>>': GPU workgroup memory exists only inside kernels}}
  func.func @arg(%a: memref<?xf32, #gpu.address_space<workgroup>>) {
    return
  }
  func.func @alloc() {
    // expected-error@+1 {{host code cannot use 'memref<4xf32, #gpu.address_space<private>>': GPU private memory exists only inside kernels}}
    %a = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
    return
  }
}

// -----

// Host code on tensors that was not bufferized (the pipeline without
// bufferize=1): one error per function, at its first op on tensors.
module attributes {offload.targets = [#offload.host]} {
  func.func @layer(%x: memref<4x4xf32>) {
    %c = arith.constant 0.0 : f32
    // expected-error@+1 {{host code on tensors must be bufferized before it is lowered: run the pipeline with bufferize=1 (--offload-pipeline=bufferize=1; offload-cc and the C and Python APIs do it when the module holds tensors)}}
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%c : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    return
  }
  // expected-error@+1 {{host code on tensors must be bufferized before it is lowered}}
  func.func @signature(%w: tensor<4xf32>) {
    return
  }
}

// -----

// Atomic updates no target has.
offload.kernel @atomic_multiply(%x: memref<?xi64>, %h: memref<4xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xi64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi64>
    // expected-error@+1 {{'memref.atomic_rmw muli' in kernel @atomic_multiply: no target has an atomic multiply; use memref.generic_atomic_rmw (on integers), or reduce with scf.reduce}}
    %r = memref.atomic_rmw muli %v, %h[%c0] : (i64, memref<4xi64>) -> i64
  }
  offload.return
}

// -----

offload.kernel @float_kind_on_integers(%x: memref<?xi32>, %h: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xi32>
    // expected-error@+1 {{'memref.atomic_rmw maxnumf' in kernel @float_kind_on_integers on 'i32': a float kind on a value of another type}}
    %r = memref.atomic_rmw maxnumf %v, %h[%c0] : (i32, memref<4xi32>) -> i32
  }
  offload.return
}

// -----

offload.kernel @cas_on_floats(%x: memref<?xf32>, %h: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    // expected-error@+1 {{'memref.generic_atomic_rmw' in kernel @cas_on_floats on 'f32': its compare-and-swap loop takes signless integers; for floats use memref.atomic_rmw (addf, maximumf, minimumf, maxnumf, minnumf), or reduce with scf.reduce}}
    %r = memref.generic_atomic_rmw %h[%c0] : memref<4xf32> {
    ^bb0(%old: f32):
      %new = arith.mulf %old, %v : f32
      memref.atomic_yield %new : f32
    }
  }
  offload.return
}

// -----

// Host functions defined under the name of a C library or runtime function
// replace those the runtime calls (a @realloc that launches, called by the
// runtime's constructor). Declarations are fine.
func.func private @printf(i64)
// expected-error@+1 {{function @realloc has the name of a C library function that the program, the offload runtime or the C library call: defining it replaces theirs; rename it}}
func.func @realloc(%x: memref<?xf32>) {
  return
}
// expected-error@+1 {{function @__tgt_register_lib has the name of a runtime function}}
func.func @__tgt_register_lib(%x: memref<?xf32>) {
  return
}
