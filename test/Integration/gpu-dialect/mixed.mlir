// A program with an offload.kernel and a gpu.module kernel: both go into
// the one device module of each target (convert-gpu-to-offload fills it
// first, convert-offload-to-gpu adds to it), so each target has one image.
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s --match-full-lines
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --save-temps -o %t.both
// RUN: %t.both | FileCheck %s --match-full-lines
// RUN: llvm-readelf --dyn-syms %t.both.host.so | FileCheck %s --check-prefix=IMAGE

// CHECK: mixed: 1 3 5 7 9 11 13 15

// The host image holds both kernels.
// IMAGE-DAG: FUNC GLOBAL DEFAULT {{.*}} double{{$}}
// IMAGE-DAG: FUNC GLOBAL DEFAULT {{.*}} inc{{$}}

module attributes {gpu.container_module} {
  // x[i] = 2 x[i]
  offload.kernel @double(%x: memref<8xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %v = memref.load %x[%i] : memref<8xi32>
      %r = arith.addi %v, %v : i32
      memref.store %r, %x[%i] : memref<8xi32>
    }
    offload.return
  }
  gpu.module @g {
    // x[i] += 1
    gpu.func @inc(%x: memref<8xi32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<8xi32>
      %one = arith.constant 1 : i32
      %r = arith.addi %v, %one : i32
      memref.store %r, %x[%i] : memref<8xi32>
      gpu.return
    }
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_i(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @label("mixed:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %h = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %h[%i] : memref<8xi32>
    }
    // 2 i + 1: doubled on the host's buffer (offload maps it), then one
    // added in device memory.
    offload.launch @double(%h) : (memref<8xi32>) -> ()
    %d = gpu.alloc () : memref<8xi32>
    gpu.memcpy %d, %h : memref<8xi32>, memref<8xi32>
    gpu.launch_func @g::@inc blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%d : memref<8xi32>)
    gpu.memcpy %h, %d : memref<8xi32>, memref<8xi32>
    gpu.dealloc %d : memref<8xi32>
    %label = llvm.mlir.addressof @label : !llvm.ptr
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %f = llvm.mlir.addressof @fmt_i : !llvm.ptr
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %h[%i] : memref<8xi32>
      llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    }
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    memref.dealloc %h : memref<8xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
