// RUN: offload-opt %s --convert-offload-to-gpu=remarks=true -split-input-file -verify-diagnostics -o /dev/null

// One strategy per kernel, reported with the reason.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  // expected-remark@+1 {{kernel @serial: strategy 'serial': no parallel loop}}
  offload.kernel @serial(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    memref.store %one, %x[%c0] : memref<?xf32>
    offload.return
  }
  // expected-remark@+1 {{kernel @grid: strategy 'grid-loop'}}
  offload.kernel @grid(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %one, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  // expected-remark@+1 {{kernel @sum: strategy 'grid-reduction'}}
  offload.kernel @sum(%x: memref<?xf32>, %s: memref<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %v = memref.load %x[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        scf.reduce.return %t : f32
      }
    }
    memref.store %r, %s[] : memref<f32>
    offload.return
  }
  // expected-remark@+1 {{kernel @rows: strategy 'blocks-and-threads'}}
  offload.kernel @rows(%x: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%r) step (%c1) {
      scf.parallel (%j) = (%c0) to (%c) step (%c1) {
        memref.store %one, %x[%i, %j] : memref<?x?xf32>
      }
    }
    offload.return
  }
}

// -----

// linalg ops reach the GPU lowering only as the tiled contraction.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @unlowered(%x: memref<?xf32>, %y: memref<?xf32>) {
    // expected-error@+1 {{'linalg.copy' in kernel @unlowered must be lowered to loops first (offload-lower-linalg)}}
    linalg.copy ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
    offload.return
  }
}
