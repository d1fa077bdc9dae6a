// Kernels that exercise the calling convention and the grid mapping: a 3-D
// parallel loop, scf.forall over a strided subview with f64 math and a call,
// scalars of several widths (f64, i1, i8, index), a rank-0 memref and a
// kernel without a parallel loop. Built for the host device here (and for
// the GPU in Integration/GPU), run through the runtime, then again with
// offloading disabled so that the host copies compute the same values.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 %t 2>&1 | FileCheck %s --check-prefix=COPIES

// fill3: out[i,j,k] = i*10000 + j*100 + k at (5,7,3) and (2,8,10).
// mathk: x[4] = (sqrt(16)^2 - 3) * 0.5, x[5] untouched, x[22] = (484 - 3) * 0.5.
// single: 0 + 1 + ... + 7.
// CHECK: 3d 50703 20810; math 6.500 25.000 240.500; single 28

// The 7x10x40 i32 grid (written whole, so it is only allocated; the two
// elements the host reads come back, 4 bytes each, kept on the device with
// their updates), the strided f64 view from x[4] to x[22] (19 elements),
// the 8 i64 and the rank-0 output (written by the one thread, so it only
// comes back).
// COPIES-DAG: Copying data from device to host, {{.*}}Size=4, Name=offload.enter_data map 0
// COPIES-DAG: Copying data from device to host, {{.*}}Size=4, Name=offload.enter_data map 0
// COPIES-DAG: Copying data from host to device, {{.*}}Size=152, Name=mathk argument 0
// COPIES-DAG: Copying data from device to host, {{.*}}Size=152, Name=mathk argument 0
// COPIES-DAG: Copying data from host to device, {{.*}}Size=64, Name=single argument 0
// COPIES-DAG: Copying data from device to host, {{.*}}Size=8, Name=single argument 1
// COPIES-NOT: Copying data from device to host, {{.*}}Name=single argument 0
// COPIES-NOT: Size=11200
// COPIES-NOT: Copying data from host to device, {{.*}}Name=offload.enter_data

module attributes {offload.targets = [#offload.host]} {
  // 3-D: out[i,j,k] = i*10000 + j*100 + k
  offload.kernel @fill3(%out: memref<?x?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = memref.dim %out, %c0 : memref<?x?x?xi32>
    %b = memref.dim %out, %c1 : memref<?x?x?xi32>
    %c = memref.dim %out, %c2 : memref<?x?x?xi32>
    scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%a, %b, %c) step (%c1, %c1, %c1) {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %kk = arith.index_cast %k : index to i32
      %c10000 = arith.constant 10000 : i32
      %c100 = arith.constant 100 : i32
      %t0 = arith.muli %ii, %c10000 : i32
      %t1 = arith.muli %jj, %c100 : i32
      %t2 = arith.addi %t0, %t1 : i32
      %v = arith.addi %t2, %kk : i32
      memref.store %v, %out[%i, %j, %k] : memref<?x?x?xi32>
    }
    offload.return
  }
  // forall, f64 math, scalar of several types; strided subview.
  func.func @sq(%x: f64) -> f64 {
    %r = arith.mulf %x, %x : f64
    return %r : f64
  }
  offload.kernel @mathk(%x: memref<?xf64, strided<[?], offset: ?>>, %s: f64, %flag: i1, %b: i8, %n: index) {
    scf.forall (%i) in (%n) {
      %v = memref.load %x[%i] : memref<?xf64, strided<[?], offset: ?>>
      %e = math.sqrt %v : f64
      %q = func.call @sq(%e) : (f64) -> f64
      %bb = arith.extsi %b : i8 to i32
      %bf = arith.sitofp %bb : i32 to f64
      %t = arith.addf %q, %bf : f64
      %u = arith.mulf %t, %s : f64
      %w = arith.select %flag, %u, %v : f64
      memref.store %w, %x[%i] : memref<?xf64, strided<[?], offset: ?>>
    }
    offload.return
  }
  // No parallel loop: a single thread writes the sum.
  offload.kernel @single(%x: memref<8xi64>, %out: memref<i64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<8xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    memref.store %s, %out[] : memref<i64>
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("3d %d %d; math %.3f %.3f %.3f; single %ld\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %c40 = arith.constant 40 : index
    %g = memref.alloc(%c7, %c10, %c40) : memref<?x?x?xi32>
    offload.launch @fill3(%g) : (memref<?x?x?xi32>) -> ()
    %g1 = memref.load %g[%c5, %c7, %c3] : memref<?x?x?xi32>
    %g2 = memref.load %g[%c2, %c8, %c10] : memref<?x?x?xi32>
    // x = [0, 1, 4, 9, ... ] of 40; process every 2nd element from 4, 10 of them
    %x = memref.alloc(%c40) : memref<?xf64>
    scf.for %i = %c0 to %c40 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %f = arith.sitofp %ii : i64 to f64
      %sq = arith.mulf %f, %f : f64
      memref.store %sq, %x[%i] : memref<?xf64>
    }
    %sv = memref.subview %x[4] [10] [2] : memref<?xf64> to memref<10xf64, strided<[2], offset: 4>>
    %sc = memref.cast %sv : memref<10xf64, strided<[2], offset: 4>> to memref<?xf64, strided<[?], offset: ?>>
    %s = arith.constant 0.5 : f64
    %t = arith.constant true
    %b = arith.constant -3 : i8
    offload.launch @mathk(%sc, %s, %t, %b, %c10) : (memref<?xf64, strided<[?], offset: ?>>, f64, i1, i8, index) -> ()
    // x[4] was 16 -> (sqrt(16)^2 - 3) * .5 = 6.5; x[5] untouched 25; x[22] was 484 -> (484-3)*.5 = 240.5
    %c4 = arith.constant 4 : index
    %x4 = memref.load %x[%c4] : memref<?xf64>
    %c22 = arith.constant 22 : index
    %x5 = memref.load %x[%c5] : memref<?xf64>
    %x22 = memref.load %x[%c22] : memref<?xf64>
    %v8 = memref.alloc() : memref<8xi64>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %v8[%i] : memref<8xi64>
    }
    %o = memref.alloc() : memref<i64>
    offload.launch @single(%v8, %o) : (memref<8xi64>, memref<i64>) -> ()
    %ov = memref.load %o[] : memref<i64>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %g1, %g2, %x4, %x5, %x22, %ov) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, f64, f64, f64, i64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
