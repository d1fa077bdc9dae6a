// Split launches whose buffers a device already holds: a data region (or
// enter_data) around the launch mapped them there, and the device's copy
// holds the current values. Such a launch runs whole on that device, so the
// region's end copies back what the kernel wrote (splitting would give the
// other devices the host's stale rows, and the region's end would copy the
// holder's unsplit rows over theirs). Also a kernel with four reductions
// (and, max, min, add of i64) split over every device.
//
//   1. offload.data on device 0 around a plain launch (device 0 writes x)
//      and a split launch that reads what it wrote;
//   2. enter_data on device 2, a split over devices 0 and 1, exit_data;
//   3. a resident run (a loop of split launches) inside offload.data;
//   4. the four reductions, split over devices(all), no region.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// The held launches run whole (@inc, not @inc_share) on the holder: 1 + 1
// on device 0 (case 1), 1 on device 2 (case 2), 5 on device 0 (case 3);
// the four reductions' shares run on the four devices.
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2>&1 > /dev/null \
// RUN:   | grep -o "device [0-9] info: Launching kernel [a-z4_]*" | sort | uniq -c \
// RUN:   | FileCheck %s --check-prefix=LAUNCHES
//
// CHECK: held: region 1000 of 1000 right, enter_data 1000 of 1000 right, run 1000 of 1000 right
// CHECK-NEXT: reductions: and 0, max 999, min 0, sum 499500
// LAUNCHES: 7 device 0 info: Launching kernel inc
// LAUNCHES-NEXT: 1 device 0 info: Launching kernel red4_share
// LAUNCHES-NEXT: 1 device 1 info: Launching kernel red4_share
// LAUNCHES-NEXT: 1 device 2 info: Launching kernel inc
// LAUNCHES-NEXT: 1 device 2 info: Launching kernel red4_share
// LAUNCHES-NEXT: 1 device 3 info: Launching kernel red4_share
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_held("held: region %ld of %ld right, enter_data %ld of %ld right, run %ld of %ld right\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_red("reductions: and %ld, max %ld, min %ld, sum %ld\0A\00") {addr_space = 0 : i32}

  // x[i] = 2 x[i] + 1
  offload.kernel @inc(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.addi %v, %v : i64
      %w1 = arith.addi %w, %one : i64
      memref.store %w1, %x[%i] : memref<?xi64>
    }
    offload.return
  }

  // Four reductions of one loop over i: and, max, min and sum of i.
  offload.kernel @red4(%n: index, %out: memref<4xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %all = arith.constant -1 : i64
    %lo = arith.constant -9223372036854775808 : i64
    %hi = arith.constant 9223372036854775807 : i64
    %zero = arith.constant 0 : i64
    %r:4 = scf.parallel (%i) = (%c0) to (%n) step (%c1)
        init (%all, %lo, %hi, %zero) -> (i64, i64, i64, i64) {
      %v = arith.index_cast %i : index to i64
      scf.reduce(%v, %v, %v, %v : i64, i64, i64, i64) {
      ^bb0(%p: i64, %q: i64):
        %s = arith.andi %p, %q : i64
        scf.reduce.return %s : i64
      }, {
      ^bb0(%p: i64, %q: i64):
        %s = arith.maxsi %p, %q : i64
        scf.reduce.return %s : i64
      }, {
      ^bb0(%p: i64, %q: i64):
        %s = arith.minsi %p, %q : i64
        scf.reduce.return %s : i64
      }, {
      ^bb0(%p: i64, %q: i64):
        %s = arith.addi %p, %q : i64
        scf.reduce.return %s : i64
      }
    }
    memref.store %r#0, %out[%c0] : memref<4xi64>
    memref.store %r#1, %out[%c1] : memref<4xi64>
    memref.store %r#2, %out[%c2] : memref<4xi64>
    memref.store %r#3, %out[%c3] : memref<4xi64>
    offload.return
  }

  // x[i] = i
  func.func private @fill(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %x[%i] : memref<?xi64>
    }
    return
  }

  // How many x[i] equal i after k times x = 2 x + 1: (i + 1) 2^k - 1.
  func.func private @count(%x: memref<?xi64>, %k: i64) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %scale = arith.shli %one, %k : i64
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %v = arith.index_cast %i : index to i64
      %v1 = arith.addi %v, %one : i64
      %s = arith.muli %v1, %scale : i64
      %e = arith.subi %s, %one : i64
      %g = memref.load %x[%i] : memref<?xi64>
      %eq = arith.cmpi eq, %e, %g : i64
      %inc = arith.addi %acc, %one : i64
      %nx = arith.select %eq, %inc, %acc : i64
      scf.yield %nx : i64
    }
    return %ok : i64
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 1000 : index
    %n64 = arith.index_cast %n : index to i64
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %d2 = arith.constant 2 : i32
    %k2 = arith.constant 2 : i64
    %k1 = arith.constant 1 : i64
    %k5 = arith.constant 5 : i64

    // 1. A region on device 0: the plain launch writes x there, the split
    // launch must read what it wrote.
    %x = memref.alloc(%n) : memref<?xi64>
    func.call @fill(%x) : (memref<?xi64>) -> ()
    offload.data map(tofrom: %x : memref<?xi64>) {
      offload.launch @inc(%x) : (memref<?xi64>) -> ()
      offload.launch @inc(%x) devices(all) : (memref<?xi64>) -> ()
    }
    %ok1 = func.call @count(%x, %k2) : (memref<?xi64>, i64) -> i64

    // 2. Entered on device 2, split over devices 0 and 1.
    %y = memref.alloc(%n) : memref<?xi64>
    func.call @fill(%y) : (memref<?xi64>) -> ()
    offload.enter_data map(to: %y : memref<?xi64>) device(%d2 : i32)
    offload.launch @inc(%y) devices(%d0, %d1 : i32, i32) : (memref<?xi64>) -> ()
    offload.exit_data map(from: %y : memref<?xi64>) device(%d2 : i32)
    %ok2 = func.call @count(%y, %k1) : (memref<?xi64>, i64) -> i64

    // 3. A run of split launches (a loop) inside a region on device 0.
    %z = memref.alloc(%n) : memref<?xi64>
    func.call @fill(%z) : (memref<?xi64>) -> ()
    offload.data map(tofrom: %z : memref<?xi64>) {
      scf.for %s = %c0 to %c5 step %c1 {
        offload.launch @inc(%z) devices(all) : (memref<?xi64>) -> ()
      }
    }
    %ok3 = func.call @count(%z, %k5) : (memref<?xi64>, i64) -> i64

    %fmt = llvm.mlir.addressof @fmt_held : !llvm.ptr
    llvm.call @printf(%fmt, %ok1, %n64, %ok2, %n64, %ok3, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64) -> i32

    // 4. Four reductions over every device.
    %out = memref.alloc() : memref<4xi64>
    offload.launch @red4(%n, %out) devices(all) : (index, memref<4xi64>) -> ()
    %a = memref.load %out[%c0] : memref<4xi64>
    %b = memref.load %out[%c1] : memref<4xi64>
    %c = memref.load %out[%c2] : memref<4xi64>
    %d = memref.load %out[%c3] : memref<4xi64>
    %fmt2 = llvm.mlir.addressof @fmt_red : !llvm.ptr
    llvm.call @printf(%fmt2, %a, %b, %c, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32

    memref.dealloc %x : memref<?xi64>
    memref.dealloc %y : memref<?xi64>
    memref.dealloc %z : memref<?xi64>
    memref.dealloc %out : memref<4xi64>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
