// The paths of a grid loop that runs 4 consecutive iterations per thread
// (f32; 2 for f64), with sizes that are multiples of nothing:
//   - aligned buffers: unrolled, 16-byte accesses, a tail loop at the end;
//   - views starting one element in: not aligned, unrolled scalar accesses;
//   - an explicit grid smaller than the loop: the grid-stride path;
//   - a sum (a reduction over the grid): chunks of 4 with 16-byte loads
//     when aligned, then the rest; one at a time on a view.
// Built for the host device here (and for the GPU by scripts/gpu-tests.sh),
// run through the runtime, then with offloading disabled.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s

// Each path's result is checked element by element on the host (1: all
// equal):
// CHECK: aligned 1 view 1 stride 1 f64 1
// sum of i mod 1000 over the 100003 elements, and over elements 1 .. 100002:
// CHECK-NEXT: sum 49950003 49950003

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("aligned %d view %d stride %d f64 %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt2("sum %ld %ld\0A\00") {addr_space = 0 : i32}

  offload.kernel @sum(%x: memref<?xf32, strided<[1], offset: ?>>, %out: memref<1xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xf32, strided<[1], offset: ?>>
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i64 {
      %v = memref.load %x[%i] : memref<?xf32, strided<[1], offset: ?>>
      %w = arith.fptosi %v : f32 to i64
      scf.reduce(%w : i64) {
      ^bb0(%a: i64, %b: i64):
        %t = arith.addi %a, %b : i64
        scf.reduce.return %t : i64
      }
    }
    memref.store %s, %out[%c0] : memref<1xi64>
    offload.return
  }

  offload.kernel @affine(%x: memref<?xf32, strided<[1], offset: ?>>, %y: memref<?xf32, strided<[1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32, strided<[1], offset: ?>>
      %d = arith.mulf %v, %two : f32
      %r = arith.addf %d, %one : f32
      memref.store %r, %y[%i] : memref<?xf32, strided<[1], offset: ?>>
    }
    offload.return
  }

  offload.kernel @affine64(%x: memref<?xf64>, %y: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f64
    %n = memref.dim %x, %c0 : memref<?xf64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf64>
      %d = arith.mulf %v, %two : f64
      memref.store %d, %y[%i] : memref<?xf64>
    }
    offload.return
  }

  // 1 when y[i] == 2 * x[i] + 1 for every i of y, else 0.
  func.func @verify(%x: memref<?xf32, strided<[1], offset: ?>>, %y: memref<?xf32, strided<[1], offset: ?>>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %t = arith.constant 1 : i32
    %f = arith.constant 0 : i32
    %n = memref.dim %x, %c0 : memref<?xf32, strided<[1], offset: ?>>
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> i32 {
      %v = memref.load %x[%i] : memref<?xf32, strided<[1], offset: ?>>
      %w = memref.load %y[%i] : memref<?xf32, strided<[1], offset: ?>>
      %d = arith.mulf %v, %two : f32
      %e = arith.addf %d, %one : f32
      %eq = arith.cmpf oeq, %e, %w : f32
      %r = arith.select %eq, %acc, %f : i32
      scf.yield %r : i32
    }
    return %ok : i32
  }

  func.func @init(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1000 = arith.constant 1000 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c1000 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.sitofp %ri : i32 to f32
      memref.store %v, %x[%i] : memref<?xf32>
    }
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %n = arith.constant 100003 : index
    %m = arith.constant 100001 : index
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    %z = memref.alloc(%n) : memref<?xf32>
    func.call @init(%x) : (memref<?xf32>) -> ()
    %xs = memref.cast %x : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    %ys = memref.cast %y : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @affine(%xs, %ys) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    %ok1 = func.call @verify(%xs, %ys) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> i32
    // Views one element in (not 16-byte aligned), 100001 elements.
    %xv = memref.subview %x[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %zv = memref.subview %z[1] [%m] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %xvs = memref.cast %xv : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    %zvs = memref.cast %zv : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @affine(%xvs, %zvs) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    %ok2 = func.call @verify(%xvs, %zvs) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> i32
    // 3 blocks of 32 threads: fewer than the loop needs.
    %zs = memref.cast %z : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @affine(%xs, %zs) blocks(%c3) threads(%c32) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    %ok3 = func.call @verify(%xs, %zs) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> i32
    // f64, 2 per thread, odd size.
    %a = memref.alloc(%n) : memref<?xf64>
    %b = memref.alloc(%n) : memref<?xf64>
    %cst = arith.constant 1.5 : f64
    scf.for %i = %c0 to %n step %c1 {
      memref.store %cst, %a[%i] : memref<?xf64>
    }
    offload.launch @affine64(%a, %b) : (memref<?xf64>, memref<?xf64>) -> ()
    %three = arith.constant 3.0 : f64
    %t = arith.constant 1 : i32
    %f = arith.constant 0 : i32
    %ok4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> i32 {
      %v = memref.load %b[%i] : memref<?xf64>
      %eq = arith.cmpf oeq, %v, %three : f64
      %r = arith.select %eq, %acc, %f : i32
      scf.yield %r : i32
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %ok1, %ok2, %ok3, %ok4) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32) -> i32
    %o1 = memref.alloc() : memref<1xi64>
    %o2 = memref.alloc() : memref<1xi64>
    offload.launch @sum(%xs, %o1) : (memref<?xf32, strided<[1], offset: ?>>, memref<1xi64>) -> ()
    %c100002 = arith.constant 100002 : index
    %xv3 = memref.subview %x[1] [%c100002] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: 1>>
    %xv3s = memref.cast %xv3 : memref<?xf32, strided<[1], offset: 1>> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @sum(%xv3s, %o2) : (memref<?xf32, strided<[1], offset: ?>>, memref<1xi64>) -> ()
    %s1 = memref.load %o1[%c0] : memref<1xi64>
    %s2 = memref.load %o2[%c0] : memref<1xi64>
    %fmt2 = llvm.mlir.addressof @fmt2 : !llvm.ptr
    %p2 = llvm.call @printf(%fmt2, %s1, %s2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
