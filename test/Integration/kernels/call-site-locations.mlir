// A launch with a call-site location, as a front end that inlines
// functions writes it: the globals the lowering makes for the launch (its
// ident_t string, map names) get that location. offload-cc crashed on it
// (LLVM 22's ensure-debug-info-scope-on-llvm-func reads the function
// around each operation with a call-site location);
// offload-legalize-call-sites keeps them inside functions.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=32 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=INFO
//
// CHECK: y[0] 1 y[9] 19
// The runtime still names the buffers.
// INFO: Copying data from host to device, {{.*}} Name=twice argument 0
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("y[0] %ld y[9] %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @twice(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = memref.load %y[%i] : memref<?xi64>
      %d = arith.addi %v, %v : i64
      %s = arith.addi %d, %w : i64
      memref.store %s, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    %n = arith.constant 10 : index
    %one = arith.constant 1 : i64
    %x = memref.alloc(%n) : memref<?xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %x[%i] : memref<?xi64>
      memref.store %one, %y[%i] : memref<?xi64>
    }
    offload.launch @twice(%x, %y) : (memref<?xi64>, memref<?xi64>) -> () loc(callsite("lib.mlir":3:4 at "app.mlir":10:2))
    %a = memref.load %y[%c0] : memref<?xi64>
    %b = memref.load %y[%c9] : memref<?xi64>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %a, %b) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
