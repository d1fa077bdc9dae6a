// Kernels the Python tests launch over several devices (devices=).
module attributes {offload.targets = [#offload.host]} {
  // y[i] = a * x[i] + y[i]: split by rows.
  offload.kernel @axpy(%a: i64, %x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xi64>
      %yi = memref.load %y[%i] : memref<?xi64>
      %ax = arith.muli %a, %xi : i64
      %r = arith.addi %ax, %yi : i64
      memref.store %r, %y[%i] : memref<?xi64>
    }
    offload.return
  }

  // t[0] = 10 + sum(x): each device's partial sum, combined on the host.
  offload.kernel @total(%x: memref<?xi64>, %t: memref<1xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %init = arith.constant 10 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      scf.reduce(%v : i64) {
      ^bb0(%l: i64, %r: i64):
        %q = arith.addi %l, %r : i64
        scf.reduce.return %q : i64
      }
    }
    memref.store %s, %t[%c0] : memref<1xi64>
    offload.return
  }

  // out[i + 1] = x[i]: writes outside its rows, so it runs whole on the
  // first device present.
  offload.kernel @shift(%x: memref<?xi64>, %out: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %m = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ip = arith.addi %i, %c1 : index
      memref.store %v, %out[%ip] : memref<?xi64>
    }
    offload.return
  }

  // A function: devices= applies to kernels only.
  func.func @twice(%x: memref<?xi64>, %y: memref<?xi64>) {
    %two = arith.constant 2 : i64
    offload.launch @axpy(%two, %x, %y) : (i64, memref<?xi64>, memref<?xi64>) -> ()
    return
  }

  // A function whose launch runs over every device.
  func.func @twice_all(%x: memref<?xi64>, %y: memref<?xi64>) {
    %two = arith.constant 2 : i64
    offload.launch @axpy(%two, %x, %y) devices(all) : (i64, memref<?xi64>, memref<?xi64>) -> ()
    return
  }
}
