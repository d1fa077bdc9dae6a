// A device number the runtime has no device for (device(7) on the host
// plugin's four devices, OMP_DEFAULT_DEVICE=99 for launches without one):
// launches on it and data ops for it run on the host, after one message
// (once, for the first such number the program meets: with 99, the fill);
// libomptarget would stop the program ("device number '7' out of range").
// Under OMP_TARGET_OFFLOAD=mandatory the number is kept and libomptarget
// stops the program, naming it.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=default %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=MSG7 < %t.err
// RUN: env OMP_TARGET_OFFLOAD=default OMP_DEFAULT_DEVICE=99 %t > %t.out99 2> %t.err99
// RUN: FileCheck %s < %t.out99
// RUN: FileCheck %s --check-prefix=MSG99 < %t.err99
// RUN: env OMP_TARGET_OFFLOAD=mandatory not --crash %t > %t.outm 2> %t.errm
// RUN: FileCheck %s --check-prefix=MANDATORY < %t.errm

// Each launch adds 1 to every element: three launches (device 7, device 7
// inside a data region on device 7, the default device), then x[3] = 3.
// CHECK: x[3] = 3, x[15] = 3
// MSG7: offload: device 7 does not exist (the runtime has 4): launches on it run on the host
// MSG7-NOT: does not exist
// MSG99: offload: device 99 does not exist (the runtime has 4): launches on it run on the host
// MSG99-NOT: does not exist
// MANDATORY: omptarget fatal error {{.*}} device number '7' out of range

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.addf %v, %one : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("x[3] = %g, x[15] = %g\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %n = arith.constant 16 : index
    %z = arith.constant 0.0 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    linalg.fill ins(%z : f32) outs(%x : memref<?xf32>)
    %d = arith.constant 7 : i32
    offload.launch @inc(%x) device(%d : i32) : (memref<?xf32>) -> ()
    offload.data map(tofrom: %x : memref<?xf32>) device(%d : i32) {
      offload.launch @inc(%x) device(%d : i32) : (memref<?xf32>) -> ()
    }
    offload.launch @inc(%x) : (memref<?xf32>) -> ()
    %c3 = arith.constant 3 : index
    %c15 = arith.constant 15 : index
    %v3 = memref.load %x[%c3] : memref<?xf32>
    %v15 = memref.load %x[%c15] : memref<?xf32>
    %w3 = arith.extf %v3 : f32 to f64
    %w15 = arith.extf %v15 : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %w3, %w15) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64) -> i32
    memref.dealloc %x : memref<?xf32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
