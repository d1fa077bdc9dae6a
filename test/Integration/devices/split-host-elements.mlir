// The host reads and writes single elements between split launches that
// keep their sections on the devices: each load gets its element from the
// device whose share holds its row (none for a boundary row no share
// writes), each store sends it to every device that keeps its row (its
// share's device and the neighbour reading it as halo). The run is not
// ended: every device enters its rows once and copies them back once.
//
// 1-D: 1001 i32, shares [1, 251), [251, 501), [501, 751), [751, 1000) on
// the host plugin's four devices; 20 iterations of b = step(a), a load of
// b[53 t mod 1001], stores to b[250] (share 0's last row, share 1's halo)
// and b[251 + t] (share 1), a = step(b), loads of a[0] (no share) and
// a[500]. 2-D: a 37 x 29 grid, shares of rows [1, 10), [10, 19), [19, 28),
// [28, 36); loads through a view of one row and a store to h[9][5].
// Third, the same through helper functions get(x, i) and set(x, i, v),
// which the split inlines; fourth, in a ping-pong loop, on its iteration
// arguments. Expected values from a Python model of the
// same program.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: acc 1649 a250 891 a500 37 sum 44490 b0 0 b1000 0
// CHECK: acc2 770 g9 349 sum2 43375
// CHECK: acc3 65 p75 9 p76 9
// CHECK: acc4 21 r50 11 r51 13

// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}; the host's loads and stores of single elements of argument #1 of @step (3), argument #0 of @step (2) move that element alone: a load from the device whose share holds its row, a store to every device keeping it; halo rows move device to device before 2 launch(es)
// REMARKS-DAG: remark: split launches of @step2 keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}; the host's loads and stores of single elements of argument #1 of @step2 (2), argument #0 of @step2 (1) move that element alone
// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 1 launch(es) (1 in loops): {{.*}}; the host's loads and stores of single elements of the buffers a loop passes between iterations (2) move that element alone
// REMARKS-DAG: remark: call of @get inlined: it only loads and stores single elements, which can move alone between launches over several devices
// REMARKS-DAG: remark: call of @set inlined: it only loads and stores single elements, which can move alone between launches over several devices

// Each device enters its rows of each buffer once and copies back those
// of its share once (1-D: rows [lo - 1, hi + 1), 1008 bytes, back 1000;
// 2-D: 11 rows of 116 bytes, 9 back, only g: nothing reads h after).
// 116-byte rows are 2-D halos (the host plugin's device-to-device copies
// go through the host: one copy out of the source, one into the
// destination); 4-byte copies are 1-D halos (40 per neighbour) and the
// single elements: device 0 sends 5 of the 20 b[53 t mod 1001] (row 0 is
// no share's), and 2 of the 10 h[7 t mod 37][..]; it receives b[250]
// 20 times, b[251] once (its halo), h[9][5] 10 times. Device 1 receives
// b[250] (its halo), b[251 + t] and h[9][5] (its halo) every time, and
// sends a[500] and g[18][14] every time. (Before the host's accesses
// stopped ending runs, each iteration of these two parts moved every
// share in and out: 260880 bytes in and 235440 out in all, against 33236
// and 27164 now.)
// Third, through helpers (inlined): 300 i32, shares [1, 76), [76, 151),
// [151, 226), [226, 299); 6 iterations of get(q, 150) (device 1's) and
// set(q, 75, v) (device 0's row, device 1's halo): 12 more 1-D halo
// copies per neighbour, 6 elements out of device 1, 6 into devices 0, 1.
// Fourth, a ping-pong loop (200 i32, shares [1, 51), [51, 101), [101,
// 151), [151, 199)) whose host reads y[100] (device 1's) and writes y[50]
// (device 0's row, device 1's halo) of its iteration argument at steps 0,
// 3 and 6: both grids enter once and come back once (either may be the
// result), 9 more 1-D halo copies per neighbour, 3 elements out of device
// 1, 3 into devices 0 and 1.
// COPIES: device 0: host->device 129 copies 8324 bytes: 1276 x2, 1008 x2, 308 x2, 208 x2, 116 x20, 4 x101
// COPIES-NEXT: device 0: device->host 94 copies 6336 bytes: 1044 x1, 1000 x2, 300 x1, 200 x2, 116 x20, 4 x68
// COPIES-NEXT: device 0: launches: step2_share x20, step_share x61
// COPIES-NEXT: device 1: host->device 229 copies 10964 bytes: 1276 x2, 1008 x2, 308 x2, 208 x2, 116 x40, 4 x181
// COPIES-NEXT: device 1: device->host 214 copies 9056 bytes: 1044 x1, 1000 x2, 300 x1, 200 x2, 116 x40, 4 x168
// COPIES-NEXT: device 1: launches: step2_share x20, step_share x61
// COPIES-NEXT: device 2: host->device 170 copies 10728 bytes: 1276 x2, 1008 x2, 308 x2, 208 x2, 116 x40, 4 x122
// COPIES-NEXT: device 2: device->host 176 copies 8904 bytes: 1044 x1, 1000 x2, 300 x1, 200 x2, 116 x40, 4 x130
// COPIES-NEXT: device 2: launches: step2_share x20, step_share x61
// COPIES-NEXT: device 3: host->device 89 copies 7892 bytes: 1160 x2, 1004 x2, 300 x2, 200 x2, 116 x20, 4 x61
// COPIES-NEXT: device 3: device->host 93 copies 6184 bytes: 996 x2, 928 x1, 292 x1, 192 x2, 116 x20, 4 x67
// COPIES-NEXT: device 3: launches: step2_share x20, step_share x61
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m2 = arith.muli %m, %c2 : i32
      %s0 = arith.addi %l, %m2 : i32
      %s1 = arith.addi %s0, %r : i32
      %q = arith.divsi %s1, %c2 : i32
      %q2 = arith.divsi %q, %c2 : i32
      memref.store %q2, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  offload.kernel @step2(%x: memref<37x29xi32>, %y: memref<37x29xi32>) {
    %c1 = arith.constant 1 : index
    %c28 = arith.constant 28 : index
    %c36 = arith.constant 36 : index
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    scf.parallel (%r, %c) = (%c1, %c1) to (%c36, %c28) step (%c1, %c1) {
      %rm = arith.subi %r, %c1 : index
      %rp = arith.addi %r, %c1 : index
      %cm = arith.subi %c, %c1 : index
      %cp = arith.addi %c, %c1 : index
      %n = memref.load %x[%rm, %c] : memref<37x29xi32>
      %s = memref.load %x[%rp, %c] : memref<37x29xi32>
      %w = memref.load %x[%r, %cm] : memref<37x29xi32>
      %e = memref.load %x[%r, %cp] : memref<37x29xi32>
      %m = memref.load %x[%r, %c] : memref<37x29xi32>
      %m4 = arith.muli %m, %c4 : i32
      %a0 = arith.addi %n, %s : i32
      %a1 = arith.addi %a0, %w : i32
      %a2 = arith.addi %a1, %e : i32
      %a3 = arith.addi %a2, %m4 : i32
      %v = arith.divsi %a3, %c8 : i32
      memref.store %v, %y[%r, %c] : memref<37x29xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt1("acc %d a250 %d a500 %d sum %d b0 %d b1000 %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt3("acc3 %d p75 %d p76 %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt4("acc4 %d r50 %d r51 %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt2("acc2 %d g9 %d sum2 %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %n = arith.constant 1001 : index
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %c37 = arith.constant 37 : i32
    %c101 = arith.constant 101 : i32
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %p = arith.muli %ii, %c37 : i32
      %q = arith.remsi %p, %c101 : i32
      memref.store %q, %a[%i] : memref<?xi32>
      memref.store %z, %b[%i] : memref<?xi32>
    }
    %c20 = arith.constant 20 : index
    %c53 = arith.constant 53 : index
    %c250 = arith.constant 250 : index
    %c251 = arith.constant 251 : index
    %c500 = arith.constant 500 : index
    %c1000 = arith.constant 1000 : index
    %c1000i = arith.constant 1000 : i32
    %c7i = arith.constant 7 : i32
    %acc = scf.for %t = %c0 to %c20 step %c1 iter_args(%s = %z) -> i32 {
      offload.launch @step(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %k0 = arith.muli %t, %c53 : index
      %k = arith.remsi %k0, %n : index
      %v = memref.load %b[%k] : memref<?xi32>
      %ti = arith.index_cast %t : index to i32
      %src = arith.addi %c1000i, %ti : i32
      memref.store %src, %b[%c250] : memref<?xi32>
      %j = arith.addi %c251, %t : index
      %seven = arith.muli %ti, %c7i : i32
      memref.store %seven, %b[%j] : memref<?xi32>
      offload.launch @step(%b, %a) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %a0 = memref.load %a[%c0] : memref<?xi32>
      %a500 = memref.load %a[%c500] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      %s2 = arith.addi %s1, %a0 : i32
      %s3 = arith.addi %s2, %a500 : i32
      scf.yield %s3 : i32
    }
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %a[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %a250 = memref.load %a[%c250] : memref<?xi32>
    %a500 = memref.load %a[%c500] : memref<?xi32>
    %b0 = memref.load %b[%c0] : memref<?xi32>
    %b1000 = memref.load %b[%c1000] : memref<?xi32>
    %f1 = llvm.mlir.addressof @fmt1 : !llvm.ptr
    llvm.call @printf(%f1, %acc, %a250, %a500, %sum, %b0, %b1000) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32, i32) -> i32

    // 2-D.
    %g = memref.alloc() : memref<37x29xi32>
    %h = memref.alloc() : memref<37x29xi32>
    %R = arith.constant 37 : index
    %C = arith.constant 29 : index
    %c31 = arith.constant 31 : i32
    %c17 = arith.constant 17 : i32
    %c97 = arith.constant 97 : i32
    scf.for %r = %c0 to %R step %c1 {
      scf.for %c = %c0 to %C step %c1 {
        %ri = arith.index_cast %r : index to i32
        %ci = arith.index_cast %c : index to i32
        %x0 = arith.muli %ri, %c31 : i32
        %x1 = arith.muli %ci, %c17 : i32
        %x2 = arith.addi %x0, %x1 : i32
        %x3 = arith.remsi %x2, %c97 : i32
        memref.store %x3, %g[%r, %c] : memref<37x29xi32>
        memref.store %z, %h[%r, %c] : memref<37x29xi32>
      }
    }
    %c3 = arith.constant 3 : index
    %c76 = arith.constant 76 : index
    %c51 = arith.constant 51 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c14 = arith.constant 14 : index
    %c18 = arith.constant 18 : index
    %c500i = arith.constant 500 : i32
    %acc2 = scf.for %t = %c0 to %c10 step %c1 iter_args(%s = %z) -> i32 {
      offload.launch @step2(%g, %h) devices(all) : (memref<37x29xi32>, memref<37x29xi32>) -> ()
      %r0 = arith.muli %t, %c7 : index
      %r = arith.remsi %r0, %R : index
      %col0 = arith.muli %t, %c3 : index
      %col = arith.remsi %col0, %C : index
      %row = memref.subview %h[%r, 0] [1, 29] [1, 1] : memref<37x29xi32> to memref<29xi32, strided<[1], offset: ?>>
      %v = memref.load %row[%col] : memref<29xi32, strided<[1], offset: ?>>
      %ti = arith.index_cast %t : index to i32
      %src = arith.addi %c500i, %ti : i32
      memref.store %src, %h[%c9, %c5] : memref<37x29xi32>
      offload.launch @step2(%h, %g) devices(all) : (memref<37x29xi32>, memref<37x29xi32>) -> ()
      %m = memref.load %g[%c18, %c14] : memref<37x29xi32>
      %s1 = arith.addi %s, %v : i32
      %s2 = arith.addi %s1, %m : i32
      scf.yield %s2 : i32
    }
    %sum2 = scf.for %r = %c0 to %R step %c1 iter_args(%s = %z) -> i32 {
      %sr = scf.for %c = %c0 to %C step %c1 iter_args(%q = %s) -> i32 {
        %v = memref.load %g[%r, %c] : memref<37x29xi32>
        %q1 = arith.addi %q, %v : i32
        scf.yield %q1 : i32
      }
      scf.yield %sr : i32
    }
    %g9 = memref.load %g[%c9, %c5] : memref<37x29xi32>
    %f2 = llvm.mlir.addressof @fmt2 : !llvm.ptr
    llvm.call @printf(%f2, %acc2, %g9, %sum2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32

    // Through helper functions: a public one, a private one.
    %c300 = arith.constant 300 : index
    %p = memref.alloc(%c300) : memref<?xi32>
    %q = memref.alloc(%c300) : memref<?xi32>
    scf.for %i = %c0 to %c300 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.remsi %ii, %c17 : i32
      memref.store %v, %p[%i] : memref<?xi32>
      memref.store %z, %q[%i] : memref<?xi32>
    }
    %c6 = arith.constant 6 : index
    %c75 = arith.constant 75 : index
    %c150 = arith.constant 150 : index
    %acc3 = scf.for %t = %c0 to %c6 step %c1 iter_args(%s = %z) -> i32 {
      offload.launch @step(%p, %q) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %v = func.call @get(%q, %c150) : (memref<?xi32>, index) -> i32
      func.call @set(%q, %c75, %v) : (memref<?xi32>, index, i32) -> ()
      offload.launch @step(%q, %p) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %p75 = memref.load %p[%c75] : memref<?xi32>
    %p76 = memref.load %p[%c76] : memref<?xi32>
    %f3 = llvm.mlir.addressof @fmt3 : !llvm.ptr
    llvm.call @printf(%f3, %acc3, %p75, %p76) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32

    // Ping-pong: the loop passes the grids in its iteration arguments; the
    // host reads and writes elements of them every third step.
    %c200 = arith.constant 200 : index
    %u = memref.alloc(%c200) : memref<?xi32>
    %w = memref.alloc(%c200) : memref<?xi32>
    scf.for %i = %c0 to %c200 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.remsi %ii, %c31 : i32
      memref.store %v, %u[%i] : memref<?xi32>
      memref.store %z, %w[%i] : memref<?xi32>
    }
    %c50 = arith.constant 50 : index
    %c100 = arith.constant 100 : index
    %c1i = arith.constant 1 : i32
    %r:3 = scf.for %t = %c0 to %c9 step %c1 iter_args(%x = %u, %y = %w, %s = %z) -> (memref<?xi32>, memref<?xi32>, i32) {
      offload.launch @step(%x, %y) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %tm = arith.remsi %t, %c3 : index
      %peek = arith.cmpi eq, %tm, %c0 : index
      %s1 = scf.if %peek -> i32 {
        %v = memref.load %y[%c100] : memref<?xi32>
        %v1 = arith.addi %v, %c1i : i32
        memref.store %v1, %y[%c50] : memref<?xi32>
        %sv = arith.addi %s, %v : i32
        scf.yield %sv : i32
      } else {
        scf.yield %s : i32
      }
      scf.yield %y, %x, %s1 : memref<?xi32>, memref<?xi32>, i32
    }
    %r50 = memref.load %r#0[%c50] : memref<?xi32>
    %r51 = memref.load %r#0[%c51] : memref<?xi32>
    %f4 = llvm.mlir.addressof @fmt4 : !llvm.ptr
    llvm.call @printf(%f4, %r#2, %r50, %r51) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    return %z : i32
  }
  func.func @get(%x: memref<?xi32>, %i: index) -> i32 {
    %v = memref.load %x[%i] : memref<?xi32>
    return %v : i32
  }
  func.func private @set(%x: memref<?xi32>, %i: index, %v: i32) {
    %c3 = arith.constant 3 : i32
    %w = arith.addi %v, %c3 : i32
    memref.store %w, %x[%i] : memref<?xi32>
    return
  }
}
