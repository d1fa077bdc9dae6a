// A kernel with a per-thread scratch buffer (memref.alloca), indexed at run
// time (amdgpu-private-allocas.test).
module {
  offload.kernel @scratch(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.alloca() : memref<4xf32>
      %v = memref.load %x[%i] : memref<?xf32>
      scf.for %k = %c0 to %c4 step %c1 {
        %kf = arith.index_cast %k : index to i32
        %f = arith.sitofp %kf : i32 to f32
        %s = arith.addf %v, %f : f32
        memref.store %s, %a[%k] : memref<4xf32>
      }
      %j = arith.remui %i, %c4 : index
      %w = memref.load %a[%j] : memref<4xf32>
      memref.store %w, %y[%i] : memref<?xf32>
    }
    offload.return
  }
}
