// Helpers that allocate a buffer, compute it on the device and return it,
// as bufferized tensor code does (y = f(x) allocating y). @make derives y
// from x and sets y[0] on the host; @refine returns what @make returns after
// a launch of its own; @main bumps the result 20 times through @advance,
// sums a scratch result of @make on the device, and reads a few elements.
// Expected values: what the host device computes (the HOST run) and the C
// twin print the same.
module attributes {offload.targets = [#offload.host]} {
  // a[i] = (a[i] * 3 + k) mod 65521
  offload.kernel @bump(%a: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.muli %v, %three : i32
      %x = arith.addi %w, %k : i32
      %y = arith.remui %x, %m : i32
      memref.store %y, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  // y[i] = (x[i] * 5 + i) mod 65521
  offload.kernel @derive(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %five = arith.constant 5 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xi32>
      %ii = arith.index_cast %i : index to i32
      %w = arith.muli %u, %five : i32
      %z = arith.addi %w, %ii : i32
      %r = arith.remui %z, %m : i32
      memref.store %r, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // out[0] = sum of a (wrapping i32)
  offload.kernel @total(%a: memref<?xi32>, %out: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
      %v = memref.load %a[%i] : memref<?xi32>
      %t = arith.addi %acc, %v : i32
      scf.yield %t : i32
    }
    memref.store %s, %out[%c0] : memref<1xi32>
    offload.return
  }
  func.func @fill_pattern(%a: memref<?xi32>, %seed: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("made_resident: y[0]=%d y[1]=%d y[100]=%d y[last]=%d scratch=%d\0A\00") {addr_space = 0 : i32}
  func.func @make(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %seven = arith.constant 7 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @derive(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    memref.store %seven, %y[%c0] : memref<?xi32>
    return %y : memref<?xi32>
  }
  func.func @refine(%x: memref<?xi32>) -> memref<?xi32> {
    %k = arith.constant 11 : i32
    %y = func.call @make(%x) : (memref<?xi32>) -> memref<?xi32>
    offload.launch @bump(%y, %k) : (memref<?xi32>, i32) -> ()
    return %y : memref<?xi32>
  }
  func.func @advance(%y: memref<?xi32>, %k: i32) {
    offload.launch @bump(%y, %k) : (memref<?xi32>, i32) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c20 = arith.constant 20 : index
    %c100 = arith.constant 100 : index
    %n = arith.constant 262144 : index
    %seed = arith.constant 7919 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%x, %seed) : (memref<?xi32>, i32) -> ()
    %y = func.call @refine(%x) : (memref<?xi32>) -> memref<?xi32>
    scf.for %k = %c0 to %c20 step %c1 {
      %ki = arith.index_cast %k : index to i32
      func.call @advance(%y, %ki) : (memref<?xi32>, i32) -> ()
    }
    %scratch = func.call @make(%x) : (memref<?xi32>) -> memref<?xi32>
    %out = memref.alloc() : memref<1xi32>
    offload.launch @total(%scratch, %out) : (memref<?xi32>, memref<1xi32>) -> ()
    memref.dealloc %scratch : memref<?xi32>
    %s = memref.load %out[%c0] : memref<1xi32>
    %last = arith.subi %n, %c1 : index
    %y0 = memref.load %y[%c0] : memref<?xi32>
    %y1 = memref.load %y[%c1] : memref<?xi32>
    %y2 = memref.load %y[%c100] : memref<?xi32>
    %y3 = memref.load %y[%last] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %y0, %y1, %y2, %y3, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32
    memref.dealloc %y : memref<?xi32>
    memref.dealloc %x : memref<?xi32>
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
