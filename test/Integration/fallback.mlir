// A program that uses every data operation (enter_data with `to` and
// `alloc`, exit_data with `from` and `release`, a data region with an
// update inside) and launches three kernels, one of them on a grid smaller
// than its loop. Its result must be right whether the kernels run on a
// device or, when the launch cannot happen, as their host copies.
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s -o %t
//
// Offloading disabled: the data operations do nothing, every launch falls
// back to the host copy of its kernel, which works on the host's buffers; the
// runtime launches and copies nothing.
// RUN: env OMP_TARGET_OFFLOAD=disabled LIBOMPTARGET_INFO=-1 %t 2> %t.disabled \
// RUN:   | FileCheck %s --match-full-lines --check-prefix=RESULT
// RUN: FileCheck %s --allow-empty --check-prefix=NOTHING < %t.disabled
//
// Mandatory (lit's default) and the default policy (a host device exists, so
// the runtime offloads): the same result, computed by the runtime's launches,
// with exactly the copies the map clauses ask for: x in at enter_data (y is
// only allocated), y out at exit_data (x is released, not copied), x in at
// the data region's start, x out at the update, nothing at the region's end
// (x is `to`).
// RUN: env LIBOMPTARGET_INFO=-1 %t 2> %t.mandatory \
// RUN:   | FileCheck %s --match-full-lines --check-prefix=RESULT
// RUN: FileCheck %s --check-prefix=OFFLOADED < %t.mandatory
// RUN: env -u OMP_TARGET_OFFLOAD LIBOMPTARGET_INFO=-1 %t 2> %t.default \
// RUN:   | FileCheck %s --match-full-lines --check-prefix=RESULT
// RUN: FileCheck %s --check-prefix=OFFLOADED < %t.default
//
// fallback-no-image.test builds this program with no image the runtime can
// use.

// RESULT-NOT: {{.}}
// RESULT: fallback: n = 1000, 1000 of 1000 elements of y and 1000 of 1000 of x correct, y[999] = 502.5: PASS
// RESULT-NOT: {{.}}

// NOTHING-NOT: Launching kernel
// NOTHING-NOT: Copying data

// OFFLOADED-NOT: Copying data
// OFFLOADED: Copying data from host to device, {{.*}}, Size=4000, Name=
// OFFLOADED-NOT: Copying data
// OFFLOADED: Launching kernel fill with
// OFFLOADED-NOT: Copying data
// OFFLOADED: Launching kernel axpy with
// OFFLOADED-NOT: Copying data
// OFFLOADED: Copying data from device to host, {{.*}}, Size=4000, Name=
// OFFLOADED-NOT: Copying data
// OFFLOADED: Copying data from host to device, {{.*}}, Size=4000, Name=
// OFFLOADED-NOT: Copying data
// OFFLOADED: Launching kernel scale with
// OFFLOADED-NOT: Copying data
// OFFLOADED: Copying data from device to host, {{.*}}, Size=4000, Name=
// OFFLOADED-NOT: Copying data
// OFFLOADED-NOT: Launching kernel

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // y[i] = 3
  offload.kernel @fill(%y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3.0 : f32
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %three, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  // y[i] += a * x[i]
  offload.kernel @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  // x[i] *= s
  offload.kernel @scale(%s: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %s, %xi : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("fallback: n = %ld, %ld of %ld elements of y and %ld of %ld of x correct, y[999] = %.1f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 1000 : index
    %half = arith.constant 0.5 : f32
    %two = arith.constant 2.0 : f32
    %three = arith.constant 3.0 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    // x[i] = i, y[i] = -1 (overwritten on the device by @fill)
    %m1 = arith.constant -1.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
      memref.store %m1, %y[%i] : memref<?xf32>
    }

    // Unstructured mapping: x copied in, y only allocated.
    offload.enter_data map(to: %x : memref<?xf32>, alloc: %y : memref<?xf32>)
    offload.launch @fill(%y) : (memref<?xf32>) -> ()
    // A grid smaller than the loop: each thread takes several iterations.
    offload.launch @axpy(%half, %x, %y) blocks(%c2) threads(%c64) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    offload.exit_data map(from: %y : memref<?xf32>, release: %x : memref<?xf32>)

    // Structured mapping with an update: x doubled on the device, copied
    // back by offload.update before the region ends.
    offload.data map(to: %x : memref<?xf32>) {
      offload.launch @scale(%two, %x) : (f32, memref<?xf32>) -> ()
      offload.update map(from: %x : memref<?xf32>)
    }

    // y[i] == 3 + 0.5 i, x[i] == 2 i
    %oky, %okx = scf.for %i = %c0 to %n step %c1 iter_args(%cy = %c0, %cx = %c0) -> (index, index) {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %hf = arith.mulf %half, %f : f32
      %ey = arith.addf %hf, %three : f32
      %ex = arith.mulf %two, %f : f32
      %yi = memref.load %y[%i] : memref<?xf32>
      %xi = memref.load %x[%i] : memref<?xf32>
      %eqy = arith.cmpf oeq, %yi, %ey : f32
      %eqx = arith.cmpf oeq, %xi, %ex : f32
      %cy1 = arith.addi %cy, %c1 : index
      %cx1 = arith.addi %cx, %c1 : index
      %ny = arith.select %eqy, %cy1, %cy : index
      %nx = arith.select %eqx, %cx1, %cx : index
      scf.yield %ny, %nx : index, index
    }
    %ally = arith.cmpi eq, %oky, %n : index
    %allx = arith.cmpi eq, %okx, %n : index
    %all = arith.andi %ally, %allx : i1
    %c999 = arith.constant 999 : index
    %ylast = memref.load %y[%c999] : memref<?xf32>
    %ylast64 = arith.extf %ylast : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %oky64 = arith.index_cast %oky : index to i64
    %okx64 = arith.index_cast %okx : index to i64
    llvm.call @printf(%fmt, %n64, %oky64, %n64, %okx64, %n64, %ylast64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
