// Launches that do not wait for each other (offload-chain-launches: nowait
// launches queued on one device queue by the runtime library, and waits
// only where the host next needs their results) must compute exactly what
// launching one kernel at a time computes. Each step is order-sensitive
// (x = 3x + k + i) and is repeated on the host on a reference copy:
//   - @phase: a chain in a loop, a host read of one element (the wait goes
//     before the update that copies it), a host write and its update, and
//     another chain; called twice on a buffer main made resident;
//   - a launch on a section (a subview) of the resident buffer;
//   - launches on a buffer mapped by each launch (not resident: launched
//     through libomptarget, which copies it each time), and with `always`;
//   - @sums: reductions between launches, twice in a row into two outputs.
// Here it runs on the host device, where nothing is queued, also with
// queueing off and with offloading disabled; Integration/GPU runs it on a
// GPU, where the resident launches are queued.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OFFLOAD_QUEUE_LAUNCHES=0 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// The host device cannot queue: every launch says why with
// OFFLOAD_RUNTIME_INFO.
// RUN: env OFFLOAD_RUNTIME_INFO=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=INFO
// liboffload set up at start-up (on a thread of its own, or in the
// library's constructor) or at the first launch (OFFLOAD_QUEUE_SETUP): the
// same results; the first launch says what the set-up cost, then that no
// liboffload device is the host device.
// RUN: env OFFLOAD_QUEUE_SETUP=background OFFLOAD_RUNTIME_INFO=1 %t 2> %t.background | FileCheck %s
// RUN: FileCheck %s --check-prefixes=SETUP,BACKGROUND < %t.background
// RUN: env OFFLOAD_QUEUE_SETUP=startup OFFLOAD_RUNTIME_INFO=1 %t 2> %t.startup | FileCheck %s
// RUN: FileCheck %s --check-prefixes=SETUP,STARTUP < %t.startup
// RUN: env OFFLOAD_QUEUE_SETUP=launch OFFLOAD_RUNTIME_INFO=1 %t 2> %t.launch | FileCheck %s
// RUN: FileCheck %s --check-prefix=LAUNCH < %t.launch

// Values from a Python model of the steps (int64, wrapping).
// CHECK: x 4804807098816226716 4804807098816226716; x[5] -5089763917103999232 -5089763917103999232
// CHECK-NEXT: read 4552470329020787027 4552470329020787027 -7267549329940258514 -7267549329940258514
// CHECK-NEXT: y 2337836505 2337836505; z 4335831500 4335831500; sums 1601602366158962572 1601602366158962572 4804807098816226716 4804807098816226716

// INFO: offload-rt: device 0 ({{.*}}): liboffload has no device with this UID: launches go through libomptarget

// SETUP-NOT: offload-rt: liboffload loaded at the first launch
// BACKGROUND: offload-rt: liboffload set up at start-up (in the background) in {{[0-9.]+}} ms: dlopen {{[0-9.]+}} ms, olInit {{[0-9.]+}} ms, 0 CUDA devices and queues {{[0-9.]+}} ms, 0 images and 0 kernels {{[0-9.]+}} ms; the first launch waited {{[0-9.]+}} ms for it
// STARTUP: offload-rt: liboffload set up at start-up (in the constructor) in {{[0-9.]+}} ms: dlopen {{[0-9.]+}} ms, olInit {{[0-9.]+}} ms, 0 CUDA devices and queues {{[0-9.]+}} ms, 0 images and 0 kernels {{[0-9.]+}} ms; the first launch waited 0.000 ms for it
// SETUP-NEXT: offload-rt: device 0 ({{.*}}): liboffload has no device with this UID: launches go through libomptarget
// SETUP-NOT: liboffload
// LAUNCH: offload-rt: liboffload loaded at the first launch: dlopen {{[0-9.]+}} ms, olInit {{[0-9.]+}} ms
// LAUNCH-NEXT: offload-rt: device 0 ({{.*}}): liboffload has no device with this UID: launches go through libomptarget

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_x("x %ld %ld; x[5] %ld %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_read("read %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_yz("y %ld %ld; z %ld %ld; sums %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}

  // x[i] = 3 x[i] + k + i
  offload.kernel @bump(%x: memref<?xi64>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %t = arith.muli %v, %c3 : i64
      %u = arith.addi %t, %k : i64
      %w = arith.addi %u, %ii : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    offload.return
  }

  // The same on a view (i counts from the view's start).
  offload.kernel @bump_view(%x: memref<?xi64, strided<[1], offset: ?>>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : i64
    %n = memref.dim %x, %c0 : memref<?xi64, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64, strided<[1], offset: ?>>
      %ii = arith.index_cast %i : index to i64
      %t = arith.muli %v, %c3 : i64
      %u = arith.addi %t, %k : i64
      %w = arith.addi %u, %ii : i64
      memref.store %w, %x[%i] : memref<?xi64, strided<[1], offset: ?>>
    }
    offload.return
  }

  // s[0] = sum of x[i] * (i + 1)
  offload.kernel @total(%x: memref<?xi64>, %s: memref<1xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %zero = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %w = arith.addi %ii, %one : i64
      %p = arith.muli %v, %w : i64
      scf.reduce(%p : i64) {
      ^bb0(%a: i64, %b: i64):
        %t = arith.addi %a, %b : i64
        scf.reduce.return %t : i64
      }
    }
    memref.store %r, %s[%c0] : memref<1xi64>
    offload.return
  }

  // Host references.
  func.func @ref_bump(%x: memref<?xi64>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %t = arith.muli %v, %c3 : i64
      %u = arith.addi %t, %k : i64
      %w = arith.addi %u, %ii : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    return
  }

  func.func @ref_total(%x: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %zero = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %w = arith.addi %ii, %one : i64
      %p = arith.muli %v, %w : i64
      %a = arith.addi %acc, %p : i64
      scf.yield %a : i64
    }
    return %r : i64
  }

  func.func @iota(%x: memref<?xi64>, %scale: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %scale : i64
      memref.store %v, %x[%i] : memref<?xi64>
    }
    return
  }

  // Launches k0..k1-1, reads x[5], sets x[0] = 7, launches k1..k1+9.
  func.func @phase(%x: memref<?xi64>, %k0: index, %k1: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %seven = arith.constant 7 : i64
    scf.for %k = %k0 to %k1 step %c1 {
      %kk = arith.index_cast %k : index to i64
      offload.launch @bump(%x, %kk) : (memref<?xi64>, i64) -> ()
    }
    %v = memref.load %x[%c5] : memref<?xi64>
    memref.store %seven, %x[%c0] : memref<?xi64>
    %k2 = arith.addi %k1, %c10 : index
    scf.for %k = %k1 to %k2 step %c1 {
      %kk = arith.index_cast %k : index to i64
      offload.launch @bump(%x, %kk) : (memref<?xi64>, i64) -> ()
    }
    return %v : i64
  }

  func.func @ref_phase(%x: memref<?xi64>, %k0: index, %k1: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %seven = arith.constant 7 : i64
    scf.for %k = %k0 to %k1 step %c1 {
      %kk = arith.index_cast %k : index to i64
      func.call @ref_bump(%x, %kk) : (memref<?xi64>, i64) -> ()
    }
    %v = memref.load %x[%c5] : memref<?xi64>
    memref.store %seven, %x[%c0] : memref<?xi64>
    %k2 = arith.addi %k1, %c10 : index
    scf.for %k = %k1 to %k2 step %c1 {
      %kk = arith.index_cast %k : index to i64
      func.call @ref_bump(%x, %kk) : (memref<?xi64>, i64) -> ()
    }
    return %v : i64
  }

  // Reductions between launches: s = total after bump 11, t after bump 12.
  func.func @sums(%x: memref<?xi64>, %s: memref<1xi64>, %t: memref<1xi64>) {
    %k11 = arith.constant 11 : i64
    %k12 = arith.constant 12 : i64
    offload.launch @bump(%x, %k11) : (memref<?xi64>, i64) -> ()
    offload.launch @total(%x, %s) : (memref<?xi64>, memref<1xi64>) -> ()
    offload.launch @bump(%x, %k12) : (memref<?xi64>, i64) -> ()
    offload.launch @total(%x, %t) : (memref<?xi64>, memref<1xi64>) -> ()
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %c500 = arith.constant 500 : index
    %c600 = arith.constant 600 : index
    %n = arith.constant 1000 : index
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %k5 = arith.constant 5 : i64
    %k9 = arith.constant 9 : i64
    %x = memref.alloc(%n) : memref<?xi64>
    %r = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%x, %one) : (memref<?xi64>, i64) -> ()
    func.call @iota(%r, %one) : (memref<?xi64>, i64) -> ()

    // x stays on the device across everything below.
    offload.enter_data map(to: %x : memref<?xi64>)
    %a = func.call @phase(%x, %c0, %c300) : (memref<?xi64>, index, index) -> i64
    %ra = func.call @ref_phase(%r, %c0, %c300) : (memref<?xi64>, index, index) -> i64
    %b = func.call @phase(%x, %c500, %c600) : (memref<?xi64>, index, index) -> i64
    %rb = func.call @ref_phase(%r, %c500, %c600) : (memref<?xi64>, index, index) -> i64

    // A section of the resident buffer: elements 100..199.
    %xs = memref.subview %x[%c100] [%c100] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
    offload.launch @bump_view(%xs, %k5) : (memref<?xi64, strided<[1], offset: ?>>, i64) -> ()
    %rs = memref.subview %r[%c100] [%c100] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
    %rs0 = memref.cast %rs : memref<?xi64, strided<[1], offset: ?>> to memref<?xi64, strided<[1], offset: ?>>
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : i64
    scf.for %i = %c0 to %c100 step %c1 {
      %v = memref.load %rs0[%i] : memref<?xi64, strided<[1], offset: ?>>
      %ii = arith.index_cast %i : index to i64
      %t = arith.muli %v, %c3 : i64
      %u = arith.addi %t, %k5 : i64
      %w = arith.addi %u, %ii : i64
      memref.store %w, %rs0[%i] : memref<?xi64, strided<[1], offset: ?>>
    }

    // Reductions between launches.
    %s = memref.alloc() : memref<1xi64>
    %t = memref.alloc() : memref<1xi64>
    func.call @sums(%x, %s, %t) : (memref<?xi64>, memref<1xi64>, memref<1xi64>) -> ()
    %k11 = arith.constant 11 : i64
    %k12 = arith.constant 12 : i64
    func.call @ref_bump(%r, %k11) : (memref<?xi64>, i64) -> ()
    %rs_ = func.call @ref_total(%r) : (memref<?xi64>) -> i64
    func.call @ref_bump(%r, %k12) : (memref<?xi64>, i64) -> ()
    %rt_ = func.call @ref_total(%r) : (memref<?xi64>) -> i64
    offload.exit_data map(from: %x : memref<?xi64>)

    // y: a whole-buffer launch and one on a view of it (offload-hoist-
    // transfers keeps all of y on the device across both); z: `always`.
    %y = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%y, %two) : (memref<?xi64>, i64) -> ()
    offload.launch @bump(%y, %k9) : (memref<?xi64>, i64) -> ()
    %ys = memref.subview %y[%c0] [%c5] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: ?>>
    offload.launch @bump_view(%ys, %k9) : (memref<?xi64, strided<[1], offset: ?>>, i64) -> ()
    %z = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%z, %one) : (memref<?xi64>, i64) -> ()
    offload.launch @bump(%z, %one) map(always, tofrom: %z : memref<?xi64>) : (memref<?xi64>, i64) -> ()
    offload.launch @bump(%z, %two) map(always, tofrom: %z : memref<?xi64>) : (memref<?xi64>, i64) -> ()
    %ry = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%ry, %two) : (memref<?xi64>, i64) -> ()
    func.call @ref_bump(%ry, %k9) : (memref<?xi64>, i64) -> ()
    scf.for %i = %c0 to %c5 step %c1 {
      %v = memref.load %ry[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %tt = arith.muli %v, %c3 : i64
      %u = arith.addi %tt, %k9 : i64
      %w = arith.addi %u, %ii : i64
      memref.store %w, %ry[%i] : memref<?xi64>
    }
    %rz = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%rz, %one) : (memref<?xi64>, i64) -> ()
    func.call @ref_bump(%rz, %one) : (memref<?xi64>, i64) -> ()
    func.call @ref_bump(%rz, %two) : (memref<?xi64>, i64) -> ()

    %cx = func.call @ref_total(%x) : (memref<?xi64>) -> i64
    %crx = func.call @ref_total(%r) : (memref<?xi64>) -> i64
    %x5 = memref.load %x[%c5] : memref<?xi64>
    %r5 = memref.load %r[%c5] : memref<?xi64>
    %fx = llvm.mlir.addressof @fmt_x : !llvm.ptr
    llvm.call @printf(%fx, %cx, %crx, %x5, %r5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    %fr = llvm.mlir.addressof @fmt_read : !llvm.ptr
    llvm.call @printf(%fr, %a, %ra, %b, %rb) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    %cy = func.call @ref_total(%y) : (memref<?xi64>) -> i64
    %cry = func.call @ref_total(%ry) : (memref<?xi64>) -> i64
    %cz = func.call @ref_total(%z) : (memref<?xi64>) -> i64
    %crz = func.call @ref_total(%rz) : (memref<?xi64>) -> i64
    %sv = memref.load %s[%c0] : memref<1xi64>
    %tv = memref.load %t[%c0] : memref<1xi64>
    %fyz = llvm.mlir.addressof @fmt_yz : !llvm.ptr
    llvm.call @printf(%fyz, %cy, %cry, %cz, %crz, %sv, %rs_, %tv, %rt_) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
