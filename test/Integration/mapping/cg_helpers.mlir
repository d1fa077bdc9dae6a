// k_spmv bounds its loop by the size of p, not of its output q (the two
// have one size in @main): q is written whole, and only allocated on the
// device (it was entered "to": 32 KiB more than the twin). Twin: cg_helpers.c.
// Conjugate gradient on the 1-D Laplacian, every operation in a helper:
// spmv(p, q), dot(a, b, tmp) -> f32 (host reads tmp[0]), axpy(al, x, y): y += al*x,
// xpay(r, be, p): p = r + be*p. 40 iterations; host reads x[0], x[n/2] after.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @k_spmv(%p: memref<?xf32>, %q: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %p, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %c = memref.load %p[%i] : memref<?xf32>
      %isf = arith.cmpi eq, %i, %c0 : index
      %l = scf.if %isf -> f32 { scf.yield %zero : f32 } else {
        %im = arith.subi %i, %c1 : index
        %v = memref.load %p[%im] : memref<?xf32>
        scf.yield %v : f32 }
      %isl = arith.cmpi eq, %i, %last : index
      %r = scf.if %isl -> f32 { scf.yield %zero : f32 } else {
        %ip = arith.addi %i, %c1 : index
        %v = memref.load %p[%ip] : memref<?xf32>
        scf.yield %v : f32 }
      %c2 = arith.mulf %c, %two : f32
      %a = arith.subf %c2, %l : f32
      %b = arith.subf %a, %r : f32
      memref.store %b, %q[%i] : memref<?xf32>
    }
    offload.return
  }
  offload.kernel @k_dot(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %u = memref.load %a[%i] : memref<?xf32>
      %v = memref.load %b[%i] : memref<?xf32>
      %p = arith.mulf %u, %v : f32
      %t = arith.addf %acc, %p : f32
      scf.yield %t : f32
    }
    memref.store %s, %out[%c0] : memref<1xf32>
    offload.return
  }
  offload.kernel @k_axpy(%al: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %x[%i] : memref<?xf32>
      %v = memref.load %y[%i] : memref<?xf32>
      %p = arith.mulf %al, %u : f32
      %t = arith.addf %v, %p : f32
      memref.store %t, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  offload.kernel @k_xpay(%r: memref<?xf32>, %be: f32, %p: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %p, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %u = memref.load %r[%i] : memref<?xf32>
      %v = memref.load %p[%i] : memref<?xf32>
      %q = arith.mulf %be, %v : f32
      %t = arith.addf %u, %q : f32
      memref.store %t, %p[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @spmv(%p: memref<?xf32>, %q: memref<?xf32>) {
    offload.launch @k_spmv(%p, %q) : (memref<?xf32>, memref<?xf32>) -> ()
    return
  }
  func.func @dot(%a: memref<?xf32>, %b: memref<?xf32>, %t: memref<1xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    offload.launch @k_dot(%a, %b, %t) : (memref<?xf32>, memref<?xf32>, memref<1xf32>) -> ()
    %v = memref.load %t[%c0] : memref<1xf32>
    return %v : f32
  }
  func.func @axpy(%al: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    offload.launch @k_axpy(%al, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    return
  }
  func.func @xpay(%r: memref<?xf32>, %be: f32, %p: memref<?xf32>) {
    offload.launch @k_xpay(%r, %be, %p) : (memref<?xf32>, f32, memref<?xf32>) -> ()
    return
  }
  func.func @setup(%x: memref<?xf32>, %r: memref<?xf32>, %p: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.remui %i, %c5 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      memref.store %zero, %x[%i] : memref<?xf32>
      memref.store %mf, %r[%i] : memref<?xf32>
      memref.store %mf, %p[%i] : memref<?xf32>
    }
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("cg_helpers: rr=%.9e x[0]=%.9e x[mid]=%.9e\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8192 : index
    %mid = arith.constant 4096 : index
    %iters = arith.constant 40 : index
    %x = memref.alloc(%n) : memref<?xf32>
    %r = memref.alloc(%n) : memref<?xf32>
    %p = memref.alloc(%n) : memref<?xf32>
    %q = memref.alloc(%n) : memref<?xf32>
    %t = memref.alloc() : memref<1xf32>
    func.call @setup(%x, %r, %p) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    %rr0 = func.call @dot(%r, %r, %t) : (memref<?xf32>, memref<?xf32>, memref<1xf32>) -> f32
    %rrf = scf.for %k = %c0 to %iters step %c1 iter_args(%rr = %rr0) -> f32 {
      func.call @spmv(%p, %q) : (memref<?xf32>, memref<?xf32>) -> ()
      %pq = func.call @dot(%p, %q, %t) : (memref<?xf32>, memref<?xf32>, memref<1xf32>) -> f32
      %al = arith.divf %rr, %pq : f32
      func.call @axpy(%al, %p, %x) : (f32, memref<?xf32>, memref<?xf32>) -> ()
      %nal = arith.negf %al : f32
      func.call @axpy(%nal, %q, %r) : (f32, memref<?xf32>, memref<?xf32>) -> ()
      %rrn = func.call @dot(%r, %r, %t) : (memref<?xf32>, memref<?xf32>, memref<1xf32>) -> f32
      %be = arith.divf %rrn, %rr : f32
      func.call @xpay(%r, %be, %p) : (memref<?xf32>, f32, memref<?xf32>) -> ()
      scf.yield %rrn : f32
    }
    %x0 = memref.load %x[%c0] : memref<?xf32>
    %xm = memref.load %x[%mid] : memref<?xf32>
    %a = arith.extf %rrf : f32 to f64
    %b = arith.extf %x0 : f32 to f64
    %c = arith.extf %xm : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %a, %b, %c) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
