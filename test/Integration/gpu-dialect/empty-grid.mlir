// gpu.launch_func with a grid of ceildiv(n, 4) blocks: for an empty batch
// (n = 0) that is no block, and the launch runs nothing (it used to stop
// the program with "grid and block sizes must be between 1 and 2^31-1").
// The batch of 6 after it runs as usual. A negative size still stops the
// program, naming the launch.
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t 6 | FileCheck %s
// RUN: not --crash %t -5 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// CHECK: batch of 0: launched
// CHECK-NEXT: batch of 6: 1 2 3 4 5 6
// NEGATIVE: offload: kernel @k::@inc at {{.*}}empty-grid.mlir:{{[0-9]+}}:5: grid and block sizes must be between 0 and 2^31-1

module attributes {gpu.container_module} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atoi(!llvm.ptr) -> i32
  llvm.mlir.global private constant @empty("batch of 0: launched\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @head("batch of %d:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @value(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @newline("\0A\00") {addr_space = 0 : i32}
  gpu.module @k {
    gpu.func @inc(%x: memref<?xi32>, %n: index) kernel {
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %a = memref.load %x[%i] : memref<?xi32>
        %c1 = arith.constant 1 : i32
        %b = arith.addi %a, %c1 : i32
        memref.store %b, %x[%i] : memref<?xi32>
      }
      gpu.return
    }
  }
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    // The batch from the command line: 6, or -5 for a negative grid.
    %p = llvm.getelementptr %argv[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
    %m32 = llvm.call @atoi(%s) : (!llvm.ptr) -> i32
    %m = arith.index_cast %m32 : i32 to index
    %d = gpu.alloc (%c8) : memref<?xi32>
    %z = arith.ceildivui %c0, %c4 : index
    gpu.launch_func @k::@inc blocks in (%z, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<?xi32>, %c0 : index)
    %ef = llvm.mlir.addressof @empty : !llvm.ptr
    llvm.call @printf(%ef) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %host = memref.alloc(%c8) : memref<?xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %host[%i] : memref<?xi32>
    }
    gpu.memcpy %d, %host : memref<?xi32>, memref<?xi32>
    %g = arith.ceildivsi %m, %c4 : index
    gpu.launch_func @k::@inc blocks in (%g, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : memref<?xi32>, %m : index)
    gpu.memcpy %host, %d : memref<?xi32>, memref<?xi32>
    %hf = llvm.mlir.addressof @head : !llvm.ptr
    llvm.call @printf(%hf, %m32) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %vf = llvm.mlir.addressof @value : !llvm.ptr
    scf.for %i = %c0 to %m step %c1 {
      %v = memref.load %host[%i] : memref<?xi32>
      llvm.call @printf(%vf, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    }
    %nl = llvm.mlir.addressof @newline : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    gpu.dealloc %d : memref<?xi32>
    memref.dealloc %host : memref<?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
