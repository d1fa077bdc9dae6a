// Sum of each row, one block per row (the threads' values combined with
// warp shuffles), then every element minus its row's sum.
module {
  offload.kernel @rows(%x: memref<?x?xi32>, %out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %r = memref.dim %x, %c0 : memref<?x?xi32>
    %c = memref.dim %x, %c1 : memref<?x?xi32>
    scf.parallel (%i) = (%c0) to (%r) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%c) step (%c1) init (%zero) -> i32 {
        %v = memref.load %x[%i, %j] : memref<?x?xi32>
        scf.reduce(%v : i32) {
        ^bb0(%l: i32, %rr: i32):
          %t = arith.addi %l, %rr : i32
          scf.reduce.return %t : i32
        }
      }
      scf.parallel (%j) = (%c0) to (%c) step (%c1) {
        %v = memref.load %x[%i, %j] : memref<?x?xi32>
        %d = arith.subi %v, %s : i32
        memref.store %d, %out[%i, %j] : memref<?x?xi32>
      }
    }
    offload.return
  }
}
