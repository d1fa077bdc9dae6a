// gpu.memcpy copies whole buffers of one shape: with dynamic shapes whose
// sizes differ at run time, the program stops with a message naming the
// copy (it copied the destination's size, reading past a smaller source or
// dropping the rest of a larger one, without a word).
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t 4 | FileCheck %s
// RUN: not --crash %t 6 2>&1 | FileCheck %s --check-prefix=SIZES

// CHECK: copied back: 0 1 2 3
// SIZES: offload: {{.*}}memcpy-sizes.mlir:{{[0-9]+}}:{{[0-9]+}}: copying between buffers of different sizes (24 bytes into 16)

module attributes {gpu.container_module} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atoi(!llvm.ptr) -> i32
  llvm.mlir.global private constant @head("copied back:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @value(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @newline("\0A\00") {addr_space = 0 : i32}
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // The host buffer's size, from the command line: 4 (the device's), or 6.
    %p = llvm.getelementptr %argv[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
    %n32 = llvm.call @atoi(%s) : (!llvm.ptr) -> i32
    %n = arith.index_cast %n32 : i32 to index
    %h = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %h[%i] : memref<?xi32>
    }
    %d = gpu.alloc (%c4) : memref<?xi32>
    gpu.memcpy %d, %h : memref<?xi32>, memref<?xi32>
    %back = memref.alloc(%c4) : memref<?xi32>
    gpu.memcpy %back, %d : memref<?xi32>, memref<?xi32>
    %hf = llvm.mlir.addressof @head : !llvm.ptr
    llvm.call @printf(%hf) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %vf = llvm.mlir.addressof @value : !llvm.ptr
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %back[%i] : memref<?xi32>
      llvm.call @printf(%vf, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    }
    %nl = llvm.mlir.addressof @newline : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    gpu.dealloc %d : memref<?xi32>
    memref.dealloc %h : memref<?xi32>
    memref.dealloc %back : memref<?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
