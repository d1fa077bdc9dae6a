// Split launches over the host plugin's devices, beyond the plain case: a
// loop of step 2 from 1 (odd rows only: each share starts at an odd row, so
// the shares divide the iterations, not the rows), a max reduction over
// devices(all), and a list naming device 1 twice (one share: two would map
// overlapping sections of the same buffer on device 1). Exact against the
// host's values, with 4 threads, 2, 1, and with offloading disabled.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=2 %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// Device 1 runs the second list's only share: every row of the loop.
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2>&1 > /dev/null \
// RUN:   | grep -o "device [0-9] info: Launching kernel odd_share" | sort | uniq -c \
// RUN:   | FileCheck %s --check-prefix=LAUNCHES
//
// CHECK: odd: 1001 of 1001 right, max 36.0, dup: 1001 right
// REMARKS: split-step.mlir:[[#@LINE+62]]:5: remark: launch of @odd split over 3 listed devices
// REMARKS: split-step.mlir:[[#@LINE+62]]:5: remark: launch of @maxk split over every device present
// REMARKS: split-step.mlir:[[#@LINE+89]]:5: remark: launch of @odd split over 2 listed devices
// LAUNCHES: 1 device 0 info: Launching kernel odd_share
// LAUNCHES-NEXT: 2 device 1 info: Launching kernel odd_share
// LAUNCHES-NEXT: 1 device 2 info: Launching kernel odd_share
module attributes {offload.targets = [#offload.host]} {
  // Odd rows only (step 2 from 1), a max reduction, devices listed twice.
  offload.kernel @odd(%a: memref<?xf32>, %b: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %nm = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%nm) step (%c2) {
      %l = arith.subi %i, %c1 : index
      %r = arith.addi %i, %c1 : index
      %x = memref.load %a[%l] : memref<?xf32>
      %y = memref.load %a[%r] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %b[%i] : memref<?xf32>
    }
    offload.return
  }
  offload.kernel @maxk(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %init = arith.constant -1.0e30 : f32
    %m = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
      %v = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%v : f32) {
      ^bb0(%p: f32, %q: f32):
        %mx = arith.maximumf %p, %q : f32
        scf.reduce.return %mx : f32
      }
    }
    memref.store %m, %out[%c0] : memref<1xf32>
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("odd: %ld of %ld right, max %.1f, dup: %ld right\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1001 : index
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %d2 = arith.constant 2 : i32
    %d3 = arith.constant 3 : i32
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %o = memref.alloc() : memref<1xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %c37 = arith.constant 37 : i32
      %r = arith.remsi %ii, %c37 : i32
      %f = arith.sitofp %r : i32 to f32
      memref.store %f, %a[%i] : memref<?xf32>
      memref.store %zero, %b[%i] : memref<?xf32>
    }
    offload.launch @odd(%a, %b) devices(%d0, %d1, %d2 : i32, i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @maxk(%a, %o) devices(all) : (memref<?xf32>, memref<1xf32>) -> ()
    %nm = arith.subi %n, %c1 : index
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %c2 = arith.constant 2 : index
      %odd = arith.remui %i, %c2 : index
      %isodd = arith.cmpi eq, %odd, %c1 : index
      %inner = arith.cmpi ult, %i, %nm : index
      %both = arith.andi %isodd, %inner : i1
      %want = scf.if %both -> f32 {
        %l = arith.subi %i, %c1 : index
        %r = arith.addi %i, %c1 : index
        %x = memref.load %a[%l] : memref<?xf32>
        %y = memref.load %a[%r] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        scf.yield %s : f32
      } else {
        scf.yield %zero : f32
      }
      %got = memref.load %b[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %want, %got : f32
      %inc = arith.addi %acc, %c1 : index
      %nx = arith.select %eq, %inc, %acc : index
      scf.yield %nx : index
    }
    // The same device twice.
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %b[%i] : memref<?xf32>
    }
    offload.launch @odd(%a, %b) devices(%d1, %d1 : i32, i32) : (memref<?xf32>, memref<?xf32>) -> ()
    %ok2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %c2 = arith.constant 2 : index
      %odd = arith.remui %i, %c2 : index
      %isodd = arith.cmpi eq, %odd, %c1 : index
      %inner = arith.cmpi ult, %i, %nm : index
      %both = arith.andi %isodd, %inner : i1
      %want = scf.if %both -> f32 {
        %l = arith.subi %i, %c1 : index
        %r = arith.addi %i, %c1 : index
        %x = memref.load %a[%l] : memref<?xf32>
        %y = memref.load %a[%r] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        scf.yield %s : f32
      } else {
        scf.yield %zero : f32
      }
      %got = memref.load %b[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %want, %got : f32
      %inc = arith.addi %acc, %c1 : index
      %nx = arith.select %eq, %inc, %acc : index
      scf.yield %nx : index
    }
    %mx = memref.load %o[%c0] : memref<1xf32>
    %mxd = arith.extf %mx : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %ok64 = arith.index_cast %ok : index to i64
    %ok264 = arith.index_cast %ok2 : index to i64
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%fmt, %ok64, %n64, %mxd, %ok264) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, f64, i64) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
