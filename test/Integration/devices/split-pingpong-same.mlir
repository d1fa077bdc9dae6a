// A ping-pong loop of split launches whose iteration passes one grid on as
// both (`yield %q, %q`): from the second step the launch's two buffers are
// one. The loop is not kept resident across its launches (the checks
// before a run cannot see it); each launch checks its buffers and runs
// whole on the first device when they overlap. Kept resident, the devices
// copied rows back over each other's: 5 of 9 elements wrong.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: resident_yield_qq n=9 steps=2 mismatches=0 PASS
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @k11(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %cL = arith.constant 1 : index
    %cR = arith.constant 1 : index
    %cLL = arith.constant 1 : index
    %hi0 = arith.subi %n, %cR : index
    %lt = arith.cmpi slt, %hi0, %cL : index
    %hi = arith.select %lt, %cL, %hi0 : index
    scf.parallel (%i) = (%cL) to (%hi) step (%c1) {
      %acc0 = arith.constant 1 : i64
      %o0 = arith.constant 0 : index
      %j0a = arith.addi %i, %o0 : index
      %j0 = arith.subi %j0a, %cLL : index
      %v0 = memref.load %x[%j0] : memref<?xi64>
      %k0 = arith.constant 1 : i64
      %w0 = arith.muli %v0, %k0 : i64
      %a0 = arith.addi %acc0, %w0 : i64
      %o1 = arith.constant 1 : index
      %j1a = arith.addi %i, %o1 : index
      %j1 = arith.subi %j1a, %cLL : index
      %v1 = memref.load %x[%j1] : memref<?xi64>
      %k1 = arith.constant 3 : i64
      %w1 = arith.muli %v1, %k1 : i64
      %a1 = arith.addi %a0, %w1 : i64
      %o2 = arith.constant 2 : index
      %j2a = arith.addi %i, %o2 : index
      %j2 = arith.subi %j2a, %cLL : index
      %v2 = memref.load %x[%j2] : memref<?xi64>
      %k2 = arith.constant 5 : i64
      %w2 = arith.muli %v2, %k2 : i64
      %a2 = arith.addi %a1, %w2 : i64
      %r = arith.remui %a2, %m : i64
      memref.store %r, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @h11(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %cL = arith.constant 1 : index
    %cR = arith.constant 1 : index
    %cLL = arith.constant 1 : index
    %hi0 = arith.subi %n, %cR : index
    %lt = arith.cmpi slt, %hi0, %cL : index
    %hi = arith.select %lt, %cL, %hi0 : index
    scf.for %i = %cL to %hi step %c1 {
      %acc0 = arith.constant 1 : i64
      %o0 = arith.constant 0 : index
      %j0a = arith.addi %i, %o0 : index
      %j0 = arith.subi %j0a, %cLL : index
      %v0 = memref.load %x[%j0] : memref<?xi64>
      %k0 = arith.constant 1 : i64
      %w0 = arith.muli %v0, %k0 : i64
      %a0 = arith.addi %acc0, %w0 : i64
      %o1 = arith.constant 1 : index
      %j1a = arith.addi %i, %o1 : index
      %j1 = arith.subi %j1a, %cLL : index
      %v1 = memref.load %x[%j1] : memref<?xi64>
      %k1 = arith.constant 3 : i64
      %w1 = arith.muli %v1, %k1 : i64
      %a1 = arith.addi %a0, %w1 : i64
      %o2 = arith.constant 2 : index
      %j2a = arith.addi %i, %o2 : index
      %j2 = arith.subi %j2a, %cLL : index
      %v2 = memref.load %x[%j2] : memref<?xi64>
      %k2 = arith.constant 5 : i64
      %w2 = arith.muli %v2, %k2 : i64
      %a2 = arith.addi %a1, %w2 : i64
      %r = arith.remui %a2, %m : i64
      memref.store %r, %y[%i] : memref<?xi64>
    }
    return
  }
  // fill x[i] = (i*7919 + seed) mod 65521
  func.func @fill(%x: memref<?xi64>, %seed: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arith.constant 7919 : i64
    %m = arith.constant 65521 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %s : i64
      %v2 = arith.addi %v, %seed : i64
      %w = arith.remui %v2, %m : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    return
  }
  offload.kernel @kfill(%x: memref<?xi64>, %seed: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = arith.constant 7919 : i64
    %m = arith.constant 65521 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %s : i64
      %v2 = arith.addi %v, %seed : i64
      %w = arith.remui %v2, %m : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @copy(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi64>
      memref.store %v, %y[%i] : memref<?xi64>
    }
    return
  }
  // number of mismatches
  func.func @mism(%x: memref<?xi64>, %y: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %a = memref.load %x[%i] : memref<?xi64>
      %b = memref.load %y[%i] : memref<?xi64>
      %eq = arith.cmpi eq, %a, %b : i64
      %inc = arith.addi %acc, %one : i64
      %nx = arith.select %eq, %acc, %inc : i64
      scf.yield %nx : i64
    }
    return %r : i64
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmtr("%s n=%ld steps=%ld mismatches=%ld %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}
  func.func @report(%tag: !llvm.ptr, %n: index, %s: index, %mm: i64) {
    %z = arith.constant 0 : i64
    %ok = arith.cmpi eq, %mm, %z : i64
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %v = arith.select %ok, %p, %f : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmtr : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %s64 = arith.index_cast %s : index to i64
    llvm.call @printf(%fmt, %tag, %n64, %s64, %mm, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, !llvm.ptr) -> i32
    return
  }
  llvm.mlir.global private constant @t_res("resident_yield_qq\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @t_one("single_launch_aa\00") {addr_space = 0 : i32}
  func.func @run(%n: index, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s1 = arith.constant 1 : i64
    %s2 = arith.constant 2 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    %ha = memref.alloc(%n) : memref<?xi64>
    %hb = memref.alloc(%n) : memref<?xi64>
    func.call @fill(%a, %s1) : (memref<?xi64>, i64) -> ()
    func.call @fill(%b, %s2) : (memref<?xi64>, i64) -> ()
    func.call @fill(%ha, %s1) : (memref<?xi64>, i64) -> ()
    func.call @fill(%hb, %s2) : (memref<?xi64>, i64) -> ()
    // after the first step both iteration arguments are %b: the launch is k11(b, b) (runtime overlap)
    %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xi64>, memref<?xi64>) {
      offload.launch @k11(%p, %q) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %q, %q : memref<?xi64>, memref<?xi64>
    }
    %h:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %ha, %q = %hb) -> (memref<?xi64>, memref<?xi64>) {
      func.call @h11(%p, %q) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %q, %q : memref<?xi64>, memref<?xi64>
    }
    %m0 = func.call @mism(%b, %hb) : (memref<?xi64>, memref<?xi64>) -> i64
    %tg = llvm.mlir.addressof @t_res : !llvm.ptr
    func.call @report(%tg, %n, %steps, %m0) : (!llvm.ptr, index, index, i64) -> ()
    return
  }
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c2 = arith.constant 2 : index
    %c9 = arith.constant 9 : index
    func.call @run(%c9, %c2) : (index, index) -> ()
    %z = arith.constant 0 : i32
    return %z : i32
  }

}
