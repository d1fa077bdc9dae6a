// RUN: offload-opt %s -split-input-file --convert-offload-to-gpu -verify-diagnostics

// Kernels that cannot run as a grid of GPU threads are rejected before
// anything is built. Writes to a thread-private memref.alloca outside the
// loop are accepted: see private_scratch in convert-offload-to-gpu.mlir.
// Parallel loops of more than 3 dimensions are rejected earlier, by the
// kernel's verifier (invalid.mlir).
//
// A module target without a registered implementation cannot be built in
// offload-opt: the offload.targets verifier only admits #offload.nvptx,
// #offload.amdgpu and #offload.host, which registerAllTargets implements.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
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

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @reduction(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    // expected-error@+1 {{reduction 0 of a kernel's parallel loop must combine its two arguments with one arith operation that has a neutral element and a GPU counterpart (addf, addi, mulf, muli, maximumf, minimumf, maxnumf, minnumf, maxsi, minsi, maxui, minui, andi, ori, xori)}}
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

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @two_ops(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    // expected-error@+1 {{reduction 0 of a kernel's parallel loop must combine its two arguments}}
    %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.addf %x, %y : f32
        %s = arith.mulf %r, %r : f32
        scf.reduce.return %s : f32
      }
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
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

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @write_before(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    // Only the code after a reducing loop runs once.
    // expected-error@+1 {{kernel "write_before" may write memory outside its parallel loop}}
    memref.store %zero, %out[%c0] : memref<1xf32>
    // expected-note@+1 {{the kernel's parallel loop}}
    %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.addf %x, %y : f32
        scf.reduce.return %r : f32
      }
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @forall_outputs(%a: memref<4xf32>) {
    %t = tensor.empty() : tensor<4xf32>
    // expected-error@+1 {{a kernel's scf.forall cannot have shared outputs; write to memref arguments instead}}
    %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
      %f = arith.constant 1.0 : f32
      %s = tensor.from_elements %f : tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      }
    }
    offload.return
  }
}

// -----

module attributes {offload.targets = [#offload.amdgpu<chip = "gfx942">]} {
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

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  func.func @side_effect(%a: memref<?xf32>) {
    return
  }
  offload.kernel @call_outside(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant 1.0 : f32
    // expected-error@+1 {{kernel "call_outside" may write memory outside its parallel loop}}
    func.call @side_effect(%a) : (memref<?xf32>) -> ()
    %n = memref.dim %a, %c0 : memref<?xf32>
    // expected-note@+1 {{the kernel's parallel loop}}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %a[%i] : memref<?xf32>
    }
    offload.return
  }
}

// -----

// A write nested in other control flow outside the loop is found too, and
// a host target next to a GPU one does not lift the restriction.
module attributes {offload.targets = [#offload.host, #offload.amdgpu<chip = "gfx942">]} {
  offload.kernel @nested_store(%a: memref<?xf32>, %flag: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant 1.0 : f32
    scf.if %flag {
      // expected-error@+1 {{kernel "nested_store" may write memory outside its parallel loop}}
      memref.store %f, %a[%c0] : memref<?xf32>
    }
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
  func.func private @__offload_fallback_k(%a: f32)
  // expected-error@+1 {{'offload.kernel' op cannot create its host copy: the module already has a symbol named @__offload_fallback_k}}
  offload.kernel @k(%a: memref<?xf32>) {
    offload.return
  }
}

// -----

// A function a kernel calls is copied into the device modules, so it cannot
// launch kernels or move data either.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inner(%x: memref<?xf32>) {
    offload.return
  }
  func.func @helper(%x: memref<?xf32>) {
    // expected-error@+1 {{kernels cannot launch kernels or move data: 'offload.launch' in @helper, which a kernel calls}}
    offload.launch @inner(%x) : (memref<?xf32>) -> ()
    return
  }
  offload.kernel @outer(%x: memref<?xf32>) {
    func.call @helper(%x) : (memref<?xf32>) -> ()
    offload.return
  }
}

// -----

// A tiled contraction runs on its own block size.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
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

// So does a tiled transpose (blocks of 32 x 8 threads).
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @transpose(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %b, %c0 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%j, %i] : memref<?x?xf32>
      memref.store %v, %b[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }
  func.func @run(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %n: index) {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    // Its own block size: accepted.
    offload.launch @transpose(%a, %b) blocks(%n, %n) threads(%c32, %c8) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    // expected-error@+1 {{'offload.launch' op gives threads(...) to kernel @transpose, a tiled transpose that runs on exactly 32 x 8 threads per block; give threads(32, 8) or leave blocks(...) and threads(...) out}}
    offload.launch @transpose(%a, %b) blocks(%n, %n) threads(%c8, %c32) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

// -----

// An empty list of targets builds no image: a launch would have nothing to
// run (the empty list itself is valid, for a module that launches nothing).
module attributes {offload.targets = []} {
  offload.kernel @k(%x: memref<?xf32>) {
    offload.return
  }
  func.func @main(%x: memref<?xf32>) {
    // expected-error@+1 {{'offload.launch' op launches @k, but the module's 'offload.targets' is empty: no image of the kernel is built (list a target; #offload.host runs kernels on the host)}}
    offload.launch @k(%x) : (memref<?xf32>) -> ()
    return
  }
}

// -----

// Tensor values inside a kernel: nothing bufferizes them there.
offload.kernel @tensor_table(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  // expected-error@+1 {{'arith.constant' in kernel @tensor_table works on tensor values: kernels work on memrefs (pass a buffer, or read a table of constants from a memref.global)}}
  %table = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = tensor.extract %table[%c0] : tensor<2xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  }
  offload.return
}
