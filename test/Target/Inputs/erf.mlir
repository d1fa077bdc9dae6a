// erf in a kernel (f32 and f64) and in host code: which library each target
// calls (math-libraries.test).
module {
  offload.kernel @gelu(%x: memref<?xf32>, %y: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %e = math.erf %v : f32
      memref.store %e, %x[%i] : memref<?xf32>
      %w = memref.load %y[%i] : memref<?xf64>
      %f = math.erf %w : f64
      memref.store %f, %y[%i] : memref<?xf64>
    }
    offload.return
  }
  func.func @host_erf(%a: f32) -> f32 {
    %e = math.erf %a : f32
    return %e : f32
  }
  func.func @run(%x: memref<?xf32>, %y: memref<?xf64>) {
    offload.launch @gelu(%x, %y) : (memref<?xf32>, memref<?xf64>) -> ()
    return
  }
}
