// A program in the gpu dialect lowered by upstream's pipeline
// (gpu-lower-to-nvvm-pipeline, cubins), run by Debian's stock mlir-runner
// with libOffloadMGPURuntime.so, MLIR's mgpu* functions over liboffload
// (docs/GPUDialect.md). On a machine without an NVIDIA GPU the library says
// so; scripts/gpu-tests.sh runs it on the GPU, where it prints the CHECK
// lines: a kernel on device memory (copies both ways, a 32-bit memset,
// chains of async tokens). (gpu.host_register is not supported over
// liboffload 22: the library says so.)
//
// REQUIRES: ptxas
// UNSUPPORTED: cuda-gpu
//
// RUN: mlir-opt-22 %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80 cubin-format=bin" -o %t.mlir
// RUN: mlir-runner-22 %t.mlir --entry-point-result=void \
// RUN:   --shared-libs=%offload_obj/lib/libOffloadMGPURuntime.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOGPU

// NOGPU: mgpu: liboffload finds 0 NVIDIA GPUs, so there is no GPU 0
// NOGPU: mgpu: launch of a kernel that was not loaded

// CHECK: device: 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39
// CHECK: memset: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
// GPUERR-NOT: {{mgpu|terminate|pure virtual}}

module attributes {gpu.container_module} {
  gpu.module @k {
    // x[i] = a x[i] + b
    gpu.func @axpb(%x: memref<16xf32>, %a: f32, %b: i32) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<16xf32>
      %bf = arith.sitofp %b : i32 to f32
      %m = arith.mulf %v, %a : f32
      %r = arith.addf %m, %bf : f32
      memref.store %r, %x[%i] : memref<16xf32>
      gpu.return
    }
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt(" %g\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_dev("device:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_set("memset:\00") {addr_space = 0 : i32}
  func.func @print(%label: !llvm.ptr, %m: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %m[%i] : memref<16xf32>
      %d = arith.extf %v : f32 to f64
      llvm.call @printf(%f, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    }
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %two = arith.constant 2.0 : f32
    %nine = arith.constant 9 : i32
    %seven = arith.constant 7.0 : f32
    %h = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %h[%i] : memref<16xf32>
    }
    // 2 i + 9 on the device, then a memset; one chain of async operations
    // (upstream's lowering takes each with one dependency).
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<16xf32>
    %t2 = gpu.memcpy async [%t1] %d, %h : memref<16xf32>, memref<16xf32>
    %t3 = gpu.launch_func async [%t2] @k::@axpb blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1) args(%d : memref<16xf32>, %two : f32, %nine : i32)
    %t4 = gpu.memcpy async [%t3] %h, %d : memref<16xf32>, memref<16xf32>
    gpu.wait [%t4]
    %ldev = llvm.mlir.addressof @l_dev : !llvm.ptr
    func.call @print(%ldev, %h) : (!llvm.ptr, memref<16xf32>) -> ()
    %t5 = gpu.wait async
    %t6 = gpu.memset async [%t5] %d, %seven : memref<16xf32>, f32
    %t7 = gpu.memcpy async [%t6] %h, %d : memref<16xf32>, memref<16xf32>
    %t8 = gpu.dealloc async [%t7] %d : memref<16xf32>
    gpu.wait [%t8]
    %lset = llvm.mlir.addressof @l_set : !llvm.ptr
    func.call @print(%lset, %h) : (!llvm.ptr, memref<16xf32>) -> ()
    memref.dealloc %h : memref<16xf32>
    return
  }
}
