// A ping-pong scf.while: a Jacobi-like smoothing of a 1-D grid whose two
// buffers the loop swaps in its arguments, iterated until the change the
// second kernel sums (over every row, other bounds than the smoothing's
// interior) is small. The run keeps both grids on the devices across the
// loop: its arguments stand for the buffers it starts with, which each
// device enters before it and copies back after it, and only the halo rows
// move in between. n = 203 i32 over the host plugin's four devices (shares
// of the hull [0, 203): 51, 51, 51 and 50 rows); the loop stops after 178
// iterations, when the change drops to 29848. Expected values from a
// Python model of the same program.
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

// CHECK: it 178 res 29848 s0 11158477 s1 11128629 p1 940275 p20 134688 p201 0

// REMARKS: remark: split launches of @smooth, @change keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}; the buffer iteration argument #0 of the loop starts with: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; the buffer iteration argument #1 of the loop starts with: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 1 launch(es); the loops of @change may run over other rows than that of the first launch (@smooth)

// Each device enters its rows of both grids once ([lo - 1, hi + 1): 52,
// 53 or 51 i32) and copies back its share of both once; per iteration it
// receives the halo row of the grid just written from each neighbour and
// sends its own (4 bytes; through the host on the host plugin), and copies
// back its partial sum (4 bytes).
// COPIES: device 0: host->device 180 copies 1128 bytes: 208 x2, 4 x178
// COPIES-NEXT: device 0: device->host 358 copies 1832 bytes: 204 x2, 4 x356
// COPIES-NEXT: device 0: launches: change_share x178, smooth_share x178
// COPIES-NEXT: device 1: host->device 358 copies 1848 bytes: 212 x2, 4 x356
// COPIES-NEXT: device 1: device->host 536 copies 2544 bytes: 204 x2, 4 x534
// COPIES-NEXT: device 1: launches: change_share x178, smooth_share x178
// COPIES-NEXT: device 2: host->device 358 copies 1848 bytes: 212 x2, 4 x356
// COPIES-NEXT: device 2: device->host 536 copies 2544 bytes: 204 x2, 4 x534
// COPIES-NEXT: device 2: launches: change_share x178, smooth_share x178
// COPIES-NEXT: device 3: host->device 180 copies 1120 bytes: 204 x2, 4 x178
// COPIES-NEXT: device 3: device->host 358 copies 1824 bytes: 200 x2, 4 x356
// COPIES-NEXT: device 3: launches: change_share x178, smooth_share x178

module attributes {offload.targets = [#offload.host]} {
  // y[i] = (x[i-1] + x[i+1]) / 2, i in [1, n - 1).
  offload.kernel @smooth(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %s = arith.addi %l, %r : i32
      %h = arith.divsi %s, %two : i32
      memref.store %h, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // t[0] = sum over every row [0, n) of |y[i] - x[i]|.
  offload.kernel @change(%x: memref<?xi32>, %y: memref<?xi32>, %t: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i32 {
      %a = memref.load %x[%i] : memref<?xi32>
      %b = memref.load %y[%i] : memref<?xi32>
      %d = arith.subi %b, %a : i32
      %nd = arith.subi %zero, %d : i32
      %ad = arith.maxsi %d, %nd : i32
      scf.reduce(%ad : i32) {
      ^bb0(%l: i32, %r: i32):
        %q = arith.addi %l, %r : i32
        scf.reduce.return %q : i32
      }
    }
    memref.store %s, %t[%c0] : memref<1xi32>
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("it %d res %d s0 %d s1 %d p1 %d p20 %d p201 %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 20 : index
    %c201 = arith.constant 201 : index
    %n = arith.constant 203 : index
    %last = arith.constant 202 : index
    %z = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %big = arith.constant 1000000 : i32
    %maxit = arith.constant 400 : i32
    %tol = arith.constant 30000 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %t = memref.alloc() : memref<1xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %z, %a[%i] : memref<?xi32>
      memref.store %z, %b[%i] : memref<?xi32>
    }
    memref.store %big, %a[%c0] : memref<?xi32>
    memref.store %big, %b[%c0] : memref<?xi32>
    %r:4 = scf.while (%p = %a, %q = %b, %it = %z, %res = %big) : (memref<?xi32>, memref<?xi32>, i32, i32) -> (memref<?xi32>, memref<?xi32>, i32, i32) {
      %more = arith.cmpi slt, %it, %maxit : i32
      %far = arith.cmpi sgt, %res, %tol : i32
      %go = arith.andi %more, %far : i1
      scf.condition(%go) %p, %q, %it, %res : memref<?xi32>, memref<?xi32>, i32, i32
    } do {
    ^bb0(%p: memref<?xi32>, %q: memref<?xi32>, %it: i32, %res: i32):
      offload.launch @smooth(%p, %q) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @change(%p, %q, %t) devices(all) : (memref<?xi32>, memref<?xi32>, memref<1xi32>) -> ()
      %c = memref.load %t[%c0] : memref<1xi32>
      %it1 = arith.addi %it, %one : i32
      scf.yield %q, %p, %it1, %c : memref<?xi32>, memref<?xi32>, i32, i32
    }
    %s0 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %r#0[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %v = memref.load %r#1[%i] : memref<?xi32>
      %s1 = arith.addi %s, %v : i32
      scf.yield %s1 : i32
    }
    %p1 = memref.load %r#0[%c1] : memref<?xi32>
    %p100 = memref.load %r#0[%c100] : memref<?xi32>
    %p201 = memref.load %r#0[%c201] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %r#2, %r#3, %s0, %s1, %p1, %p100, %p201) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32) -> i32
    return %z : i32
  }
}
