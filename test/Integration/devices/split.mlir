// Launches over several devices on the host plugin's four devices:
//   - @triad over devices(all): a[i] = b[i] + 3 * c[i], n = 1000, four
//     shares of 250 rows;
//   - @smooth over devices(%c1, %c3, %c9): device 9 does not exist, so two
//     shares of 499 rows of out[i] = x[i-1] + x[i] + x[i+1], i in [1, 999),
//     each reading a one-row halo;
//   - @total, a sum and a max over devices(all) (initial values 5 and 0)
//     stored after the loop as t[0] = sum, t[1] = 2 * max: each device
//     leaves its partial results, the host combines them and stores;
//   - @shift (writes out[i + 1]) over devices(all): not split, device 0.
// The devices run their shares at the same time (a host thread each);
// with fewer threads (OMP_THREAD_LIMIT) a thread runs several shares, with
// the same results. Built for the host device, run through the runtime,
// then with offloading disabled (the host copies). The runtime's messages
// are taken with one thread: those of threads running at the same time
// interleave.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=3 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// Checking mode compares whole buffers after each share: the shares run one
// after the other there.
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// RUN: grep -c "Copying data" %t.info | FileCheck %s --check-prefix=COUNT

// b[i] = i, c[i] = 2i: a[i] = 7i, sum 7 * 499500 = 3496500.
// x[i] = i: out[i] = 3i for i in [1, 999), out[0] = out[999] = -1:
// 3 * (499500 - 999) - 2 = 1495501. total = 5 + sum(a) = 3496505,
// 2 * max(a) = 2 * 6993 = 13986. shift: y[i + 1] = i for i < 999, y[0] =
// -1: sum 498501 - 1 = 498500.
// CHECK: triad 3496500; smooth 1495501; total 3496505 13986; shift 498500

// REMARKS-DAG: remark: launch of @triad split over every device present: each runs an equal share of the outermost loop dimension through @triad_share
// REMARKS-DAG: remark: launch of @smooth split over 3 listed devices
// REMARKS-DAG: remark: launch of @total split over every device present
// REMARKS-DAG: remark: launch of @shift not split over devices: argument #1 is written outside the rows of the iteration that writes it; it runs on the first device present

// Each of the four devices runs a quarter of @triad and moves its 250 rows
// of each buffer (2000 bytes); devices 1 and 3 run half of @smooth each,
// reading 499 rows and the halo (4008 bytes), writing back their 499 rows
// (3992 bytes); each device reads its 250 rows of a for @total and copies
// back its two partial results; device 0 runs @shift (the 999 rows of x
// it reads, and of y both ways: y[0] is not written). Nothing else is
// copied.
// INFO-DAG: device 0 info: Launching kernel triad_share
// INFO-DAG: device 1 info: Launching kernel triad_share
// INFO-DAG: device 2 info: Launching kernel triad_share
// INFO-DAG: device 3 info: Launching kernel triad_share
// INFO-DAG: device 1 info: Launching kernel smooth_share
// INFO-DAG: device 3 info: Launching kernel smooth_share
// INFO-DAG: device 0 info: Launching kernel total_share
// INFO-DAG: device 3 info: Launching kernel total_share
// INFO-DAG: device 0 info: Launching kernel shift
// INFO-DAG: device 0 info: Copying data from host to device, {{.*}}Size=2000, Name=triad_share argument 1
// INFO-DAG: device 1 info: Copying data from host to device, {{.*}}Size=2000, Name=triad_share argument 2
// INFO-DAG: device 2 info: Copying data from device to host, {{.*}}Size=2000, Name=triad_share argument 0
// INFO-DAG: device 3 info: Copying data from device to host, {{.*}}Size=2000, Name=triad_share argument 0
// INFO-DAG: device 1 info: Copying data from host to device, {{.*}}Size=4008, Name=smooth_share argument 0
// INFO-DAG: device 3 info: Copying data from host to device, {{.*}}Size=4008, Name=smooth_share argument 0
// INFO-DAG: device 1 info: Copying data from device to host, {{.*}}Size=3992, Name=smooth_share argument 1
// INFO-DAG: device 3 info: Copying data from device to host, {{.*}}Size=3992, Name=smooth_share argument 1
// INFO-DAG: device 2 info: Copying data from host to device, {{.*}}Size=2000, Name=total_share argument 0
// INFO-DAG: device 2 info: Copying data from device to host, {{.*}}Size=8, Name=total_share argument 4
// INFO-DAG: device 2 info: Copying data from device to host, {{.*}}Size=8, Name=total_share argument 5
// INFO-DAG: device 0 info: Copying data from host to device, {{.*}}Size=7992, Name=shift argument 0
// INFO-DAG: device 0 info: Copying data from device to host, {{.*}}Size=7992, Name=shift argument 1
// INFO-NOT: device 2 info: Launching kernel smooth_share
// COUNT: {{^}}31{{$}}

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("triad %ld; smooth %ld; total %ld %ld; shift %ld\0A\00") {addr_space = 0 : i32}

  offload.kernel @triad(%a: memref<?xi64>, %b: memref<?xi64>, %c: memref<?xi64>, %s: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %bi = memref.load %b[%i] : memref<?xi64>
      %ci = memref.load %c[%i] : memref<?xi64>
      %t = arith.muli %s, %ci : i64
      %r = arith.addi %bi, %t : i64
      memref.store %r, %a[%i] : memref<?xi64>
    }
    offload.return
  }

  offload.kernel @smooth(%x: memref<?xi64>, %out: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi64>
      %m = memref.load %x[%i] : memref<?xi64>
      %r = memref.load %x[%ip] : memref<?xi64>
      %s1 = arith.addi %l, %m : i64
      %s2 = arith.addi %s1, %r : i64
      memref.store %s2, %out[%i] : memref<?xi64>
    }
    offload.return
  }

  offload.kernel @total(%a: memref<?xi64>, %t: memref<2xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %five = arith.constant 5 : i64
    %zero = arith.constant 0 : i64
    %n = memref.dim %a, %c0 : memref<?xi64>
    %s, %m = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%five, %zero) -> (i64, i64) {
      %v = memref.load %a[%i] : memref<?xi64>
      scf.reduce(%v, %v : i64, i64) {
      ^bb0(%l: i64, %r: i64):
        %q = arith.addi %l, %r : i64
        scf.reduce.return %q : i64
      }, {
      ^bb0(%l: i64, %r: i64):
        %q = arith.maxsi %l, %r : i64
        scf.reduce.return %q : i64
      }
    }
    %two = arith.constant 2 : i64
    %m2 = arith.muli %m, %two : i64
    memref.store %s, %t[%c0] : memref<2xi64>
    memref.store %m2, %t[%c1] : memref<2xi64>
    offload.return
  }

  offload.kernel @shift(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %m = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%m) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ip = arith.addi %i, %c1 : index
      memref.store %v, %y[%ip] : memref<?xi64>
    }
    offload.return
  }

  func.func @sum(%a: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi64>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi64>
      %r = arith.addi %acc, %v : i64
      scf.yield %r : i64
    }
    return %s : i64
  }

  // a[i] = k * i, or k when ramp is false.
  func.func @init(%a: memref<?xi64>, %k: i64, %ramp: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %v = arith.muli %i64, %k : i64
      %w = arith.select %ramp, %v, %k : i64
      memref.store %w, %a[%i] : memref<?xi64>
    }
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %n = arith.constant 1000 : index
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %three = arith.constant 3 : i64
    %minus1 = arith.constant -1 : i64
    %true = arith.constant true
    %false = arith.constant false
    %d1 = arith.constant 1 : i32
    %d3 = arith.constant 3 : i32
    %d9 = arith.constant 9 : i32
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    %c = memref.alloc(%n) : memref<?xi64>
    %x = memref.alloc(%n) : memref<?xi64>
    %out = memref.alloc(%n) : memref<?xi64>
    %t = memref.alloc() : memref<2xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    func.call @init(%a, %minus1, %false) : (memref<?xi64>, i64, i1) -> ()
    func.call @init(%b, %one, %true) : (memref<?xi64>, i64, i1) -> ()
    func.call @init(%c, %two, %true) : (memref<?xi64>, i64, i1) -> ()
    func.call @init(%x, %one, %true) : (memref<?xi64>, i64, i1) -> ()
    func.call @init(%out, %minus1, %false) : (memref<?xi64>, i64, i1) -> ()
    func.call @init(%y, %minus1, %false) : (memref<?xi64>, i64, i1) -> ()
    offload.launch @triad(%a, %b, %c, %three) devices(all) : (memref<?xi64>, memref<?xi64>, memref<?xi64>, i64) -> ()
    offload.launch @smooth(%x, %out) devices(%d1, %d3, %d9 : i32, i32, i32) : (memref<?xi64>, memref<?xi64>) -> ()
    offload.launch @total(%a, %t) devices(all) : (memref<?xi64>, memref<2xi64>) -> ()
    offload.launch @shift(%x, %y) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
    %sa = func.call @sum(%a) : (memref<?xi64>) -> i64
    %so = func.call @sum(%out) : (memref<?xi64>) -> i64
    %c1 = arith.constant 1 : index
    %st = memref.load %t[%c0] : memref<2xi64>
    %sm = memref.load %t[%c1] : memref<2xi64>
    %sy = func.call @sum(%y) : (memref<?xi64>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %sa, %so, %st, %sm, %sy) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
