// offload-cc --offload-check on kernels writing views: the host copy of
// the kernel runs on a copy of each buffer it writes, which must have the
// view's own offset and strides (the host copy rebuilds the layout from the
// type). An identity-layout copy made the host copy write past it (heap
// corruption at a static offset, false mismatches at a stride of 2, wrong
// values with dynamic strides). Infinities equal themselves (a max
// reduction's -inf start was a mismatch "device -inf, host -inf"). A wrong
// map on a strided view is still caught, at the view's own index.
//
// REQUIRES: libomptarget
// RUN: offload-cc --offload-check %s -o %t.check
// RUN: not %t.check 2>&1 | FileCheck %s

// CHECK: offset: y[2][5] = 7.0
// CHECK-NEXT: stride 2: y[0][2] = 7.0, y[0][3] = 0.0
// CHECK-NEXT: dynamic strides: y[1][2] = 5.0
// CHECK-NEXT: -inf: m[3] = -inf
// CHECK-NEXT: wrong map:
// CHECK-NEXT: offload-check: kernel @fill_dynamic at {{.*}}views.mlir:[[#@LINE+101]]:5: argument #1 differs at [0, 0]: device 5, host 7
// CHECK-NOT: reached its end

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @fill_view(%v: f32, %y: memref<?x5xf32, strided<[12, 1], offset: 27>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %n = memref.dim %y, %c0 : memref<?x5xf32, strided<[12, 1], offset: 27>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c5) step (%c1, %c1) {
      memref.store %v, %y[%i, %j] : memref<?x5xf32, strided<[12, 1], offset: 27>>
    }
    offload.return
  }
  offload.kernel @fill_dynamic(%v: f32, %y: memref<?x?xf32, strided<[?, ?], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %y, %c0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    %n = memref.dim %y, %c1 : memref<?x?xf32, strided<[?, ?], offset: ?>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      memref.store %v, %y[%i, %j] : memref<?x?xf32, strided<[?, ?], offset: ?>>
    }
    offload.return
  }
  offload.kernel @lowest(%m: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %ninf = arith.constant 0xFF800000 : f32
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      memref.store %ninf, %m[%i] : memref<4xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @f1("offset: y[2][5] = %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f2("stride 2: y[0][2] = %.1f, y[0][3] = %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f3("dynamic strides: y[1][2] = %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f4("-inf: m[3] = %f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f5("wrong map:\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f6("wrong map reached its end\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0.0 : f32
    %five = arith.constant 5.0 : f32
    %seven = arith.constant 7.0 : f32
    %y = memref.alloc() : memref<12x12xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        memref.store %zero, %y[%i, %j] : memref<12x12xf32>
      }
    }
    linalg.fill ins(%zero : f32) outs(%y : memref<12x12xf32>)
    // Rows [2, 2 + k) x columns [3, 8): offset 27.
    %s = memref.subview %y[2, 3] [%c5, 5] [1, 1] : memref<12x12xf32> to memref<?x5xf32, strided<[12, 1], offset: 27>>
    offload.launch @fill_view(%seven, %s) : (f32, memref<?x5xf32, strided<[12, 1], offset: 27>>) -> ()
    %a = memref.load %y[%c2, %c5] : memref<12x12xf32>
    %a64 = arith.extf %a : f32 to f64
    %p1 = llvm.mlir.addressof @f1 : !llvm.ptr
    llvm.call @printf(%p1, %a64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32

    // Every other column of rows [0, 3).
    %z = memref.alloc() : memref<4x8xf32>
    linalg.fill ins(%zero : f32) outs(%z : memref<4x8xf32>)
    %t = memref.subview %z[0, 0] [3, 4] [1, 2] : memref<4x8xf32> to memref<3x4xf32, strided<[8, 2]>>
    %tc = memref.cast %t : memref<3x4xf32, strided<[8, 2]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    offload.launch @fill_dynamic(%seven, %tc) : (f32, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
    %b = memref.load %z[%c0, %c2] : memref<4x8xf32>
    %b2 = memref.load %z[%c0, %c3] : memref<4x8xf32>
    %b64 = arith.extf %b : f32 to f64
    %b264 = arith.extf %b2 : f32 to f64
    %p2 = llvm.mlir.addressof @f2 : !llvm.ptr
    llvm.call @printf(%p2, %b64, %b264) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64) -> i32

    // Rows [1, 3) x columns [1, 4) of z: a dynamic offset.
    %u = memref.subview %z[%c1, %c1] [2, 3] [1, 1] : memref<4x8xf32> to memref<2x3xf32, strided<[8, 1], offset: ?>>
    %uc = memref.cast %u : memref<2x3xf32, strided<[8, 1], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    offload.launch @fill_dynamic(%five, %uc) : (f32, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
    %c = memref.load %z[%c1, %c2] : memref<4x8xf32>
    %c64 = arith.extf %c : f32 to f64
    %p3 = llvm.mlir.addressof @f3 : !llvm.ptr
    llvm.call @printf(%p3, %c64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32

    %m = memref.alloc() : memref<4xf32>
    offload.launch @lowest(%m) : (memref<4xf32>) -> ()
    %d = memref.load %m[%c3] : memref<4xf32>
    %d64 = arith.extf %d : f32 to f64
    %p4 = llvm.mlir.addressof @f4 : !llvm.ptr
    llvm.call @printf(%p4, %d64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32

    %p5 = llvm.mlir.addressof @f5 : !llvm.ptr
    llvm.call @printf(%p5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    // Mapped 'to' although the kernel writes it: its results never come
    // back.
    offload.launch @fill_dynamic(%seven, %uc) map(to: %uc : memref<?x?xf32, strided<[?, ?], offset: ?>>) : (f32, memref<?x?xf32, strided<[?, ?], offset: ?>>) -> ()
    %p6 = llvm.mlir.addressof @f6 : !llvm.ptr
    llvm.call @printf(%p6) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    memref.dealloc %m : memref<4xf32>
    memref.dealloc %z : memref<4x8xf32>
    memref.dealloc %y : memref<12x12xf32>
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
