// Groups of their own with other steps: a ping-pong 1-D stencil (a, b
// passed between iterations of an scf.for, loop [1, 502) of step 1) and a
// kernel of step 2 on buffers of its own (f[i] += e[i] + e[i + 1] mod
// 65521 at odd i of [1, 210)), launched in turn 25 times over the host
// plugin's four devices. Each problem is a group with the devices' shares
// of its own loop; every buffer's rows stay on the devices across the
// loop (one halo row each way per neighbour and iteration). The values
// are those of this Python model:
//   a = [(37 i) % 101], b = a, e = f = [i]; x, y = a, b; 25 times:
//   y[i] = (x[i-1] + 2 x[i] + x[i+1]) % 1000003 for i in [1, 502);
//   f[i] = ((e[i] + e[i+1]) % 65521 + f[i]) % 65521 for odd i < 210;
//   x, y = y, x; then sums of v * i of a, b and f, a[7] and f[10].
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

// CHECK: a 59749825012 b 65651573000 e 80557960 a7 23907 e10 10

// REMARKS: remark: split launches of @smooth, @evens keep their sections on every device present across 2 launch(es) (2 in loops) in 2 groups that share no buffer, each device with its share of each group's loop (that of @smooth, @evens)

// Each device enters its rows of a, b (504 bytes or so), e and f once and
// copies back its shares once; between iterations one 4-byte halo row
// each way per neighbour (through the host on the host plugin). A loop
// that is no run moves every launch's sections at every iteration: 23700
// bytes in on device 0 for this program with @evens starting at t mod 2
// (bounds the run cannot compute before it).
// COPIES: device 0: host->device 29 copies 1560 bytes: 512 x2, 220 x1, 216 x1, 4 x25
// COPIES-NEXT: device 0: device->host 28 copies 1324 bytes: 504 x2, 216 x1, 4 x25
// COPIES-NEXT: device 0: launches: evens_share x25, smooth_share x25
// COPIES-NEXT: device 1: host->device 54 copies 1660 bytes: 512 x2, 220 x1, 216 x1, 4 x50
// COPIES-NEXT: device 1: device->host 53 copies 1424 bytes: 504 x2, 216 x1, 4 x50
// COPIES-NEXT: device 1: launches: evens_share x25, smooth_share x25
// COPIES-NEXT: device 2: host->device 54 copies 1660 bytes: 512 x2, 220 x1, 216 x1, 4 x50
// COPIES-NEXT: device 2: device->host 53 copies 1424 bytes: 504 x2, 216 x1, 4 x50
// COPIES-NEXT: device 2: launches: evens_share x25, smooth_share x25
// COPIES-NEXT: device 3: host->device 29 copies 1480 bytes: 500 x2, 192 x1, 188 x1, 4 x25
// COPIES-NEXT: device 3: device->host 28 copies 1272 bytes: 492 x2, 188 x1, 4 x25
// COPIES-NEXT: device 3: launches: evens_share x25, smooth_share x25

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @smooth(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %p = arith.constant 1000003 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %s1 = arith.addi %l, %m : i32
      %s2 = arith.addi %s1, %r : i32
      %s3 = arith.addi %s2, %m : i32
      %v = arith.remsi %s3, %p : i32
      memref.store %v, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // f[i] = ((e[i] + e[i + 1]) mod 65521 + f[i]) mod 65521 at every other i
  // from lo (step 2)
  offload.kernel @evens(%e: memref<?xi32>, %f: memref<?xi32>, %lo: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %e, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%lo) to (%last) step (%c2) {
      %ip = arith.addi %i, %c1 : index
      %a = memref.load %e[%i] : memref<?xi32>
      %b = memref.load %e[%ip] : memref<?xi32>
      %s = arith.addi %a, %b : i32
      %p = arith.constant 65521 : i32
      %v = arith.remsi %s, %p : i32
      %o = memref.load %f[%i] : memref<?xi32>
      %v2 = arith.addi %v, %o : i32
      %v3 = arith.remsi %v2, %p : i32
      memref.store %v3, %f[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("a %ld b %ld e %ld a7 %d e10 %d\0A\00") {addr_space = 0 : i32}
  func.func @sum(%x: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.extsi %v : i32 to i64
      %ii = arith.index_cast %i : index to i64
      %p = arith.muli %w, %ii : i64
      %a = arith.addi %acc, %p : i64
      scf.yield %a : i64
    }
    return %r : i64
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 503 : index
    %m = arith.constant 211 : index
    %it = arith.constant 25 : index
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %e = memref.alloc(%m) : memref<?xi32>
    %ff = memref.alloc(%m) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %k = arith.constant 37 : i32
      %v = arith.muli %ii, %k : i32
      %q = arith.constant 101 : i32
      %w = arith.remsi %v, %q : i32
      memref.store %w, %a[%i] : memref<?xi32>
      memref.store %w, %b[%i] : memref<?xi32>
    }
    scf.for %i = %c0 to %m step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %e[%i] : memref<?xi32>
      memref.store %ii, %ff[%i] : memref<?xi32>
    }
    %r:2 = scf.for %t = %c0 to %it step %c1 iter_args(%x = %a, %y = %b) -> (memref<?xi32>, memref<?xi32>) {
      offload.launch @smooth(%x, %y) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      %odd = arith.remui %t, %c2 : index
      offload.launch @evens(%e, %ff, %c1) devices(all) : (memref<?xi32>, memref<?xi32>, index) -> ()
      scf.yield %y, %x : memref<?xi32>, memref<?xi32>
    }
    %sa = func.call @sum(%a) : (memref<?xi32>) -> i64
    %sb = func.call @sum(%b) : (memref<?xi32>) -> i64
    %se = func.call @sum(%ff) : (memref<?xi32>) -> i64
    %a7 = memref.load %a[%c7] : memref<?xi32>
    %e10 = memref.load %ff[%c10] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %sa, %sb, %se, %a7, %e10) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i32, i32) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
