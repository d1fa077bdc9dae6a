// f32 matmuls on tensor cores as TF32, only where 'offload.allow_tf32'
// allows it (here on a kernel and on a linalg op; `offload-cc
// --offload-tf32` sets it on the module): B[k][n] (as C^T = B^T A^T with B's
// slices in registers: TF32 wgmma reads shared memory only k-contiguous) and B[n][k]
// (read as it is), and an f32 matmul without the attribute, which stays on
// the exact path; A stored A[k][m] (with B[k][n], B[n][k], a fused bias +
// relu epilogue, and batched), which TF32 wgmma cannot read: every NVIDIA
// target, sm_90 included, runs those on TF32 mma.sync m16n8k8
// (MmaSyncContraction.cpp), as it runs all of them on sm_80 to sm_89. A's values are 1 + n / 4096 (13 significant bits, more
// than TF32's 11) and B's are -1, 0 or 1, so every f32 product and partial
// sum is exact (the host's f32 reference, the kernels' host copies and the
// tiled contraction give exactly the same result), while TF32 rounds A:
// (With K a multiple of 12 the rounding errors of A, periodic in k with
// period 4, against B's, period 3, would cancel exactly: K = 76, not 72.)
// Each line prints the number of elements that differ from the reference
// and the number that differ by more than the tolerance, scaled with K,
// K * 2^-10 * max|a| * max|b| (TF32 keeps 10 bits of the mantissa).
// Here on the host device (lit): all exact. On an H100
// (scripts/gpu-tests.sh, test/Integration/GPU/CUDA/matmul-tf32.test, built
// for sm_90 and as sm_80 bitcode): the TF32 kernels differ from the
// reference within the tolerance, the f32 kernel and the launches whose
// rows neither TMA nor cp.async can read (rows not a multiple of 16 bytes
// apart: K = 71 with A[m][k] or B[n][k], M = 333 with A[k][m]) stay exact.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --offload-remarks \
// RUN:   --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --offload-remarks \
// RUN:   --offload-tf32 --emit=mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// RUN: offload-cc %s --offload-targets=nvptx:sm_80,host --offload-remarks \
// RUN:   --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK80

// REMARK-DAG: remark: kernel @tf32: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 32 loaded by TMA through 4 shared-memory stages, computed as C^T = B^T A^T with B's slices loaded into registers
// REMARK-DAG: remark: kernel @tf32_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k], k in slices of 32 loaded by TMA through 4 shared-memory stages;
// REMARK-DAG: remark: kernel @tf32_n100: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x128 (N fits) output tiles {{.*}} through 6 shared-memory stages, computed as C^T = B^T A^T
// REMARK-DAG: remark: kernel @tf32_bt_n100: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has wgmma: 128x128 (N fits) output tiles {{.*}}, A[m][k] and B[n][k], k in slices of 32 loaded by TMA through 6 shared-memory stages;
// REMARK-DAG: remark: kernel @f32: strategy 'tiled-contraction': {{.*}} (not on tensor cores: f32 inputs without 'offload.allow_tf32' (TF32 changes results; offload-cc --offload-tf32 allows it))
// REMARK-DAG: remark: kernel @tf32_at: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later, sm_90 included: TF32 wgmma reads A only k-contiguous): 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[k][m] and B[k][n], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by 32-bit shared loads;
// REMARK-DAG: remark: kernel @tf32_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later, sm_90 included: {{.*}}), A[k][m] and B[n][k], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (B) and 32-bit shared loads (A);
// REMARK-DAG: remark: kernel @tf32_at_relu: strategy 'tensor-core-contraction': {{.*}} TF32 mma.sync m16n8k8{{.*}}; epilogue fused into the tensor-core contraction
// REMARK-DAG: remark: kernel @btf32_at: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of f32 as TF32 {{.*}} TF32 mma.sync m16n8k8), A[b][k][m] and B[b][k][n],
// With --offload-tf32, the f32 kernel too.
// MODULE-DAG: remark: kernel @f32: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32
// sm_80 (to sm_89, and sm_90 as bitcode): every layout on TF32 mma.sync.
// REMARK80-DAG: remark: kernel @tf32: strategy 'tensor-core-contraction': 'linalg.matmul' of f32 as TF32 ('offload.allow_tf32') on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, TF32 mma.sync m16n8k8), A[m][k] and B[k][n], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (A) and 32-bit shared loads (B);
// REMARK80-DAG: remark: kernel @tf32_bt: strategy 'tensor-core-contraction': {{.*}} TF32 mma.sync m16n8k8), A[m][k] and B[n][k], k in slices of 16 loaded by cp.async through 3 shared-memory stages and read by ldmatrix;
// REMARK80-DAG: remark: kernel @tf32_at: strategy 'tensor-core-contraction': {{.*}} (sm_80 and later): {{.*}} TF32 mma.sync m16n8k8), A[k][m] and B[k][n],
// REMARK80-DAG: remark: kernel @f32: strategy 'tiled-contraction': {{.*}} (not on tensor cores: f32 inputs without 'offload.allow_tf32'

// CHECK: tf32 200x136x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32 333x264x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32 256x512x1000: 0 inexact, 0 beyond tolerance
// CHECK: tf32 200x136x71: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt 200x136x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt 333x264x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt 256x512x1000: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt 200x136x71: 0 inexact, 0 beyond tolerance
// CHECK: f32 333x264x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32_n100 200x100x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_n100 333x100x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt_n100 200x100x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_bt_n100 333x100x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at 200x136x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at 200x136x71: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at 333x264x136: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at 256x512x1000: 0 inexact, 0 beyond tolerance
// CHECK: tf32_atbt 200x131x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_atbt 200x136x71: 0 inexact, 0 beyond tolerance
// CHECK: tf32_atbt 256x512x1000: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at_relu 200x136x76: 0 inexact, 0 beyond tolerance
// CHECK: tf32_at_relu 333x264x136: 0 inexact, 0 beyond tolerance
// CHECK: btf32_at 600x136x76: 0 inexact, 0 beyond tolerance
// CHECK: btf32_at 144x264x71: 0 inexact, 0 beyond tolerance

// GPU: tf32 200x136x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32 333x264x136: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32 256x512x1000: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32 200x136x71: 0 inexact, 0 beyond tolerance
// GPU: tf32_bt 200x136x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_bt 333x264x136: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_bt 256x512x1000: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_bt 200x136x71: 0 inexact, 0 beyond tolerance
// GPU: f32 333x264x136: 0 inexact, 0 beyond tolerance
// GPU: tf32_n100 200x100x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_n100 333x100x136: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_bt_n100 200x100x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_bt_n100 333x100x136: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_at 200x136x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_at 200x136x71: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_at 333x264x136: 0 inexact, 0 beyond tolerance
// GPU: tf32_at 256x512x1000: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_atbt 200x131x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_atbt 200x136x71: 0 inexact, 0 beyond tolerance
// GPU: tf32_atbt 256x512x1000: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_at_relu 200x136x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: tf32_at_relu 333x264x136: 0 inexact, 0 beyond tolerance
// GPU: btf32_at 600x136x76: {{[1-9][0-9]*}} inexact, 0 beyond tolerance
// GPU: btf32_at 144x264x71: {{[1-9][0-9]*}} inexact, 0 beyond tolerance

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ldx%ldx%ld: %ld inexact, %ld beyond tolerance\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32("tf32\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_bt("tf32_bt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f32("f32\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_n100("tf32_n100\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_bt_n100("tf32_bt_n100\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_at("tf32_at\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_atbt("tf32_atbt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_tf32_at_relu("tf32_at_relu\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_btf32_at("btf32_at\00") {addr_space = 0 : i32}

  offload.kernel @tf32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  // N = 100, known: 128-wide tiles (the swapped product with one n-block
  // per warpgroup; B[n][k] as it is).
  offload.kernel @tf32_n100(%a: memref<?x?xf32>, %b: memref<?x100xf32>, %c: memref<?x100xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x100xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x100xf32>) outs(%c : memref<?x100xf32>)
    offload.return
  }

  offload.kernel @tf32_bt_n100(%a: memref<?x?xf32>, %b: memref<100x?xf32>, %c: memref<?x100xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x100xf32>)
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : memref<?x?xf32>, memref<100x?xf32>) outs(%c : memref<?x100xf32>)
    offload.return
  }

  offload.kernel @tf32_bt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        {offload.allow_tf32} ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  // A stored A[k][m] (`a.t() @ b`): TF32 wgmma reads A only k-contiguous,
  // so every NVIDIA target (sm_90 included) gets the TF32 mma.sync kernel,
  // whose A and B stored along k-rows are read by 32-bit shared loads.
  offload.kernel @tf32_at(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  // A[k][m] and B[n][k] (`a.t() @ b.t()`): B's K-major fragments by ldmatrix.
  offload.kernel @tf32_atbt(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  // A[k][m] with a fused epilogue: d = max(c + bias[n], 0) (c written too).
  offload.kernel @tf32_at_relu(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %bias: memref<?xf32>, %c: memref<?x?xf32>, %d: memref<?x?xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : memref<?x?xf32>, memref<?xf32>) outs(%d : memref<?x?xf32>) {
    ^bb0(%x: f32, %bv: f32, %out: f32):
      %y = arith.addf %x, %bv : f32
      %r = arith.maximumf %y, %zero : f32
      linalg.yield %r : f32
    }
    offload.return
  }

  // Batches of A[k][m] and B[k][n].
  offload.kernel @btf32_at(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) attributes {offload.allow_tf32} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }

  // a[i, j] = 1 + ((p * i + q * j) mod 4096) / 4096.
  func.func @values_a(%x: memref<?x?xf32>, %p: index, %q: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %one = arith.constant 1.0 : f32
    %scale = arith.constant 2.44140625e-04 : f32
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %pi = arith.muli %p, %i : index
        %qj = arith.muli %q, %j : index
        %s = arith.addi %pi, %qj : index
        %v = arith.remui %s, %c4096 : index
        %v64 = arith.index_cast %v : index to i64
        %f = arith.sitofp %v64 : i64 to f32
        %g = arith.mulf %f, %scale : f32
        %w = arith.addf %g, %one : f32
        memref.store %w, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // b[i, j] = ((p * i + q * j) mod 3) - 1.
  func.func @values_b(%x: memref<?x?xf32>, %p: index, %q: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1.0 : f32
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %pi = arith.muli %p, %i : index
        %qj = arith.muli %q, %j : index
        %s = arith.addi %pi, %qj : index
        %v = arith.remui %s, %c3 : index
        %v64 = arith.index_cast %v : index to i64
        %f = arith.sitofp %v64 : i64 to f32
        %w = arith.subf %f, %one : f32
        memref.store %w, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // y[j, i] = x[i, j].
  func.func @transpose(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        memref.store %v, %y[%j, %i] : memref<?x?xf32>
      }
    }
    return
  }

  // c = a b in f32 (exact for these values).
  func.func @reference(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %k = memref.dim %a, %c1 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        memref.store %zero, %c[%i, %j] : memref<?x?xf32>
      }
      scf.for %l = %c0 to %k step %c1 {
        %x = memref.load %a[%i, %l] : memref<?x?xf32>
        scf.for %j = %c0 to %n step %c1 {
          %y = memref.load %b[%l, %j] : memref<?x?xf32>
          %acc = memref.load %c[%i, %j] : memref<?x?xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          memref.store %s, %c[%i, %j] : memref<?x?xf32>
        }
      }
    }
    return
  }

  // Prints the number of elements where got != want and where
  // |got - want| > K * 2^-10 * 2 (max|a| < 2, max|b| = 1).
  func.func @report(%name: !llvm.ptr, %got: memref<?x?xf32>, %want: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %m = memref.dim %got, %c0 : memref<?x?xf32>
    %n = memref.dim %got, %c1 : memref<?x?xf32>
    %k64 = arith.index_cast %k : index to i64
    %kf = arith.sitofp %k64 : i64 to f32
    %unit = arith.constant 1.953125e-03 : f32
    %tol = arith.mulf %kf, %unit : f32
    %res:2 = scf.for %i = %c0 to %m step %c1 iter_args(%w0 = %zero, %t0 = %zero) -> (i64, i64) {
      %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%w1 = %w0, %t1 = %t0) -> (i64, i64) {
        %g = memref.load %got[%i, %j] : memref<?x?xf32>
        %e = memref.load %want[%i, %j] : memref<?x?xf32>
        %ne = arith.cmpf une, %g, %e : f32
        %bad = arith.select %ne, %one, %zero : i64
        %w2 = arith.addi %w1, %bad : i64
        %d = arith.subf %g, %e : f32
        %ad = math.absf %d : f32
        // Not (|d| <= tol): NaN counts as beyond.
        %ok = arith.cmpf ole, %ad, %tol : f32
        %far = arith.select %ok, %zero, %one : i64
        %t2 = arith.addi %t1, %far : i64
        scf.yield %w2, %t2 : i64, i64
      }
      scf.yield %r#0, %r#1 : i64, i64
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %rc = llvm.call @printf(%fmt, %name, %m64, %n64, %k64, %res#0, %res#1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> i32
    return
  }

  // Runs kernel `which` (0: tf32, 1: tf32_bt, 2: f32) on m x n x k.
  func.func @run(%which: index, %m: index, %n: index, %k: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %bt = memref.alloc(%n, %k) : memref<?x?xf32>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    %want = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @values_a(%a, %c5, %c3) : (memref<?x?xf32>, index, index) -> ()
    func.call @values_b(%b, %c2, %c1) : (memref<?x?xf32>, index, index) -> ()
    func.call @values_b(%c, %c1, %c1) : (memref<?x?xf32>, index, index) -> ()
    func.call @transpose(%b, %bt) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @reference(%a, %b, %want) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    scf.index_switch %which
    case 0 {
      offload.launch @tf32(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32 : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    case 1 {
      offload.launch @tf32_bt(%a, %bt, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_bt : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    case 3 {
      %bs = memref.cast %b : memref<?x?xf32> to memref<?x100xf32>
      %cs = memref.cast %c : memref<?x?xf32> to memref<?x100xf32>
      offload.launch @tf32_n100(%a, %bs, %cs) : (memref<?x?xf32>, memref<?x100xf32>, memref<?x100xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_n100 : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    case 4 {
      %bs = memref.cast %bt : memref<?x?xf32> to memref<100x?xf32>
      %cs = memref.cast %c : memref<?x?xf32> to memref<?x100xf32>
      offload.launch @tf32_bt_n100(%a, %bs, %cs) : (memref<?x?xf32>, memref<100x?xf32>, memref<?x100xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_bt_n100 : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    default {
      offload.launch @f32(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_f32 : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %bt : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    return
  }

  // Runs kernel `which` (0: tf32_at, 1: tf32_atbt, 2: tf32_at_relu) on
  // m x n x k, with the operands of @run.
  func.func @run_at(%which: index, %m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %at = memref.alloc(%k, %m) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %bt = memref.alloc(%n, %k) : memref<?x?xf32>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    %want = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @values_a(%a, %c5, %c3) : (memref<?x?xf32>, index, index) -> ()
    func.call @values_b(%b, %c2, %c1) : (memref<?x?xf32>, index, index) -> ()
    func.call @values_b(%c, %c1, %c1) : (memref<?x?xf32>, index, index) -> ()
    func.call @transpose(%a, %at) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @transpose(%b, %bt) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @reference(%a, %b, %want) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    scf.index_switch %which
    case 0 {
      offload.launch @tf32_at(%at, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_at : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    case 1 {
      offload.launch @tf32_atbt(%at, %bt, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_atbt : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      scf.yield
    }
    default {
      // bias[j] = (j mod 3) - 1; the reference max(want + bias, 0) is
      // exact too.
      %bias2 = memref.alloc(%c1, %n) : memref<?x?xf32>
      func.call @values_b(%bias2, %c1, %c1) : (memref<?x?xf32>, index, index) -> ()
      %bias = memref.collapse_shape %bias2 [[0, 1]] : memref<?x?xf32> into memref<?xf32>
      %d = memref.alloc(%m, %n) : memref<?x?xf32>
      %wantd = memref.alloc(%m, %n) : memref<?x?xf32>
      scf.for %i = %c0 to %m step %c1 {
        scf.for %j = %c0 to %n step %c1 {
          %w = memref.load %want[%i, %j] : memref<?x?xf32>
          %bv = memref.load %bias[%j] : memref<?xf32>
          %y = arith.addf %w, %bv : f32
          %r = arith.maximumf %y, %zero : f32
          memref.store %r, %wantd[%i, %j] : memref<?x?xf32>
        }
      }
      offload.launch @tf32_at_relu(%at, %b, %bias, %c, %d) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_tf32_at_relu : !llvm.ptr
      func.call @report(%name, %d, %wantd, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      memref.dealloc %bias2 : memref<?x?xf32>
      memref.dealloc %d : memref<?x?xf32>
      memref.dealloc %wantd : memref<?x?xf32>
      scf.yield
    }
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %at : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %bt : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    return
  }

  // dst[l] = src.
  func.func @to_batch(%src: memref<?x?xf32>, %dst: memref<?x?x?xf32>, %l: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %src, %c0 : memref<?x?xf32>
    %c = memref.dim %src, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %src[%i, %j] : memref<?x?xf32>
        memref.store %v, %dst[%l, %i, %j] : memref<?x?x?xf32>
      }
    }
    return
  }

  // btf32_at on nb batches of m x n x k, batch l's A with p = 5 + l.
  func.func @run_batched(%nb: index, %m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %at3 = memref.alloc(%nb, %k, %m) : memref<?x?x?xf32>
    %b3 = memref.alloc(%nb, %k, %n) : memref<?x?x?xf32>
    %c3d = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    %want3 = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %at = memref.alloc(%k, %m) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %want = memref.alloc(%m, %n) : memref<?x?xf32>
    scf.for %l = %c0 to %nb step %c1 {
      %p = arith.addi %c5, %l : index
      func.call @values_a(%a, %p, %c3) : (memref<?x?xf32>, index, index) -> ()
      func.call @values_b(%b, %c2, %c1) : (memref<?x?xf32>, index, index) -> ()
      func.call @transpose(%a, %at) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      func.call @reference(%a, %b, %want) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      func.call @to_batch(%at, %at3, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
      func.call @to_batch(%b, %b3, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
      func.call @to_batch(%want, %want3, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
    }
    offload.launch @btf32_at(%at3, %b3, %c3d) : (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_btf32_at : !llvm.ptr
    %c2d = memref.collapse_shape %c3d [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %w2d = memref.collapse_shape %want3 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    func.call @report(%name, %c2d, %w2d, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %at3 : memref<?x?x?xf32>
    memref.dealloc %b3 : memref<?x?x?xf32>
    memref.dealloc %c3d : memref<?x?x?xf32>
    memref.dealloc %want3 : memref<?x?x?xf32>
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %at : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c71 = arith.constant 71 : index
    %c76 = arith.constant 76 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    %c256 = arith.constant 256 : index
    %c264 = arith.constant 264 : index
    %c333 = arith.constant 333 : index
    %c512 = arith.constant 512 : index
    %c1000 = arith.constant 1000 : index
    scf.for %w = %c0 to %c2 step %c1 {
      func.call @run(%w, %c200, %c136, %c76) : (index, index, index, index) -> ()
      func.call @run(%w, %c333, %c264, %c136) : (index, index, index, index) -> ()
      func.call @run(%w, %c256, %c512, %c1000) : (index, index, index, index) -> ()
      func.call @run(%w, %c200, %c136, %c71) : (index, index, index, index) -> ()
    }
    func.call @run(%c2, %c333, %c264, %c136) : (index, index, index, index) -> ()
    // N = 100, known to the kernels (which 3: B[k][n], 4: B[n][k]).
    %c100 = arith.constant 100 : index
    %c3n = arith.constant 3 : index
    %c4n = arith.constant 4 : index
    func.call @run(%c3n, %c200, %c100, %c76) : (index, index, index, index) -> ()
    func.call @run(%c3n, %c333, %c100, %c136) : (index, index, index, index) -> ()
    func.call @run(%c4n, %c200, %c100, %c76) : (index, index, index, index) -> ()
    func.call @run(%c4n, %c333, %c100, %c136) : (index, index, index, index) -> ()
    %c3 = arith.constant 3 : index
    %c72 = arith.constant 72 : index
    %c131 = arith.constant 131 : index
    // A[k][m]: odd K on tensor cores (A's and B's rows run along m and n),
    // an odd M (A's rows 333 f32 apart) on the tiled contraction.
    func.call @run_at(%c0, %c200, %c136, %c76) : (index, index, index, index) -> ()
    func.call @run_at(%c0, %c200, %c136, %c71) : (index, index, index, index) -> ()
    func.call @run_at(%c0, %c333, %c264, %c136) : (index, index, index, index) -> ()
    func.call @run_at(%c0, %c256, %c512, %c1000) : (index, index, index, index) -> ()
    // A[k][m] and B[n][k]: an odd N on tensor cores, an odd K (B's rows) not.
    func.call @run_at(%c1, %c200, %c131, %c76) : (index, index, index, index) -> ()
    func.call @run_at(%c1, %c200, %c136, %c71) : (index, index, index, index) -> ()
    func.call @run_at(%c1, %c256, %c512, %c1000) : (index, index, index, index) -> ()
    func.call @run_at(%c2, %c200, %c136, %c76) : (index, index, index, index) -> ()
    func.call @run_at(%c2, %c333, %c264, %c136) : (index, index, index, index) -> ()
    func.call @run_batched(%c3, %c200, %c136, %c76) : (index, index, index, index) -> ()
    func.call @run_batched(%c2, %c72, %c264, %c71) : (index, index, index, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
