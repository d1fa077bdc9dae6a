// Two buffers made by a helper (@make allocates, derives on the device and
// returns) start a nested ping-pong: 3 epochs of 5 steps of @step (a helper
// launching smooth); in the inner loop the host stores u[j] = j*11 when j is
// even and reads v[j+10]; after each inner loop it reads element 1 of both
// results, at the end three elements of the first.
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
  llvm.mlir.global private constant @fmt("made_pingpong: acc=%ld c0..2=%d %d %d\0A\00") {addr_space = 0 : i32}
  func.func @make(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @derive(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    return %y : memref<?xi32>
  }
  func.func @step(%a: memref<?xi32>, %b: memref<?xi32>) {
    offload.launch @smooth(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 262144 : index
    %seed = arith.constant 7919 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%x, %seed) : (memref<?xi32>, i32) -> ()
    %p = func.call @make(%x) : (memref<?xi32>) -> memref<?xi32>
    %q = func.call @make(%x) : (memref<?xi32>) -> memref<?xi32>
    memref.dealloc %x : memref<?xi32>
    %z = arith.constant 0 : i64
    %o:3 = scf.for %e = %c0 to %c3 step %c1 iter_args(%cur = %p, %nxt = %q, %acc = %z) -> (memref<?xi32>, memref<?xi32>, i64) {
      %r:3 = scf.for %j = %c0 to %c5 step %c1 iter_args(%u = %cur, %v = %nxt, %a2 = %acc) -> (memref<?xi32>, memref<?xi32>, i64) {
        %jr = arith.remui %j, %c2 : index
        %ev = arith.cmpi eq, %jr, %c0 : index
        scf.if %ev {
          %ji = arith.index_cast %j : index to i32
          %el = arith.constant 11 : i32
          %s = arith.muli %ji, %el : i32
          memref.store %s, %u[%j] : memref<?xi32>
        }
        func.call @step(%u, %v) : (memref<?xi32>, memref<?xi32>) -> ()
        %j10 = arith.addi %j, %c10 : index
        %w = memref.load %v[%j10] : memref<?xi32>
        %w6 = arith.extui %w : i32 to i64
        %t = arith.addi %a2, %w6 : i64
        scf.yield %v, %u, %t : memref<?xi32>, memref<?xi32>, i64
      }
      %g = memref.load %r#0[%c1] : memref<?xi32>
      %h = memref.load %r#1[%c1] : memref<?xi32>
      %g6 = arith.extui %g : i32 to i64
      %h6 = arith.extui %h : i32 to i64
      %t1 = arith.addi %r#2, %g6 : i64
      %t2 = arith.addi %t1, %h6 : i64
      scf.yield %r#0, %r#1, %t2 : memref<?xi32>, memref<?xi32>, i64
    }
    %f0 = memref.load %o#0[%c0] : memref<?xi32>
    %f1 = memref.load %o#0[%c1] : memref<?xi32>
    %f2 = memref.load %o#0[%c2] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %o#2, %f0, %f1, %f2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32, i32, i32) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
