// The host stores an element of a, then something launches on a under
// another name, then the host reads the element back (the device's value
// is the newest): (1) a launch in an inner loop of a run-time trip count,
// (2) a launch on a subview of all of a, cast, (3) a launch on
// select(c, a, b), (4) a call to @twice, which launches on a.
// Expected values: what the host device computes (the HOST run) and the C
// twin print the same.
module attributes {offload.targets = [#offload.host]} {
  // out[i] = (in[i-1] + 2 in[i] + in[i+1]) mod 65521 inside, edges copied.
  offload.kernel @smooth(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %out, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi eq, %i, %c0 : index
      %end = arith.cmpi eq, %i, %last : index
      %edge = arith.ori %first, %end : i1
      %v = scf.if %edge -> i32 {
        %x = memref.load %in[%i] : memref<?xi32>
        scf.yield %x : i32
      } else {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %l = memref.load %in[%im] : memref<?xi32>
        %c = memref.load %in[%i] : memref<?xi32>
        %r = memref.load %in[%ip] : memref<?xi32>
        %c2 = arith.muli %c, %two : i32
        %s = arith.addi %l, %c2 : i32
        %t = arith.addi %s, %r : i32
        %u = arith.remui %t, %m : i32
        scf.yield %u : i32
      }
      memref.store %v, %out[%i] : memref<?xi32>
    }
    offload.return
  }
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
  // y[i] = (y[i] + x[i]) mod 65521
  offload.kernel @accum(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xi32>
      %v = memref.load %y[%i] : memref<?xi32>
      %w = arith.addi %u, %v : i32
      %r = arith.remui %w, %m : i32
      memref.store %r, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // y[i] = (x[i] * 5 + i) mod 65521   (writes all of y)
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
  func.func @hsum(%a: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %a, %c0 : memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.extui %v : i32 to i64
      %t = arith.addi %acc, %w : i64
      scf.yield %t : i64
    }
    return %s : i64
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  // z[i] = (x[i] + y[i]) mod 65521  (writes all of z)
  offload.kernel @add2(%x: memref<?xi32>, %y: memref<?xi32>, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %z, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xi32>
      %v = memref.load %y[%i] : memref<?xi32>
      %w = arith.addi %u, %v : i32
      %r = arith.remui %w, %m : i32
      memref.store %r, %z[%i] : memref<?xi32>
    }
    offload.return
  }
  // y[i] = x[i] > 30000 ? x[i] - 30000 : 0   (relu-like, writes all of y)
  offload.kernel @relu(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.constant 30000 : i32
    %z = arith.constant 0 : i32
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xi32>
      %g = arith.cmpi sgt, %u, %t : i32
      %d = arith.subi %u, %t : i32
      %r = arith.select %g, %d, %z : i32
      memref.store %r, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.mlir.global private constant @fmt("other_names: %d %d %d %d %d hsum=%ld\0A\00") {addr_space = 0 : i32}
  func.func @twice(%a: memref<?xi32>) {
    %k = arith.constant 3 : i32
    offload.launch @bump(%a, %k) : (memref<?xi32>, i32) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %n = arith.constant 262144 : index
    %seed = arith.constant 7919 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%a, %seed) : (memref<?xi32>, i32) -> ()
    func.call @fill_pattern(%b, %seed) : (memref<?xi32>, i32) -> ()
    %one = arith.constant 1 : i32
    %s1 = arith.constant 100 : i32
    %s2 = arith.constant 200 : i32
    %s3 = arith.constant 300 : i32
    %s4 = arith.constant 400 : i32
    offload.launch @bump(%a, %one) : (memref<?xi32>, i32) -> ()
    // (1)
    memref.store %s1, %a[%c5] : memref<?xi32>
    %mi = llvm.call @rand() : () -> i32
    %m0 = arith.andi %mi, %one : i32
    %m1 = arith.addi %m0, %one : i32
    %m2 = arith.subi %m1, %m0 : i32
    %m3 = arith.addi %m2, %one : i32
    %m = arith.index_cast %m3 : i32 to index
    scf.for %k = %c0 to %m step %c1 {
      offload.launch @bump(%a, %one) : (memref<?xi32>, i32) -> ()
    }
    %v1 = memref.load %a[%c5] : memref<?xi32>
    // (2)
    memref.store %s2, %a[%c6] : memref<?xi32>
    %sv = memref.subview %a[0] [%n] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
    %svc = memref.cast %sv : memref<?xi32, strided<[1]>> to memref<?xi32>
    offload.launch @bump(%svc, %one) : (memref<?xi32>, i32) -> ()
    %v2 = memref.load %a[%c6] : memref<?xi32>
    // (3)
    memref.store %s3, %a[%c7] : memref<?xi32>
    %c = arith.cmpi sgt, %m3, %m0 : i32
    %v = arith.select %c, %a, %b : memref<?xi32>
    offload.launch @bump(%v, %one) : (memref<?xi32>, i32) -> ()
    %v3 = memref.load %a[%c7] : memref<?xi32>
    // (4)
    memref.store %s4, %a[%c8] : memref<?xi32>
    func.call @twice(%a) : (memref<?xi32>) -> ()
    %v4 = memref.load %a[%c8] : memref<?xi32>
    %v5 = memref.load %b[%c9] : memref<?xi32>
    %h = func.call @hsum(%a) : (memref<?xi32>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %v1, %v2, %v3, %v4, %v5, %h) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32, i64) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
  llvm.func @rand() -> i32
}
