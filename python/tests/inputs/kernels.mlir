// Kernels and functions the Python tests call.
module attributes {offload.targets = [#offload.host]} {
  // x is read (mapped to), y read and written (tofrom).
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

  // out is only written (from); a 2-D static-shape input.
  offload.kernel @scale2d(%s: i32, %in: memref<4x3xi32>, %out: memref<4x3xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c3) step (%c1, %c1) {
      %v = memref.load %in[%i, %j] : memref<4x3xi32>
      %r = arith.muli %v, %s : i32
      memref.store %r, %out[%i, %j] : memref<4x3xi32>
    }
    offload.return
  }

  // Two launches in a data region: y stays on the device in between.
  func.func @twice(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    offload.data map(to: %x : memref<?xf32>, tofrom: %y : memref<?xf32>) {
      offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
      offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    }
    return
  }

  // A host function with a scalar result.
  func.func @sum(%x: memref<?xf64>, %n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f64 {
      %v = memref.load %x[%i] : memref<?xf64>
      %t = arith.addf %acc, %v : f64
      scf.yield %t : f64
    }
    return %s : f64
  }

  // Python cannot receive a memref result.
  func.func @make(%n: index) -> memref<?xf32> {
    %m = memref.alloc(%n) : memref<?xf32>
    return %m : memref<?xf32>
  }
}
