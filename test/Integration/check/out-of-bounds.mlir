// offload-cc --offload-check checks every access of the kernel's host copy
// before the device runs: a kernel whose loop reaches one element past the
// end of y stops at the first access out of bounds, naming the kernel, the
// access, the argument, the index and the size, and the device never runs
// (the program does not reach the print after the launch).
//
// REQUIRES: libomptarget
// RUN: offload-cc --offload-check %s -o %t.check
// RUN: not %t.check | FileCheck %s
// A correct program (stencil reading inside its bounds) runs unchanged.
// RUN: offload-cc --offload-check %offload_src/examples/jacobi.mlir -o %t.jacobi
// RUN: %t.jacobi | FileCheck %s --check-prefix=JACOBI

// CHECK: offload-check: kernel @shift: the store at {{.*}}out-of-bounds.mlir:[[#@LINE+13]]:7 is out of bounds of argument #1: index [8], size [8]
// CHECK-NOT: after the launch
// JACOBI: PASS

module attributes {offload.targets = [#offload.host]} {
  // y[i + 1] = x[i]: one past y's end in the last iteration.
  offload.kernel @shift(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %j = arith.addi %i, %c1 : index
      memref.store %v, %y[%j] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("y[1] = %.1f after the launch\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 8 : index
    %one = arith.constant 1.0 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %x[%i] : memref<?xf32>
      memref.store %one, %y[%i] : memref<?xf32>
    }
    offload.launch @shift(%x, %y) : (memref<?xf32>, memref<?xf32>) -> ()
    %v = memref.load %y[%c1] : memref<?xf32>
    %v64 = arith.extf %v : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %v64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
