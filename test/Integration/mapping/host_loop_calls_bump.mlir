// host_loop_calls_bump: a host loop storing a[j] that calls bump(a, j, j + 3), a helper adding
// to a range of a on the host.
// The buffer stays on the device across the launches; the loop's updates
// (all of it back before, all of it in after) make the host's copy the
// buffer's contents inside it, so the helper it calls runs as written: its
// resident copy updated elements from the device inside the loop, over
// what the host had stored in an earlier iteration (found by a probe of
// hand-written programs).
//
//   offload-cc host_loop_calls_bump.mlir -o host_loop_calls_bump && ./host_loop_calls_bump
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @getenv(!llvm.ptr) -> !llvm.ptr
  llvm.mlir.global private constant @fmt("%ld: %ld %ld %ld sum=%ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmtv("%ld: v=%ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @envname("PROBE_K_NEVER_SET\00") {addr_space = 0 : i32}

  // tag: x[0] x[n/2] x[n-1] sum=(sum (i+1)*x[i])
  func.func private @show(%tag: i64, %x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %w = arith.addi %ii, %one : i64
      %p = arith.muli %v, %w : i64
      %a = arith.addi %acc, %p : i64
      scf.yield %a : i64
    }
    %half = arith.divui %n, %c2 : index
    %last = arith.subi %n, %c1 : index
    %v0 = memref.load %x[%c0] : memref<?xi64>
    %vh = memref.load %x[%half] : memref<?xi64>
    %vl = memref.load %x[%last] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %tag, %v0, %vh, %vl, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32
    return
  }
  func.func private @pv(%tag: i64, %v: i64) {
    %f = llvm.mlir.addressof @fmtv : !llvm.ptr
    llvm.call @printf(%f, %tag, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    return
  }
  // x[i] = m*i + c
  func.func private @iota(%x: memref<?xi64>, %m: i64, %c: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %p = arith.muli %ii, %m : i64
      %v = arith.addi %p, %c : i64
      memref.store %v, %x[%i] : memref<?xi64>
    }
    return
  }
  // v, but the compiler cannot know it (an environment variable never set)
  func.func private @rt(%v: index) -> index {
    %name = llvm.mlir.addressof @envname : !llvm.ptr
    %p = llvm.call @getenv(%name) : (!llvm.ptr) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %isnull = llvm.icmp "eq" %p, %null : !llvm.ptr
    %c1 = arith.constant 1 : index
    %v1 = arith.addi %v, %c1 : index
    %r = arith.select %isnull, %v, %v1 : index
    return %r : index
  }
  func.func private @rtb(%b: i1) -> i1 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bi = arith.select %b, %c1, %c0 : index
    %r = func.call @rt(%bi) : (index) -> index
    %o = arith.cmpi eq, %r, %c1 : index
    return %o : i1
  }

  // y[i] = x[i] + k, i < dim y
  offload.kernel @addk(%x: memref<?xi64>, %y: memref<?xi64>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %u = arith.addi %v, %k : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  // y[i] = x[i] ends, (x[i-1] + 2 x[i] + x[i+1]) mod 1000003 inside
  offload.kernel @sten(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %m = arith.constant 1000003 : i64
    %n = memref.dim %y, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi eq, %i, %c0 : index
      %end = arith.cmpi eq, %i, %last : index
      %edge = arith.ori %first, %end : i1
      %v = scf.if %edge -> i64 {
        %e = memref.load %x[%i] : memref<?xi64>
        scf.yield %e : i64
      } else {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %l = memref.load %x[%im] : memref<?xi64>
        %c = memref.load %x[%i] : memref<?xi64>
        %r = memref.load %x[%ip] : memref<?xi64>
        %c2 = arith.muli %c, %two : i64
        %s = arith.addi %l, %c2 : i64
        %t = arith.addi %s, %r : i64
        %u = arith.remui %t, %m : i64
        scf.yield %u : i64
      }
      memref.store %v, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  // x[i] = (3 x[i] + 1) mod 1000003
  offload.kernel @inpl(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i64
    %one = arith.constant 1 : i64
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.muli %v, %three : i64
      %u = arith.addi %w, %one : i64
      %r = arith.remui %u, %m : i64
      memref.store %r, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  // r[0] = sum x (one thread)
  offload.kernel @total(%x: memref<?xi64>, %r: memref<1xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %b = arith.addi %a, %v : i64
      scf.yield %b : i64
    }
    memref.store %s, %r[%c0] : memref<1xi64>
    offload.return
  }

  func.func private @h1(%x: memref<?xi64>) {
    offload.launch @inpl(%x) : (memref<?xi64>) -> ()
    return
  }
  func.func private @peek(%x: memref<?xi64>, %i: index) -> i64 {
    %v = memref.load %x[%i] : memref<?xi64>
    return %v : i64
  }
  func.func private @poke(%x: memref<?xi64>, %i: index, %v: i64) {
    memref.store %v, %x[%i] : memref<?xi64>
    return
  }
  // x[i] += 1 for i in [lo, hi)
  func.func private @bump(%x: memref<?xi64>, %lo: index, %hi: index) {
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    scf.for %i = %lo to %hi step %c1 {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.addi %v, %one : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1000 : index
    %i0 = arith.constant 0 : i64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i3 = arith.constant 3 : i64
    %i4 = arith.constant 4 : i64
    %i5 = arith.constant 5 : i64
    %i6 = arith.constant 6 : i64
    %i7 = arith.constant 7 : i64
    %i8 = arith.constant 8 : i64
    %i9 = arith.constant 9 : i64
    %i10 = arith.constant 10 : i64
    %i11 = arith.constant 11 : i64
    %i12 = arith.constant 12 : i64
    %i13 = arith.constant 13 : i64
    %i14 = arith.constant 14 : i64
    %i15 = arith.constant 15 : i64
    %i100 = arith.constant 100 : i64
    %i1000 = arith.constant 1000 : i64

    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%a, %i7, %i3) : (memref<?xi64>, i64, i64) -> ()
    func.call @iota(%b, %i0, %i100) : (memref<?xi64>, i64, i64) -> ()

    func.call @h1(%a) : (memref<?xi64>) -> ()
    scf.for %j = %c0 to %c10 step %c1 {
      %jj = arith.index_cast %j : index to i64
      %v = arith.addi %jj, %i5 : i64
      memref.store %v, %a[%j] : memref<?xi64>
      %j3 = arith.addi %j, %c3 : index
      func.call @bump(%a, %j, %j3) : (memref<?xi64>, index, index) -> ()
    }
    func.call @h1(%a) : (memref<?xi64>) -> ()
    func.call @show(%i1, %a) : (i64, memref<?xi64>) -> ()

    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }
}
