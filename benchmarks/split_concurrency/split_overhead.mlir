// What splitting a launch costs: the triad a = b + 3 c, launched k times
// with its data kept on the device, as
//   plain    `offload.launch ... device(0)`: one launch per step, queued;
//   [0]      `devices(list)` with the list [0]: one share;
//   [0,0]    the list [0, 0]: device 0 listed twice, which takes one share
//            (until 75fe001 it took two, both on device 0, so that the
//            kernels' work was that of the plain launch and any difference
//            the split's own cost);
//   [0,1]    the list [0, 1] (only with SPLIT_TWO_GPUS=1 in the
//            environment: devices 0 and 1 must be GPUs; see below);
//   [0] each the list [0], one split launch per call of a function: not a
//            run of split launches, so each launch first asks the runtime
//            whether a device holds its buffers (omp_target_is_present of
//            each buffer on every device; they are held by device 0, so it
//            runs whole there): what that test costs a launch, against [0].
// SPLIT_SMALL=1 runs one small size instead (2^16, k = 20), to try the
// program on the host plugin's devices.
// The buffers are on device 0 before the first call (entered explicitly,
// whole), so the launches' own maps find them present and copy nothing:
// the time is the launches' alone. Time per launch: (best t(1 + k) - best
// t(1)) / k over 3 runs, where t(j) is a call running j launches. After
// every variant, a comes back (offload.update) and is checked exactly.
// [0, 1] cannot start that way (a split launch whose buffers a device holds
// whole runs whole there): it runs after the arrays left device 0, each
// call entering each device's rows and copying them back, which t(1) and
// t(1 + k) share; "plain device(0), entered per call" is the plain launch
// measured the same way.
//
//   offload-cc split_overhead.mlir --offload-targets=nvptx:sm_90,host -O3 -o split_overhead
//   ./split_overhead
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @triad(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %s: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %bi = memref.load %b[%i] : memref<?xf32>
      %ci = memref.load %c[%i] : memref<?xf32>
      %t = arith.mulf %s, %ci : f32
      %r = arith.addf %bi, %t : f32
      memref.store %r, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  func.func @plain_steps(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = arith.constant 0 : i32
    %three = arith.constant 3.0 : f32
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @triad(%a, %b, %c, %three) device(%d0 : i32) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, f32) -> ()
    }
    return
  }

  func.func @split_steps(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3.0 : f32
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @triad(%a, %b, %c, %three) devices(%list : memref<?xi32>) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, f32) -> ()
    }
    return
  }

  // One split launch, alone in its function: no run.
  func.func private @split_once(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>) {
    %three = arith.constant 3.0 : f32
    offload.launch @triad(%a, %b, %c, %three) devices(%list : memref<?xi32>) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, f32) -> ()
    return
  }

  func.func @split_each(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      func.call @split_once(%a, %b, %c, %list) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>) -> ()
    }
    return
  }

  // `k` launches of variant `mode`: 0 plain, 1 split, 2 split one per call.
  func.func @steps(%mode: index, %a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>, %k: index) {
    scf.index_switch %mode
    case 0 {
      func.call @plain_steps(%a, %b, %c, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, index) -> ()
      scf.yield
    }
    case 1 {
      func.call @split_steps(%a, %b, %c, %list, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      scf.yield
    }
    default {
      func.call @split_each(%a, %b, %c, %list, %k) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
    }
    return
  }

  // Seconds per launch of variant `mode` (see @steps), best of 3.
  func.func @per_launch(%mode: index, %a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>, %k: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %reps = arith.constant 3 : index
    %big = arith.constant 1.0e30 : f64
    %k1 = arith.addi %k, %c1 : index
    %best:2 = scf.for %r = %c0 to %reps step %c1 iter_args(%one = %big, %many = %big) -> (f64, f64) {
      %t0 = func.call @now() : () -> f64
      func.call @steps(%mode, %a, %b, %c, %list, %c1) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @steps(%mode, %a, %b, %c, %list, %k1) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t2 = func.call @now() : () -> f64
      %d1 = arith.subf %t1, %t0 : f64
      %d2 = arith.subf %t2, %t1 : f64
      %n1 = arith.minimumf %one, %d1 : f64
      %n2 = arith.minimumf %many, %d2 : f64
      scf.yield %n1, %n2 : f64, f64
    }
    %diff = arith.subf %best#1, %best#0 : f64
    %ki = arith.index_cast %k : index to i64
    %kf = arith.sitofp %ki : i64 to f64
    %per = arith.divf %diff, %kf : f64
    return %per : f64
  }

  // How many elements of a are b + 3 c; a is zeroed after.
  func.func @exact(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %three = arith.constant 3.0 : f32
    %fzero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %z = memref.load %c[%i] : memref<?xf32>
      %t = arith.mulf %three, %z : f32
      %want = arith.addf %y, %t : f32
      %eq = arith.cmpf oeq, %want, %x : f32
      %add = arith.select %eq, %one, %zero : i64
      %next = arith.addi %acc, %add : i64
      memref.store %fzero, %a[%i] : memref<?xf32>
      scf.yield %next : i64
    }
    return %r : i64
  }

  func.func @fill(%x: memref<?xf32>, %period: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %period : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
    }
    return
  }

  func.func @now() -> f64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %ts = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
    %clock = llvm.mlir.constant(1 : i32) : i32
    %rc = llvm.call @clock_gettime(%clock, %ts) : (i32, !llvm.ptr) -> i32
    %t = llvm.load %ts : !llvm.ptr -> !llvm.struct<(i64, i64)>
    %s = llvm.extractvalue %t[0] : !llvm.struct<(i64, i64)>
    %ns = llvm.extractvalue %t[1] : !llvm.struct<(i64, i64)>
    %sf = arith.sitofp %s : i64 to f64
    %nsf = arith.sitofp %ns : i64 to f64
    %e9 = arith.constant 1.0e9 : f64
    %frac = arith.divf %nsf, %e9 : f64
    %r = arith.addf %sf, %frac : f64
    return %r : f64
  }

  // One line per variant: its time per launch (us) and GB/s, and whether
  // its results were exact.
  func.func @report(%name: !llvm.ptr, %n: index, %per: f64, %ok: i64) {
    %ni = arith.index_cast %n : index to i64
    %nf = arith.sitofp %ni : i64 to f64
    %twelve = arith.constant 12.0 : f64
    %e6 = arith.constant 1.0e6 : f64
    %e9 = arith.constant 1.0e9 : f64
    %bytes = arith.mulf %nf, %twelve : f64
    %bps = arith.divf %bytes, %per : f64
    %gbs = arith.divf %bps, %e9 : f64
    %us = arith.mulf %per, %e6 : f64
    %fmt = llvm.mlir.addressof @fmt_line : !llvm.ptr
    %p = llvm.call @printf(%fmt, %ni, %name, %us, %gbs, %ok, %ni) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, !llvm.ptr, f64, f64, i64, i64) -> i32
    return
  }

  func.func @size(%n: index, %k: index, %two: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %p7 = arith.constant 7 : index
    %p13 = arith.constant 13 : index
    %m0 = arith.constant 0 : index
    %m1 = arith.constant 1 : index
    %m2 = arith.constant 2 : index
    %a = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %c = memref.alloc(%n) : memref<?xf32>
    func.call @fill(%a, %p7) : (memref<?xf32>, index) -> ()
    func.call @fill(%b, %p7) : (memref<?xf32>, index) -> ()
    func.call @fill(%c, %p13) : (memref<?xf32>, index) -> ()
    %none = memref.alloc(%c0) : memref<?xi32>
    %one = memref.alloc(%c1) : memref<?xi32>
    memref.store %d0, %one[%c0] : memref<?xi32>
    %same = memref.alloc(%c2) : memref<?xi32>
    memref.store %d0, %same[%c0] : memref<?xi32>
    memref.store %d0, %same[%c1] : memref<?xi32>
    %pair = memref.alloc(%c2) : memref<?xi32>
    memref.store %d0, %pair[%c0] : memref<?xi32>
    memref.store %d1, %pair[%c1] : memref<?xi32>

    offload.enter_data map(to: %a : memref<?xf32>, to: %b : memref<?xf32>, to: %c : memref<?xf32>) device(%d0 : i32)

    %t_plain = func.call @per_launch(%m0, %a, %b, %c, %none, %k) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
    offload.update map(from: %a : memref<?xf32>) device(%d0 : i32)
    %ok_plain = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
    offload.update map(to: %a : memref<?xf32>) device(%d0 : i32)
    %s_plain = llvm.mlir.addressof @name_plain : !llvm.ptr
    func.call @report(%s_plain, %n, %t_plain, %ok_plain) : (!llvm.ptr, index, f64, i64) -> ()

    %t_one = func.call @per_launch(%m1, %a, %b, %c, %one, %k) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
    offload.update map(from: %a : memref<?xf32>) device(%d0 : i32)
    %ok_one = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
    offload.update map(to: %a : memref<?xf32>) device(%d0 : i32)
    %s_one = llvm.mlir.addressof @name_one : !llvm.ptr
    func.call @report(%s_one, %n, %t_one, %ok_one) : (!llvm.ptr, index, f64, i64) -> ()

    // The same list, one split launch per call: each asks who holds its
    // buffers.
    %t_each = func.call @per_launch(%m2, %a, %b, %c, %one, %k) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
    offload.update map(from: %a : memref<?xf32>) device(%d0 : i32)
    %ok_each = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
    offload.update map(to: %a : memref<?xf32>) device(%d0 : i32)
    %s_each = llvm.mlir.addressof @name_each : !llvm.ptr
    func.call @report(%s_each, %n, %t_each, %ok_each) : (!llvm.ptr, index, f64, i64) -> ()

    // Devices listed twice take one share (docs/DataMovement.md): [0, 0]
    // runs as [0].
    %t_same = func.call @per_launch(%m1, %a, %b, %c, %same, %k) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
    offload.update map(from: %a : memref<?xf32>) device(%d0 : i32)
    %ok_same = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
    offload.update map(to: %a : memref<?xf32>) device(%d0 : i32)
    %s_same = llvm.mlir.addressof @name_same : !llvm.ptr
    func.call @report(%s_same, %n, %t_same, %ok_same) : (!llvm.ptr, index, f64, i64) -> ()

    offload.exit_data map(release: %a : memref<?xf32>, release: %b : memref<?xf32>, release: %c : memref<?xf32>) device(%d0 : i32)

    // Two GPUs. A split launch whose buffers a device holds whole runs
    // whole there, so the arrays are not entered beforehand: each call's
    // run of split launches enters each device's rows before its first
    // launch and copies them back after its last, the same in t(1) and in
    // t(1 + k), which the difference removes. The plain launch measured
    // the same way shows what that method gives on one GPU.
    // (Ten times the launches: the copies' noise shrinks with 1 / k.)
    scf.if %two {
      %c10 = arith.constant 10 : index
      %k10 = arith.muli %k, %c10 : index
      %t_plainc = func.call @per_launch(%m0, %a, %b, %c, %none, %k10) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
      %ok_plainc = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
      %s_plainc = llvm.mlir.addressof @name_plain_copies : !llvm.ptr
      func.call @report(%s_plainc, %n, %t_plainc, %ok_plainc) : (!llvm.ptr, index, f64, i64) -> ()
      %t_pair = func.call @per_launch(%m1, %a, %b, %c, %pair, %k10) : (index, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> f64
      %ok_pair = func.call @exact(%a, %b, %c) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> i64
      %s_pair = llvm.mlir.addressof @name_pair : !llvm.ptr
      func.call @report(%s_pair, %n, %t_pair, %ok_pair) : (!llvm.ptr, index, f64, i64) -> ()
    }
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %c : memref<?xf32>
    return
  }

  func.func @main() -> i32 {
    %var = llvm.mlir.addressof @two_var : !llvm.ptr
    %env = llvm.call @getenv(%var) : (!llvm.ptr) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %two = llvm.icmp "ne" %env, %null : !llvm.ptr
    %n20 = arith.constant 1048576 : index
    %n24 = arith.constant 16777216 : index
    %n29 = arith.constant 536870912 : index
    %k20 = arith.constant 2000 : index
    %k24 = arith.constant 1000 : index
    %k29 = arith.constant 200 : index
    %svar = llvm.mlir.addressof @small_var : !llvm.ptr
    %senv = llvm.call @getenv(%svar) : (!llvm.ptr) -> !llvm.ptr
    %small = llvm.icmp "ne" %senv, %null : !llvm.ptr
    scf.if %small {
      %n = arith.constant 65536 : index
      %k = arith.constant 20 : index
      func.call @size(%n, %k, %two) : (index, index, i1) -> ()
    } else {
      func.call @size(%n20, %k20, %two) : (index, index, i1) -> ()
      func.call @size(%n24, %k24, %two) : (index, index, i1) -> ()
      func.call @size(%n29, %k29, %two) : (index, index, i1) -> ()
    }
    %z = arith.constant 0 : i32
    return %z : i32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.func @getenv(!llvm.ptr) -> !llvm.ptr
  llvm.mlir.global private constant @small_var("SPLIT_SMALL\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @two_var("SPLIT_TWO_GPUS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_plain("plain device(0)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_one("devices [0]\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_same("devices [0, 0]\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_pair("devices [0, 1], entered per call\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_plain_copies("plain device(0), entered per call\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name_each("[0] each\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_line("triad %ld f32, %-34s %9.1f us/launch %6.0f GB/s; %ld of %ld exact\0A\00") {addr_space = 0 : i32}
}
