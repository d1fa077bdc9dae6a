// A kernel reading a global (kernel-global.test).
module {
  llvm.mlir.global private constant @g(3.0 : f32) {addr_space = 0 : i32} : f32
  offload.kernel @k(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %p = llvm.mlir.addressof @g : !llvm.ptr
      %v = llvm.load %p : !llvm.ptr -> f32
      memref.store %v, %x[%i] : memref<?xf32>
    }
    offload.return
  }
}
