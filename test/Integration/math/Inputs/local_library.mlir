// A library whose kernels call libm (expf) and convert f16 (__extendhfsf2):
// local_library.test loads it with dlopen(RTLD_LOCAL).
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @expo(%x: memref<?xf32>, %h: memref<?xf16>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %e = math.exp %v : f32
      %w = memref.load %h[%i] : memref<?xf16>
      %f = arith.extf %w : f16 to f32
      %s = arith.addf %e, %f : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @expo_all(%x: memref<?xf32>, %h: memref<?xf16>, %y: memref<?xf32>) attributes {llvm.emit_c_interface} {
    offload.launch @expo(%x, %h, %y) : (memref<?xf32>, memref<?xf16>, memref<?xf32>) -> ()
    return
  }
}
