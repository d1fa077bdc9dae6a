// Split launches in helpers whose two buffer arguments a caller makes the
// same buffer: the overlap is known only at run time, where each split
// launch (and each run of split launches) checks it and runs whole on the
// first device present. Split, every device mapped the rows of both
// arguments, 'to' and 'from', and copied stale rows back over the others':
// the results were lost, silently.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// once(a, a): a = 2i + 1
// CHECK: 1 1000003 2000005 1000003
// once(a, b): b = 2a + 1 = 4i + 3
// CHECK-NEXT: 3 2000007 4000011 1000003
// repeat(a, a, 5): a = 2^10 (a + 1) - 1 = 2048 i + 2047
// CHECK-NEXT: 2047 1024004095 2048006143 1000003
// repeat(b, c, 2): c = 2b + 1 and b = 4b + 3, twice: b = 16b + 15 = 64i + 63
// CHECK-NEXT: 63 32000127 64000191 1000003
// add_last(d, d) with d[i] = i: d[i] = i + d[n-1] below n-1 (each device
// would read rows outside its share, which it would copy back)
// CHECK-NEXT: 1000002 1500003 1000002 1000002
// repeat_last(e, e, 3) with e[i] = i, a run of split launches keeping their
// sections on the devices: e[i] = i + 3 (n-1) below n-1
// CHECK-NEXT: 3000006 3500007 1000002 1000002
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @aff(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.muli %v, %two : i64
      %u = arith.addi %w, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  // y[i] = x[i] + x[n-1] for i < n-1.
  offload.kernel @addlast(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%last) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %l = memref.load %x[%last] : memref<?xi64>
      %s = arith.addi %v, %l : i64
      memref.store %s, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @add_last(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.launch @addlast(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    return
  }
  func.func @repeat_last(%x: memref<?xi64>, %y: memref<?xi64>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %t = %c0 to %k step %c1 {
      offload.launch @addlast(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    return
  }
  func.func @once(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.launch @aff(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    return
  }
  func.func private @repeat(%x: memref<?xi64>, %y: memref<?xi64>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %t = %c0 to %k step %c1 {
      offload.launch @aff(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
      offload.launch @aff(%y, %x) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    return
  }
  // Element 0, n/2 and n-1 of `x`, and how many elements equal
  // `scale * i + offset`.
  func.func private @report(%x: memref<?xi64>, %scale: i64, %offset: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %s = arith.muli %ii, %scale : i64
      %e = arith.addi %s, %offset : i64
      %eq = arith.cmpi eq, %v, %e : i64
      %inc = arith.addi %acc, %one : i64
      %r = arith.select %eq, %inc, %acc : i64
      scf.yield %r : i64
    }
    %half = arith.divui %n, %c2 : index
    %last = arith.subi %n, %c1 : index
    %v0 = memref.load %x[%c0] : memref<?xi64>
    %vh = memref.load %x[%half] : memref<?xi64>
    %vl = memref.load %x[%last] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v0, %vh, %vl, %ok) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 1000003 : index
    %z = arith.constant 0 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    %c = memref.alloc(%n) : memref<?xi64>
    %d = memref.alloc(%n) : memref<?xi64>
    %e = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %a[%i] : memref<?xi64>
      memref.store %z, %b[%i] : memref<?xi64>
      memref.store %z, %c[%i] : memref<?xi64>
      memref.store %ii, %d[%i] : memref<?xi64>
      memref.store %ii, %e[%i] : memref<?xi64>
    }
    %s2 = arith.constant 2 : i64
    %s4 = arith.constant 4 : i64
    %s16 = arith.constant 16 : i64
    %s64 = arith.constant 64 : i64
    %s2048 = arith.constant 2048 : i64
    %o1 = arith.constant 1 : i64
    %o3 = arith.constant 3 : i64
    %o63 = arith.constant 63 : i64
    %o2047 = arith.constant 2047 : i64
    func.call @once(%a, %a) : (memref<?xi64>, memref<?xi64>) -> ()
    func.call @report(%a, %s2, %o1) : (memref<?xi64>, i64, i64) -> ()
    func.call @once(%a, %b) : (memref<?xi64>, memref<?xi64>) -> ()
    func.call @report(%b, %s4, %o3) : (memref<?xi64>, i64, i64) -> ()
    func.call @repeat(%a, %a, %c5) : (memref<?xi64>, memref<?xi64>, index) -> ()
    func.call @report(%a, %s2048, %o2047) : (memref<?xi64>, i64, i64) -> ()
    func.call @repeat(%b, %c, %c2) : (memref<?xi64>, memref<?xi64>, index) -> ()
    func.call @report(%b, %s64, %o63) : (memref<?xi64>, i64, i64) -> ()
    %s1 = arith.constant 1 : i64
    %o_last = arith.constant 1000002 : i64
    func.call @add_last(%d, %d) : (memref<?xi64>, memref<?xi64>) -> ()
    func.call @report(%d, %s1, %o_last) : (memref<?xi64>, i64, i64) -> ()
    %c3 = arith.constant 3 : index
    %o_last3 = arith.constant 3000006 : i64
    func.call @repeat_last(%e, %e, %c3) : (memref<?xi64>, memref<?xi64>, index) -> ()
    func.call @report(%e, %s1, %o_last3) : (memref<?xi64>, i64, i64) -> ()
    memref.dealloc %a : memref<?xi64>
    memref.dealloc %b : memref<?xi64>
    memref.dealloc %c : memref<?xi64>
    memref.dealloc %d : memref<?xi64>
    memref.dealloc %e : memref<?xi64>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
