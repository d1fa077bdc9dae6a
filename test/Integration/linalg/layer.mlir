// An ML layer written as linalg ops on memrefs in host code, the form an ML
// compiler hands over after bufferization:
//   out[i] = sum_j relu((x @ w)[i, j] + bias[j])
// offload-outline-linalg puts the ops into one kernel (each reads what the
// one before wrote) and launches it where they were; the bias add runs in
// the matmul's epilogue (the fill + matmul + bias in one launch), then
// offload-split-kernels launches one loop over rows for relu and row sum
// (fused); map inference and hoisting keep the intermediates (y, z)
// on the device: only x, w and bias go to the device and only out comes
// back.
// The sizes (37 x 53 times 53 x 29) are multiples of no tile; the values are
// small integers, so every float is exact and the results must equal the
// host's exactly. Run on the runtime's host device, also with offloading
// disabled (the kernels' host copies) and in checking mode.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=host --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: offload-cc %s --offload-targets=host --offload-remarks --emit=mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARKS

// The copies: x (37 x 53 f32, 7844 bytes), w (53 x 29, 6148 bytes) and bias
// (29, 116 bytes) in, out (37, 148 bytes) back; never y or z (37 x 29, 4292
// bytes), and nothing else.
// RUN: env LIBOMPTARGET_INFO=-1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=COPIES < %t.info
// RUN: FileCheck %s --check-prefix=INTERMEDIATES < %t.info
// RUN: grep -c "Copying data" %t.info | FileCheck %s --check-prefix=COUNT
// COPIES-DAG: Copying data from host to device, {{.*}}Size=7844,
// COPIES-DAG: Copying data from host to device, {{.*}}Size=6148,
// COPIES-DAG: Copying data from host to device, {{.*}}Size=116,
// COPIES-DAG: Copying data from device to host, {{.*}}Size=148,
// INTERMEDIATES-NOT: Copying data {{.*}}Size=4292,
// COUNT: {{^}}4{{$}}

// CHECK: layer: 37 x 53 x 29, out[0] = 71.0, out[36] = 78.0, sum = 2834.0, 37 of 37 rows equal to the host's: PASS

// REMARKS: remark: outlined linalg.fill, linalg.matmul, linalg.generic, linalg.generic, linalg.fill and linalg.generic into kernel @__linalg_layer_matmul_0 launched here
// REMARKS: remark: 'linalg.generic' kept whole as the epilogue of the contraction before it
// REMARKS: remark: kernel @__linalg_layer_matmul_0: 1 parallel loop fused into the one before
// REMARKS: remark: launch of @__linalg_layer_matmul_0 split into 2 launches
// REMARKS: remark: kernel @__linalg_layer_matmul_0_0: strategy 'tiled-contraction': {{.*}}, epilogue fused into the tiled contraction: 'linalg.generic' computed on each element before it is stored

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("layer: %ld x %ld x %ld, out[0] = %.1f, out[36] = %.1f, sum = %.1f, %ld of %ld rows equal to the host's: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  // out[i] = sum_j relu((x @ w)[i, j] + bias[j])
  func.func @layer(%x: memref<?x?xf32>, %w: memref<?x?xf32>,
                   %bias: memref<?xf32>, %out: memref<?xf32>) {
    %zero = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %w, %c1 : memref<?x?xf32>
    // y = x @ w
    %y = memref.alloc(%m, %n) : memref<?x?xf32>
    linalg.fill ins(%zero : f32) outs(%y : memref<?x?xf32>)
    linalg.matmul ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>)
                  outs(%y : memref<?x?xf32>)
    // z = relu(y + bias)
    %z = memref.alloc(%m, %n) : memref<?x?xf32>
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                     affine_map<(i, j) -> (j)>,
                                     affine_map<(i, j) -> (i, j)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%y, %bias : memref<?x?xf32>, memref<?xf32>)
        outs(%z : memref<?x?xf32>) {
    ^bb0(%yv: f32, %bv: f32, %o: f32):
      %s = arith.addf %yv, %bv : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                    iterator_types = ["parallel", "parallel"]}
        outs(%z : memref<?x?xf32>) {
    ^bb0(%v: f32):
      %r = arith.maximumf %v, %zero : f32
      linalg.yield %r : f32
    }
    // out = row sums of z
    linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                     affine_map<(i, j) -> (i)>],
                    iterator_types = ["parallel", "reduction"]}
        ins(%z : memref<?x?xf32>) outs(%out : memref<?xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %r = arith.addf %v, %acc : f32
      linalg.yield %r : f32
    }
    memref.dealloc %y : memref<?x?xf32>
    memref.dealloc %z : memref<?x?xf32>
    return
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
    %x = memref.alloc(%M, %K) : memref<?x?xf32>
    %w = memref.alloc(%K, %N) : memref<?x?xf32>
    %bias = memref.alloc(%N) : memref<?xf32>
    %out = memref.alloc(%M) : memref<?xf32>
    // x[i, k] = ((3i + k) mod 7) - 3, w[k, j] = ((k + 2j) mod 5) - 2,
    // bias[j] = (j mod 4) - 1.
    scf.for %i = %c0 to %M step %c1 {
      scf.for %k = %c0 to %K step %c1 {
        %i3 = arith.muli %i, %c3 : index
        %v = arith.addi %i3, %k : index
        %e = func.call @pattern(%v, %c7, %c3) : (index, index, index) -> f32
        memref.store %e, %x[%i, %k] : memref<?x?xf32>
      }
    }
    scf.for %k = %c0 to %K step %c1 {
      scf.for %j = %c0 to %N step %c1 {
        %j2 = arith.muli %j, %c2 : index
        %v = arith.addi %k, %j2 : index
        %e = func.call @pattern(%v, %c5, %c2) : (index, index, index) -> f32
        memref.store %e, %w[%k, %j] : memref<?x?xf32>
      }
    }
    scf.for %j = %c0 to %N step %c1 {
      %e = func.call @pattern(%j, %c4, %c1) : (index, index, index) -> f32
      memref.store %e, %bias[%j] : memref<?xf32>
    }

    func.call @layer(%x, %w, %bias, %out)
        : (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()

    // The same on the host, one row at a time.
    %same, %sum = scf.for %i = %c0 to %M step %c1
        iter_args(%count = %c0, %total = %zero) -> (index, f32) {
      %row = scf.for %j = %c0 to %N step %c1 iter_args(%s = %zero) -> f32 {
        %dot = scf.for %k = %c0 to %K step %c1 iter_args(%a = %zero) -> f32 {
          %xv = memref.load %x[%i, %k] : memref<?x?xf32>
          %wv = memref.load %w[%k, %j] : memref<?x?xf32>
          %p = arith.mulf %xv, %wv : f32
          %a1 = arith.addf %a, %p : f32
          scf.yield %a1 : f32
        }
        %bv = memref.load %bias[%j] : memref<?xf32>
        %t = arith.addf %dot, %bv : f32
        %r = arith.maximumf %t, %zero : f32
        %s1 = arith.addf %s, %r : f32
        scf.yield %s1 : f32
      }
      %got = memref.load %out[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %row : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      %total1 = arith.addf %total, %got : f32
      scf.yield %next, %total1 : index, f32
    }
    %all = arith.cmpi eq, %same, %M : index
    %first = memref.load %out[%c0] : memref<?xf32>
    %last = memref.load %out[%c36] : memref<?xf32>
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
    memref.dealloc %x : memref<?x?xf32>
    memref.dealloc %w : memref<?x?xf32>
    memref.dealloc %bias : memref<?xf32>
    memref.dealloc %out : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
