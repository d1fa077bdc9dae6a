// RUN: offload-opt %s -split-input-file --offload-infer-maps --convert-offload-to-gpu --convert-offload-to-omp | FileCheck %s

// A kernel with reductions runs on at most 2048 blocks, all along x (each
// block leaves one partial result): the default grid to what the runtime
// library says fills the device's multiprocessors evenly (1024 without
// it), an explicit one to 2048.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @sum(%a: memref<?xf32>, %out: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
      %x = memref.load %a[%i] : memref<?xf32>
      scf.reduce(%x : f32) {
      ^bb0(%l: f32, %r: f32):
        %t = arith.addf %l, %r : f32
        scf.reduce.return %t : f32
      }
    }
    memref.store %s, %out[%c0] : memref<1xf32>
    offload.return
  }
  func.func @run(%a: memref<?xf32>, %out: memref<1xf32>, %bx: index, %by: index) {
    offload.launch @sum(%a, %out) : (memref<?xf32>, memref<1xf32>) -> ()
    offload.launch @sum(%a, %out) blocks(%bx) threads(%by) : (memref<?xf32>, memref<1xf32>) -> ()
    return
  }
}

// CHECK-LABEL: func.func @run(
// The device, resolved once for the grid and the launch.
// CHECK: %[[UNDEF:.*]] = llvm.mlir.constant(-1 : i64) : i64
// CHECK: %[[DEVICE:.*]] = call @__offload_resolve_device(%[[UNDEF]]) : (i64) -> i64
// CHECK: %[[BLOCKS:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[MAX:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK: %[[FALLBACK:.*]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: %[[FN:.*]] = llvm.mlir.addressof @__offload_rt_reduction_blocks
// CHECK: %[[LINKED:.*]] = llvm.icmp "ne" %[[FN]]
// CHECK: %[[CAP:.*]] = scf.if %[[LINKED]] -> (i32) {
// CHECK:   %[[T:.*]] = arith.muli
// CHECK:   %[[THREADS:.*]] = arith.muli %[[T]]
// CHECK:   %[[R:.*]] = llvm.call @__offload_rt_reduction_blocks(%[[DEVICE]], %[[THREADS]], %[[MAX]], %[[FALLBACK]])
// CHECK:   scf.yield %[[R]] : i32
// CHECK: } else {
// CHECK:   scf.yield %[[FALLBACK]] : i32
// CHECK: %[[X:.*]] = arith.minsi %[[BLOCKS]], %[[CAP]] : i32
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.insertvalue %[[X]], %{{.*}}[10, 0]
// CHECK: llvm.insertvalue %[[ONE]], %{{.*}}[10, 1]
// CHECK: llvm.insertvalue %[[ONE]], %{{.*}}[10, 2]
// CHECK-NOT: call @__offload_resolve_device
// CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %[[DEVICE]], %[[X]],
// The explicit grid: capped to the partials buffer.
// CHECK: %[[EBX:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[EMAX:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK: %[[EX:.*]] = arith.minsi %[[EBX]], %[[EMAX]] : i32
// CHECK: llvm.insertvalue %[[EX]], %{{.*}}[10, 0]
// CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %{{.*}}, %[[EX]],

// -----

// A kernel whose parallel loop holds parallel loops: one block of 256
// threads per iteration of the outer loop.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @rowsum(%a: memref<?x?xf32>, %out: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %rows = memref.dim %a, %c0 : memref<?x?xf32>
    %cols = memref.dim %a, %c1 : memref<?x?xf32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%zero) -> f32 {
        %x = memref.load %a[%i, %j] : memref<?x?xf32>
        scf.reduce(%x : f32) {
        ^bb0(%l: f32, %r: f32):
          %t = arith.addf %l, %r : f32
          scf.reduce.return %t : f32
        }
      }
      scf.parallel (%j) = (%c0) to (%cols) step (%c1) {
        memref.store %s, %out[%i, %j] : memref<?x?xf32>
      }
    }
    offload.return
  }
  func.func @run_rows(%a: memref<?x?xf32>, %out: memref<?x?xf32>) {
    offload.launch @rowsum(%a, %out) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

// CHECK-LABEL: func.func @run_rows(
// CHECK: %[[THREADS:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[ROWS:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?x?xf32>
// CHECK: %[[DIFF:.*]] = arith.subi %[[ROWS]], %{{.*}} : index
// CHECK: %[[POS:.*]] = arith.maxsi %[[DIFF]], %{{.*}} : index
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi %[[POS]], %{{.*}} : index
// CHECK-NOT: arith.ceildivsi
// CHECK: %[[ATLEAST:.*]] = arith.maxsi %[[TRIPS]], %{{.*}} : index
// CHECK: %[[CAPPED:.*]] = arith.minsi %[[ATLEAST]], %{{.*}} : index
// CHECK: %[[BLOCKS:.*]] = arith.index_cast %[[CAPPED]] : index to i32
// CHECK: llvm.insertvalue %[[BLOCKS]], %{{.*}}[10, 0]
// CHECK: llvm.insertvalue %[[THREADS]], %{{.*}}[11, 0]
// CHECK: llvm.call @__tgt_target_kernel(%{{.*}}, %{{.*}}, %[[BLOCKS]], %[[THREADS]],
