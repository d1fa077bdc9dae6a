// memref.collapse_shape in kernels: parallel loops over collapsed views,
// which the race check accepts (distinct indices of a collapsed view are
// distinct elements):
//   - @flat views a 6x7 buffer as 42 elements and doubles each;
//   - @rows views a 4x5x3 buffer as 20 rows of 3 and adds k + 1 to
//     element (r, k) of each row.
// a[i][j] = 10 i + j; b[i][j][k] = 100 i + 10 j + k. Sums and elements are
// printed and compared with the values below. Built for the host device (and
// compiled for NVPTX and AMDGPU: the targets' pipelines must take
// collapse_shape), run through the runtime, then with offloading disabled.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90:bitcode,amdgpu:gfx90a,host --emit=llvm -o - | FileCheck %s --check-prefix=IMAGES

// sum a = 2 * (7*10*15 + 6*21) = 2352; a[5][6] = 112.
// sum b = 3*(100*(0+1+2+3)*5 + 10*10*4) + 20*(0+1+2) + 20*(1+2+3) = 10380;
// b[3][4][2] = 342 + 3 = 345.
// CHECK: flat 2352 at(5,6) 112; rows 10380 at(3,4,2) 345

// IMAGES-DAG: device_image.{{.*}} = {{.*}} c"BC\C0\DE
// IMAGES-DAG: device_image.{{.*}} = {{.*}} c"\7FELF\02\01\01@{{.*}}\03\00\E0\00
// IMAGES-DAG: device_images.{{.*}} = {{.*}}[3 x %__tgt_device_image]

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("flat %d at(5,6) %d; rows %d at(3,4,2) %d\0A\00") {addr_space = 0 : i32}

  offload.kernel @flat(%a: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = memref.collapse_shape %a [[0, 1]] : memref<?x?xi32> into memref<?xi32>
    %n = memref.dim %f, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %f[%i] : memref<?xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %f[%i] : memref<?xi32>
    }
    offload.return
  }

  offload.kernel @rows(%b: memref<?x?x3xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = memref.collapse_shape %b [[0, 1], [2]] : memref<?x?x3xi32> into memref<?x3xi32>
    %n = memref.dim %r, %c0 : memref<?x3xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      scf.for %k = %c0 to %c3 step %c1 {
        %v = memref.load %r[%i, %k] : memref<?x3xi32>
        %k1 = arith.addi %k, %c1 : index
        %ki = arith.index_cast %k1 : index to i32
        %w = arith.addi %v, %ki : i32
        memref.store %w, %r[%i, %k] : memref<?x3xi32>
      }
    }
    offload.return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %z = arith.constant 0 : i32
    %a = memref.alloc(%c6, %c7) : memref<?x?xi32>
    %b = memref.alloc(%c4, %c5) : memref<?x?x3xi32>
    scf.for %i = %c0 to %c6 step %c1 {
      scf.for %j = %c0 to %c7 step %c1 {
        %t = arith.muli %i, %c10 : index
        %u = arith.addi %t, %j : index
        %v = arith.index_cast %u : index to i32
        memref.store %v, %a[%i, %j] : memref<?x?xi32>
      }
    }
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c5 step %c1 {
        scf.for %k = %c0 to %c3 step %c1 {
          %t = arith.muli %i, %c100 : index
          %s = arith.muli %j, %c10 : index
          %u = arith.addi %t, %s : index
          %w = arith.addi %u, %k : index
          %v = arith.index_cast %w : index to i32
          memref.store %v, %b[%i, %j, %k] : memref<?x?x3xi32>
        }
      }
    }
    offload.launch @flat(%a) : (memref<?x?xi32>) -> ()
    offload.launch @rows(%b) : (memref<?x?x3xi32>) -> ()
    %sa = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %z) -> i32 {
      %r = scf.for %j = %c0 to %c7 step %c1 iter_args(%acc2 = %acc) -> i32 {
        %v = memref.load %a[%i, %j] : memref<?x?xi32>
        %s = arith.addi %acc2, %v : i32
        scf.yield %s : i32
      }
      scf.yield %r : i32
    }
    %sb = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> i32 {
      %r = scf.for %j = %c0 to %c5 step %c1 iter_args(%acc2 = %acc) -> i32 {
        %q = scf.for %k = %c0 to %c3 step %c1 iter_args(%acc3 = %acc2) -> i32 {
          %v = memref.load %b[%i, %j, %k] : memref<?x?x3xi32>
          %s = arith.addi %acc3, %v : i32
          scf.yield %s : i32
        }
        scf.yield %q : i32
      }
      scf.yield %r : i32
    }
    %a56 = memref.load %a[%c5, %c6] : memref<?x?xi32>
    %b342 = memref.load %b[%c3, %c4, %c2] : memref<?x?x3xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %sa, %a56, %sb, %b342) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32) -> i32
    memref.dealloc %a : memref<?x?xi32>
    memref.dealloc %b : memref<?x?x3xi32>
    return %z : i32
  }
}
