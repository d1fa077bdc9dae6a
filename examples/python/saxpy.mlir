// Kernels for examples/python/saxpy.py. Built for an NVIDIA GPU and for the
// offload runtime's host device, so the same compiled module runs anywhere.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // y = a * x + y: x is only read (copied to the device), y is read and
  // written (copied both ways).
  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  // `steps` saxpys with x and y kept on the device in between: one copy in
  // each way for the whole loop.
  func.func @saxpy_steps(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>,
                         %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    offload.data map(to: %x : memref<?xf32>, tofrom: %y : memref<?xf32>) {
      scf.for %k = %c0 to %steps step %c1 {
        offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
      }
    }
    return
  }
}
