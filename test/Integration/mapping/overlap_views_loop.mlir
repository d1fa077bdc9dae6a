// A loop of launches on two overlapping windows of one buffer, as a
// stencil or a finite difference writes them: @pair reads x[0:n-1] and
// x[1:n] into y, @halve writes x[1:n] back from y. The launches map
// different views of x, and x moved at every iteration; now all of x stays
// on the device around the loop (each launch finds its window there), and
// y, which only launches use, is only allocated there.
// overlap_views_loop.test compares the copies with those of the C +
// OpenMP twin overlap_views_loop.c; main checks every element against the
// same steps on the host.
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @result("overlap_views_loop: n = %ld, 10 steps: %ld of %ld elements as the host's, x[1] = %g: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fail("FAIL\00") {addr_space = 0 : i32}

  // y[i] = l[i] + r[i]
  offload.kernel @pair(%l: memref<?xf32, strided<[1], offset: ?>>, %r: memref<?xf32, strided<[1], offset: ?>>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %l[%i] : memref<?xf32, strided<[1], offset: ?>>
      %b = memref.load %r[%i] : memref<?xf32, strided<[1], offset: ?>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  // r[i] = y[i] / 2
  offload.kernel @halve(%y: memref<?xf32>, %r: memref<?xf32, strided<[1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %h = arith.constant 0.5 : f32
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %y[%i] : memref<?xf32>
      %s = arith.mulf %a, %h : f32
      memref.store %s, %r[%i] : memref<?xf32, strided<[1], offset: ?>>
    }
    offload.return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %m = arith.subi %n, %c1 : index
    %h = arith.constant 0.5 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %e = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%m) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c8 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
      memref.store %f, %e[%i] : memref<?xf32>
    }
    %l0 = memref.subview %x[0] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %l = memref.cast %l0 : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
    %r0 = memref.subview %x[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %r = memref.cast %r0 : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %s = %c0 to %c10 step %c1 {
      offload.launch @pair(%l, %r, %y) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>, memref<?xf32>) -> ()
      offload.launch @halve(%y, %r) : (memref<?xf32>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    }
    // The same steps on the host, from the last element down (each reads
    // the element below it before that one changes).
    scf.for %s = %c0 to %c10 step %c1 {
      scf.for %k = %c0 to %m step %c1 {
        %i = arith.subi %m, %k : index
        %im = arith.subi %i, %c1 : index
        %a = memref.load %e[%im] : memref<?xf32>
        %b = memref.load %e[%i] : memref<?xf32>
        %t = arith.addf %a, %b : f32
        %u = arith.mulf %t, %h : f32
        memref.store %u, %e[%i] : memref<?xf32>
      }
    }
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %good = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %a = memref.load %x[%i] : memref<?xf32>
      %b = memref.load %e[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %a, %b : f32
      %inc = arith.addi %acc, %one : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    %n64 = arith.index_cast %n : index to i64
    %ok = arith.cmpi eq, %good, %n64 : i64
    %x1 = memref.load %x[%c1] : memref<?xf32>
    %x1d = arith.extf %x1 : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %passp = llvm.mlir.addressof @pass : !llvm.ptr
    %failp = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = llvm.select %ok, %passp, %failp : i1, !llvm.ptr
    llvm.call @printf(%fmt, %n64, %good, %n64, %x1d, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %e : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    %z = arith.constant 0 : i32
    %o = arith.constant 1 : i32
    %rc = arith.select %ok, %z, %o : i32
    return %rc : i32
  }
}
