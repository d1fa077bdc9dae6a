// Helpers that make a buffer, touch it on the host, launch and return it:
// @mk_fill fills what it allocates on the host, then accumulates on the
// device; @mk_poke derives on the device, stores an element on the host,
// bumps on the device, then copies one element to another on the host;
// @next reads an element of its argument on the host, derives and bumps.
// @main chains x = next(x) 4 times from mk_poke(mk_fill(x)), storing one
// element before each step.
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
  llvm.mlir.global private constant @fmt("made_host_init: r0..3=%d %d %d %d y1_9=%d\0A\00") {addr_space = 0 : i32}
  func.func @mk_fill(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    %s = arith.constant 31 : i32
    func.call @fill_pattern(%y, %s) : (memref<?xi32>, i32) -> ()
    offload.launch @accum(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    return %y : memref<?xi32>
  }
  func.func @mk_poke(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @derive(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    %s = arith.constant 777 : i32
    memref.store %s, %y[%c0] : memref<?xi32>
    %k = arith.constant 2 : i32
    offload.launch @bump(%y, %k) : (memref<?xi32>, i32) -> ()
    %v = memref.load %y[%c1] : memref<?xi32>
    memref.store %v, %y[%c2] : memref<?xi32>
    return %y : memref<?xi32>
  }
  func.func @next(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %s = memref.load %x[%c3] : memref<?xi32>
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @derive(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    offload.launch @bump(%y, %s) : (memref<?xi32>, i32) -> ()
    return %y : memref<?xi32>
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c9 = arith.constant 9 : index
    %n = arith.constant 262144 : index
    %seed = arith.constant 7919 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%x, %seed) : (memref<?xi32>, i32) -> ()
    %y1 = func.call @mk_fill(%x) : (memref<?xi32>) -> memref<?xi32>
    %x0 = func.call @mk_poke(%y1) : (memref<?xi32>) -> memref<?xi32>
    %xl = scf.for %k = %c0 to %c4 step %c1 iter_args(%u = %x0) -> memref<?xi32> {
      %ki = arith.index_cast %k : index to i32
      %k3 = arith.addi %k, %c3 : index
      memref.store %ki, %u[%k3] : memref<?xi32>
      %v = func.call @next(%u) : (memref<?xi32>) -> memref<?xi32>
      memref.dealloc %u : memref<?xi32>
      scf.yield %v : memref<?xi32>
    }
    %r0 = memref.load %xl[%c0] : memref<?xi32>
    %r1 = memref.load %xl[%c1] : memref<?xi32>
    %r2 = memref.load %xl[%c2] : memref<?xi32>
    %r3 = memref.load %xl[%c3] : memref<?xi32>
    %y19 = memref.load %y1[%c9] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %r0, %r1, %r2, %r3, %y19) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32
    %rr = arith.constant 0 : i32
    return %rr : i32
  }
}
