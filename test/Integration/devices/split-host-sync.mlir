// The host reads or writes more than single elements of buffers that split
// launches keep on the devices, between the launches: a convergence test
// summing |a - b| over both grids after every two steps (a host loop, in
// an scf.while), and a host loop rewriting two rows of a 2-D grid (the
// boundary row 0, which no share holds, and row 10, inside a share).
// The run goes on: before a host op reading a buffer the launches write,
// each device copies back the rows of its share; after one writing a
// buffer, each device receives the rows it keeps. Expected values from a
// Python model of the same program.
//
// 1-D: 500 i32, shares [1, 126), [126, 251), [251, 376), [376, 499) on the
// host plugin's four devices. 2-D: 20 x 16, shares of rows [1, 6), [6, 11),
// [11, 16), [16, 19).
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

// CHECK: it 21 res 39 a7 28 a250 39 sum 19013
// CHECK: g5 6 g10 36 g18 5 sum2 3300

// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}; around the host's other reads and writes of argument #0 of @step (1), argument #1 of @step (1), each device copies back the rows of its share before them (of what the launches write), and receives the rows it keeps after those that write; halo rows move device to device before 2 launch(es)
// REMARKS-DAG: remark: split launches of @step2 keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}; around the host's other reads and writes of argument #0 of @step2 (2), each device copies back the rows of its share before them

// 1-D: a and b enter once (rows [lo - 1, hi + 1): 127 i32, 508 bytes) and
// each device copies back the rows of its share of both before each of the
// 21 convergence tests (500 bytes, 42 copies) and of a once at the end (b
// is not read after the loop): 43; nothing goes to the devices after a
// test (it only reads). 2-D: g and h enter once
// (7 rows of 64 bytes), and around each of the 30 host loops writing g,
// each device copies back its rows of g (5 rows, 320 bytes) before it and
// receives the 7 it keeps after it. 4 and 64 bytes: halo rows between
// devices (through the host on the host plugin: one copy out, one in).
// Before the run went on across host loops, each iteration entered and
// exited both grids on every device: 196872 bytes in and 164808 out in
// all, against 81344 and 145416 now.
// COPIES: device 0: host->device 136 copies 19360 bytes: 508 x2, 448 x32, 64 x60, 4 x42
// COPIES-NEXT: device 0: device->host 176 copies 35428 bytes: 500 x43, 320 x31, 64 x60, 4 x42
// COPIES-NEXT: device 0: launches: step2_share x60, step_share x42
// COPIES-NEXT: device 1: host->device 238 copies 23368 bytes: 508 x2, 448 x32, 64 x120, 4 x84
// COPIES-NEXT: device 1: device->host 278 copies 39436 bytes: 500 x43, 320 x31, 64 x120, 4 x84
// COPIES-NEXT: device 1: launches: step2_share x60, step_share x42
// COPIES-NEXT: device 2: host->device 238 copies 23368 bytes: 508 x2, 448 x32, 64 x120, 4 x84
// COPIES-NEXT: device 2: device->host 278 copies 39436 bytes: 500 x43, 320 x31, 64 x120, 4 x84
// COPIES-NEXT: device 2: launches: step2_share x60, step_share x42
// COPIES-NEXT: device 3: host->device 136 copies 15248 bytes: 500 x2, 320 x32, 64 x60, 4 x42
// COPIES-NEXT: device 3: device->host 176 copies 31116 bytes: 492 x43, 192 x31, 64 x60, 4 x42
// COPIES-NEXT: device 3: launches: step2_share x60, step_share x42
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
  offload.kernel @step2(%x: memref<20x16xi32>, %y: memref<20x16xi32>) {
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c19 = arith.constant 19 : index
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    scf.parallel (%r, %c) = (%c1, %c1) to (%c19, %c15) step (%c1, %c1) {
      %rm = arith.subi %r, %c1 : index
      %rp = arith.addi %r, %c1 : index
      %cm = arith.subi %c, %c1 : index
      %cp = arith.addi %c, %c1 : index
      %n = memref.load %x[%rm, %c] : memref<20x16xi32>
      %s = memref.load %x[%rp, %c] : memref<20x16xi32>
      %w = memref.load %x[%r, %cm] : memref<20x16xi32>
      %e = memref.load %x[%r, %cp] : memref<20x16xi32>
      %m = memref.load %x[%r, %c] : memref<20x16xi32>
      %m4 = arith.muli %m, %c4 : i32
      %a0 = arith.addi %n, %s : i32
      %a1 = arith.addi %a0, %w : i32
      %a2 = arith.addi %a1, %e : i32
      %a3 = arith.addi %a2, %m4 : i32
      %v = arith.divsi %a3, %c8 : i32
      memref.store %v, %y[%r, %c] : memref<20x16xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt1("it %d res %d a7 %d a250 %d sum %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt2("g5 %d g10 %d g18 %d sum2 %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n = arith.constant 500 : index
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %c37 = arith.constant 37 : i32
    %c101 = arith.constant 101 : i32
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %p = arith.muli %ii, %c37 : i32
      %q = arith.remsi %p, %c101 : i32
      memref.store %q, %a[%i] : memref<?xi32>
      memref.store %q, %b[%i] : memref<?xi32>
    }
    %c40 = arith.constant 40 : i32
    %c60 = arith.constant 60 : i32
    %big = arith.constant 1000000 : i32
    %w:2 = scf.while (%it = %z, %res = %big) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi sgt, %res, %c40 : i32
      %under = arith.cmpi slt, %it, %c60 : i32
      %go = arith.andi %more, %under : i1
      scf.condition(%go) %it, %res : i32, i32
    } do {
    ^bb0(%it: i32, %res: i32):
      offload.launch @step(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @step(%b, %a) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
        %va = memref.load %a[%i] : memref<?xi32>
        %vb = memref.load %b[%i] : memref<?xi32>
        %d = arith.subi %va, %vb : i32
        %nd = arith.subi %z, %d : i32
        %ad = arith.maxsi %d, %nd : i32
        %s1 = arith.addi %s, %ad : i32
        scf.yield %s1 : i32
      }
      %it1 = arith.addi %it, %one : i32
      scf.yield %it1, %r : i32, i32
    }
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %a[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %c7 = arith.constant 7 : index
    %c250 = arith.constant 250 : index
    %a7 = memref.load %a[%c7] : memref<?xi32>
    %a250 = memref.load %a[%c250] : memref<?xi32>
    %f1 = llvm.mlir.addressof @fmt1 : !llvm.ptr
    llvm.call @printf(%f1, %w#0, %w#1, %a7, %a250, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32

    // 2-D: a host loop rewrites rows 0 and 10 after every two steps.
    %g = memref.alloc() : memref<20x16xi32>
    %h = memref.alloc() : memref<20x16xi32>
    %R = arith.constant 20 : index
    %C = arith.constant 16 : index
    %c3 = arith.constant 3 : i32
    %c7i = arith.constant 7 : i32
    %c23 = arith.constant 23 : i32
    scf.for %r = %c0 to %R step %c1 {
      scf.for %c = %c0 to %C step %c1 {
        %ri = arith.index_cast %r : index to i32
        %ci = arith.index_cast %c : index to i32
        %x0 = arith.muli %ri, %c7i : i32
        %x1 = arith.muli %ci, %c3 : i32
        %x2 = arith.addi %x0, %x1 : i32
        %x3 = arith.remsi %x2, %c23 : i32
        memref.store %x3, %g[%r, %c] : memref<20x16xi32>
        memref.store %x3, %h[%r, %c] : memref<20x16xi32>
      }
    }
    %c30 = arith.constant 30 : index
    %c10 = arith.constant 10 : index
    %c50 = arith.constant 50 : i32
    scf.for %t = %c0 to %c30 step %c1 {
      offload.launch @step2(%g, %h) devices(all) : (memref<20x16xi32>, memref<20x16xi32>) -> ()
      offload.launch @step2(%h, %g) devices(all) : (memref<20x16xi32>, memref<20x16xi32>) -> ()
      %ti = arith.index_cast %t : index to i32
      scf.for %c = %c0 to %C step %c1 {
        %ci = arith.index_cast %c : index to i32
        %p = arith.muli %ti, %ci : i32
        %top = arith.remsi %p, %c50 : i32
        memref.store %top, %g[%c0, %c] : memref<20x16xi32>
        %q = arith.addi %ti, %ci : i32
        %mid = arith.remsi %q, %c40 : i32
        memref.store %mid, %g[%c10, %c] : memref<20x16xi32>
      }
    }
    %sum2 = scf.for %r = %c0 to %R step %c1 iter_args(%s = %z) -> i32 {
      %sr = scf.for %c = %c0 to %C step %c1 iter_args(%q = %s) -> i32 {
        %v = memref.load %g[%r, %c] : memref<20x16xi32>
        %q1 = arith.addi %q, %v : i32
        scf.yield %q1 : i32
      }
      scf.yield %sr : i32
    }
    %c5 = arith.constant 5 : index
    %c18 = arith.constant 18 : index
    %c3x = arith.constant 3 : index
    %g5 = memref.load %g[%c5, %c5] : memref<20x16xi32>
    %g10 = memref.load %g[%c10, %c7] : memref<20x16xi32>
    %g18 = memref.load %g[%c18, %c3x] : memref<20x16xi32>
    %f2 = llvm.mlir.addressof @fmt2 : !llvm.ptr
    llvm.call @printf(%f2, %g5, %g10, %g18, %sum2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32) -> i32
    return %z : i32
  }
}
