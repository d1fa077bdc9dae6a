// Split launches whose loops run over other rows of the same buffers keep
// their sections on the devices together: a stencil over the interior rows
// [1, n - 1) of a, the sum of b over every row [0, n) and a rewrite of a
// from b over every row (both linalg ops of the host code, which
// offload-outline-linalg launches over the devices of the stencil beside
// them), and a weighted sum of a over every row (a kernel). The devices'
// shares are equal parts of the hull [0, n) of the loops, and each launch
// runs the iterations of its own loop in them. n = 1001 i32, 30 iterations,
// on the host plugin's four devices: shares [0, 251), [251, 502),
// [502, 753), [753, 1001). Expected values from a Python model of the same
// program.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=3 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: acc 15264881 wsum 45487849 sa 513459 sb 502444 a0 1 a500 603 a1000 1

// REMARKS-DAG: remark: outlined linalg.reduce into kernel @__linalg_main_reduce_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers
// REMARKS-DAG: remark: outlined linalg.generic into kernel @__linalg_main_generic_0 launched here, over the devices of the split launch of @step beside it, which takes one of its buffers
// REMARKS-DAG: remark: split launches of @step, @__linalg_main_reduce_0, @__linalg_main_generic_0, @weighted keep their sections on every device present across 4 launch(es) (4 in loops): {{.*}}; argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo, hi) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 1 launch(es); the loops of @__linalg_main_reduce_0, @__linalg_main_generic_0, @weighted may run over other rows than that of the first launch (@step): each device's share [lo, hi) is its equal part of the rows all their loops cover, where each launch runs the iterations of its own loop

// Each device enters its rows of a (252 i32, the last 249) and of b (251,
// the last 248) once and copies back its share of both once; in each
// iteration it receives the row of a next to its share from each
// neighbour (4 bytes; the host plugin's copies between devices go through
// the host: one copy out of the source, one into the destination) and
// copies back its two partial sums (4 bytes each). When these launches did
// not share the devices (before the loops could have other bounds), every
// iteration moved a and b whole between the host and device 0: 481320
// bytes in and 240600 out in all, against 8752 and 9688 now.
// COPIES: device 0: host->device 32 copies 2132 bytes: 1008 x1, 1004 x1, 4 x30
// COPIES-NEXT: device 0: device->host 92 copies 2368 bytes: 1004 x2, 4 x90
// COPIES-NEXT: device 0: launches: __linalg_main_generic_0_share x30, __linalg_main_reduce_0_share x30, step_share x30, weighted_share x30
// COPIES-NEXT: device 1: host->device 62 copies 2256 bytes: 1012 x1, 1004 x1, 4 x60
// COPIES-NEXT: device 1: device->host 122 copies 2488 bytes: 1004 x2, 4 x120
// COPIES-NEXT: device 1: launches: __linalg_main_generic_0_share x30, __linalg_main_reduce_0_share x30, step_share x30, weighted_share x30
// COPIES-NEXT: device 2: host->device 62 copies 2256 bytes: 1012 x1, 1004 x1, 4 x60
// COPIES-NEXT: device 2: device->host 122 copies 2488 bytes: 1004 x2, 4 x120
// COPIES-NEXT: device 2: launches: __linalg_main_generic_0_share x30, __linalg_main_reduce_0_share x30, step_share x30, weighted_share x30
// COPIES-NEXT: device 3: host->device 32 copies 2108 bytes: 996 x1, 992 x1, 4 x30
// COPIES-NEXT: device 3: device->host 92 copies 2344 bytes: 992 x2, 4 x90
// COPIES-NEXT: device 3: launches: __linalg_main_generic_0_share x30, __linalg_main_reduce_0_share x30, step_share x30, weighted_share x30

module attributes {offload.targets = [#offload.host]} {
  // y[i] = (x[i-1] + 3 x[i] + 5 x[i+1] + 1) mod 1009, i in [1, n - 1).
  offload.kernel @step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %k3 = arith.constant 3 : i32
    %k5 = arith.constant 5 : i32
    %one = arith.constant 1 : i32
    %p = arith.constant 1009 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m3 = arith.muli %m, %k3 : i32
      %r5 = arith.muli %r, %k5 : i32
      %s0 = arith.addi %l, %m3 : i32
      %s1 = arith.addi %s0, %r5 : i32
      %s2 = arith.addi %s1, %one : i32
      %q = arith.remsi %s2, %p : i32
      memref.store %q, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // The sum of x[i] * (i mod 5 + 1) over the whole buffer, [0, n).
  offload.kernel @weighted(%x: memref<?xi32>, %t: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i32 {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.remui %i, %c5 : index
      %w1 = arith.addi %w, %c1 : index
      %wi = arith.index_cast %w1 : index to i32
      %p = arith.muli %v, %wi : i32
      scf.reduce(%p : i32) {
      ^bb0(%l: i32, %r: i32):
        %q = arith.addi %l, %r : i32
        scf.reduce.return %q : i32
      }
    }
    memref.store %s, %t[%c0] : memref<1xi32>
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("acc %d wsum %d sa %d sb %d a0 %d a500 %d a1000 %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c500 = arith.constant 500 : index
    %c1000 = arith.constant 1000 : index
    %iters = arith.constant 30 : index
    %z = arith.constant 0 : i32
    %k1 = arith.constant 1 : i32
    %k3 = arith.constant 3 : i32
    %k37 = arith.constant 37 : i32
    %k101 = arith.constant 101 : i32
    %p = arith.constant 1009 : i32
    %n = arith.constant 1001 : index
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %t = memref.alloc() : memref<1xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %q = arith.muli %ii, %k37 : i32
      %r = arith.remsi %q, %k101 : i32
      memref.store %r, %a[%i] : memref<?xi32>
      memref.store %z, %b[%i] : memref<?xi32>
    }
    %res:2 = scf.for %it = %c0 to %iters step %c1 iter_args(%acc = %z, %ws = %z) -> (i32, i32) {
      offload.launch @step(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      // The sum of b (rows [0, n)), a linalg op of the host code.
      %sum = memref.alloc() : memref<i32>
      memref.store %z, %sum[] : memref<i32>
      linalg.reduce ins(%b : memref<?xi32>) outs(%sum : memref<i32>) dimensions = [0]
        (%in: i32, %init: i32) {
          %s = arith.addi %in, %init : i32
          linalg.yield %s : i32
        }
      %sv = memref.load %sum[] : memref<i32>
      memref.dealloc %sum : memref<i32>
      // a = (3 b + 1) mod 1009 over every row [0, n), also linalg.
      linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%b : memref<?xi32>) outs(%a : memref<?xi32>) {
        ^bb0(%v: i32, %o: i32):
          %v3 = arith.muli %v, %k3 : i32
          %v4 = arith.addi %v3, %k1 : i32
          %v5 = arith.remsi %v4, %p : i32
          linalg.yield %v5 : i32
      }
      offload.launch @weighted(%a, %t) devices(all) : (memref<?xi32>, memref<1xi32>) -> ()
      %w = memref.load %t[%c0] : memref<1xi32>
      %acc1 = arith.addi %acc, %sv : i32
      %ws1 = arith.addi %ws, %w : i32
      scf.yield %acc1, %ws1 : i32, i32
    }
    %sa = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %a[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %sb = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %b[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %a0 = memref.load %a[%c0] : memref<?xi32>
    %a500 = memref.load %a[%c500] : memref<?xi32>
    %a1000 = memref.load %a[%c1000] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %res#0, %res#1, %sa, %sb, %a0, %a500, %a1000) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32) -> i32
    return %z : i32
  }
}
