// A module on tensors as a front end writes it without linalg for the
// elementwise part: arith and math ops on whole tensors (turned into
// linalg.generic before bufferization), next to a function on memrefs that
// allocates and frees a temporary of its own (the dealloc gives way to the
// compiler's deallocation). x[i] = i - 3, y[i] = 2 i:
//   @combine: |(x + y) * x - y| = |(3 i - 3)(i - 3) - 2 i|,
//   @pool: 2 x 2 window sums of a 4 x 4 grid of 0..15 (10 18 42 50).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=16 %t 2>&1 | FileCheck %s --check-prefix=LAUNCHES

// CHECK: combine: 9 2 7 6 1 14 33 58
// CHECK-NEXT: pool: 10 18 42 50
// LAUNCHES: Launching kernel __linalg_combine_generic

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_name("%s:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_value(" %.0f\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @newline("\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_combine("combine\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_pool("pool\00") {addr_space = 0 : i32}

  func.func @combine(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
    %s = arith.addf %x, %y : tensor<8xf32>
    %p = arith.mulf %s, %x : tensor<8xf32>
    %d = arith.subf %p, %y : tensor<8xf32>
    %a = math.absf %d : tensor<8xf32>
    return %a : tensor<8xf32>
  }

  func.func @pool(%x: memref<1x4x4x1xf32>, %o: memref<1x2x2x1xf32>) {
    %z = arith.constant 0.0 : f32
    %win = memref.alloc() : memref<2x2xf32>
    linalg.fill ins(%z : f32) outs(%o : memref<1x2x2x1xf32>)
    linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %win : memref<1x4x4x1xf32>, memref<2x2xf32>) outs(%o : memref<1x2x2x1xf32>)
    memref.dealloc %win : memref<2x2xf32>
    return
  }

  func.func private @print(%name: !llvm.ptr, %buf: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %fmt = llvm.mlir.addressof @fmt_name : !llvm.ptr
    %vf = llvm.mlir.addressof @fmt_value : !llvm.ptr
    %nl = llvm.mlir.addressof @newline : !llvm.ptr
    llvm.call @printf(%fmt, %name) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr) -> i32
    %n = memref.dim %buf, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %buf[%i] : memref<?xf32>
      %d = arith.extf %v : f32 to f64
      llvm.call @printf(%vf, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    }
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %x = memref.alloc() : memref<8xf32>
    %y = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %three = arith.constant 3.0 : f32
      %two = arith.constant 2.0 : f32
      %xv = arith.subf %f, %three : f32
      %yv = arith.mulf %f, %two : f32
      memref.store %xv, %x[%i] : memref<8xf32>
      memref.store %yv, %y[%i] : memref<8xf32>
    }
    %xt = bufferization.to_tensor %x restrict : memref<8xf32> to tensor<8xf32>
    %yt = bufferization.to_tensor %y restrict : memref<8xf32> to tensor<8xf32>
    %r = func.call @combine(%xt, %yt) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %rm = bufferization.to_buffer %r : tensor<8xf32> to memref<8xf32>
    %rd = memref.cast %rm : memref<8xf32> to memref<?xf32>
    %p0 = llvm.mlir.addressof @n_combine : !llvm.ptr
    func.call @print(%p0, %rd) : (!llvm.ptr, memref<?xf32>) -> ()

    %g = memref.alloc() : memref<1x4x4x1xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %a = arith.muli %i, %c4 : index
        %b = arith.addi %a, %j : index
        %bi = arith.index_cast %b : index to i32
        %f = arith.sitofp %bi : i32 to f32
        memref.store %f, %g[%c0, %i, %j, %c0] : memref<1x4x4x1xf32>
      }
    }
    %o = memref.alloc() : memref<1x2x2x1xf32>
    func.call @pool(%g, %o) : (memref<1x4x4x1xf32>, memref<1x2x2x1xf32>) -> ()
    %of = memref.collapse_shape %o [[0, 1, 2, 3]] : memref<1x2x2x1xf32> into memref<4xf32>
    %od = memref.cast %of : memref<4xf32> to memref<?xf32>
    %p1 = llvm.mlir.addressof @n_pool : !llvm.ptr
    func.call @print(%p1, %od) : (!llvm.ptr, memref<?xf32>) -> ()
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
