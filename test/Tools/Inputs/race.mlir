// A prefix sum written as a parallel loop: iteration i reads y[i - 1],
// which iteration i - 1 writes.
module {
  offload.kernel @scan(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      %im1 = arith.subi %i, %c1 : index
      %prev = memref.load %y[%im1] : memref<?xf32>
      %xi = memref.load %x[%i] : memref<?xf32>
      %s = arith.addf %prev, %xi : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    offload.return
  }
}
