// Host code holding ops kernels hold too: vector ops (a transfer_read, a
// reduction, a transfer_write) and memref.realloc, around a launch. They
// failed late with an internal LLVM-translation error (an unrealized
// conversion cast left over); the host pipeline now lowers them
// (expand-realloc, convert-vector-to-llvm).
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s --match-full-lines
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --match-full-lines
//
// CHECK: vector sum of x[0..8) = 56, y[0..4) = 7 8 9 10
// CHECK-NEXT: realloc: 16 elements, z[0..8) kept: 0 1 2 3 4 5 6 7, sum after the launch = 72
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @vfmt("vector sum of x[0..8) = %ld, y[0..4) = %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @rfmt("realloc: %ld elements, z[0..8) kept: %ld %ld %ld %ld %ld %ld %ld %ld, sum after the launch = %ld\0A\00") {addr_space = 0 : i32}
  // x[i] = 2 x[i]
  offload.kernel @twice(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.addi %v, %v : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func private @sum(%x: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %t = arith.addi %acc, %v : i64
      scf.yield %t : i64
    }
    return %s : i64
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i64
    // x[i] = i; the launch doubles it; then vectors on the host.
    %x = memref.alloc(%c8) : memref<?xi64>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %x[%i] : memref<?xi64>
    }
    offload.launch @twice(%x) : (memref<?xi64>) -> ()
    %lo = vector.transfer_read %x[%c0], %z : memref<?xi64>, vector<4xi64>
    %hi = vector.transfer_read %x[%c4], %z : memref<?xi64>, vector<4xi64>
    %both = arith.addi %lo, %hi : vector<4xi64>
    %s = vector.reduction <add>, %both : vector<4xi64> into i64
    // y = lo / 2 + 7 (7 8 9 10 from 0 2 4 6)
    %seven = arith.constant dense<7> : vector<4xi64>
    %two = arith.constant dense<2> : vector<4xi64>
    %half = arith.divsi %lo, %two : vector<4xi64>
    %yv = arith.addi %half, %seven : vector<4xi64>
    %y = memref.alloc(%c4) : memref<?xi64>
    vector.transfer_write %yv, %y[%c0] : vector<4xi64>, memref<?xi64>
    %y0 = memref.load %y[%c0] : memref<?xi64>
    %y1 = memref.load %y[%c1] : memref<?xi64>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %y2 = memref.load %y[%c2] : memref<?xi64>
    %y3 = memref.load %y[%c3] : memref<?xi64>
    %vf = llvm.mlir.addressof @vfmt : !llvm.ptr
    llvm.call @printf(%vf, %s, %y0, %y1, %y2, %y3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32
    // z = 0 .. 7, grown to 16 (the new elements set to 1), doubled on the
    // device: sum = 2 (28 + 8) = 72.
    %z0 = memref.alloc(%c8) : memref<?xi64>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %z0[%i] : memref<?xi64>
    }
    %zz = memref.realloc %z0(%c16) : memref<?xi64> to memref<?xi64>
    %n = memref.dim %zz, %c0 : memref<?xi64>
    %k0 = memref.load %zz[%c0] : memref<?xi64>
    %k1 = memref.load %zz[%c1] : memref<?xi64>
    %k2 = memref.load %zz[%c2] : memref<?xi64>
    %k3 = memref.load %zz[%c3] : memref<?xi64>
    %k4 = memref.load %zz[%c4] : memref<?xi64>
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %k5 = memref.load %zz[%c5] : memref<?xi64>
    %k6 = memref.load %zz[%c6] : memref<?xi64>
    %k7 = memref.load %zz[%c7] : memref<?xi64>
    %one = arith.constant 1 : i64
    scf.for %i = %c8 to %c16 step %c1 {
      memref.store %one, %zz[%i] : memref<?xi64>
    }
    offload.launch @twice(%zz) : (memref<?xi64>) -> ()
    %t = func.call @sum(%zz) : (memref<?xi64>) -> i64
    %n64 = arith.index_cast %n : index to i64
    %rf = llvm.mlir.addressof @rfmt : !llvm.ptr
    llvm.call @printf(%rf, %n64, %k0, %k1, %k2, %k3, %k4, %k5, %k6, %k7, %t) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
    memref.dealloc %x : memref<?xi64>
    memref.dealloc %y : memref<?xi64>
    memref.dealloc %zz : memref<?xi64>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
