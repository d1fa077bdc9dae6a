// One buffer passed as two arguments that the kernel only reads
// (out[i] = b[i + 1] - b[i] with x = y = b): the launch splits over the
// host plugin's four devices (before, it ran whole on one: "views of one
// buffer"); each device maps b, copies nothing of it back, and copies back
// its rows of out. A buffer passed twice maps whole.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2>&1 >/dev/null \
// RUN:   | %python %S/../Inputs/copies_per_device.py | FileCheck %s --check-prefix=COPIES

// REMARK: remark: launch of @diff split over every device present
// sum of (i + 1)^2 - i^2 for i < 999: 999^2.
// CHECK: sum 998001 out[0] 1 out[998] 1997
// COPIES: device 0: host->device 1 copies 8000 bytes: 8000 x1
// COPIES-NEXT: device 0: device->host 1 copies 2000 bytes: 2000 x1
// COPIES-NEXT: device 0: launches: diff_share x1
// COPIES: device 3: host->device 1 copies 8000 bytes: 8000 x1
// COPIES-NEXT: device 3: device->host 1 copies 1992 bytes: 1992 x1
// COPIES-NEXT: device 3: launches: diff_share x1

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @diff(%x: memref<?xi64>, %y: memref<?xi64>, %out: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %out, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ip = arith.addi %i, %c1 : index
      %a = memref.load %x[%i] : memref<?xi64>
      %b = memref.load %y[%ip] : memref<?xi64>
      %d = arith.subi %b, %a : i64
      memref.store %d, %out[%i] : memref<?xi64>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("sum %ld out[0] %ld out[998] %ld\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1000 : index
    %m = arith.constant 999 : index
    %b = memref.alloc(%n) : memref<?xi64>
    %o = memref.alloc(%m) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      %sq = arith.muli %ii, %ii : i64
      memref.store %sq, %b[%i] : memref<?xi64>
    }
    offload.launch @diff(%b, %b, %o) devices(all) : (memref<?xi64>, memref<?xi64>, memref<?xi64>) -> ()
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %o[%i] : memref<?xi64>
      %a = arith.addi %acc, %v : i64
      scf.yield %a : i64
    }
    %c998 = arith.constant 998 : index
    %o0 = memref.load %o[%c0] : memref<?xi64>
    %o998 = memref.load %o[%c998] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %o0, %o998) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
