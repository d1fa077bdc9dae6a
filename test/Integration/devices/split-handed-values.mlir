// A kernel whose reduction loop computes the maximum of x and whose next
// loop reads it (x[i] = 2 * max - x[i]): offload-split-kernels makes two
// kernels and hands the maximum from the first to the second in a
// one-element buffer; both are split over every device (the host plugin's
// four), the first combining the devices' partial maxima on the host.
// The devices keep their rows of x across both launches (25 elements,
// 100 bytes, in once and back once each); only the maximum, which the
// host combined in between, goes to each device with the second launch.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=INFO < %t.info
//
// x[i] = 37 i mod 101 for i < 100: the maximum is 100; the new values sum
// to 100 * 200 - 4986.
// CHECK: max 100 x[0] 200 x[99] 173 sum 15014
// INFO-DAG: device 0 info: Launching kernel rescale_0_share
// INFO-DAG: device 3 info: Launching kernel rescale_0_share
// INFO-DAG: device 0 info: Launching kernel rescale_1_share
// INFO-DAG: device 3 info: Launching kernel rescale_1_share
// INFO-DAG: device 0 info: Copying data from host to device, {{.*}} Size=100, Name=offload.enter_data
// INFO-DAG: device 3 info: Copying data from host to device, {{.*}} Size=100, Name=offload.enter_data
// INFO-DAG: device 0 info: Copying data from device to host, {{.*}} Size=100, Name=offload.enter_data
// INFO-DAG: device 3 info: Copying data from device to host, {{.*}} Size=100, Name=offload.enter_data
// INFO-DAG: device 0 info: Copying data from host to device, {{.*}} Size=4, Name=rescale_1_share argument 1
// INFO-DAG: device 3 info: Copying data from host to device, {{.*}} Size=4, Name=rescale_1_share argument 1
// INFO-NOT: Size=100, Name=rescale
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @rescale(%x: memref<?xi32>, %o: memref<1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %init = arith.constant -1000 : i32
    %m = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> i32 {
      %v = memref.load %x[%i] : memref<?xi32>
      scf.reduce(%v : i32) {
      ^bb0(%a: i32, %b: i32):
        %q = arith.maxsi %a, %b : i32
        scf.reduce.return %q : i32
      }
    }
    memref.store %m, %o[%c0] : memref<1xi32>
    %two = arith.constant 2 : i32
    %m2 = arith.muli %m, %two : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %d = arith.subi %m2, %v : i32
      memref.store %d, %x[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("max %d x[0] %d x[99] %d sum %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c99 = arith.constant 99 : index
    %n = arith.constant 100 : index
    %x = memref.alloc(%n) : memref<?xi32>
    %o = memref.alloc() : memref<1xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %c37 = arith.constant 37 : i32
      %c101 = arith.constant 101 : i32
      %p = arith.muli %ii, %c37 : i32
      %q = arith.remui %p, %c101 : i32
      memref.store %q, %x[%i] : memref<?xi32>
    }
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    offload.launch @rescale(%x, %o) devices(all) : (memref<?xi32>, memref<1xi32>) -> ()
    %z = arith.constant 0 : i32
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
      %v = memref.load %x[%i] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    %mx = memref.load %o[%c0] : memref<1xi32>
    %x0 = memref.load %x[%c0] : memref<?xi32>
    %x99 = memref.load %x[%c99] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %mx, %x0, %x99, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32) -> i32
    return %d0 : i32
  }
}
