// memref.expand_shape in kernels and in host code, with a dynamic outer
// size (the rows of a flat buffer) and on a strided view with an offset:
//   - @tile views a flat buffer of n elements as (n/4)x4 and writes
//     10*i + j to element (i, j);
//   - @tile_shifted does the same on the elements from 2 onwards of a
//     buffer of n + 2, adding 1000; elements 0 and 1 keep their -1;
//   - host code views the first result as (n/4)x4 too and reads (3, 2).
// Built for the host device (and compiled for NVPTX and AMDGPU below: the
// targets' pipelines must take expand_shape with dynamic sizes), run
// through the runtime, then with offloading disabled (the host copies).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90:bitcode,amdgpu:gfx90a,host --emit=llvm -o - | FileCheck %s --check-prefix=IMAGES

// n = 40: 10 rows of 4. sum(10*i + j) = 4*10*45 + 10*6 = 1860; shifted:
// 1860 + 40*1000 - 2 = 41858; element (3, 2) = 32.
// CHECK: tile 1860; shifted 41858; at(3,2) 32

// Three images are embedded: NVPTX bitcode (ptxas may be missing here), an
// AMDGPU ELF (machine 224) and the host's.
// IMAGES-DAG: device_image.{{.*}} = {{.*}} c"BC\C0\DE
// IMAGES-DAG: device_image.{{.*}} = {{.*}} c"\7FELF\02\01\01@{{.*}}\03\00\E0\00
// IMAGES-DAG: device_images.{{.*}} = {{.*}}[3 x %__tgt_device_image]

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("tile %ld; shifted %ld; at(3,2) %d\0A\00") {addr_space = 0 : i32}

  offload.kernel @tile(%flat: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %n = memref.dim %flat, %c0 : memref<?xi32>
    %rows = arith.divui %n, %c4 : index
    %v = memref.expand_shape %flat [[0, 1]] output_shape [%rows, 4] : memref<?xi32> into memref<?x4xi32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c4) step (%c1, %c1) {
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %j : index
      %w = arith.index_cast %b : index to i32
      memref.store %w, %v[%i, %j] : memref<?x4xi32>
    }
    offload.return
  }

  offload.kernel @tile_shifted(%flat: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %c1000 = arith.constant 1000 : index
    %n2 = memref.dim %flat, %c0 : memref<?xi32>
    %n = arith.subi %n2, %c2 : index
    %rows = arith.divui %n, %c4 : index
    %s = memref.subview %flat[2] [%n] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: 2>>
    %v = memref.expand_shape %s [[0, 1]] output_shape [%rows, 4] : memref<?xi32, strided<[1], offset: 2>> into memref<?x4xi32, strided<[4, 1], offset: 2>>
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c4) step (%c1, %c1) {
      %a = arith.muli %i, %c10 : index
      %b = arith.addi %a, %j : index
      %c = arith.addi %b, %c1000 : index
      %w = arith.index_cast %c : index to i32
      memref.store %w, %v[%i, %j] : memref<?x4xi32, strided<[4, 1], offset: 2>>
    }
    offload.return
  }

  func.func @sum(%a: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi32>
      %v64 = arith.extsi %v : i32 to i64
      %r = arith.addi %acc, %v64 : i64
      scf.yield %r : i64
    }
    return %s : i64
  }

  func.func @fill(%a: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %k, %a[%i] : memref<?xi32>
    }
    return
  }

  func.func @main() -> i32 {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c40 = arith.constant 40 : index
    %c42 = arith.constant 42 : index
    %minus1 = arith.constant -1 : i32
    %a = memref.alloc(%c40) : memref<?xi32>
    %b = memref.alloc(%c42) : memref<?xi32>
    func.call @fill(%a, %minus1) : (memref<?xi32>, i32) -> ()
    func.call @fill(%b, %minus1) : (memref<?xi32>, i32) -> ()
    offload.launch @tile(%a) : (memref<?xi32>) -> ()
    offload.launch @tile_shifted(%b) : (memref<?xi32>) -> ()
    %sa = func.call @sum(%a) : (memref<?xi32>) -> i64
    %sb = func.call @sum(%b) : (memref<?xi32>) -> i64
    %va = memref.expand_shape %a [[0, 1]] output_shape [%c10, 4] : memref<?xi32> into memref<?x4xi32>
    %e = memref.load %va[%c3, %c2] : memref<?x4xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %sa, %sb, %e) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i32) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
