// The layer of layer.mlir written on tensors, as an ML compiler emits it
// before bufferization: offload-cc sees tensors and bufferizes the module
// first (one-shot-bufferize over function boundaries: @layer takes and
// returns memrefs with the identity layout; the buffers it allocates are
// freed by the ownership-based deallocation), then outlines the linalg ops
// on the resulting memrefs. main calls @layer twice in a loop, then once
// more, and checks every row against the host's. The deallocation compares
// the buffers' addresses (memref.extract_aligned_pointer_as_index into
// its dealloc_helper), which no longer counts as the host taking their
// address: x, w and bias go in once for the three calls (three times each
// before).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=COPIES < %t.info
// RUN: FileCheck %s --check-prefix=INTERMEDIATES < %t.info
// RUN: grep -c "Copying data" %t.info | FileCheck %s --check-prefix=COUNT
// The bufferized module: @layer on memrefs, no tensor left, kernels launched.
// RUN: offload-opt %s --offload-bufferize-pipeline | FileCheck %s --check-prefix=BUF
// RUN: offload-opt %s --offload-bufferize-pipeline --offload-outline-linalg | FileCheck %s --check-prefix=OUTLINED

// CHECK: layer: 37 x 53 x 29, out[0] = 71.0, out[36] = 78.0, sum = 2834.0, 37 of 37 rows equal to the host's: PASS

// x, w, bias in once; the result back; out[0] of each call in the loop
// (4 bytes); the intermediates never.
// COPIES-DAG: Copying data from host to device, {{.*}}Size=7844,
// COPIES-DAG: Copying data from host to device, {{.*}}Size=6148,
// COPIES-DAG: Copying data from host to device, {{.*}}Size=116,
// COPIES-DAG: Copying data from device to host, {{.*}}Size=148,
// COPIES-DAG: Copying data from device to host, {{.*}}Size=4,
// INTERMEDIATES-NOT: Copying data {{.*}}Size=4292,
// COUNT: {{^}}6{{$}}

// BUF-LABEL: func.func @layer(
// BUF-SAME: memref<37x53xf32>, %{{.*}}: memref<53x29xf32>, %{{.*}}: memref<29xf32>) -> memref<37xf32>
// BUF-NOT: tensor
// BUF: linalg.matmul
// BUF-NOT: tensor

// OUTLINED-LABEL: func.func @layer(
// OUTLINED-NOT: linalg.
// OUTLINED: offload.launch @__linalg_layer_matmul_0(
// OUTLINED-NOT: linalg.
// OUTLINED: return

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("layer: %ld x %ld x %ld, out[0] = %.1f, out[36] = %.1f, sum = %.1f, %ld of %ld rows equal to the host's: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  // out[i] = sum_j relu((x @ w)[i, j] + bias[j])
  func.func @layer(%x: tensor<37x53xf32>, %w: tensor<53x29xf32>,
                   %bias: tensor<29xf32>) -> tensor<37xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<37x29xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<37x29xf32>) -> tensor<37x29xf32>
    %y = linalg.matmul ins(%x, %w : tensor<37x53xf32>, tensor<53x29xf32>)
                       outs(%f : tensor<37x29xf32>) -> tensor<37x29xf32>
    %e2 = tensor.empty() : tensor<37x29xf32>
    %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%y, %bias : tensor<37x29xf32>, tensor<29xf32>)
        outs(%e2 : tensor<37x29xf32>) {
    ^bb0(%yv: f32, %bv: f32, %o: f32):
      %s = arith.addf %yv, %bv : f32
      linalg.yield %s : f32
    } -> tensor<37x29xf32>
    %e3 = tensor.empty() : tensor<37x29xf32>
    %z = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%b : tensor<37x29xf32>) outs(%e3 : tensor<37x29xf32>) {
    ^bb0(%v: f32, %o: f32):
      %r = arith.maximumf %v, %zero : f32
      linalg.yield %r : f32
    } -> tensor<37x29xf32>
    %e4 = tensor.empty() : tensor<37xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<37xf32>) -> tensor<37xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%z : tensor<37x29xf32>) outs(%s0 : tensor<37xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %r = arith.addf %v, %acc : f32
      linalg.yield %r : f32
    } -> tensor<37xf32>
    return %sum : tensor<37xf32>
  }

  /// (v mod m) - d as a float.
  func.func @pattern(%v: index, %m: index, %d: index) -> f32 {
    %r = arith.remui %v, %m : index
    %s = arith.subi %r, %d : index
    %i = arith.index_cast %s : index to i32
    %f = arith.sitofp %i : i32 to f32
    return %f : f32
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c36 = arith.constant 36 : index
    %M = arith.constant 37 : index
    %K = arith.constant 53 : index
    %N = arith.constant 29 : index
    %zero = arith.constant 0.0 : f32
    // The inputs, made on the host as buffers and handed over as tensors.
    // No memref.dealloc: the deallocation of the bufferization frees every
    // buffer of the module (and rejects modules that free their own).
    %x = memref.alloc() : memref<37x53xf32>
    %w = memref.alloc() : memref<53x29xf32>
    %bias = memref.alloc() : memref<29xf32>
    scf.for %i = %c0 to %M step %c1 {
      scf.for %k = %c0 to %K step %c1 {
        %i3 = arith.muli %i, %c3 : index
        %v = arith.addi %i3, %k : index
        %e = func.call @pattern(%v, %c7, %c3) : (index, index, index) -> f32
        memref.store %e, %x[%i, %k] : memref<37x53xf32>
      }
    }
    scf.for %k = %c0 to %K step %c1 {
      scf.for %j = %c0 to %N step %c1 {
        %j2 = arith.muli %j, %c2 : index
        %v = arith.addi %k, %j2 : index
        %e = func.call @pattern(%v, %c5, %c2) : (index, index, index) -> f32
        memref.store %e, %w[%k, %j] : memref<53x29xf32>
      }
    }
    scf.for %j = %c0 to %N step %c1 {
      %e = func.call @pattern(%j, %c4, %c1) : (index, index, index) -> f32
      memref.store %e, %bias[%j] : memref<29xf32>
    }
    %xt = bufferization.to_tensor %x restrict : memref<37x53xf32> to tensor<37x53xf32>
    %wt = bufferization.to_tensor %w restrict : memref<53x29xf32> to tensor<53x29xf32>
    %bt = bufferization.to_tensor %bias restrict : memref<29xf32> to tensor<29xf32>

    // The layer run twice in a loop first, as a model runs batch after
    // batch: the inputs stay on the device across the calls.
    %runs = scf.for %it = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
      %o = func.call @layer(%xt, %wt, %bt)
          : (tensor<37x53xf32>, tensor<53x29xf32>, tensor<29xf32>) -> tensor<37xf32>
      %e = tensor.extract %o[%c0] : tensor<37xf32>
      %a = arith.addf %acc, %e : f32
      scf.yield %a : f32
    }
    %out = func.call @layer(%xt, %wt, %bt)
        : (tensor<37x53xf32>, tensor<53x29xf32>, tensor<29xf32>) -> tensor<37xf32>

    %same, %sum = scf.for %i = %c0 to %M step %c1
        iter_args(%count = %c0, %total = %zero) -> (index, f32) {
      %row = scf.for %j = %c0 to %N step %c1 iter_args(%s = %zero) -> f32 {
        %dot = scf.for %k = %c0 to %K step %c1 iter_args(%a = %zero) -> f32 {
          %xv = memref.load %x[%i, %k] : memref<37x53xf32>
          %wv = memref.load %w[%k, %j] : memref<53x29xf32>
          %p = arith.mulf %xv, %wv : f32
          %a1 = arith.addf %a, %p : f32
          scf.yield %a1 : f32
        }
        %bv = memref.load %bias[%j] : memref<29xf32>
        %t = arith.addf %dot, %bv : f32
        %r = arith.maximumf %t, %zero : f32
        %s1 = arith.addf %s, %r : f32
        scf.yield %s1 : f32
      }
      %got = tensor.extract %out[%i] : tensor<37xf32>
      %eq = arith.cmpf oeq, %got, %row : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      %total1 = arith.addf %total, %got : f32
      scf.yield %next, %total1 : index, f32
    }
    %first = tensor.extract %out[%c0] : tensor<37xf32>
    %twice = arith.addf %first, %first : f32
    %runsOk = arith.cmpf oeq, %runs, %twice : f32
    %rowsOk = arith.cmpi eq, %same, %M : index
    %all = arith.andi %rowsOk, %runsOk : i1
    %last = tensor.extract %out[%c36] : tensor<37xf32>
    %first64 = arith.extf %first : f32 to f64
    %last64 = arith.extf %last : f32 to f64
    %sum64 = arith.extf %sum : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %M64 = arith.index_cast %M : index to i64
    %K64 = arith.index_cast %K : index to i64
    %N64 = arith.index_cast %N : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %M64, %K64, %N64, %first64, %last64, %sum64, %same64, %M64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, f64, f64, i64, i64, !llvm.ptr) -> i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
