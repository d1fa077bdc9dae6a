// offload.device_copy between two of the host plugin's devices: x (8
// elements) is entered on devices 0 and 1; a kernel on device 0 writes
// x[i] = 10 i; rows [2, 6) go from device 0 to device 1, which copies its
// whole x back: the host sees the new rows [2, 6) and its own elsewhere.
// Then a copy from device 1 to device 2, which does not hold x: the
// program stops with a message naming the op.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERROR < %t.err
// The copy between devices goes through the host on the host plugin.
// RUN: env LIBOMPTARGET_INFO=-1 not %t 2>&1 | FileCheck %s --check-prefix=INFO

// CHECK: x = -1 -1 20 30 40 50 -1 -1
// ERROR: offload: device_copy at {{.*}}device-copy.mlir:{{[0-9]+}}:5: cannot copy 64 bytes from device 1 to device 2 (a device does not hold the buffer, or the runtime failed)
// INFO: omptarget device 0 info: Copying data from device to host, {{.*}}Size=32,
// INFO: omptarget device 1 info: Copying data from host to device, {{.*}}Size=32,

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("x = %ld %ld %ld %ld %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}

  offload.kernel @ramp(%x: memref<8xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %ten = arith.constant 10 : i64
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %ii, %ten : i64
      memref.store %v, %x[%i] : memref<8xi64>
    }
    offload.return
  }

  func.func @main() -> i32 {
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %d2 = arith.constant 2 : i32
    %minus1 = arith.constant -1 : i64
    %x = memref.alloc() : memref<8xi64>
    %lb = arith.constant 0 : index
    %ub = arith.constant 8 : index
    %step = arith.constant 1 : index
    scf.for %i = %lb to %ub step %step {
      memref.store %minus1, %x[%i] : memref<8xi64>
    }
    offload.enter_data map(to: %x : memref<8xi64>) device(%d0 : i32)
    offload.enter_data map(to: %x : memref<8xi64>) device(%d1 : i32)
    offload.launch @ramp(%x) device(%d0 : i32) : (memref<8xi64>) -> ()
    %rows = memref.subview %x[2] [4] [1] : memref<8xi64> to memref<4xi64, strided<[1], offset: 2>>
    offload.device_copy %rows from(%d0 : i32) to(%d1 : i32) : memref<4xi64, strided<[1], offset: 2>>
    offload.exit_data map(release: %x : memref<8xi64>) device(%d0 : i32)
    offload.exit_data map(from: %x : memref<8xi64>) device(%d1 : i32)
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %v0 = memref.load %x[%c0] : memref<8xi64>
    %v1 = memref.load %x[%c1] : memref<8xi64>
    %v2 = memref.load %x[%c2] : memref<8xi64>
    %v3 = memref.load %x[%c3] : memref<8xi64>
    %v4 = memref.load %x[%c4] : memref<8xi64>
    %v5 = memref.load %x[%c5] : memref<8xi64>
    %v6 = memref.load %x[%c6] : memref<8xi64>
    %v7 = memref.load %x[%c7] : memref<8xi64>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64) -> i32
    offload.enter_data map(to: %x : memref<8xi64>) device(%d1 : i32)
    offload.device_copy %x from(%d1 : i32) to(%d2 : i32) : memref<8xi64>
    offload.exit_data map(release: %x : memref<8xi64>) device(%d1 : i32)
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
