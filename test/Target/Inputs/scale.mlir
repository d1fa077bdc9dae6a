// A kernel and a launch, without main: built with --emit=obj.
module {
  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%a: f32, %x: memref<?xf32>) {
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
    return
  }
}
