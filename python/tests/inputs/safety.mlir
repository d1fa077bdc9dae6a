// Kernels and functions whose reach depends on their arguments: the entry
// points check the arrays' sizes and overlaps before running them.
module attributes {offload.targets = [#offload.host]} {
  // y[i] = x[i - 1] + x[i + 1] for i in [1, n): x needs n + 1 elements,
  // y n (when n > 1).
  offload.kernel @stencil(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %a = memref.load %x[%im] : memref<?xf32>
      %b = memref.load %x[%ip] : memref<?xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  // out[i, j] = in[j, i] over in's sizes: out must be at least (n, m).
  offload.kernel @transpose(%in: memref<?x?xi32>, %out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %in, %c0 : memref<?x?xi32>
    %n = memref.dim %in, %c1 : memref<?x?xi32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      %v = memref.load %in[%j, %i] : memref<?x?xi32>
      memref.store %v, %out[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  // A histogram: the bin is read from memory, so h's reach is not known
  // before the call (a remark says so) and h is not checked.
  func.func @histogram(%x: memref<?xi32>, %h: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi32>
      %j = arith.index_cast %v : i32 to index
      %o = memref.load %h[%j] : memref<?xi32>
      %p = arith.addi %o, %one : i32
      memref.store %p, %h[%j] : memref<?xi32>
    }
    return
  }

  // z = x + y, two arrays only read (the test passes overlapping views).
  offload.kernel @add_views(%x: memref<?xi32>, %y: memref<?xi32>, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %z, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i] : memref<?xi32>
      %b = memref.load %y[%i] : memref<?xi32>
      %s = arith.addi %a, %b : i32
      memref.store %s, %z[%i] : memref<?xi32>
    }
    offload.return
  }
}
