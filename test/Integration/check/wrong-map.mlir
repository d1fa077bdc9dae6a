// offload-cc --offload-check catches a wrong map clause at run time: the
// launch below maps y `to` although the kernel writes it, so the device's
// results never reach the host. Built normally, the program silently keeps
// y's old values (and says so); built with --offload-check it stops at the
// launch and names the kernel, the argument and the first index. A correct
// program (saxpy) runs through the checks unchanged.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s --check-prefix=SILENT
// RUN: offload-cc --offload-check %s -o %t.check
// RUN: not %t.check | FileCheck %s --check-prefix=CHECKED
// RUN: offload-cc --offload-check %offload_src/examples/saxpy.mlir -o %t.saxpy
// RUN: %t.saxpy | FileCheck %s --check-prefix=SAXPY

// SILENT: y[0] = 1.0 after the launch
// CHECKED: offload-check: kernel @triple at {{.*}}wrong-map.mlir:[[#@LINE+31]]:5: argument #0 differs at [0]: device 1, host 3
// CHECKED-NOT: after the launch
// SAXPY: saxpy: {{.*}}: PASS

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @triple(%y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    %three = arith.constant 3.0 : f32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %y[%i] : memref<?xf32>
      %w = arith.mulf %v, %three : f32
      memref.store %w, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("y[0] = %.1f after the launch\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %y = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %y[%i] : memref<?xf32>
    }
    // Wrong: y is written, so it must come back (tofrom).
    offload.launch @triple(%y) map(to: %y : memref<?xf32>) : (memref<?xf32>) -> ()
    %v = memref.load %y[%c0] : memref<?xf32>
    %v64 = arith.extf %v : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %v64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    memref.dealloc %y : memref<?xf32>
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
